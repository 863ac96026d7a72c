"""The ways a hand can be melded away when going out: which of its cards join the side's melds,
which form new melds, and which one card (if any) is the final discard.

The search is plain and complete within its scope: where the ruleset has sequences, every set
of runs of one suit the hand can form (new sequences, or cards joining an end of the side's
sequences) is tried; every other natural card joins the side's meld of its rank or a new meld of
its rank with the other cards of that rank; each wild card goes to one of those melds or to a
meld of wild cards (every spread is tried); the discard is no card or any one card of the hand.
The caller judges each layout with the going-out rules and chooses among them (:func:`worth`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement

from canasta_score.core.frozen import record
from canasta_score.core.language import _
from canasta_score.judging.melds import (
    FINISHED,
    Kind,
    canasta_bonus_key,
    group_rank,
    judge,
    merge_same_rank,
    shape_of,
)
from canasta_score.rules.cards import JOKER, Card, Rank, Suit
from canasta_score.rules.ruleset import Ruleset

# Layouts tried at most; a hand with more (many wild cards and melds) is refused, not guessed.
MAX_LAYOUTS = 20_000

Melds = tuple[tuple[Card, ...], ...]


@record
class Layout:
    """The side's melds with the hand laid on them, and the final discard. ``laid`` is, meld by
    meld, the cards of the hand in it (the rest of a meld was on the table)."""

    melds: Melds
    laid: Melds
    discard: Card | None


def discards(rs: Ruleset, hand: tuple[Card, ...]) -> list[Card | None]:
    """The final discards to try: none (where that is allowed), then each kind of card held."""
    kinds: list[Card | None] = list(dict.fromkeys(hand))
    return kinds if rs.go_out.final_discard == "required" else [None, *kinds]


def joined(
    rs: Ruleset, table: Melds, cards: tuple[Card, ...], laid: Melds | None = None
) -> tuple[list[list[Card]], list[list[Card]], list[int]]:
    """The side's melds with the natural cards (and black threes) of ``cards`` added to the meld
    of their rank, or laid as a new meld of that rank; the hand's cards in each meld (``laid``:
    those already there); and the melds a wild card may join."""
    melds = [list(m) for m in table]  # the side's melds, one group per rank already
    hand = [list(m) for m in laid] if laid is not None else [[] for _ in melds]
    where: dict[Rank, int] = {}
    for i, meld in enumerate(melds):
        rank = group_rank(tuple(meld), rs)
        if rank is not None:
            where.setdefault(rank, i)
    for card in cards:
        if card.rank.is_wild:
            continue
        if card.rank not in where:
            where[card.rank] = len(melds)
            melds.append([])
            hand.append([])
        melds[where[card.rank]].append(card)
        hand[where[card.rank]].append(card)
    open_to_wilds = sorted(i for rank, i in where.items() if rank.is_natural)
    return melds, hand, open_to_wilds


# A run the hand may lay: the table meld it joins (-1: a new sequence) and its cards.
Run = tuple[int, tuple[Card, ...]]


def runs(rs: Ruleset, table: Melds, cards: tuple[Card, ...]) -> list[Run]:
    """Every run of one suit the hand can lay (RULES 1.4, sequence meld): a new sequence of at
    least the ruleset's smallest meld, or cards that join either end of a sequence of the side's.
    Only cards with a suit can be in a sequence."""
    held: dict[Suit, dict[int, Card]] = {}
    for card in cards:
        if card.is_natural and card.suit is not None and card.rank.sequence_index >= 0:
            held.setdefault(card.suit, {})[card.rank.sequence_index] = card
    out: list[Run] = []
    for at in held.values():
        for start in sorted(at):
            stop = start
            while stop in at:
                stop += 1
                if stop - start >= rs.meld.min_cards:
                    out.append((-1, tuple(at[i] for i in range(start, stop))))
    for t, meld in enumerate(table):
        shape, _ = shape_of(meld, rs)
        if shape is None or shape.kind is not Kind.SEQUENCE:
            continue
        ends = held.get(meld[0].suit) if meld[0].suit is not None else None
        if not ends:
            continue
        low = min(c.rank.sequence_index for c in meld)
        high = max(c.rank.sequence_index for c in meld)
        i = low - 1
        while i in ends:
            out.append((t, tuple(ends[j] for j in range(i, low))))
            i -= 1
        i = high + 1
        while i in ends:
            out.append((t, tuple(ends[j] for j in range(high + 1, i + 1))))
            i += 1
    return out


def with_sequences(
    rs: Ruleset, table: Melds, cards: tuple[Card, ...]
) -> Iterator[tuple[Melds, Melds, tuple[Card, ...]]]:
    """Each choice of runs the hand lays where the ruleset has sequences: the table with them
    (new sequences after the side's melds), the hand's cards in each of those melds, and the
    cards left for groups. The first choice lays no run."""
    if not rs.meld.sequences:
        yield table, tuple(() for _ in table), cards
        return
    options = runs(rs, table, cards)

    def choose(
        start: int, left: Counter[Card], chosen: list[Run]
    ) -> Iterator[tuple[Melds, Melds, tuple[Card, ...]]]:
        yield laid_out(table, chosen, left)
        for k in range(start, len(options)):
            target, run = options[k]
            need = Counter(run)
            if any(left[c] < n for c, n in need.items()):
                continue
            if target >= 0 and any(t == target and ends_meet(r, run) for t, r in chosen):
                continue
            yield from choose(k, left - need, [*chosen, (target, run)])

    yield from choose(0, Counter(cards), [])


def ends_meet(a: tuple[Card, ...], b: tuple[Card, ...]) -> bool:
    """Two runs joining one sequence at the same end (they would overlap in ranks)."""
    ranks_a = {c.rank.sequence_index for c in a}
    return any(c.rank.sequence_index in ranks_a for c in b)


def laid_out(
    table: Melds, chosen: list[Run], left: Counter[Card]
) -> tuple[Melds, Melds, tuple[Card, ...]]:
    melds = [list(m) for m in table]
    laid: list[list[Card]] = [[] for _ in table]
    for target, run in chosen:
        if target < 0:
            melds.append(list(run))
            laid.append(list(run))
        else:
            melds[target] = sorted([*melds[target], *run], key=lambda c: c.rank.sequence_index)
            laid[target].extend(run)
    return tuple(map(tuple, melds)), tuple(map(tuple, laid)), tuple(left.elements())


def layouts(rs: Ruleset, table: Melds, hand: tuple[Card, ...]) -> Iterator[Layout]:
    """Every layout of the side's melds with the whole hand melded, but for its final discard."""
    for discard in discards(rs, hand):
        rest = list(hand)
        if discard is not None:
            rest.remove(discard)
        yield from arrangements(rs, table, tuple(rest), discard)


def arrangements(
    rs: Ruleset, table: Melds, cards: tuple[Card, ...], discard: Card | None = None
) -> Iterator[Layout]:
    """Every layout of the side's melds with all of ``cards`` melded."""
    from canasta_score.core.errors import InputError

    tried = 0
    merged = merge_same_rank(table, rs)
    for with_runs, run_cards, rest in with_sequences(rs, merged, cards):
        melds, laid, places = joined(rs, with_runs, rest, run_cards)
        jokers = [c for c in rest if c.rank is JOKER]
        twos = [c for c in rest if c.rank.is_wild and c.rank is not JOKER]
        if (jokers or twos) and (rs.meld.wild_melds or not places):
            places = [*places, len(melds)]  # a meld of wild cards (judged like any other)
            melds = [*melds, []]
            laid = [*laid, []]
        # Every way to give the jokers, then the twos, to those places (a place for each card).
        for given_jokers in combinations_with_replacement(places, len(jokers)):
            for given_twos in combinations_with_replacement(places, len(twos)):
                tried += 1
                if tried > MAX_LAYOUTS:
                    raise InputError(
                        _(
                            "the hand can be laid out in too many ways to try them all; give "
                            "the melds as they will stand and the final discard instead of the "
                            "hand"
                        )
                    )
                out = [list(m) for m in melds]
                hand_part = [list(m) for m in laid]
                wild = zip((*jokers, *twos), (*given_jokers, *given_twos), strict=True)
                for card, place in wild:
                    out[place].append(card)
                    hand_part[place].append(card)
                kept = [i for i, m in enumerate(out) if m]
                yield Layout(
                    tuple(tuple(out[i]) for i in kept),
                    tuple(tuple(hand_part[i]) for i in kept),
                    discard,
                )


def broken_melds(rs: Ruleset, layout: Layout) -> list[tuple[Card, ...]]:
    """The hand's cards in each meld of the layout that breaks a rule as it stands."""
    return [
        laid
        for meld, laid in zip(layout.melds, layout.laid, strict=True)
        if laid and judge(meld, rs, FINISHED).broken
    ]


def worth(rs: Ruleset, layout: Layout) -> tuple[int, int, int]:
    """What a layout scores for the side, to choose among legal ones (RULES 2.6): the canasta
    bonuses first, then the count of the melded cards, then the fewest cards left out (the
    final discard)."""
    bonuses = 0
    for meld in layout.melds:
        shape, _ = shape_of(meld, rs)
        key = canasta_bonus_key(shape, rs) if shape is not None else None
        if key is not None:
            bonuses += int(rs.value(key))
    melded = sum(rs.count(m) for m in layout.melds)
    return bonuses, melded, -(layout.discard is not None)
