"""Scoring one hand: each side's breakdown items, each citing its rule, adding up to the total."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from canasta_score.core.frozen import record
from canasta_score.core.words import MESSAGES, Words, words, words_data, words_from_data
from canasta_score.hands.on_table import melded
from canasta_score.hands.record import HandRecord, SideRecord
from canasta_score.hands.validation import SPECIAL_KEYS, validate
from canasta_score.judging.melds import dirty_aces
from canasta_score.rules import kinds
from canasta_score.rules.cards import ACE, SEVEN, THREE, Card, Rank
from canasta_score.rules.kinds import CanastaKind, Family, family
from canasta_score.rules.ruleset import RANK_OF, Ruleset, rule_id

DEUCE_KEYS = ("canasta.deuces", "canasta.deuces_mixed")
# Why threes count nothing (0) or against the side (-1) with its canastas.
THREES_WHY = {0: "count nothing", -1: "counted against"}
# Each incomplete-meld penalty: the words for one such meld, and the message for two or more.
PENALTY_WORDS = {
    "penalties.incomplete_sevens": ("incomplete sevens", "incomplete melds of sevens"),
    "penalties.incomplete_clean_aces": ("incomplete clean aces", "incomplete clean melds of aces"),
    "penalties.incomplete_wild": ("incomplete wild", "incomplete wild-card melds"),
    "penalties.incomplete_wild_four_jokers": (
        "incomplete wild four jokers",
        "incomplete wild-card melds with four jokers",
    ),
    "penalties.short_sequence": ("short sequence", "short sequences"),
}


@record
class Item:
    """One line of a breakdown."""

    rule: str
    label: str  # the words in English (data)
    points: int
    words: Words  # what it says, in the language in use where it is shown

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "label": self.label, "points": self.points}


@record
class SideScore:
    name: str
    total: int
    items: tuple[Item, ...]
    canastas: int = 0
    went_out: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "items": [i.as_dict() for i in self.items]}


@record
class HandScore:
    ruleset: str
    sides: tuple[SideScore, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "sides": [s.as_dict() for s in self.sides]}

    def side(self, name: str) -> SideScore:
        return next(s for s in self.sides if s.name == name)

    def to_data(self) -> list[Any]:
        """Plain data for the breakdowns the store keeps (see :meth:`from_data`)."""
        sides = [
            [s.name, s.total, [item_data(i) for i in s.items], s.canastas, s.went_out]
            for s in self.sides
        ]
        return [self.ruleset, sides]

    @classmethod
    def from_data(cls, data: Any) -> HandScore:
        """A breakdown from :meth:`to_data` (KeyError, TypeError or ValueError if damaged)."""
        ruleset, sides = data
        return cls(str(ruleset), tuple([side_from_data(*side) for side in sides]))


def item_data(i: Item) -> list[Any]:
    return [i.rule, i.label, i.points, words_data(i.words)]


def side_from_data(name: Any, total: Any, items: Any, canastas: Any, went_out: Any) -> SideScore:
    read = tuple(
        [
            Item(str(rule), str(label), int(points), words_from_data(said))
            for rule, label, points, said in items
        ]
    )
    return SideScore(str(name), int(total), read, int(canastas), bool(went_out))


@lru_cache(maxsize=1 << 12)
def item(ruleset: str, key: str, points: int, said: Words | str, *values: tuple[str, Any]) -> Item:
    """A breakdown line of the rule ``key``: its words, or their message said with ``values``;
    made (and its label said) once, as the same few recur hand after hand."""
    said = words(said, **dict(values)) if isinstance(said, str) else said
    return Item(rule_id(ruleset, key), said.english(), points, said)


def tally(keys: tuple[str, ...]) -> dict[str, int]:
    """How often each key occurs, in the order the keys first occur."""
    return {key: keys.count(key) for key in dict.fromkeys(keys)}


class Breakdown:
    """Collects items for one side."""

    def __init__(self, rs: Ruleset, side: SideRecord) -> None:
        self.rs, self.name = rs, side.name
        self.items: list[Item] = []

    def add(self, key: str, points: int, said: Words | str, **values: Any) -> None:
        """An item of the rule ``key``: its words, or their message said with ``values``."""
        self.items.append(item(self.rs.id, key, points, said, *values.items()))

    def score(self, canastas: int = 0, went_out: bool = False) -> SideScore:
        total = sum([i.points for i in self.items])
        return SideScore(self.name, total, tuple(self.items), canastas, went_out)


# ---------------------------------------------------------------- scoring


def score_hand(rs: Ruleset, record: HandRecord) -> HandScore:
    """Validate a hand record (see :mod:`canasta_score.hands.validation`) and score every side."""
    validate(rs, record)
    acaba = next((s for s in record.sides if s.acaba), None)
    out = []
    for side in record.sides:
        b = Breakdown(rs, side)
        if acaba is not None:
            if side is acaba:
                b.add("acaba.enabled", 0, "acaba declared")
            else:
                b.add("acaba.opponents", rs.acaba.opponents, "acaba opponents")
            out.append(b.score())
        elif side.special_hand:
            key = SPECIAL_KEYS[side.special_hand]
            b.add(key, int(rs.value(key)), f"special hand {side.special_hand}")
            out.append(b.score(went_out=True))
        else:
            out.append(score_side(rs, side, b))
    return HandScore(rs.id, tuple(out))


def score_side(rs: Ruleset, side: SideRecord, b: Breakdown) -> SideScore:
    """The breakdown of one side in a normally ended hand."""
    table = melded(rs, side)
    canastas = len(table.canasta_keys)
    if rs.game.seven_canastas_win and canastas >= 7:
        b.add("game.seven_canastas_win", rs.game.seven_canastas_win, "seven canastas")
        return b.score(canastas, side.went_out)
    count = table.count if rs.canasta.count_cards else table.count - table.canasta_cards
    if rs.penalties.no_canasta_melds_negative and not canastas and count:
        b.add("penalties.no_canasta_melds_negative", -count, "melded against")
    elif count or side.has_melded:
        # T3 off: the cards inside canastas score by their bonus only (RULES 18).
        cards = "melded" if rs.canasta.count_cards else "melded outside canastas"
        b.add("scoring.melded-cards", count, cards)
    for key, n in tally(table.canasta_keys).items():
        b.items.append(canasta_item(rs, key, n, side.went_out))
    score_canasta_sets(rs, table.kinds, b)
    if side.concealed_canastas:
        n = side.concealed_canastas
        b.add("canasta.concealed_bonus", n * rs.canasta.concealed_bonus, "laid whole", n=n)
    score_threes(rs, side, canastas, b)
    if side.went_out:
        b.add("go_out.bonus", rs.go_out.bonus, "going out")
        if side.concealed and rs.go_out.concealed_bonus:
            b.add("go_out.concealed_bonus", rs.go_out.concealed_bonus, "going out concealed")
    score_hands(rs, side, b)
    waived = () if canastas else rs.penalties.incomplete_waived_without_canasta
    penalties = tuple(k for k in table.penalty_keys if waived_as(k) not in waived)
    for key, n in tally(penalties).items():
        one, many = PENALTY_WORDS[key]
        b.add(key, -n * int(rs.value(key)), words(many, n=n) if n > 1 else words(one))
    if side.black_threes_removed:
        n, every = side.black_threes_removed, 2 * rs.deck.decks
        if n >= every and rs.threes.black_removed_all:
            points = rs.threes.black_removed_all
            b.add("threes.black_removed_all", points, "all black threes removed", every=every)
        else:
            points = n * rs.threes.black_removed_each
            b.add("threes.black_removed_each", points, "black threes removed", n=n)
    return b.score(canastas, side.went_out)


@lru_cache(maxsize=1 << 10)
def canasta_item(rs: Ruleset, key: str, n: int, went_out: bool) -> Item:
    """The item of ``n`` canastas of the bonus ``key``, for a side that went out or not: made
    once per ruleset, as the same few recur hand after hand."""
    said, each = bonus_words(rs, key, n), int(rs.value(key))
    if key in DEUCE_KEYS and rs.canasta.deuces_going_out_only and not went_out:
        key, said, each = "canasta.deuces_going_out_only", words("no bonus", label=said), 0
    return item(rs.id, key, n * each, said)


def bonus_words(rs: Ruleset, key: str, n: int) -> Words:
    """How a breakdown names ``n`` canastas of ``key`` (a sequence by the ruleset's name)."""
    if key == kinds.info(CanastaKind.SEQUENCE).bonus:
        name = kinds.display_name(CanastaKind.SEQUENCE, rs)
        own = f"{key} {name}"  # a bundled name has words of its own
        return words(own, n=n) if own in MESSAGES else words(key, n=n, name=name)
    return words(key, n=n)


def score_canasta_sets(rs: Ruleset, kinds: tuple[CanastaKind, ...], b: Breakdown) -> None:
    """Bonuses for a set of canastas made in one hand (Italian, RULES 14)."""
    c = rs.canasta
    if c.five_natural or c.four_natural_one_mixed:
        natural = kinds.count(CanastaKind.NATURAL)
        mixed = sum(1 for k in kinds if family(k) is Family.MIXED)
    else:
        natural = mixed = 0
    if c.five_natural and natural >= 5:
        b.add("canasta.five_natural", c.five_natural, "canasta.natural", n=natural)
    elif c.four_natural_one_mixed and natural >= 4 and mixed >= 1:
        said = words("natural and mixed", "mixed", natural=natural, mixed=mixed)
        b.add("canasta.four_natural_one_mixed", c.four_natural_one_mixed, said)
    if c.ten_canastas and len(kinds) >= 10:
        b.add("canasta.ten_canastas", c.ten_canastas, "canastas", n=len(kinds))


def waived_as(key: str) -> str:
    """The name a penalty key goes by in ``penalties.incomplete_waived_without_canasta``."""
    name = key.split(".", 1)[1]
    return "wild" if name.startswith("incomplete_wild") else name.removeprefix("incomplete_")


def three_value(table: tuple[int, ...], count: int) -> int:
    return table[min(count, len(table) - 1)] if table else 0


def score_threes(rs: Ruleset, side: SideRecord, canastas: int, b: Breakdown) -> None:
    t = rs.threes
    red, black = side.red_threes, side.black_threes
    if t.sign == "meld":
        sign = 1 if side.has_melded else -1
    else:
        sign = t.sign_by_canastas[min(canastas, len(t.sign_by_canastas) - 1)]
    if t.count_in_hand and sign < 0:
        # Threes left in hand join the tally only when it counts against the side (US American).
        held = [c for h in side.in_hand or () for c in h]
        red += sum(1 for c in held if c.is_red_three)
        black += sum(1 for c in held if c.is_black_three)
    if red or black:
        b.items += threes_items(rs, red, black, sign, canastas)


@lru_cache(maxsize=1 << 12)
def threes_items(rs: Ruleset, red: int, black: int, sign: int, canastas: int) -> tuple[Item, ...]:
    """The items of ``red`` and ``black`` threes counting with ``sign`` for a side with
    ``canastas``: made once, as the same few recur hand after hand."""
    t = rs.threes
    why: Words | None = None
    if sign <= 0:
        why = words("no meld") if t.sign == "meld" else words(THREES_WHY[sign], n=canastas)
    out = []
    if red:
        points = sign * three_value(t.red_values, red)
        said = threes_words("red threes", red, why)
        out.append(item(rs.id, "threes.red_values", points, said))
    if black and any(t.black_values):
        points = sign * three_value(t.black_values, black)
        said = threes_words("black threes", black, why)
        out.append(item(rs.id, "threes.black_values", points, said))
    return tuple(out)


def threes_words(message: str, n: int, why: Words | None) -> Words:
    """``n`` threes, and why they count nothing or against the side."""
    threes = words(message, n=n)
    return threes if why is None else words("threes why", threes=threes, why=why)


def score_hands(rs: Ruleset, side: SideRecord, b: Breakdown) -> None:
    """Cards left in hand, threes left in hand, and held aces or sevens."""
    held_penalty = rs.penalties.held_aces_sevens
    if side.in_hand is None:
        if side.in_hand_points:
            b.add("scoring.cards-in-hand", -side.in_hand_points, "left in hand")
        if side.held_penalties:
            n = side.held_penalties
            b.add("penalties.held_aces_sevens", -n * held_penalty, "held aces sevens", n=n)
        return
    b.items += hand_items(rs, side.in_hand)
    if held_penalty:
        held = held_ranks(side.in_hand)
        if ACE in held and rs.meld.dirty_aces_ordinary and dirty_aces(side.melds or (), rs):
            held = tuple(r for r in held if r is not ACE)
            b.add("meld.dirty_aces_ordinary", 0, "dirty aces")
        if held:
            n = len(held)
            b.add("penalties.held_aces_sevens", -n * held_penalty, "held aces sevens", n=n)


# A side's cards left in hand recur from hand to hand (a table writes the same few again and
# again): what they score is worked out once per ruleset.
@lru_cache(maxsize=1 << 12)
def hand_items(rs: Ruleset, in_hand: tuple[tuple[Card, ...], ...]) -> tuple[Item, ...]:
    """The items of cards left in hand and of threes left in hand."""
    out = []
    cards: list[Card] = [c for h in in_hand for c in h]
    where = "hand and foot" if rs.deal.foot_size else "hand"
    threes = [c for c in cards if c.rank is THREE]
    if cards:
        points = -rs.count([c for c in cards if c.rank is not THREE] if threes else cards)
        out.append(item(rs.id, "scoring.cards-in-hand", points, f"left in {where}"))
    black = sum(1 for c in threes if c.is_black_three)
    red = len(threes) - black
    if black and rs.threes.black_in_hand:
        points = -black * rs.threes.black_in_hand
        said = f"black threes left in {where}"
        out.append(item(rs.id, "threes.black_in_hand", points, said, ("n", black)))
    if red and rs.threes.red_in_hand:
        points = -red * rs.threes.red_in_hand
        said = f"red threes left in {where}"
        out.append(item(rs.id, "threes.red_in_hand", points, said, ("n", red)))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def held_ranks(in_hand: tuple[tuple[Card, ...], ...]) -> tuple[Rank, ...]:
    """Aces and sevens held three or more in one player's hand (or foot), once per hand."""
    return tuple(
        rank
        for hand in in_hand
        for rank in (ACE, SEVEN)
        if list(map(RANK_OF, hand)).count(rank) >= 3
    )
