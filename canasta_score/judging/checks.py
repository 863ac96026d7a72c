"""One description per check: its options, their kinds, defaults and help, and the library call
that answers it. The command line (``check SUBCOMMAND``, ``min-meld``) and ``check --batch`` are
both built from it, so a new option is added here and nowhere else.

An option's ``key`` is its request key in a batch line and, with two dashes, its command-line
flag; ``param`` is the keyword of the library function. The library is imported only when a
check is answered, to keep start-up fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from canasta_score.core.errors import InputError
from canasta_score.core.frozen import record, replace
from canasta_score.core.language import N_, _
from canasta_score.core.safe_text import json_text
from canasta_score.rules.cards import JOKER, THREE, Card, Rank, parse_card, parse_cards, parse_ranks

if TYPE_CHECKING:
    from canasta_score.judging.ruling import Ruling
    from canasta_score.rules.minimum import Minimum
    from canasta_score.rules.ruleset import RuleRef, Ruleset

# The kinds of value an option takes, and how a batch request must give them.
EXPECTED = {
    "bool": N_("true or false"),
    "int": N_("a whole number"),
    "int?": N_("a whole number"),
    "text": N_("text"),
    "texts": N_("a list of texts"),
    "melds": N_("a list of texts"),
    "ranks": N_("a list of texts"),
    "cards": N_("text"),
    "cards?": N_("text"),
    "card": N_("text"),
    "card?": N_("text"),
    "answer": N_("yes or no"),
}
ANSWERS = ("yes", "no")


@record
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
    # The cards it names are counted against the deck (cards that are part of another option's
    # cards, such as a discard inside the hand, are not).
    deck: bool = False
    # What a ruling assumes when the option is not given (an empty text: nothing worth saying).
    assumed: str = ""
    # Names where to read values from (a game and its side) rather than a value passed to the
    # library: the command line reads the game and fills in the check's other options.
    context: bool = False

    def change(self, value: Any) -> str:
        """How a request gives ``value`` for this option, as the command line writes it."""
        if self.kind == "bool":
            on, _, off = (self.flag or f"--{self.key}").partition("/")
            return on if value else (off or f"no {on}")
        return f"--{self.key} {value}"

    @property
    def param(self) -> str:
        return self.key.replace("-", "_")

    @property
    def flags(self) -> tuple[str, ...]:
        return (self.flag or f"--{self.key}",)


@record
class Check:
    """A check: its name, its help (with an example), its options, and the library function
    (``module:function``) that answers it."""

    name: str
    help: str
    options: tuple[Option, ...]
    function: str
    kept: dict[str, Any] = field(
        default_factory=dict, compare=False, repr=False, metadata={"cache": True}
    )

    @property
    def plan(self) -> Plan:
        """How a request is answered, worked out on first use (the library imported then) and
        kept in the cache field (which :func:`~canasta_score.core.frozen.replace` does not copy)."""
        found: Plan | None = self.kept.get("plan")
        if found is None:
            module, name = self.function.split(":")
            shapes = {"melds": "melds", "card": "card", "card?": "card"}
            found = self.kept["plan"] = Plan(
                getattr(import_module(module), name),
                tuple((o.key, o.default) for o in self.options if o.positional),
                tuple(
                    (o.key, o.param, o.default)
                    for o in self.options
                    if not (o.positional or o.context)
                ),
                tuple((o.key, shapes.get(o.kind, "cards")) for o in self.options if o.deck),
                tuple(o for o in self.options if o.assumed),
            )
        return found

    def answer(
        self, rs: Ruleset, args: dict[str, Any], *, assumptions: bool = True
    ) -> Ruling | Minimum:
        """Call the library with parsed values (missing ones take their defaults). A ruling
        also refuses more cards of a kind than the deck holds, and (unless ``assumptions`` is
        false: each costs another ruling) says what it assumed for an option not given when
        the other value would change it."""
        for key, (least, text) in LEAST.items():
            value = args.get(key)
            if value is not None and value < least:
                raise InputError(_(text).format(number=value))
        plan = self.plan
        result = plan.ask(rs, args)
        if not hasattr(result, "breaking"):  # min-meld answers a minimum, not a ruling
            return result
        ruling = cast("Ruling", result)
        too_many = deck_problems(rs, plan.deck_cards(args))
        if too_many:
            return ruling.breaking(*too_many)
        return plan.assumptions(rs, args, ruling) if assumptions and plan.assumable else ruling


class Plan(NamedTuple):
    """How a check answers, worked out once from its options: the library function; (key,
    default) of the options passed by position and (key, param, default) of the others; the
    options whose cards are counted against the deck, as (key, what the value is: ``melds``,
    ``card`` or ``cards``); and the options whose absence a ruling may report as an
    assumption."""

    call: Callable[..., Ruling | Minimum]
    first: tuple[tuple[str, Any], ...]
    rest: tuple[tuple[str, str, Any], ...]
    deck: tuple[tuple[str, str], ...]
    assumable: tuple[Option, ...]

    def ask(self, rs: Ruleset, args: dict[str, Any]) -> Ruling | Minimum:
        given = args.get
        # Plain loops: a comprehension is one more call, and this runs for every ruling.
        positional = [rs]
        for key, default in self.first:
            positional.append(given(key, default))
        keywords = {}
        for key, param, default in self.rest:
            keywords[param] = given(key, default)
        return self.call(*positional, **keywords)

    def deck_cards(self, args: dict[str, Any]) -> list[Card]:
        """Every card the request names on the table or in hand, each once."""
        out: list[Card] = []
        for key, shape in self.deck:
            value = args.get(key)
            if value is None:
                continue
            if shape == "cards":
                out += value
            elif shape == "card":
                out.append(value)
            else:
                for meld in value:
                    out += meld
        return out

    def assumptions(self, rs: Ruleset, args: dict[str, Any], ruling: Ruling) -> Ruling:
        """The ruling with every state it assumed that would change it if said otherwise."""
        found = []
        for option in self.assumable:
            if option.key in args:
                continue
            for value in probes(option, rs):
                other = self.ask(rs, {**args, option.key: value})
                if getattr(other, "legal", ruling.legal) != ruling.legal:
                    change = option.change(value)
                    from canasta_score.judging.ruling import Assumption

                    found.append(Assumption(option.key, option.assumed, value, change))
                    break
        return ruling.assuming(*found) if found else ruling


# The options that name where a side stands, and the initial-meld basis each one sets a tier by.
TIER_BASIS = {"score": "score", "hand-number": "hand_number"}


def probes(option: Option, rs: Ruleset) -> list[Any]:
    """The values of an option not given worth trying: the other truth value, or the start of
    each initial-meld tier other than the first (by score or by hand number)."""
    if option.kind == "bool":
        return [not option.default]
    basis = TIER_BASIS.get(option.key)
    if basis is None or rs.initial_meld.basis != basis:
        return []
    starts = [t.start for t in rs.initial_meld.tiers if t.start is not None]
    if basis == "score" and starts:
        starts = [starts[0] - 5, *starts]  # the first tier lies below the first start
    default = option.default if option.default is not None else 1
    return [s for s in starts if s != default]


def deck_problems(rs: Ruleset, cards: list[Card]) -> list[RuleRef]:
    """The deck rule, once for each kind of card named more often than the packs hold."""
    deck = rs.deck
    packs, jokers = deck.decks, deck.jokers_per_deck
    if len(cards) <= packs * min(2, jokers):
        return []  # too few cards to pass any limit (two threes of a colour a pack)
    # One pass counting each rank (cheaper than counting the list again for each rank).
    counts: dict[Rank, int] = {}
    for card in cards:
        rank = card.rank
        counts[rank] = counts.get(rank, 0) + 1
    if (
        counts.get(THREE, 0) <= 2 * packs
        and counts.get(JOKER, 0) <= packs * jokers
        and max(counts.values()) <= 4 * packs
    ):
        return []  # within every limit (four of a rank a pack), whatever the threes' colours
    from canasta_score.rules.deck import Tally, described, excess

    return [
        rs.cite(
            "deck.decks",
            _("{named} {cards} named, but {deck} holds {held}").format(
                named=found.named, cards=found.words, deck=described(rs), held=found.held
            ),
        )
        for found in excess(rs, Tally.of(cards))
    ]


def convert(option: Option, value: Any) -> Any:
    """An option's value (as the command line or a decoded JSON request gives it) parsed into
    what the library takes: cards, melds, ranks... Errors name the bad token, not the option."""
    kind = option.kind
    if value is None:
        return option.default
    if kind in ("cards", "cards?"):
        return parse_cards(value)
    if kind == "card":
        return parse_card(value)
    if kind == "card?":
        return parse_card(value) if value else None
    if kind == "melds":
        return tuple(map(parse_cards, value))
    if kind == "ranks":
        return parse_ranks(list(value))
    if kind == "answer":
        from canasta_score.core.words import yes_or_no

        text = getattr(value, "value", value)
        text = yes_or_no(text) or text if isinstance(text, str) else text
        if text not in ANSWERS:
            raise InputError(
                _("expected {what}, got {value}").format(what=_(EXPECTED[kind]), value=repr(text))
            )
        return text
    if kind in ("int", "int?") and isinstance(value, int):
        from canasta_score.core.limits import MAX_INT, number_text

        if abs(value) > MAX_INT:
            raise InputError(number_text())  # as a batch line's or a document's number is
    return value


# The least value a count may take, and what is said of one below it (a score has none).
LEAST = {
    "hand-number": (1, N_("hand number {number}: hands are numbered from 1")),
    "pile-size": (0, N_("pile size {number}: a pile holds 0 cards or more")),
}


# A required option is given first and by position, as the library function takes it.
REQUIRED: dict[str, Any] = {"required": True, "positional": True}
TABLE = Option("table", "melds", "One of the side's melds (repeatable).", (), deck=True)
CLOSED = Option("closed", "ranks", "A rank closed to everyone (repeatable).", frozenset())
SCORE = Option(
    "score",
    "int",
    "The side's score before the hand (not given: 0).",
    0,
    assumed=N_("the side's score before the hand is 0"),
)
HAND_NUMBER = Option(
    "hand-number", "int?", "Hand number (1-based; not given: 1).", assumed=N_("this is hand 1")
)
# The options whose value a game gives for a side (see ``--side``).
FROM_GAME = ("score", "hand-number")
SIDE = Option(
    "side",
    "text",
    "A side of the game: its score, its hand number and the game's ruleset are read from it.",
    context=True,
)
GAME = Option("game", "text", "The game for --side (not given: the current game).", context=True)

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
                    argument=True,
                    deck=True,
                    **REQUIRED,
                ),
                Option(
                    "initial",
                    "bool",
                    "Laid as part of the initial meld (not given: the side has opened).",
                    False,
                    assumed=N_(
                        "the side has already made its initial meld; these cards are not part of it"
                    ),
                ),
                Option("to", "cards?", "Add the cards to this meld of the side.", deck=True),
                Option(
                    "going-out",
                    "bool",
                    "Laid while going out.",
                    False,
                    assumed=N_("the player is not going out"),
                ),
                TABLE,
                CLOSED,
                SIDE,
                GAME,
            ),
            "canasta_score.judging.judge:check_meld",
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
                    argument=True,
                    deck=True,
                    **REQUIRED,
                ),
                SCORE,
                Option("top-card", "card?", "The top discard taken inside these melds."),
                HAND_NUMBER,
                SIDE,
                GAME,
            ),
            "canasta_score.judging.judge:check_initial_meld",
        ),
        Check(
            "pickup",
            "May this player take the discard pile now? The tool finds a legal way in the hand.\n"
            'Example: check pickup --top KD --hand "KS KH 5C 5D 5H" --not-opened --score 2000',
            (
                Option("top", "card", "The top card of the discard pile.", deck=True, **REQUIRED),
                Option("hand", "cards", "The player's whole hand.", deck=True, **REQUIRED),
                Option(
                    "opened",
                    "bool",
                    "Has the side made its initial meld? (not given: it has)",
                    True,
                    flag="--opened/--not-opened",
                    assumed=N_("the side has already made its initial meld"),
                ),
                Option(
                    "frozen",
                    "bool",
                    "The pile holds a freezing card.",
                    False,
                    assumed=N_("the pile is not frozen"),
                ),
                SCORE,
                TABLE,
                CLOSED,
                Option("pile-size", "int?", "Cards in the pile."),
                HAND_NUMBER,
                SIDE,
                GAME,
            ),
            "canasta_score.judging.judge:check_pickup",
        ),
        Check(
            "discard",
            'May this card be discarded now?\nExample: check discard KC --hand "AS 7D KC JK" '
            "--pile-empty",
            (
                Option("card", "card", "The card to discard.", argument=True, **REQUIRED),
                Option(
                    "hand",
                    "cards",
                    "The hand before the discard (with the card).",
                    deck=True,
                    **REQUIRED,
                ),
                Option(
                    "pile-empty",
                    "bool",
                    "The discard pile is empty.",
                    False,
                    assumed=N_("the discard pile is not empty"),
                ),
                CLOSED,
                Option(
                    "going-out",
                    "bool",
                    "This discard goes out.",
                    False,
                    assumed=N_("this discard does not go out"),
                ),
            ),
            "canasta_score.judging.judge:check_discard",
        ),
        Check(
            "go-out",
            "May the side go out with these melds (as they will stand)?\n"
            'Example: check go-out --table "Q Q Q Q Q Q Q" --table "K K K" \n'
            'With the hand: check go-out --table "Q Q Q Q Q Q Q" --hand "K K K 5"',
            (
                replace(TABLE, positional=True),
                Option("discard", "card?", "The final discard, if any.", deck=True),
                Option("partner", "answer", "The partner's answer when asked."),
                Option(
                    "hand",
                    "cards?",
                    "The player's whole hand: can it be melded away on the side's melds "
                    "(--table), with at most one card discarded?",
                    deck=True,
                ),
                SIDE,
                GAME,
            ),
            "canasta_score.judging.judge:check_go_out",
        ),
        Check(
            "min-meld",
            "The minimum count of a side's initial meld.  Example: min-meld --score 1500\n"
            "From the game: min-meld --side us",
            (
                Option(
                    "score",
                    "int",
                    "The side's score before the hand (not given: 0).",
                    0,
                    positional=True,
                ),
                Option(
                    "hand-number",
                    "int?",
                    "Hand number (1-based), where it matters.",
                    positional=True,
                ),
                SIDE,
                GAME,
            ),
            "canasta_score.rules.minimum:min_meld",
        ),
    )
}


# The JSON text of each answer written lately, by identity (the answer kept alive beside it).
WRITTEN: dict[int, tuple[object, str]] = {}
WRITTEN_KEPT = 1 << 14


def answer_json(answer: Ruling | Minimum) -> str:
    """The JSON text of an answer: what ``--json`` prints for a check or ``min-meld``, and each
    line of ``check --batch``. An answer never changes, and one the library keeps (a meld ruled
    by its make-up, a minimum) is met again and again, so its text is written once."""
    kept = WRITTEN.get(id(answer))
    if kept is not None and kept[0] is answer:
        return kept[1]
    if len(WRITTEN) >= WRITTEN_KEPT:
        WRITTEN.clear()
    text = json_text(answer.as_dict())
    WRITTEN[id(answer)] = (answer, text)
    return text
