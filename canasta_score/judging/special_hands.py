"""US American special hands (RULES 7.2): check that 14 cards make the special hand declared."""

from __future__ import annotations

from collections import Counter

from canasta_score.core.language import _
from canasta_score.rules.cards import ACE, JOKER, SEVEN, THREE, TWO, Card, Rank

SIZE = 14
STRAIGHT_RANKS = tuple(r for r in Rank if r is not JOKER)


def straight_problem(cards: tuple[Card, ...]) -> str | None:
    """One card of every rank A down to 2 (a three included) and one joker."""
    ranks = Counter(c.rank for c in cards)
    missing = [r.value for r in STRAIGHT_RANKS if ranks[r] != 1]
    if missing or ranks[JOKER] != 1:
        if missing:
            return _(
                "a straight is one card of each rank A K Q J 10 9 8 7 6 5 4 3 2 and one joker "
                "(not exactly one of: {ranks})"
            ).format(ranks=" ".join(missing))
        return _("a straight is one card of each rank A K Q J 10 9 8 7 6 5 4 3 2 and one joker")
    return None


def pairs_problem(cards: tuple[Card, ...]) -> str | None:
    """Seven pairs of natural cards, no wild card."""
    if any(not c.is_natural for c in cards):
        return _("natural pairs hold no wild card and no three")
    odd = [r.value for r, n in Counter(c.rank for c in cards).items() if n % 2]
    if odd:
        text = _("seven pairs need an even number of each rank (odd: {ranks})")
        return text.format(ranks=" ".join(odd))
    return None


def pairs_27a_problem(cards: tuple[Card, ...]) -> str | None:
    """Seven pairs, among them a pair of twos, a pair of sevens and a pair of aces; no joker."""
    ranks = Counter(c.rank for c in cards)
    if ranks[JOKER] or ranks[THREE]:
        return _("pairs with 2s, 7s and aces hold no joker and no three")
    odd = [r.value for r, n in ranks.items() if n % 2]
    if odd:
        text = _("seven pairs need an even number of each rank (odd: {ranks})")
        return text.format(ranks=" ".join(odd))
    lacking = [r.value for r in (TWO, SEVEN, ACE) if ranks[r] < 2]
    if lacking:
        text = _("pairs with 2s, 7s and aces need a pair of each (missing: {ranks})")
        return text.format(ranks=" ".join(lacking))
    return None


def garbage_problem(cards: tuple[Card, ...]) -> str | None:
    """Two four-of-a-kinds and two three-of-a-kinds of natural cards (4+4+3+3)."""
    if any(not c.is_natural for c in cards):
        return _("garbage holds no wild card and no three")
    sizes = sorted(Counter(c.rank for c in cards).values())
    if sizes != [3, 3, 4, 4]:
        return _("garbage is two four-of-a-kinds and two three-of-a-kinds of different ranks")
    return None


CHECKS = {
    "straight": straight_problem,
    "pairs": pairs_problem,
    "pairs-27a": pairs_27a_problem,
    "garbage": garbage_problem,
}


def special_hand_problem(kind: str, cards: tuple[Card, ...]) -> str | None:
    """Why these cards are not the special hand ``kind``, or None when they are."""
    if len(cards) != SIZE:
        text = _("a special hand is exactly {size} cards (13 dealt, 1 drawn), not {count}")
        return text.format(size=SIZE, count=len(cards))
    return CHECKS[kind](cards)
