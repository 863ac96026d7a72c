"""Hand and Foot (RULES 17; decisions D46-D50): examples H1-H3 and each distinctive rule."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RecordError
from canasta_score.judging.judge import (
    check_discard,
    check_go_out,
    check_initial_meld,
    check_meld,
    check_pickup,
    min_meld,
)
from canasta_score.rules.cards import parse_card
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("hand-and-foot")


@pytest.fixture(scope="module")
def singles() -> Ruleset:
    return load_ruleset("hand-and-foot", players=2)


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize(
    ("players", "side_size", "decks", "naturals", "mixed", "permission"),
    [
        (2, 1, 4, 1, 2, "none"),
        (3, 1, 4, 1, 2, "none"),
        (4, 2, 5, 3, 4, "mandatory"),
        (6, 2, 7, 3, 4, "mandatory"),
        (8, 2, 7, 3, 4, "mandatory"),
    ],
)
def test_hand_and_foot_17_1_player_counts(
    players: int, side_size: int, decks: int, naturals: int, mixed: int, permission: str
) -> None:
    """Teams of 2 (2, 3 or 4 teams) or singles; 4-7 packs, players + 1 by default."""
    rs = load_ruleset("hand-and-foot", players=players)
    assert (rs.table.side_size, rs.deck.decks, rs.deck.jokers_per_deck) == (side_size, decks, 2)
    assert (rs.go_out.natural_canastas, rs.go_out.mixed_canastas) == (naturals, mixed)
    assert rs.go_out.permission == permission
    assert (rs.deal.hand_size, rs.deal.foot_size, rs.draw.stock_cards) == (11, 11, 2)
    assert rs.initial_meld.basis == "hand_number" and rs.game.hands == 4
    assert rs.status == "complete" and rs.threes.red_values == (0,)


# ---------------------------------------------------------------- H1


@pytest.mark.parametrize(("hand", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150), (5, 150)])
def test_hand_and_foot_H1_minimum_by_hand_number(rs: Ruleset, hand: int, minimum: int) -> None:
    """Hands after the fourth, if played, keep 150 (D49); the score does not matter."""
    assert min_meld(rs, 9000, hand_number=hand).minimum == minimum


@pytest.mark.parametrize(
    ("melds", "hand", "points", "legal"),
    [
        (["8 8 8", "5 5 2"], 1, 60, True),
        (["8 8 8", "5 5 2"], 2, 60, False),
        (["K K K", "A A 2", "9 9 JK"], 3, 160, True),
        (["K K K", "A A 2", "9 9 JK"], 4, 160, True),
    ],
)
def test_hand_and_foot_H1(
    rs: Ruleset, melds: list[str], hand: int, points: int, legal: bool
) -> None:
    ruling = check_initial_meld(rs, [c(m) for m in melds], score=0, hand_number=hand)
    assert ruling.legal is legal and ruling.extra["points"] == points


# ---------------------------------------------------------------- H2

NATURAL = ["K K K K K K K", "Q Q Q Q Q Q Q", "9 9 9 9 9 9 9"]
MIXED = ["8 8 8 8 8 2 2", "J J J J 2 JK JK", "6 6 6 6 6 2 2", "A A A A A A 2"]


def test_hand_and_foot_H2_three_natural_three_mixed_cannot_go_out(rs: Ruleset) -> None:
    ruling = check_go_out(rs, tuple(c(m) for m in NATURAL + MIXED[:3]), partner="yes")
    assert not ruling.legal
    assert "hand-and-foot.go-out.mixed-canastas" in [r.rule for r in ruling.cited]


def test_hand_and_foot_H2_fourth_mixed_and_the_partner_agrees(rs: Ruleset) -> None:
    table = tuple(c(m) for m in NATURAL + MIXED)
    assert check_go_out(rs, table, partner="yes").legal
    assert not check_go_out(rs, table, partner="no").legal


def test_hand_and_foot_D46_surplus_natural_does_not_replace_a_mixed(rs: Ruleset) -> None:
    table = tuple(c(m) for m in [*NATURAL, "10 10 10 10 10 10 10", *MIXED[:3]])
    ruling = check_go_out(rs, table, partner="yes")
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["hand-and-foot.go-out.mixed-canastas"]


def test_hand_and_foot_H2_singles_one_natural_two_mixed(singles: Ruleset) -> None:
    assert check_go_out(singles, tuple(c(m) for m in [NATURAL[0], *MIXED[:2]])).legal
    assert not check_go_out(singles, tuple(c(m) for m in MIXED[:3])).legal


# ---------------------------------------------------------------- H3

H3 = """
[[side]]
name = "A"
melds = ["K K K K K K K", "Q Q Q Q Q Q Q", "9 9 9 9 9 9 9",
         "8 8 8 8 8 2 2", "J J J J 2 JK JK", "6 6 6 6 6 2 2", "A A A A A A 2", "5 5 5"]
