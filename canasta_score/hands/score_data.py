"""Scoring a hand record: :func:`score_data`, the one path of ``score-hand`` and of each line
of ``score-hand --batch``.

A batch request is one JSON object::

    {"record": RECORD, "ruleset": "classic", "rule": ["go_out.bonus=200"], "players": 4}

``record`` is the hand record (CONTRACT section 6), either as TOML text or as a JSON table of
the same keys; it is the only key a request must give. ``ruleset``, ``players`` and ``rule``
work as ``score-hand``'s options do: without them the batch's defaults apply, and then the
record's own ``ruleset`` and ``players``. A request that cannot be scored is answered with
``{"line": N, "error": TEXT}``, and the requests after it are scored as usual. Each combination
of ruleset, players and rules is loaded once for the whole batch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import CanastaError, InputError, RecordError
from canasta_score.core.language import _
from canasta_score.core.limits import Answer, answer_line, error, parse_toml
from canasta_score.core.safe_text import json_text
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from canasta_score.hands.scoring import HandScore

KEYS = ("record", "ruleset", "rule", "players")
KNOWN = frozenset(KEYS)


class NoRuleset(RecordError):
    """A record scored with no ruleset named, neither by the caller nor in the record."""


class ScoreRequestError(InputError):
    """A batch request that is not an object, lacks its record or gives a key a wrong value."""


class HandBatch:
    """Scores batch requests (``ruleset``, ``players``, ``rules``: the defaults of those that leave
    them out), keeping each ruleset it loads for the requests that follow."""

    def __init__(
        self, ruleset: str | None = None, players: int | None = None, rules: tuple[str, ...] = ()
    ) -> None:
        self.defaults: dict[str, Any] = {"ruleset": ruleset, "players": players, "rule": rules}
        from canasta_score.rules.catalog import BatchRulesets

        self.load = BatchRulesets()

    def answer_text(self, text: str | bytes, line: int) -> tuple[str, int, str]:
        """The answer to one line of JSON as the line to print, its code (0 scored, 2 an error
        object) and for an error object its message."""
        data, code = answer_line(self.answer, text, line)
        return json_text(data), code, data["error"] if code == 2 else ""

    def answer(self, request: Any, line: int = 0) -> Answer:
        """The answer to one decoded request and its code (0 or 2)."""
        try:
            return self.score(request), 0
        except CanastaError as exc:
            return error(line, str(exc))

    def score(self, request: Any) -> dict[str, Any]:
        """The breakdown of one request, as ``score-hand --json`` gives it; raises the
        project's errors for a request it cannot score."""
        if not isinstance(request, dict):
            raise ScoreRequestError('a request is a JSON object such as {"record": "..."}')
        if not request.keys() <= KNOWN:
            unknown = [key for key in request if key not in KEYS]
            raise ScoreRequestError(f'unknown key "{unknown[0]}" (known: {", ".join(KEYS)})')
        if "record" not in request:
            raise ScoreRequestError('"record" is required: the hand record, TOML or a table')
        data = record_data(request["record"])
        ruleset = option(request, "ruleset", str, self.defaults["ruleset"])
        players = option(request, "players", int, self.defaults["players"])
        rules = option(request, "rule", list, self.defaults["rule"])
        if rules and not all(isinstance(rule, str) for rule in rules):
            raise ScoreRequestError('"rule" must be a list of texts such as "go_out.bonus=200"')
        return score_data(data, ruleset, players, tuple(rules), self.load).as_dict()


Loader = Callable[[str, int | None, tuple[str, ...]], Ruleset]


def score_data(
    data: Any, ruleset: str | None, players: int | None, rules: tuple[str, ...], load: Loader
) -> HandScore:
    """Score a hand record's data: under ``ruleset`` (else the record's own ``ruleset``), with
    ``players`` (else the record's) and the house ``rules``; ``load`` loads the ruleset."""
    record = parse_record(data)
    chosen = ruleset or record.ruleset
    if not chosen:
        raise NoRuleset(_('say which ruleset: "ruleset" in the request or in the record'))
    return score_hand(
        load(chosen, players if players is not None else record.players, rules), record
    )


def record_data(value: Any) -> Any:
    """The record's data: TOML text parsed (within the limits of any input), a JSON table as
    it is (the line it came in was read within those limits)."""
    if isinstance(value, str):
        return parse_toml(value, "record")
    if isinstance(value, dict):
        return value
    raise ScoreRequestError(f'"record" must be TOML text or a table, not {value!r}')


def option(request: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    """A request's value for ``key`` (``default`` when absent or null), checked for its kind."""
    value = request.get(key)
    if value is None:
        return default
    if not isinstance(value, kind) or isinstance(value, bool):
        expected = {str: "text", int: "a whole number", list: "a list of texts"}[kind]
        raise ScoreRequestError(f'"{key}": expected {expected}, got {value!r}')
    return value
