"""What the deck holds, rank by rank: four of each rank per pack (two red and two black threes),
and the ruleset's jokers. Hand records and rulings both ask here whether some cards name more of a
kind than the packs hold (suits are not checked: tables write them loosely)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from canasta_score.core.frozen import record
from canasta_score.core.language import N_, _
from canasta_score.rules.cards import JOKER, THREE, Card, Rank
from canasta_score.rules.ruleset import RANK_OF, Ruleset


@record
class Excess:
    """A kind of card named more often than the deck holds it (``words``: the kind, in the
    language in use)."""

    words: str
    named: int
    held: int


@record
class Tally:
    """Cards counted by kind: ranks (threes apart), red threes, black threes."""

    ranks: dict[Rank, int]
    red: int = 0
    black: int = 0

    @classmethod
    def of(cls, cards: Iterable[Card], red: int = 0, black: int = 0) -> Tally:
        """The tally of ``cards`` and of ``red`` and ``black`` threes given by their number."""
        listed = cards if isinstance(cards, (list, tuple)) else list(cards)
        ranks = Counter(map(RANK_OF, listed))  # counted in C
        if ranks.pop(THREE, 0):
            red += sum(card.is_red_three for card in listed)
            black += sum(card.is_black_three for card in listed)
        return cls(ranks, red, black)


def excess(rs: Ruleset, tally: Tally) -> list[Excess]:
    """Every kind of card the tally names more often than the ruleset's deck holds."""
    packs = rs.deck.decks
    out = []
    for rank, n in tally.ranks.items():
        held = packs * rs.deck.jokers_per_deck if rank is JOKER else packs * 4
        if n > held:
            words = (
                _("jokers") if rank is JOKER else _("cards of rank {rank}").format(rank=rank.value)
            )
            out.append(Excess(words, n, held))
    for words, n in ((N_("red threes"), tally.red), (N_("black threes"), tally.black)):
        if n > 2 * packs:
            out.append(Excess(_(words), n, 2 * packs))
    return out


def described(rs: Ruleset) -> str:
    """The deck in words, for messages: ``the Classic Canasta deck (2 packs)``."""
    return _("the {name} deck ({packs} packs)").format(name=rs.shown_name, packs=rs.deck.decks)
