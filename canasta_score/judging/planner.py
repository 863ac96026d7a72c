"""Search a hand for the initial meld that counts the most, for a side opening with the pile.

The search is exact. A group meld's legality in an initial meld depends only on its rank, its
number of natural cards and its number of wild cards, and its count only on those and on how many
of the wilds are jokers; so the hand is reduced to counts per rank plus the jokers and twos, and a
dynamic programme over the ranks keeps, for every number of jokers and twos still unplaced and
every combination of the facts a requirement can ask for (a clean meld, a canasta, ...), the best
count reachable. Sequences (Samba family) and a wild-card meld are chosen first, by enumeration,
since they take particular cards. The pickup meld (the top card with a natural pair from hand) is
always part of the plan.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from functools import lru_cache

from canasta_score.core.frozen import record, replace
from canasta_score.core.language import _
from canasta_score.judging.initial import (
    Opening,
    opening_lacks,
    opening_of,
    opening_problems,
)
from canasta_score.judging.melds import Context, group_lacks, judge
from canasta_score.rules.cards import JOKER, TWO, Card, Rank, Suit, format_cards
from canasta_score.rules.minimum import Minimum, canasta_band
from canasta_score.rules.ruleset import RuleRef, Ruleset

CLEAN, CANASTA, HAND_CANASTA, BETTER_CANASTA, WILD_MELD = 1, 2, 4, 8, 16
MAX_RUN_SETS = 400
# Where the plan's melds are laid: together, as the initial meld.
INITIAL = Context(initial=True)


@record
class Plan:
    """The initial meld found: its melds (the pickup meld first), its count, what it lacks."""

    melds: list[tuple[Card, ...]]
    points: int
    problems: list[RuleRef] = field(default_factory=list)
    explanation: str = ""
    pair: tuple[Card, ...] = ()


@record
class Group:
    """One group meld chosen for a rank: natural cards from hand, jokers, twos."""

    naturals: int
    jokers: int
    twos: int


# The groups a plan lays, rank by rank.
Chosen = tuple[tuple[Rank, tuple[Group, ...]], ...]


def group_ok(rs: Ruleset, rank: Rank, naturals: int, wilds: int) -> bool:
    """Whether a group of this make-up is a legal meld within an initial meld."""
    m = rs.meld
    if naturals + wilds < m.min_cards or (m.max_cards and naturals + wilds > m.max_cards):
        return False
    return not group_lacks(rs, rank, naturals, wilds)


def group_flags(rs: Ruleset, naturals: int, wilds: int, from_hand: bool) -> int:
    flags = CLEAN if wilds == 0 and naturals >= 3 else 0
    if naturals + wilds >= rs.canasta.min_cards:
        flags |= CANASTA | (HAND_CANASTA if from_hand else 0)
        flags |= BETTER_CANASTA if wilds == 0 else 0
    return flags


@lru_cache(maxsize=4096)
def rank_options(
    rs: Ruleset, rank: Rank, available: int, jokers: int, twos: int, *, pickup: bool
) -> list[tuple[list[Group], int, int, int, int]]:
    """Every way to meld cards of one rank: (groups, facts, and the natural cards, jokers and
    twos the groups take). The pickup meld holds the top card and at least a pair from hand;
    other ranks may also be left out (no groups). Kept: the search asks the same again and
    again, across hands too."""
    lowest = 2 if pickup else rs.meld.min_naturals
    extra = 1 if pickup else 0
    singles: list[tuple[Group, int]] = []
    for k in range(lowest, available + 1):
        for j in range(min(jokers, rs.meld.max_wilds) + 1):
            for t in range(min(twos, rs.meld.max_wilds - j) + 1):
                if group_ok(rs, rank, k + extra, j + t):
                    flags = group_flags(rs, k + extra, j + t, from_hand=not pickup)
                    singles.append((Group(k, j, t), flags))
    options: list[tuple[list[Group], int]] = [([g], f) for g, f in singles]
    if not pickup:
        options.append(([], 0))
    if not pickup and rs.meld.duplicate_groups:
        for i, (a, fa) in enumerate(singles):
            for b, fb in singles[i:]:
                fits = a.naturals + b.naturals <= available
                if fits and a.jokers + b.jokers <= jokers and a.twos + b.twos <= twos:
                    options.append(([a, b], fa | fb))
    return [
        (
            groups,
            facts,
            sum(g.naturals for g in groups),
            sum(g.jokers for g in groups),
            sum(g.twos for g in groups),
        )
        for groups, facts in options
    ]


def run_sets(rs: Ruleset, naturals: list[Card]) -> Iterator[list[tuple[Card, ...]]]:
    """Sets of disjoint sequences that can be laid from these cards (the empty set first)."""
    by_suit: dict[Suit, list[list[Card]]] = {}
    for card in naturals:
        if card.suit is not None and card.rank.sequence_index >= 0:
            slots = by_suit.setdefault(card.suit, [[] for _ in range(11)])
            slots[card.rank.sequence_index].append(card)
    longest = rs.meld.sequence_max or 11
    per_suit = [list(suit_runs(slots, 0, rs.meld.min_cards, longest)) for slots in by_suit.values()]
    count = 0

    def combine(i: int, chosen: list[tuple[Card, ...]]) -> Iterator[list[tuple[Card, ...]]]:
        nonlocal count
        if i == len(per_suit):
            count += 1
            yield list(chosen)
            return
        for runs in per_suit[i]:
            if count >= MAX_RUN_SETS:
                return
            yield from combine(i + 1, chosen + runs)

    yield from combine(0, [])


def suit_runs(
    slots: list[list[Card]], start: int, shortest: int, longest: int
) -> Iterator[list[tuple[Card, ...]]]:
    """Sets of runs in one suit, each run taking one card of each rank it covers."""
    index = next((i for i in range(start, len(slots)) if slots[i]), None)
    if index is None:
        yield []
        return
    yield from suit_runs(slots, index + 1, shortest, longest)
    for length in range(shortest, longest + 1):
        span = range(index, index + length)
        if span.stop > len(slots) or not all(slots[i] for i in span):
            break
        run = tuple(slots[i][-1] for i in span)
        rest = [list(s) for s in slots]
        for i in span:
            rest[i].pop()
        for more in suit_runs(rest, index, shortest, longest):
            yield [run, *more]


def best_initial_meld(rs: Ruleset, top: Card, hand: tuple[Card, ...], need: Minimum) -> Plan:
    """The best initial meld an unopened side can lay when it takes the pile with a natural pair
    of the top card's rank, and what it lacks when no initial meld is legal."""
    jokers = [c for c in hand if c.rank is JOKER]
    twos = [c for c in hand if c.rank is TWO]
    if rs.initial_meld.natural_only:
        jokers, twos = [], []
    naturals = [c for c in hand if c.is_natural]
    # The best plan so far: (legal, count, groups chosen, naturals left, sequences, wild-card
    # meld); only the best is laid out in cards.
    best: tuple[bool, int, Chosen, list[Card], list[tuple[Card, ...]], tuple[int, int]] | None
    best = None
    run_choices = run_sets(rs, naturals) if rs.meld.sequences else iter([[]])
    for runs in run_choices:
        used = [c for run in runs for c in run]
        left = list(naturals)
        for card in used:
            left.remove(card)
        if sum(1 for c in left if c.rank is top.rank) < 2:
            continue
        for wild_meld in wild_meld_choices(rs, len(jokers), len(twos)):
            found = search(rs, top, left, runs, jokers, twos, wild_meld, need)
            if found is not None and (best is None or found[:2] > best[:2]):
                best = (*found, left, runs, wild_meld)
    if best is None:
        return Plan([], 0, [rs.cite("pile.natural-pair")])
    ok, points, chosen, left, runs, wild_meld = best
    melds, pair = lay_out(top, left, jokers, twos, chosen, runs, wild_meld)
    return explain(rs, need, ok, points, melds, pair)


