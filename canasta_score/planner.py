"""Search a hand for the initial meld that counts the most, for a side opening with the pile.

Every wild card placed adds its own value wherever it goes, and a natural pair needs one wild to
become a meld, so the best count comes from melding every natural rank that can be melded, making
pairs into melds with wilds (the most valuable pairs first) and placing the remaining wilds where
there is room. A few variations (no wild in the pickup meld; a wild-card meld) are tried too, so
that a requirement such as "a clean meld" or "a canasta" can be met when the hand allows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from canasta_score.cards import SEQUENCE_ORDER, Card, Rank, format_cards
from canasta_score.melds import Context, judge, ratio_ok
from canasta_score.ruleset import RuleRef, Ruleset

if TYPE_CHECKING:
    from canasta_score.rulings import Minimum


@dataclass
class Plan:
    """The initial meld found: its melds (the pickup meld first), its count, what it lacks."""

    melds: list[tuple[Card, ...]]
    points: int
    problems: list[RuleRef] = field(default_factory=list)
    explanation: str = ""


def wild_capacity(rs: Ruleset, rank: Rank, naturals: int) -> int:
    """How many wild cards a meld of ``naturals`` cards of ``rank`` may take in an initial meld."""
    m = rs.meld
    if rank is Rank.SEVEN and not m.sevens_take_wilds:
        return 0
    best = 0
    for w in range(1, m.max_wilds + 1):
        if m.max_cards and naturals + w > m.max_cards:
            break
        if ratio_ok(naturals, w, m.wild_ratio):
            best = w
    return best


def wilds_needed(rs: Ruleset, rank: Rank, naturals: int) -> int | None:
    """The fewest wild cards that make ``naturals`` cards of ``rank`` a legal meld, or None."""
    if naturals < rs.meld.min_naturals:
        return None
    need = max(0, rs.meld.min_cards - naturals)
    return need if need <= wild_capacity(rs, rank, naturals) else None


def remove(cards: tuple[Card, ...], used: tuple[Card, ...]) -> list[Card]:
    left = list(cards)
    for card in used:
        left.remove(card)
    return left


def build(
    rs: Ruleset,
    top_meld: list[Card],
    groups: dict[Rank, list[Card]],
    wilds: list[Card],
    *,
    wilds_in_top: bool,
    wild_meld: bool,
) -> list[list[Card]]:
    """One candidate layout of melds."""
    melds = [list(top_meld)]
    pending = list(wilds)
    if wild_meld:
        limit = rs.meld.max_cards or len(pending)
        melds.append(pending[:limit])
        pending = pending[limit:]
    for rank, naturals in sorted(groups.items(), key=lambda g: -rs.count(g[1])):
        need = wilds_needed(rs, rank, len(naturals))
        if need is None:
            continue
        if need == 0 and len(naturals) >= rs.meld.min_cards:
            melds.append(list(naturals))
        elif not wild_meld and len(pending) >= need:
            melds.append(list(naturals) + pending[:need])
            pending = pending[need:]
    if wild_meld:
        return [m for m in melds if m]
    targets = melds if wilds_in_top else melds[1:]
    for meld in targets:
        rank = next(c.rank for c in meld if c.is_natural)
        natural_count = sum(1 for c in meld if c.is_natural)
        room = wild_capacity(rs, rank, natural_count) - sum(1 for c in meld if c.is_wild)
        while room > 0 and pending:
            meld.append(pending.pop(0))
            room -= 1
    return melds


def by_rank(cards: list[Card]) -> dict[Rank, list[Card]]:
    """The natural cards, grouped by rank."""
    groups: dict[Rank, list[Card]] = {}
    for card in cards:
        if card.is_natural:
            groups.setdefault(card.rank, []).append(card)
    return groups


def sequences_in(rs: Ruleset, cards: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Runs of consecutive natural cards of one suit long enough to meld as sequences (each at
    most the sequence limit), and the cards left over."""
    by_suit: dict[object, dict[int, Card]] = {}
    for card in cards:
        if card.is_natural and card.suit is not None:
            by_suit.setdefault(card.suit, {}).setdefault(card.rank.sequence_index, card)
    runs: list[list[Card]] = []
    size = rs.meld.sequence_max or len(SEQUENCE_ORDER)
    for slots in by_suit.values():
        run: list[Card] = []
        for index in range(len(SEQUENCE_ORDER) + 1):
            if index in slots:
                run.append(slots[index])
                continue
            while len(run) >= rs.meld.min_cards:
                runs.append(run[:size])
                run = run[size:]
            run = []
    return runs, remove(tuple(cards), tuple(c for r in runs for c in r))


