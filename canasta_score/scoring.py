"""Scoring one hand: each side's breakdown items, each citing its rule, adding up to the total."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from canasta_score.cards import Card, Rank, format_cards
from canasta_score.errors import RecordError
from canasta_score.melds import (
    Context,
    Kind,
    canasta_bonus_key,
    incomplete_penalty_key,
    judge,
    merge_same_rank,
)
from canasta_score.record import HandRecord, SideRecord, side_cards
from canasta_score.record_checks import (
    check_deck_bounds,
    check_going_out_melds,
    check_side_contradictions,
)
from canasta_score.ruleset import Ruleset
from canasta_score.rulings import canasta_shortfall

SUMMARY_BONUS_KEYS = {
    "natural": "canasta.natural",
    "mixed": "canasta.mixed",
    "sevens": "canasta.clean_sevens",
    "aces": "canasta.clean_aces",
    "wild": "canasta.wild_other",
    "bolivia": "canasta.wild_other",
    "wild_twos": "canasta.wild_all_twos",
    "wild_four_jokers": "canasta.wild_four_jokers",
    "samba": "canasta.sequence",
    "escalera": "canasta.sequence",
    "deuces": "canasta.deuces",
    "deuces_mixed": "canasta.deuces_mixed",
}
INCOMPLETE_KEYS = {
    "sevens": "penalties.incomplete_sevens",
    "aces": "penalties.incomplete_clean_aces",
    "wild": "penalties.incomplete_wild",
    "wild_four_jokers": "penalties.incomplete_wild_four_jokers",
    "sequence": "penalties.short_sequence",
}
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
SPECIAL_KEYS = {
    "straight": "special_hands.straight",
    "pairs": "special_hands.pairs",
    "pairs-27a": "special_hands.pairs_27a",
    "garbage": "special_hands.garbage",
}


@dataclass(frozen=True)
class Item:
    """One line of a breakdown."""

    rule: str
    label: str
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "label": self.label, "points": self.points}


@dataclass(frozen=True)
class SideScore:
    name: str
    total: int
    items: tuple[Item, ...]
    canastas: int = 0
    went_out: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "total": self.total, "items": [i.as_dict() for i in self.items]}


@dataclass(frozen=True)
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


# ---------------------------------------------------------------- canastas of a side


@dataclass(frozen=True)
class Melded:
    """What a side has on the table, from its cards or its summary."""

    count: int
    canasta_keys: tuple[str, ...]
    kinds: tuple[str, ...]
    penalty_keys: tuple[str, ...]
    canasta_cards: int


def melded(rs: Ruleset, side: SideRecord) -> Melded:
    if side.melds is None:
        keys = []
        for kind, n in side.canastas.items():
            keys += [summary_bonus_key(rs, side.name, kind)] * n
        kinds = [k for k, n in side.canastas.items() for _ in range(n)]
        penalties = [incomplete_key(rs, k) for k in side.incomplete]
        return Melded(side.meld_points, tuple(keys), tuple(kinds), tuple(penalties), 0)
    keys, kinds, penalties = [], [], []
    inside = 0
    for meld in merge_same_rank(side.melds, rs):
        verdict = judge(meld, rs, Context(record=True, going_out=side.went_out))
        shape = verdict.shape
        assert shape is not None
        key = canasta_bonus_key(shape, rs)
        if key is not None and verdict.canasta is not None:
            keys.append(key)
            kinds.append(verdict.canasta)
            inside += rs.count(meld)
        penalty = incomplete_penalty_key(shape, rs)
        if penalty is not None:
            penalties.append(penalty)
    count = sum(rs.count(m) for m in side.melds)
    return Melded(count, tuple(keys), tuple(kinds), tuple(penalties), inside)


def summary_bonus_key(rs: Ruleset, side: str, kind: str) -> str:
    key = SUMMARY_BONUS_KEYS[kind]
    if kind == "sevens" and not rs.canasta.clean_sevens:
        return "canasta.natural"
    if kind == "aces" and not rs.canasta.clean_aces:
        return "canasta.natural"
    if not rs.value(key):
        raise RecordError(f'side "{side}": canastas.{kind}: this ruleset has no {kind} canastas')
    return key


# ---------------------------------------------------------------- validation


def validate(rs: Ruleset, record: HandRecord) -> None:
    """Refuse a record that breaks the rules of the ruleset (raises :class:`RecordError`)."""
    if len(record.sides) != rs.sides:
        raise RecordError(
            f"{rs.name} with {rs.players} players has {rs.sides} sides; "
            f"the record has {len(record.sides)}"
        )
    out = [s.name for s in record.sides if s.went_out]
    if len(out) > 1:
        raise RecordError(f"only one side can go out, but {' and '.join(out)} both did")
    enders = [s.name for s in record.sides if s.acaba or s.special_hand]
    if len(enders) > 1:
        raise RecordError(f"only one side can end the hand, but {' and '.join(enders)} both did")
    if enders and out and out != enders:
        how = "declared acaba" if any(s.acaba for s in record.sides) else "laid a special hand"
        raise RecordError(f"{enders[0]} {how}, which ends the hand, so {out[0]} cannot go out")
    for side in record.sides:
        validate_side(rs, side)
    check_deck(rs, record)


def validate_side(rs: Ruleset, side: SideRecord) -> None:
    name = side.name
    if side.acaba and not rs.acaba.enabled:
        raise RecordError(f'side "{name}": acaba is not part of {rs.name}')
    if side.special_hand and not rs.value(SPECIAL_KEYS[side.special_hand]):
        raise RecordError(f'side "{name}": special hands are not played in {rs.name}')
    # With a foot (Hand and Foot) each player may give the hand and the foot as two strings.
    per_player = 2 if rs.deal.foot_size else 1
    if side.in_hand is not None and len(side.in_hand) > rs.table.side_size * per_player:
        what = "players" if per_player == 1 else "hands and feet"
        raise RecordError(
            f'side "{name}": in_hand lists {len(side.in_hand)} {what}; a side has '
            f"{rs.table.side_size} player(s)"
        )
    if side.black_threes and rs.threes.laid_down not in ("all", "optional"):
        raise RecordError(f'side "{name}": black threes are not laid face up in {rs.name}')
    if side.red_threes and rs.threes.laid_down == "none":
        raise RecordError(f'side "{name}": threes are not laid face up in {rs.name}')
    removes = rs.threes.black_removed_each or rs.threes.black_removed_all
    if side.black_threes_removed and not removes:
        raise RecordError(f'side "{name}": black threes are not removed from play in {rs.name}')
    if side.special_hand and side.melds is not None:
        check_special_cards(side)
        return
    if side.melds is not None:
        for i, meld in enumerate(merge_same_rank(side.melds, rs), 1):
            verdict = judge(meld, rs, Context(record=True, going_out=side.went_out))
            if not verdict.legal:
                why = "; ".join(r.text for r in verdict.broken)
                raise RecordError(
                    f'side "{name}": meld {i} ({format_cards(meld)}) is illegal: {why}'
                )
            shape = verdict.shape
            if shape is not None and shape.kind is Kind.BLACK_THREES and not side.went_out:
                raise RecordError(
                    f'side "{name}": meld {i} ({format_cards(meld)}): black threes are melded '
                    "only by the side that goes out"
                )
    table = melded(rs, side)
    check_side_contradictions(rs, side, len(table.canasta_keys))
    if side.melds is None:
        check_summary(rs, side)
    if side.went_out and not side.special_hand:
        short = canasta_shortfall(rs, list(table.kinds))
        if short:
            raise RecordError(f'side "{name}" went out, but: {short[0].text}')
        if not side.has_melded:
            raise RecordError(f'side "{name}" went out without any meld')
        check_going_out_melds(rs, side)


def check_special_cards(side: SideRecord) -> None:
    """The melds of a side that lays a special hand are that hand's 14 cards (RULES 7.2)."""
    from canasta_score.special import special_hand_problem

    assert side.special_hand is not None and side.melds is not None
    cards = tuple(c for meld in side.melds for c in meld)
    if not cards:
        return
    problem = special_hand_problem(side.special_hand, cards)
    if problem:
        raise RecordError(
            f'side "{side.name}": special_hand {side.special_hand} ({format_cards(cards)}): '
            f"{problem}"
        )


