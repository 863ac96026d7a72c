"""Scoring one hand: each side's breakdown items, each citing its rule, adding up to the total."""

from __future__ import annotations

from collections import Counter
from typing import Any

from canasta_score import kinds
from canasta_score.cards import ACE, SEVEN, THREE, Card
from canasta_score.frozen import record
from canasta_score.kinds import CanastaKind, Family, family
from canasta_score.labels import english_plural
from canasta_score.melded import melded
from canasta_score.melds import dirty_aces
from canasta_score.record import HandRecord, SideRecord
from canasta_score.ruleset import Ruleset
from canasta_score.validation import SPECIAL_KEYS, validate

BONUS_LABELS = {
    "canasta.natural": "natural canasta",
    "canasta.mixed": "mixed canasta",
    "canasta.clean_sevens": "canasta of sevens",
    "canasta.clean_aces": "canasta of aces",
    "canasta.wild_all_twos": "wild canasta of seven twos",
    "canasta.wild_four_jokers": "wild canasta with four jokers",
    "canasta.wild_other": "wild-card canasta",
    "canasta.sequence": "sequence canasta",
    "canasta.deuces": "canasta of twos",
    "canasta.deuces_mixed": "canasta of twos with jokers",
}
DEUCE_KEYS = ("canasta.deuces", "canasta.deuces_mixed")
# Labels of two or more incomplete special melds of one kind.
PENALTY_PLURALS = {
    "penalties.incomplete_sevens": "incomplete melds of sevens",
    "penalties.incomplete_clean_aces": "incomplete clean melds of aces",
    "penalties.incomplete_wild": "incomplete wild-card melds",
    "penalties.incomplete_wild_four_jokers": "incomplete wild-card melds with four jokers",
    "penalties.short_sequence": "short sequences",
}


@record
class Item:
    """One line of a breakdown."""

    rule: str
    label: str
    points: int

    def __init__(self, rule: str, label: str, points: int) -> None:
        # Written out: every score line of every hand scored makes one.
        self.__dict__.update(rule=rule, label=label, points=points)

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


class Breakdown:
    """Collects items for one side."""

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs
        self.items: list[Item] = []

    def add(self, key: str, label: str, points: int) -> None:
        self.items.append(Item(self.rs.rule_id(key), label, points))

    def total(self) -> int:
        return sum(i.points for i in self.items)


# ---------------------------------------------------------------- scoring


def score_hand(rs: Ruleset, record: HandRecord) -> HandScore:
    """Validate a hand record (see :mod:`canasta_score.validation`) and score every side."""
    validate(rs, record)
    acaba = next((s for s in record.sides if s.acaba), None)
    special = next((s for s in record.sides if s.special_hand), None)
    out = []
    for side in record.sides:
        if acaba is not None:
            out.append(score_acaba(rs, side, side is acaba))
        elif side is special:
            out.append(score_special(rs, side))
        else:
            out.append(score_side(rs, side))
    return HandScore(rs.id, tuple(out))


def score_acaba(rs: Ruleset, side: SideRecord, declared: bool) -> SideScore:
    b = Breakdown(rs)
    if declared:
        b.add("acaba.enabled", "declared acaba: the declaring side scores nothing", 0)
    else:
        b.add("acaba.opponents", "the other side declared acaba", rs.acaba.opponents)
    return SideScore(side.name, b.total(), tuple(b.items))


