"""The ways a hand can be melded away when going out: which of its cards join the side's melds,
which form new melds, and which one card (if any) is the final discard.

The search is plain and complete within its scope: every natural card joins the side's meld of
its rank or a new meld of its rank with the other cards of that rank; each wild card goes to one
of those melds or to a meld of wild cards (every spread is tried); the discard is no card or any
one card of the hand. Sequences are not formed from the hand. The caller judges each
layout with the going-out rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from canasta_score.core.language import _
from canasta_score.judging.melds import Kind, merge_same_rank, shape_of
from canasta_score.rules.cards import JOKER, Card, Rank
from canasta_score.rules.ruleset import Ruleset

# Layouts tried at most; a hand with more (many wild cards and melds) is refused, not guessed.
MAX_LAYOUTS = 20_000

Melds = tuple[tuple[Card, ...], ...]


def discards(rs: Ruleset, hand: tuple[Card, ...]) -> list[Card | None]:
    """The final discards to try: none (where that is allowed), then each kind of card held."""
    kinds: list[Card | None] = list(dict.fromkeys(hand))
    return kinds if rs.go_out.final_discard == "required" else [None, *kinds]


def joined(
    rs: Ruleset, table: Melds, cards: tuple[Card, ...]
) -> tuple[list[list[Card]], list[int]]:
    """The side's melds with the natural cards (and black threes) of ``cards`` added to the meld
    of their rank, or laid as a new meld of that rank; and the melds a wild card may join."""
    melds = [list(m) for m in merge_same_rank(table, rs)]
    where: dict[Rank, int] = {}
    for i, meld in enumerate(melds):
        shape, _ = shape_of(tuple(meld), rs)
        if shape is not None and shape.kind is Kind.GROUP and shape.rank is not None:
            where.setdefault(shape.rank, i)
    for card in cards:
        if card.rank.is_wild:
            continue
        if card.rank not in where:
            where[card.rank] = len(melds)
            melds.append([])
        melds[where[card.rank]].append(card)
    open_to_wilds = sorted(i for rank, i in where.items() if rank.is_natural)
    return melds, open_to_wilds


def spreads(count: int, places: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``count`` like cards to ``places`` (the place of each card, sorted)."""
    if count == 0:
        yield ()
        return
    yield from combinations_with_replacement(places, count)


def layouts(
    rs: Ruleset, table: Melds, hand: tuple[Card, ...]
) -> Iterator[tuple[Melds, Card | None]]:
    """Every layout of the side's melds with the whole hand melded, but for its final discard."""
    from canasta_score.core.errors import InputError

    tried = 0
    for discard in discards(rs, hand):
        rest = list(hand)
        if discard is not None:
            rest.remove(discard)
        melds, places = joined(rs, table, tuple(rest))
        jokers = [c for c in rest if c.rank is JOKER]
        twos = [c for c in rest if c.rank.is_wild and c.rank is not JOKER]
        if (jokers or twos) and (rs.meld.wild_melds or not places):
            places = [*places, len(melds)]  # a meld of wild cards (judged like any other)
            melds = [*melds, []]
        for given_jokers in spreads(len(jokers), places):
            for given_twos in spreads(len(twos), places):
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
                for card, place in zip(jokers, given_jokers, strict=True):
                    out[place].append(card)
                for card, place in zip(twos, given_twos, strict=True):
                    out[place].append(card)
                yield tuple(tuple(m) for m in out if m), discard