def check_summary(rs: Ruleset, side: SideRecord) -> None:
    name = side.name
    values = (rs.values.joker, rs.values.two, rs.values.ace, rs.values.high, rs.values.low)
    step = 5 if all(v % 5 == 0 for v in values) else 1
    for key, value in (("meld_points", side.meld_points), ("in_hand_points", side.in_hand_points)):
        if value % step:
            raise RecordError(f'side "{name}": {key} = {value} is not a multiple of {step}')
    # With T3 off (canasta.count_cards = false) meld_points is the count of the melded cards
    # outside canastas, so canastas set no floor; incomplete melds are outside canastas.
    canastas = sum(side.canastas.values()) if rs.canasta.count_cards else 0
    least = sum(least_incomplete_count(rs, kind) for kind in side.incomplete)
    if canastas:
        least += sum(least_canasta_count(rs, kind) * n for kind, n in side.canastas.items())
    if side.meld_points < least:
        parts = [f"{canastas} canasta(s)"] if canastas else []
        if side.incomplete:
            parts.append(f"{len(side.incomplete)} incomplete meld(s)")
        raise RecordError(
            f'side "{name}": {" and ".join(parts)} hold at least {least} points of cards, '
            f"but meld_points is {side.meld_points}"
        )


def incomplete_key(rs: Ruleset, kind: str) -> str:
    """The penalty key of an incomplete special meld given in a summary."""
    key = INCOMPLETE_KEYS[kind]
    if (
        key == "penalties.incomplete_wild_four_jokers"
        and not rs.penalties.incomplete_wild_four_jokers
    ):
        return "penalties.incomplete_wild"
    return key