def best_initial_meld(
    rs: Ruleset, top: Card, hand: tuple[Card, ...], used: tuple[Card, ...], need: Minimum
) -> Plan:
    """The best initial meld an unopened side can lay when it takes the pile with ``used``."""
    from canasta_score.rulings import requirement_problems

    rest = remove(hand, used)
    extra_same = [c for c in rest if c.rank is top.rank]
    if rs.meld.max_cards:
        extra_same = extra_same[: max(0, rs.meld.max_cards - len(used) - 1)]
    rest = remove(tuple(rest), tuple(extra_same))
    top_meld = [*used, top, *extra_same]
    top_at = len(used)
    variants: list[tuple[list[list[Card]], dict[Rank, list[Card]]]] = [([], by_rank(rest))]
    if rs.meld.sequences:
        runs, left = sequences_in(rs, rest)
        if runs:
            variants.append((runs, by_rank(left)))
    wilds = sorted((c for c in rest if c.is_wild), key=lambda c: -rs.card_points(c))
    if rs.initial_meld.natural_only:
        wilds = []
    strict = rs.initial_meld.open_before_pickup
    top_counts = rs.initial_meld.top_card_counts and not strict
    pair_counts = rs.initial_meld.pair_counts and not strict

    def counted(melds: list[list[Card]]) -> int:
        total = sum(rs.count(m) for m in melds[1:])
        hand_part = melds[0][:top_at] + melds[0][top_at + 1 :]
        return (
            total
            + (rs.count(hand_part) if pair_counts else 0)
            + (rs.card_points(top) if top_counts else 0)
        )

    layouts = []
    for runs, groups in variants:
        for wilds_in_top in (True, False):
            for wild_meld in (False, True):
                if wild_meld and not (rs.meld.wild_melds and len(wilds) >= rs.meld.min_cards):
                    continue
                layout = build(
                    rs, top_meld, groups, wilds, wilds_in_top=wilds_in_top, wild_meld=wild_meld
                )
                layouts.append(layout + [list(r) for r in runs])
    scored = []
    for layout in layouts:
        frozen = [tuple(m) for m in layout]
        verdicts = [judge(m, rs, Context(initial=True)) for m in frozen]
        problems = [r for v in verdicts for r in v.broken]
        problems += requirement_problems(rs, verdicts, need, top_meld=0)
        points = counted(layout)
        exempt = rs.initial_meld.canasta_exemption and any(v.canasta for v in verdicts[1:])
        short = points < need.minimum and not exempt
        scored.append((not problems and not short, points, frozen, problems, short, exempt))
    scored.sort(key=lambda s: (not s[0], -s[1]))
    ok, points, chosen, problems, short, exempt = scored[0]
    shown = "; ".join(format_cards(m) for m in chosen)
    if ok:
        why = (
            "a canasta from hand needs no minimum"
            if exempt and points < need.minimum
            else (f"{points} reaches the minimum of {need.minimum}")
        )
        return Plan(chosen, points, [], f"Initial meld {shown}: {why}")
    if short:
        problems = [
            *problems,
            rs.cite(
                "initial-meld.minimum",
                f"The best initial meld this hand allows ({shown}) counts {points}, "
                f"below the minimum of {need.minimum}",
            ),
        ]
    return Plan(chosen, points, problems)