def score_special(rs: Ruleset, side: SideRecord) -> SideScore:
    assert side.special_hand is not None
    key = SPECIAL_KEYS[side.special_hand]
    b = Breakdown(rs)
    b.add(key, f"special hand: {side.special_hand}", int(rs.value(key)))
    return SideScore(side.name, b.total(), tuple(b.items), went_out=True)


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, its noun in the plural for any count but one: ``2 canastas of
    sevens``, ``2 players holding three aces or sevens``."""
    return f"{n} {english_plural(word) if n != 1 else word}"


def score_side(rs: Ruleset, side: SideRecord) -> SideScore:
    """The breakdown of one side in a normally ended hand."""
    b = Breakdown(rs)
    table = melded(rs, side)
    canastas = len(table.canasta_keys)
    if rs.game.seven_canastas_win and canastas >= 7:
        b.add("game.seven_canastas_win", "seven canastas in one hand", rs.game.seven_canastas_win)
        return SideScore(side.name, b.total(), tuple(b.items), canastas, side.went_out)
    count = table.count if rs.canasta.count_cards else table.count - table.canasta_cards
    if rs.penalties.no_canasta_melds_negative and not canastas and count:
        b.add(
            "penalties.no_canasta_melds_negative",
            "melded cards, counted against (no canasta)",
            -count,
        )
    elif count or side.has_melded:
        # T3 off: the cards inside canastas score by their bonus only (RULES 18).
        label = "melded cards" if rs.canasta.count_cards else "melded cards outside canastas"
        b.add("scoring.melded-cards", label, count)
    for key, n in Counter(table.canasta_keys).items():
        label, each = plural(n, bonus_label(rs, key)), int(rs.value(key))
        if key in DEUCE_KEYS and rs.canasta.deuces_going_out_only and not side.went_out:
            key, label, each = "canasta.deuces_going_out_only", f"{label}: no bonus", 0
        b.add(key, label, n * each)
    score_canasta_sets(rs, table.kinds, b)
    if side.concealed_canastas:
        b.add(
            "canasta.concealed_bonus",
            f"{plural(side.concealed_canastas, 'canasta')} laid whole from hand",
            side.concealed_canastas * rs.canasta.concealed_bonus,
        )
    score_threes(rs, side, canastas, b)
    if side.went_out:
        b.add("go_out.bonus", "going out", rs.go_out.bonus)
        if side.concealed and rs.go_out.concealed_bonus:
            b.add("go_out.concealed_bonus", "going out concealed", rs.go_out.concealed_bonus)
    score_hands(rs, side, b)
    penalties = table.penalty_keys
    if not canastas:
        penalties = tuple(
            k
            for k in penalties
            if waived_as(k) not in rs.penalties.incomplete_waived_without_canasta
        )
    for key, n in Counter(penalties).items():
        label = key.split(".", 1)[1].replace("_", " ")
        b.add(key, f"{n} {PENALTY_PLURALS[key]}" if n > 1 else label, -n * int(rs.value(key)))
    if side.black_threes_removed:
        score_removed(rs, side, b)
    return SideScore(side.name, b.total(), tuple(b.items), canastas, side.went_out)


def bonus_label(rs: Ruleset, key: str) -> str:
    """How a breakdown names a canasta bonus; a sequence goes by the ruleset's name for it."""
    if key == kinds.info(CanastaKind.SEQUENCE).bonus:
        return f"{kinds.display_name(CanastaKind.SEQUENCE, rs)} canasta"
    return BONUS_LABELS[key]


def score_canasta_sets(rs: Ruleset, kinds: tuple[CanastaKind, ...], b: Breakdown) -> None:
    """Bonuses for a set of canastas made in one hand (Italian, RULES 14)."""
    c = rs.canasta
    natural = sum(1 for k in kinds if k is CanastaKind.NATURAL)
    mixed = sum(1 for k in kinds if family(k) is Family.MIXED)
    if c.five_natural and natural >= 5:
        b.add("canasta.five_natural", f"{natural} natural canastas", c.five_natural)
    elif c.four_natural_one_mixed and natural >= 4 and mixed >= 1:
        b.add(
            "canasta.four_natural_one_mixed",
            f"{natural} natural and {plural(mixed, 'mixed canasta')}",
            c.four_natural_one_mixed,
        )
    if c.ten_canastas and len(kinds) >= 10:
        b.add("canasta.ten_canastas", f"{len(kinds)} canastas", c.ten_canastas)


def waived_as(key: str) -> str:
    """The name a penalty key goes by in ``penalties.incomplete_waived_without_canasta``."""
    name = key.split(".", 1)[1]
    return "wild" if name.startswith("incomplete_wild") else name.removeprefix("incomplete_")