def wild_meld_choices(rs: Ruleset, jokers: int, twos: int) -> list[tuple[int, int]]:
    """(jokers, twos) of a wild-card meld laid in the initial meld; (0, 0) for none."""
    out = [(0, 0)]
    if not rs.meld.wild_melds or rs.initial_meld.natural_only:
        return out
    limit = rs.meld.wild_meld_max or rs.meld.max_cards or jokers + twos
    for j in range(jokers + 1):
        for t in range(twos + 1):
            if rs.meld.min_cards <= j + t <= limit:
                out.append((j, t))
    return out


def search(
    rs: Ruleset,
    top: Card,
    naturals: list[Card],
    runs: list[tuple[Card, ...]],
    jokers: list[Card],
    twos: list[Card],
    wild_meld: tuple[int, int],
    need: Minimum,
) -> tuple[bool, int, Chosen] | None:
    """The best plan with these sequences and this wild-card meld: (legal, count, the groups
    chosen for each rank)."""
    strict = rs.initial_meld.open_before_pickup
    top_value = rs.card_points(top)
    skip_top = strict or not rs.initial_meld.top_card_counts
    skip_pair = strict or not rs.initial_meld.pair_counts
    j0, t0 = len(jokers) - wild_meld[0], len(twos) - wild_meld[1]
    size = sum(wild_meld)
    no_wilds = rs.meld.wild_meld_lock and 0 < size < rs.canasta.min_cards
    base = sum(rs.count(run) for run in runs) + wild_meld[0] * rs.values.joker
    base += wild_meld[1] * rs.values.two
    flags0 = WILD_MELD if size else 0
    if any(n >= rs.canasta.min_cards for n in (size, *map(len, runs))):
        flags0 |= CANASTA | HAND_CANASTA | BETTER_CANASTA
    counts: dict[Rank, int] = {}
    for card in naturals:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    ranks = [top.rank, *sorted((r for r in counts if r is not top.rank), key=lambda r: r.value)]
    # state: (jokers left, twos left, facts) -> (count, groups chosen per rank)
    states: dict[tuple[int, int, int], tuple[int, Chosen]]
    states = {(j0, t0, flags0): (base, ())}
    for rank in ranks:
        pickup = rank is top.rank
        value = rs.card_points(Card(rank))
        step: dict[tuple[int, int, int], tuple[int, Chosen]]
        step = {}
        for (jl, tl, flags), (points, chosen) in states.items():
            wild_j, wild_t = (0, 0) if no_wilds else (jl, tl)
            for groups, facts, gn, gj, gt in rank_options(
                rs, rank, counts[rank], wild_j, wild_t, pickup=pickup
            ):
                gain = gn * value + gj * rs.values.joker + gt * rs.values.two
                if pickup:
                    gain += 0 if skip_top else top_value
                    gain -= 2 * value if skip_pair else 0
                key = (jl - gj, tl - gt, flags | facts)
                total = points + gain
                if key not in step or step[key][0] < total:
                    step[key] = (total, (*chosen, (rank, tuple(groups))))
        states = step
    best: tuple[bool, int, Chosen] | None = None
    for (_a, _b, flags), (points, chosen) in states.items():
        ok = meets(rs, flags, points, need)
        if best is None or (ok, points) > best[:2]:
            best = (ok, points, chosen)
    return best


