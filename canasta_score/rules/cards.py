"""Cards: ranks, suits, and the card notation of the contract (section 2)."""

from __future__ import annotations

import re
from dataclasses import field
from enum import Enum
from functools import lru_cache

from canasta_score.core.errors import CardNotationError
from canasta_score.core.frozen import make, record
from canasta_score.core.language import N_, _


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


# The ranks as plain module names. Under Python 3.11 reading an enum member from its class
# (``Rank.THREE``) costs about ten times reading a module name, and rulings read ranks in every
# loop over cards; the hot code uses these names.
ACE, KING, QUEEN, JACK, TEN = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN
NINE, EIGHT, SEVEN, SIX, FIVE = Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE
FOUR, THREE, TWO, JOKER = Rank.FOUR, Rank.THREE, Rank.TWO, Rank.JOKER

SEQUENCE_ORDER = (
    FOUR,
    FIVE,
    SIX,
    SEVEN,
    EIGHT,
    NINE,
    TEN,
    JACK,
    QUEEN,
    KING,
    ACE,
)
for _rank in Rank:
    _rank.is_wild = _rank in (TWO, JOKER)
    _rank.is_natural = not _rank.is_wild and _rank is not THREE
    _rank.sequence_index = SEQUENCE_ORDER.index(_rank) if _rank in SEQUENCE_ORDER else -1
NATURAL_RANKS = tuple(r for r in Rank if r.is_natural)


class Suit(Enum):
    """The four suits."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity (see Rank).
    __hash__ = object.__hash__

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


SUIT_SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


@record
class Card:
    """One card; ``red`` is the colour of a three written without a suit (``3R``/``3B``).

    Each card is made once: ``Card(...)`` gives the one card of that rank, suit and colour, so
    equal cards are the same object and compare and hash by identity (fast, in C). What a card
    is (wild, natural, red, a red or black three) and how it is written are worked out then too:
    rulings ask them very often."""

    rank: Rank
    suit: Suit | None = None
    red: bool | None = None
    is_wild: bool = field(default=False, init=False, repr=False)
    is_natural: bool = field(default=False, init=False, repr=False)
    # Whether the card is red (by suit, or by the colour given for a three).
    is_red: bool = field(default=False, init=False, repr=False)
    is_red_three: bool = field(default=False, init=False, repr=False)
    is_black_three: bool = field(default=False, init=False, repr=False)
    # The card in the notation (``KS``, ``10H``, ``3R``, ``JK``).
    notation: str = field(default="", init=False, repr=False)
    # One object for each card: equal cards are the same object.
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __new__(cls, rank: Rank, suit: Suit | None = None, red: bool | None = None) -> Card:
        key = (rank, suit, red)
        card = _MADE.get(key)
        if card is None:
            is_red = suit.is_red if suit is not None else bool(red)
            three = rank is THREE
            card = _MADE[key] = make(
                cls,
                rank=rank,
                suit=suit,
                red=red,
                is_wild=rank.is_wild,
                is_natural=rank.is_natural,
                is_red=is_red,
                is_red_three=three and is_red,
                is_black_three=three and not is_red,
                notation=written(rank, suit, red),
            )
        return card

    def __init__(self, rank: Rank, suit: Suit | None = None, red: bool | None = None) -> None:
        """Nothing to do: :meth:`__new__` made the card."""

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit | None, bool | None]]:
        """Copies and pickles are made by ``Card(...)`` too, so they are the one card."""
        return Card, (self.rank, self.suit, self.red)

    def __str__(self) -> str:
        return self.notation


_MADE: dict[tuple[Rank, Suit | None, bool | None], Card] = {}


def written(rank: Rank, suit: Suit | None, red: bool | None) -> str:
    """A card in the notation (``KS``, ``10H``, ``3R``, ``JK``)."""
    if rank is JOKER:
        return "JK"
    if suit is not None:
        return f"{rank.value}{suit.value}"
    if rank is THREE:
        return "3R" if red else "3B"
    return str(rank.value)


_JOKER_TOKENS = {"JK", "JKR", "JOKER"}
_RANK_TOKENS = {r.value: r for r in Rank if r is not JOKER}
_RANK_TOKENS["T"] = TEN
_SPLIT = re.compile(r"[\s,]+")
HOW_TO_WRITE = N_(
    "write a rank (A K Q J 10 9 8 7 6 5 4 2, or T for 10) optionally followed by a suit "
    "(S H D C or ♠ ♥ ♦ ♣); a three with its suit, or R or B for its colour (3H, 3S, 3R, 3B); "
    "or JK for a joker"
)


@lru_cache(maxsize=1024)
def parse_card(token: str) -> Card:
    """Parse one card token such as ``KS``, ``10♦``, ``3H``, ``3B`` or ``JK``."""
    text = token.strip().upper()
    if not text:
        raise CardNotationError(_("empty card: {how}").format(how=_(HOW_TO_WRITE)))
    if text in _JOKER_TOKENS:
        return Card(JOKER)
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
        said = _('unknown card "{token}": {how}')
        raise CardNotationError(said.format(token=token.strip(), how=_(HOW_TO_WRITE)))
    if rank is THREE and suit is None and colour is None:
        said = _(
            '"{token}" is a three without its colour: write 3H or 3D (red), '
            "3S or 3C (black), or 3R / 3B when only the colour is known"
        )
        raise CardNotationError(said.format(token=token.strip()))
    return Card(rank, suit, colour)


def parse_rank(text: str) -> Rank:
    """A natural rank written alone, such as ``K``, ``10`` (or ``T``), ``7`` or ``A``: a rank
    that can close (Modern American)."""
    rank = _RANK_TOKENS.get(text.strip().upper())
    if rank is None or not rank.is_natural:
        said = _('"{text}" is not a natural rank such as K, 7 or A')
        raise CardNotationError(said.format(text=text))
    return rank


def parse_ranks(texts: list[str]) -> frozenset[Rank]:
    """Several natural ranks (see :func:`parse_rank`)."""
    return frozenset(parse_rank(t) for t in texts)


@lru_cache(maxsize=1 << 14)
def parse_cards(text: str, *, allow_empty: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas (each text read once: a table writes the
    same hands and melds again and again)."""
    # Without commas, str.split gives the same tokens (it splits on what \s matches), faster.
    tokens = [t for t in _SPLIT.split(text.strip()) if t] if "," in text else text.split()
    if not tokens and not allow_empty:
        said = _('no cards in "{text}": {how}')
        raise CardNotationError(said.format(text=text, how=_(HOW_TO_WRITE)))
    return tuple(map(parse_card, tokens))


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Write cards separated by spaces."""
    return " ".join([c.notation for c in cards])