def three_value(table: tuple[int, ...], count: int) -> int:
    if not table:
        return 0
    return table[min(count, len(table) - 1)]


def score_threes(rs: Ruleset, side: SideRecord, canastas: int, b: Breakdown) -> None:
    t = rs.threes
    red, black = side.red_threes, side.black_threes
    if t.sign == "meld":
        sign = 1 if side.has_melded else -1
        why = "" if sign > 0 else " (no meld: counted against)"
    else:
        sign = t.sign_by_canastas[min(canastas, len(t.sign_by_canastas) - 1)]
        why = {
            1: "",
            0: f" (count nothing with {plural(canastas, 'canasta')})",
            -1: f" (counted against with {plural(canastas, 'canasta')})",
        }[sign]
    if t.count_in_hand and sign < 0:
        # Threes left in hand join the tally only when it counts against the side (US American).
        held = [c for h in side.in_hand or () for c in h]
        red += sum(1 for c in held if c.is_red_three)
        black += sum(1 for c in held if c.is_black_three)
    if red:
        b.add(
            "threes.red_values",
            f"{plural(red, 'red three')}{why}",
            sign * three_value(t.red_values, red),
        )
    if black and any(t.black_values):
        b.add(
            "threes.black_values",
            f"{plural(black, 'black three')}{why}",
            sign * three_value(t.black_values, black),
        )


def score_hands(rs: Ruleset, side: SideRecord, b: Breakdown) -> None:
    """Cards left in hand, threes left in hand, and held aces or sevens."""
    if side.in_hand is None:
        if side.in_hand_points:
            b.add("scoring.cards-in-hand", "cards left in hand", -side.in_hand_points)
        if side.held_penalties:
            b.add(
                "penalties.held_aces_sevens",
                plural(side.held_penalties, "player holding three aces or sevens"),
                -side.held_penalties * rs.penalties.held_aces_sevens,
            )
        return
    cards: list[Card] = [c for h in side.in_hand for c in h]
    ordinary = [c for c in cards if c.rank is not THREE]
    where = "hand and foot" if rs.deal.foot_size else "hand"
    if cards:
        b.add("scoring.cards-in-hand", f"cards left in {where}", -rs.count(ordinary))
    black = sum(1 for c in cards if c.is_black_three)
    red = sum(1 for c in cards if c.is_red_three)
    if black and rs.threes.black_in_hand:
        b.add(
            "threes.black_in_hand",
            plural(black, "black three") + f" left in {where}",
            -black * rs.threes.black_in_hand,
        )
    if red and rs.threes.red_in_hand:
        b.add(
            "threes.red_in_hand",
            plural(red, "red three") + f" left in {where}",
            -red * rs.threes.red_in_hand,
        )
    if rs.penalties.held_aces_sevens:
        held = [
            rank
            for hand in side.in_hand
            for rank in (ACE, SEVEN)
            if sum(1 for c in hand if c.rank is rank) >= 3
        ]
        if ACE in held and rs.meld.dirty_aces_ordinary and dirty_aces(side.melds or (), rs):
            held = [r for r in held if r is not ACE]
            b.add(
                "meld.dirty_aces_ordinary",
                "three aces in a hand cost nothing: the side's ace meld took wild cards",
                0,
            )
        groups = len(held)
        if groups:
            b.add(
                "penalties.held_aces_sevens",
                plural(groups, "player holding three aces or sevens"),
                -groups * rs.penalties.held_aces_sevens,
            )


def score_removed(rs: Ruleset, side: SideRecord, b: Breakdown) -> None:
    n = side.black_threes_removed
    every = 2 * rs.deck.decks
    if n >= every and rs.threes.black_removed_all:
        b.add(
            "threes.black_removed_all",
            f"all {every} black threes removed",
            rs.threes.black_removed_all,
        )
    else:
        b.add(
            "threes.black_removed_each",
            plural(n, "black three") + " removed",
            n * rs.threes.black_removed_each,
        )