def least_canasta_count(rs: Ruleset, kind: str) -> int:
    """The smallest count a canasta of this kind can have."""
    size = rs.canasta.min_cards
    v = rs.values
    one_joker = (size - 1) * v.two + v.joker
    distinct_twos = rs.canasta.wild_all_twos not in (0, rs.canasta.wild_other)
    if kind in ("wild_twos", "deuces", "bolivia") or (kind == "wild" and not distinct_twos):
        return size * v.two
    if kind in ("wild", "deuces_mixed"):
        return one_joker
    if kind == "wild_four_jokers":
        return 4 * v.joker + (size - 4) * v.two
    if kind in ("samba", "escalera"):
        return 4 * v.low + (size - 4) * v.high
    if kind == "aces":
        return size * v.ace
    if kind == "mixed":
        options = [
            n * v.low + (size - n) * v.two
            for n in range(rs.meld.min_naturals, size)
            if size - n <= rs.meld.max_wilds and ratio_allows(rs, n, size - n)
        ]
        return min(options) if options else size * v.low
    return size * v.low


def least_incomplete_count(rs: Ruleset, kind: str) -> int:
    """The smallest count an incomplete special meld of this kind can have (``meld.min_cards``
    cards: a wild-card meld of twos, four jokers, a clean meld of sevens or aces, a sequence
    from 4 up)."""
    size, v = rs.meld.min_cards, rs.values
    if kind == "wild_four_jokers":
        return 4 * v.joker + max(0, size - 4) * v.two
    if kind == "wild":
        return size * min(v.two, v.joker)
    if kind == "aces":
        return size * v.ace
    if kind == "sevens":
        return size * v.low
    return size * min(v.low, v.high)


def ratio_allows(rs: Ruleset, naturals: int, wilds: int) -> bool:
    from canasta_score.melds import ratio_ok

    return ratio_ok(naturals, wilds, rs.meld.wild_ratio)


def check_deck(rs: Ruleset, record: HandRecord) -> None:
    """No rank (nor jokers, red or black threes) may appear more often than the deck holds.

    Suits are not checked: tables often write suits loosely, and the score does not use them.
    """
    decks = rs.deck.decks
    by_rank: Counter[Rank] = Counter()
    red = black = 0
    for side in record.sides:
        cards = side_cards(side)
        red += side.red_threes - sum(1 for c in side.three_cards if c.is_red_three)
        black += side.black_threes - sum(1 for c in side.three_cards if c.is_black_three)
        black += side.black_threes_removed
        for card in cards:
            if card.rank is Rank.THREE:
                red += card.is_red_three
                black += card.is_black_three
                continue
            by_rank[card.rank] += 1
    deck = f"the {rs.name} deck ({decks} packs)"
    for rank, n in by_rank.items():
        limit = decks * rs.deck.jokers_per_deck if rank is Rank.JOKER else decks * 4
        if n > limit:
            name = "jokers" if rank is Rank.JOKER else f"cards of rank {rank.value}"
            raise RecordError(f"the record holds {n} {name}; {deck} has {limit}")
    for colour, n in (("red", red), ("black", black)):
        if n > 2 * decks:
            raise RecordError(f"the record holds {n} {colour} threes; {deck} has {2 * decks}")
    check_deck_bounds(rs, record)


# ---------------------------------------------------------------- scoring


def score_hand(rs: Ruleset, record: HandRecord) -> HandScore:
    """Validate a hand record and score every side."""
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
    return f"{n} {word}" + ("" if n == 1 else "s")


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
        label, each = plural(n, BONUS_LABELS[key]), int(rs.value(key))
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


def score_canasta_sets(rs: Ruleset, kinds: tuple[str, ...], b: Breakdown) -> None:
    """Bonuses for a set of canastas made in one hand (Italian, RULES 14)."""
    c = rs.canasta
    natural = sum(1 for k in kinds if k == "natural")
    mixed = sum(1 for k in kinds if k == "mixed")
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
    if t.count_in_hand:
        held = [c for h in side.in_hand or () for c in h]
        red += sum(1 for c in held if c.is_red_three)
        black += sum(1 for c in held if c.is_black_three)
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
    ordinary = [c for c in cards if c.rank is not Rank.THREE]
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
        groups = sum(
            1
            for hand in side.in_hand
            for rank in (Rank.ACE, Rank.SEVEN)
            if sum(1 for c in hand if c.rank is rank) >= 3
        )
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
