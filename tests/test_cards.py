"""Card notation (CONTRACT section 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_score.core.errors import CardNotationError
from canasta_score.rules.cards import Card, Rank, Suit, parse_card, parse_cards


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("A", Rank.ACE, None),
        ("k", Rank.KING, None),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("T", Rank.TEN, None),
        ("td", Rank.TEN, Suit.DIAMONDS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("7♣", Rank.SEVEN, Suit.CLUBS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("J♥", Rank.JACK, Suit.HEARTS),
        ("JD", Rank.JACK, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("4", Rank.FOUR, None),
    ],
)
def test_contract_2_ranks_and_suits(token: str, rank: Rank, suit: Suit | None) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("token", ["JK", "jkr", "Joker", "JOKER"])
def test_contract_2_joker_spellings(token: str) -> None:
    assert parse_card(token).rank is Rank.JOKER


@pytest.mark.parametrize(
    ("token", "red"),
    [
        ("3H", True),
        ("3D", True),
        ("3♥", True),
        ("3S", False),
        ("3C", False),
        ("3R", True),
        ("3B", False),
        ("3b", False),
    ],
)
def test_contract_2_threes_say_their_colour(token: str, red: bool) -> None:
    card = parse_card(token)
    assert card.rank is Rank.THREE
    assert card.is_red is red
    assert card.is_red_three is red
    assert card.is_black_three is (not red)


def test_contract_2_bare_three_says_how_to_write_it() -> None:
    with pytest.raises(CardNotationError) as err:
        parse_card("3")
    assert '"3"' in str(err.value)
    assert "3H" in str(err.value) and "3S" in str(err.value) and "3R" in str(err.value)


@pytest.mark.parametrize("token", ["11", "KX", "1", "Z", "10X", "AA", "3X"])
def test_contract_2_unknown_token_is_named(token: str) -> None:
    with pytest.raises(CardNotationError) as err:
        parse_cards(f"K {token} K")
    assert f'"{token}"' in str(err.value)


def test_the_unknown_card_message_lists_only_ranks_accepted_bare() -> None:
    """CONTRACT 2: a three is written with its suit or colour (a bare 3 is refused), so the
    ranks the message offers bare leave it out, and say how a three is written."""
    with pytest.raises(CardNotationError) as err:
        parse_card("X")
    text = str(err.value)
    ranks = text[text.index("(") + 1 : text.index(",", text.index("("))].split()
    assert ranks == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "2"]
    assert "3H" in text and "3B" in text


def test_contract_2_commas_and_spaces_separate_cards() -> None:
    assert parse_cards("KS,KH,KD,2C") == parse_cards("KS KH  KD, 2C")
    assert len(parse_cards(" K, K K 2 ")) == 4


def test_contract_2_empty_meld_is_an_error() -> None:
    with pytest.raises(CardNotationError):
        parse_cards("  ,  ")


def test_natural_and_wild_ranks_rules_1_2() -> None:
    naturals = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    assert all(parse_card(r).is_natural for r in naturals)
    assert parse_card("2").is_wild and parse_card("JK").is_wild
    assert not parse_card("3H").is_natural and not parse_card("3H").is_wild


cards = (
    st.builds(
        Card,
        st.sampled_from([r for r in Rank if r not in (Rank.THREE, Rank.JOKER)]),
        st.one_of(st.none(), st.sampled_from(list(Suit))),
    )
    | st.builds(lambda s: Card(Rank.THREE, s), st.sampled_from(list(Suit)))
    | st.just(Card(Rank.JOKER))
    | st.builds(lambda red: Card(Rank.THREE, None, red), st.booleans())
)


@given(cards)
def test_notation_round_trips(card: Card) -> None:
    assert parse_card(card.notation) == card


def test_each_card_is_made_once_so_equal_cards_are_one_object() -> None:
    """CONTRACT section 2: ``KS``, ``ks`` and ``K♠`` write one card; it is one object, whether
    parsed, made directly, copied or pickled, so it compares and hashes by identity."""
    import copy
    import pickle

    king = parse_card("KS")
    assert parse_card("ks") is king and parse_card("K♠") is king
    assert Card(Rank.KING, Suit.SPADES) is king
    assert copy.deepcopy(king) is king and pickle.loads(pickle.dumps(king)) is king
    assert Card(Rank.THREE, None, True) is parse_card("3R") != parse_card("3H")
    assert {king: 1}[Card(Rank.KING, Suit.SPADES)] == 1
    assert king.is_natural and not king.is_wild and not king.is_red and str(king) == "KS"
    assert parse_card("3H").is_red_three and parse_card("3B").is_black_three
