"""One description per check: its options, their kinds, defaults and help, and the library call
that answers it. The command line (``check SUBCOMMAND``, ``min-meld``) and ``check --batch`` are
both built from it, so a new option is added here and nowhere else.

An option's ``key`` is its request key in a batch line and, with two dashes, its command-line
flag; ``param`` is the keyword of the library function. The library is imported only when a
check is answered, to keep start-up fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from canasta_score.cards import Card, Rank, parse_card, parse_cards, parse_ranks
from canasta_score.errors import InputError

if TYPE_CHECKING:
    from canasta_score.initial import Minimum
    from canasta_score.ruleset import Ruleset
    from canasta_score.ruling import Ruling

# The kinds of value an option takes, and how a batch request must give them.
EXPECTED = {
    "bool": "true or false",
    "int": "a whole number",
    "int?": "a whole number",
    "text": "text",
    "texts": "a list of texts",
    "melds": "a list of texts",
    "ranks": "a list of texts",
    "cards": "text",
    "cards?": "text",
    "card": "text",
    "card?": "text",
    "answer": "yes or no",
}
ANSWERS = ("yes", "no")


@dataclass(frozen=True)
class Option:
    """One option of a check: ``argument`` ones are positional on the command line;
    ``positional`` ones are passed to the library function by position, in order."""

    key: str
    kind: str
    help: str
    default: Any = None
    required: bool = False
    argument: bool = False
    positional: bool = False
    flag: str = ""

    @property
    def param(self) -> str:
        return self.key.replace("-", "_")

    @property
    def flags(self) -> tuple[str, ...]:
        return (self.flag or f"--{self.key}",)


@dataclass(frozen=True)
class Check:
    """A check: its name, its help (with an example), its options, and the library function
    (``module:function``) that answers it."""

    name: str
    help: str
    options: tuple[Option, ...]
    function: str

    @cached_property
    def call(self) -> Callable[..., Ruling | Minimum]:
        """The library function (imported on first use)."""
        module, name = self.function.split(":")
        func: Callable[..., Ruling | Minimum] = getattr(import_module(module), name)
        return func

    @cached_property
    def plan(self) -> tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, str, Any], ...]]:
        """(key, default) of the positional options; (key, param, default) of the others."""
        first = tuple((o.key, o.default) for o in self.options if o.positional)
        rest = tuple((o.key, o.param, o.default) for o in self.options if not o.positional)
        return first, rest

    def answer(self, rs: Ruleset, args: dict[str, Any]) -> Ruling | Minimum:
        """Call the library with parsed values (missing ones take their defaults)."""
        first, rest = self.plan
        positional = [args.get(key, default) for key, default in first]
        keywords = {param: args.get(key, default) for key, param, default in rest}
        return self.call(rs, *positional, **keywords)


def convert(option: Option, value: Any) -> Any:
    """An option's value (as the command line or a decoded JSON request gives it) parsed into
    what the library takes: cards, melds, ranks... Errors name the bad token, not the option."""
    kind = option.kind
    if value is None:
        return option.default
    if kind == "cards":
        return parse_cards(value)
    if kind == "cards?":
        return parse_cards(value)
    if kind == "card":
        return parse_card(value)
    if kind == "card?":
        return parse_card(value) if value else None
    if kind == "melds":
        melds: tuple[tuple[Card, ...], ...] = tuple(parse_cards(v) for v in value)
        return melds
    if kind == "ranks":
        ranks: frozenset[Rank] = parse_ranks(list(value))
        return ranks
    if kind == "answer":
        text = getattr(value, "value", value)
        if text not in ANSWERS:
            raise InputError(f"expected {EXPECTED[kind]}, got {text!r}")
        return text
    return value


REQUIRED: dict[str, Any] = {"required": True, "positional": True}
TABLE = Option("table", "melds", "One of the side's melds (repeatable).", ())
CLOSED = Option("closed", "ranks", "A rank closed to everyone (repeatable).", frozenset())
SCORE = Option("score", "int", "The side's score before the hand.", 0)
HAND_NUMBER = Option("hand-number", "int?", "Hand number (1-based).")

CHECKS: dict[str, Check] = {
    c.name: c
    for c in (
        Check(
            "meld",
            'Is this meld legal to lay (or to add to a meld)?  Example: check meld "K K 2" ',
            (
                Option(
                    "cards",
                    "cards",
                    'The cards, e.g. "K K 2" or "KS,KH,KD".',
                    required=True,
                    argument=True,
                    positional=True,
                ),
                Option("initial", "bool", "Laid as part of the initial meld.", False),
                Option("to", "cards?", "Add the cards to this meld of the side."),
                Option("going-out", "bool", "Laid while going out.", False),
                TABLE,
                CLOSED,
            ),
            "canasta_score.rulings:check_meld",
        ),
        Check(
            "initial-meld",
            "Do these melds, laid together, make a legal initial meld?\n"
            'Example: check initial-meld "7 7 7 7" "A A JK" --score 1600',
            (
                Option(
                    "melds",
                    "melds",
                    "Each meld laid this turn, one argument each.",
                    (),
                    required=True,
                    argument=True,
                    positional=True,
                ),
                SCORE,
                Option("top-card", "card?", "The top discard taken inside these melds."),
                HAND_NUMBER,
            ),
            "canasta_score.rulings:check_initial_meld",
        ),
        Check(
            "pickup",
            "May this player take the discard pile now? The tool finds a legal way in the hand.\n"
            'Example: check pickup --top KD --hand "KS KH 5C 5D 5H" --not-opened --score 2000',
            (
                Option(
                    "top",
                    "card",
                    "The top card of the discard pile.",
                    required=True,
                    positional=True,
                ),
                Option("hand", "cards", "The player's whole hand.", required=True, positional=True),
                Option(
                    "opened",
                    "bool",
                    "Has the side made its initial meld?",
                    True,
                    flag="--opened/--not-opened",
                ),
                Option("frozen", "bool", "The pile holds a freezing card.", False),
                SCORE,
                TABLE,
                CLOSED,
                Option("pile-size", "int?", "Cards in the pile."),
                HAND_NUMBER,
            ),
            "canasta_score.rulings:check_pickup",
        ),
        Check(
            "discard",
            'May this card be discarded now?\nExample: check discard KC --hand "AS 7D KC JK" '
            "--pile-empty",
            (
                Option(
                    "card",
                    "card",
                    "The card to discard.",
                    required=True,
                    argument=True,
                    positional=True,
                ),
                Option(
                    "hand",
                    "cards",
                    "The hand before the discard (with the card).",
                    required=True,
                    positional=True,
                ),
                Option("pile-empty", "bool", "The discard pile is empty.", False),
                CLOSED,
                Option("going-out", "bool", "This discard goes out.", False),
            ),
            "canasta_score.rulings:check_discard",
        ),
        Check(
            "go-out",
            "May the side go out with these melds (as they will stand)?\n"
            'Example: check go-out --table "Q Q Q Q Q Q Q" --table "K K K" ',
            (
                Option(
                    "table", "melds", "One of the side's melds (repeatable).", (), positional=True
                ),
                Option("discard", "card?", "The final discard, if any."),
                Option("partner", "answer", "The partner's answer when asked."),
            ),
            "canasta_score.rulings:check_go_out",
        ),
        Check(
            "min-meld",
            "The minimum count of a side's initial meld.  Example: min-meld --score 1500",
            (
                Option("score", "int", "The side's score before the hand.", 0, positional=True),
                Option(
                    "hand-number",
                    "int?",
                    "Hand number (1-based), where it matters.",
                    positional=True,
                ),
            ),
            "canasta_score.rulings:min_meld",
        ),
    )
}