def meets(rs: Ruleset, flags: int, points: int, need: Minimum) -> bool:
    """Whether facts and count satisfy the minimum and what the ruleset or tier requires."""
    opening = Opening(
        points,
        canasta=bool(flags & CANASTA),
        natural_canasta=bool(flags & BETTER_CANASTA),
        hand_canasta=bool(flags & HAND_CANASTA),
        clean_or_wild=bool(flags & (CLEAN | WILD_MELD)),
    )
    return not opening_lacks(rs, need, opening)


def lay_out(
    top: Card,
    naturals: list[Card],
    jokers: list[Card],
    twos: list[Card],
    chosen: Chosen,
    runs: list[tuple[Card, ...]],
    wild_meld: tuple[int, int],
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The actual cards of a plan: the pickup meld first, then the others; and the pair."""
    jokers, twos = list(jokers), list(twos)
    pool: dict[Rank, list[Card]] = {}
    for card in naturals:
        pool.setdefault(card.rank, []).append(card)
    melds: list[tuple[Card, ...]] = []
    pair: tuple[Card, ...] = ()
    for rank, groups in chosen:
        for group in groups:
            cards = [pool[rank].pop(0) for _ in range(group.naturals)]
            wild = [jokers.pop() for _ in range(group.jokers)]
            wild += [twos.pop() for _ in range(group.twos)]
            if rank is top.rank and not pair:
                pair = tuple(cards[:2])
                cards = [*cards[:2], top, *cards[2:]]
            melds.append((*cards, *wild))
    if sum(wild_meld):
        wild = [jokers.pop() for _ in range(wild_meld[0])] + [
            twos.pop() for _ in range(wild_meld[1])
        ]
        melds.append(tuple(wild))
    return melds + list(runs), pair


def explain(
    rs: Ruleset,
    need: Minimum,
    ok: bool,
    points: int,
    melds: list[tuple[Card, ...]],
    pair: tuple[Card, ...],
) -> Plan:
    """The plan with its explanation, or with the rules it falls short of."""
    verdicts = [judge(m, rs, INITIAL) for m in melds]
    problems = [r for v in verdicts for r in v.broken]
    shown = "; ".join(format_cards(m) for m in melds)
    if ok and canasta_band(rs, need.canasta, need.minimum):
        # The search weighs the whole count; a band that reads the canasta's own is checked here.
        ok = not opening_lacks(rs, need, opening_of(rs, verdicts, points))
    if ok and not problems:
        exempt = points < need.minimum
        text = (
            _("Initial meld {melds}: a canasta from hand needs no minimum")
            if exempt
            else _("Initial meld {melds}: {points} reaches the minimum of {minimum}")
        )
        why = text.format(melds=shown, points=f"{points:,}", minimum=f"{need.minimum:,}")
        return Plan(melds, points, [], why, pair)
    # The plan's count is shown against the minimum whether or not a canasta would exempt it.
    opening = replace(opening_of(rs, verdicts, points), hand_canasta=False)
    problems += opening_problems(rs, need, opening, shown)
    return Plan(melds, points, problems, "", pair)