in_hand = ["", "4C 3S 3H"]
went_out = true

[[side]]
name = "B"
melds = ["10 10 10 10 10 JK 2", "7 7 7 7 2 2 2", "4 4 4"]
in_hand = ["KD QH 8C 3D 3C 2S 9C 9D 8S 7H 6C 5D 4S KH QC JD 10S", "AH 5C JK"]
"""


def test_hand_and_foot_H3_team_a(rs: Ruleset) -> None:
    """680 + 1,500 + 1,200 + 100 - (5 + 5 + 300) = 3,170."""
    result = score(rs, H3)
    assert items(result, "A") == {
        "hand-and-foot.scoring.melded-cards": 680,
        "hand-and-foot.canasta.natural": 1500,
        "hand-and-foot.canasta.mixed": 1200,
        "hand-and-foot.go-out.bonus": 100,
        "hand-and-foot.scoring.cards-in-hand": -5,
        "hand-and-foot.threes.black-in-hand": -5,
        "hand-and-foot.threes.red-in-hand": -300,
    }
    assert result.side("A").total == 3170


def test_hand_and_foot_H3_team_b(rs: Ruleset) -> None:
    """215 + 600 - 445 (B1: hand 355, unplayed foot 90) - 75 (B2) = 295."""
    result = score(rs, H3)
    b = items(result, "B")
    assert b["hand-and-foot.scoring.cards-in-hand"] == -(50 + 90 + 75)
    assert b["hand-and-foot.threes.red-in-hand"] == -300
    assert b["hand-and-foot.threes.black-in-hand"] == -5
    assert result.side("B").total == 295


def test_hand_and_foot_concealed_no_going_out_bonus(rs: Ruleset) -> None:
    """Hand and Foot concealed (0.3): no concealed going-out bonus. H3 with team A going out
    concealed still scores 3,170 (going out 100 only); classic would add 100 more."""
    assert rs.go_out.concealed_bonus == 0
    result = score(rs, H3.replace("went_out = true", "went_out = true\nconcealed = true"))
    assert "hand-and-foot.go-out.concealed-bonus" not in items(result, "A")
    assert result.side("A").total == 3170


def test_hand_and_foot_concealed_bonus_is_a_house_rule(rs: Ruleset) -> None:
    """A house rule may add one: 3,170 + 100."""
    house = load_ruleset("hand-and-foot", overrides=["go_out.concealed_bonus=100"])
    result = score(house, H3.replace("went_out = true", "went_out = true\nconcealed = true"))
    assert items(result, "A")["hand-and-foot.go-out.concealed-bonus"] == 100
    assert result.side("A").total == 3270


def test_hand_and_foot_hand_and_foot_as_separate_strings(rs: Ruleset) -> None:
    """Each player's hand and foot may also be two strings: B1 hand, B1 foot, B2 hand, B2 foot."""
    split = H3.replace(
        '"KD QH 8C 3D 3C 2S 9C 9D 8S 7H 6C 5D 4S KH QC JD 10S", "AH 5C JK"',
        '"KD QH 8C 3D 3C 2S", "9C 9D 8S 7H 6C 5D 4S KH QC JD 10S", "AH 5C JK", ""',
    )
    assert score(rs, split).side("B").total == 295
    labels = [i.label for i in score(rs, split).side("B").items]
    assert "cards left in hand and foot" in labels


def test_hand_and_foot_too_many_hand_strings(rs: Ruleset) -> None:
    record = H3.replace('"AH 5C JK"', '"AH", "5C", "JK", ""')
    with pytest.raises(RecordError, match="in_hand lists 5"):
        score(rs, record)


