"""Cards: ranks, suits, and the card notation of the contract (section 2)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from canasta_score.errors import CardNotationError
from canasta_score.language import N_, _


class Rank(Enum):
    """Card ranks from high to low, then the joker."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    JOKER = "JK"

    # Members are singletons compared by identity, so the identity hash (in C) is exact and
    # much faster than Enum's hash of the member name; rulings look ranks up very often.
    __hash__ = object.__hash__

    # Set once for every member below: twos and jokers are wild; A K Q J 10 9 8 7 6 5 4 are
    # natural; a sequence runs from 4 (index 0) up to A (index 10), other ranks have -1.
    is_wild: bool
    is_natural: bool
    sequence_index: int


SEQUENCE_ORDER = (
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
for _rank in Rank:
    _rank.is_wild = _rank in (Rank.TWO, Rank.JOKER)
    _rank.is_natural = not _rank.is_wild and _rank is not Rank.THREE
    _rank.sequence_index = SEQUENCE_ORDER.index(_rank) if _rank in SEQUENCE_ORDER else -1
NATURAL_RANKS = tuple(r for r in Rank if r.is_natural)
WILD_RANKS = (Rank.TWO, Rank.JOKER)


class Suit(Enum):
    """The four suits."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


@dataclass(frozen=True, order=False)
class Card:
    """One card; ``red`` is the colour of a three written without a suit (``3R``/``3B``)."""

    rank: Rank
    suit: Suit | None = None
    red: bool | None = None

    @property
    def is_wild(self) -> bool:
        return self.rank in WILD_RANKS

    @property
    def is_natural(self) -> bool:
        return self.rank in NATURAL_RANKS

    @property
    def is_red_three(self) -> bool:
        return self.rank is Rank.THREE and self.is_red

    @property
    def is_black_three(self) -> bool:
        return self.rank is Rank.THREE and not self.is_red

    @property
    def is_red(self) -> bool:
        """Whether the card is red (by suit, or by the colour given for a three)."""
        if self.suit is not None:
            return self.suit.is_red
        return bool(self.red)

    def __str__(self) -> str:
        return format_card(self)


_JOKER_TOKENS = {"JK", "JKR", "JOKER"}
_RANK_TOKENS = {r.value: r for r in Rank if r is not Rank.JOKER}
_RANK_TOKENS["T"] = Rank.TEN
_SPLIT = re.compile(r"[\s,]+")
HOW_TO_WRITE = N_(
    "write a rank (A K Q J 10 9 8 7 6 5 4 3 2, or T for 10) optionally followed by a suit "
    "(S H D C or ♠ ♥ ♦ ♣), or JK for a joker"
)


@lru_cache(maxsize=1024)
def parse_card(token: str) -> Card:
    """Parse one card token such as ``KS``, ``10♦``, ``3H``, ``3B`` or ``JK``."""
    text = token.strip().upper()
    if not text:
        raise CardNotationError(_("empty card: {how}").format(how=_(HOW_TO_WRITE)))
    if text in _JOKER_TOKENS:
        return Card(Rank.JOKER)
    suit: Suit | None = None
    colour: bool | None = None
    last = text[-1]
    if last in SUIT_SYMBOLS:
        suit, text = SUIT_SYMBOLS[last], text[:-1]
    elif len(text) > 1 and last in "SHDC" and text[:-1] in _RANK_TOKENS:
        suit, text = Suit(last), text[:-1]
    elif len(text) > 1 and last in "RB" and text[:-1] == "3":
        colour, text = last == "R", text[:-1]
    rank = _RANK_TOKENS.get(text)
    if rank is None:
        raise CardNotationError(
            _('unknown card "{token}": {how}').format(token=token.strip(), how=_(HOW_TO_WRITE))
        )
    if rank is Rank.THREE and suit is None and colour is None:
        raise CardNotationError(
            _(
                '"{token}" is a three without its colour: write 3H or 3D (red), '
                "3S or 3C (black), or 3R / 3B when only the colour is known"
            ).format(token=token.strip())
        )
    return Card(rank, suit, colour)


def parse_rank(text: str) -> Rank:
    """A natural rank written alone, such as ``K``, ``10`` (or ``T``), ``7`` or ``A``: a rank
    that can close (Modern American)."""
    rank = _RANK_TOKENS.get(text.strip().upper())
    if rank is None or not rank.is_natural:
        raise CardNotationError(
            _('"{text}" is not a natural rank such as K, 7 or A').format(text=text)
        )
    return rank


def parse_ranks(texts: list[str]) -> frozenset[Rank]:
    """Several natural ranks (see :func:`parse_rank`)."""
    return frozenset(parse_rank(t) for t in texts)


def parse_cards(text: str, *, allow_empty: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas."""
    tokens = [t for t in _SPLIT.split(text.strip()) if t]
    if not tokens and not allow_empty:
        raise CardNotationError(
            _('no cards in "{text}": {how}').format(text=text, how=_(HOW_TO_WRITE))
        )
    return tuple(parse_card(t) for t in tokens)


def format_card(card: Card) -> str:
    """Write a card in the notation (``KS``, ``10H``, ``3R``, ``JK``)."""
    if card.rank is Rank.JOKER:
        return "JK"
    if card.suit is not None:
        return f"{card.rank.value}{card.suit.value}"
    if card.rank is Rank.THREE:
        return "3R" if card.red else "3B"
    return str(card.rank.value)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Write cards separated by spaces."""
    return " ".join(format_card(c) for c in cards)
