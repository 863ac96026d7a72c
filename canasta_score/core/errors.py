"""The project's exception types; the command line turns each into ``Error: ...`` and exit 2."""

from __future__ import annotations


class CanastaError(Exception):
    """Base class of every error the project raises on purpose."""


class InputError(CanastaError):
    """Input that cannot be understood: a card, an option, a record."""


class CardNotationError(InputError):
    """A card token that does not follow the card notation."""


class RulesetError(InputError):
    """A ruleset that cannot be loaded or does not validate; lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


class RecordError(InputError):
    """A hand record that is malformed or breaks the rules of its ruleset."""


class GameError(CanastaError):
    """A game that cannot be found, read, or changed as asked."""