def test_hand_and_foot_threes_are_never_laid_out(rs: Ruleset) -> None:
    with pytest.raises(RecordError, match="not laid face up"):
        score(rs, H3.replace('in_hand = ["", "4C 3S 3H"]', "red_threes = 1"))


def test_hand_and_foot_cli_score_hand_H3() -> None:
    result = CliRunner().invoke(app, ["score-hand", "-", "-r", "hand-and-foot", "--json"], input=H3)
    assert result.exit_code == 0, result.output
    totals = {s["name"]: s["total"] for s in json.loads(result.stdout)["sides"]}
    assert totals == {"A": 3170, "B": 295}


# ---------------------------------------------------------------- melds, pile, discards


@pytest.mark.parametrize("cards", ["3H 3H 3D", "3S 3S 3C", "3S 3C 3S 3C"])
def test_hand_and_foot_threes_never_melded(rs: Ruleset, cards: str) -> None:
    assert not check_meld(rs, c(cards), going_out=True).legal


def test_hand_and_foot_D49_classic_meld_limits(rs: Ruleset) -> None:
    assert check_meld(rs, c("J J J J 2 JK JK")).legal
    assert not check_meld(rs, c("J J J 2 JK JK")).legal
    assert check_meld(rs, c("K K K K K K K K K")).legal


def test_hand_and_foot_D48_top_five_cards(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("9D"), c("9S 9C 4H"))
    assert ruling.legal and ruling.extra["takes"] == 5
    assert ruling.cited[-1].rule == "hand-and-foot.pile.take-count"


def test_hand_and_foot_natural_pair_only(rs: Ruleset) -> None:
    assert not check_pickup(rs, parse_card("9D"), c("9S JK 4H"), table=(c("9 9 9"),)).legal


@pytest.mark.parametrize("top", ["3S", "3H", "2C", "JK"])
def test_hand_and_foot_three_or_wild_on_top_blocks(rs: Ruleset, top: str) -> None:
    assert not check_pickup(rs, parse_card(top), c("3S 3S 3H 3H 2C 2D JK JK")).legal


def test_hand_and_foot_D48_opening_with_the_pile(rs: Ruleset) -> None:
    """Hand 1 (50): 9 9 + top 9 = 30 is short; with K K K from hand, 60 is enough."""
    top = parse_card("9D")
    assert not check_pickup(rs, top, c("9S 9C 4H"), opened=False, hand_number=1).legal
    ruling = check_pickup(rs, top, c("9S 9C KS KH KD 4H"), opened=False, hand_number=1)
    assert ruling.legal and ruling.extra["points"] == 60


@pytest.mark.parametrize("card", ["3H", "3S"])
def test_hand_and_foot_threes_leave_by_discard(rs: Ruleset, card: str) -> None:
    assert check_discard(rs, parse_card(card), c(f"{card} K 5")).legal


def test_hand_and_foot_cli_min_meld_by_hand_number() -> None:
    args = ["min-meld", "-r", "hand-and-foot", "--hand-number", "3", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["minimum"] == 120


def test_hand_and_foot_books_capped_at_7_option_off_by_default(rs: Ruleset) -> None:
    """D49: classic meld limits, no size cap: eight kings are one book (a natural canasta)."""
    assert rs.meld.max_cards == 0
    assert check_meld(rs, c("K K K K K K K K")).legal


def test_hand_and_foot_books_capped_at_7_option(rs: Ruleset) -> None:
    """The common house rule (RULES 17.1 meld): a book stops at 7 cards, so an eighth king
    is refused and a pair of kings cannot take the pile onto six melded kings (6 + 3 = 9)."""
    capped = load_ruleset("hand-and-foot", overrides=["meld.max_cards=7"])
    ruling = check_meld(capped, c("K K K K K K K K"))
    assert not ruling.legal
    assert [r.rule for r in ruling.reasons] == ["hand-and-foot.meld.max-cards"]
    assert check_meld(capped, c("K K K K K K K")).legal
    top, hand = parse_card("KD"), c("KS KH 5C")
    pickup = check_pickup(capped, top, hand, opened=True, table=(c("K K K K K K"),))
    assert not pickup.legal
    assert check_pickup(rs, top, hand, opened=True, table=(c("K K K K K K"),)).legal
