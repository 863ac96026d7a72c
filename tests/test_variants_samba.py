"""Samba (RULES 8; decisions D35-D37): examples S1-S4 and each distinctive rule."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.judging.judge import (
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
    return load_ruleset("samba")


def test_samba_8_1_table_numbers(rs: Ruleset) -> None:
    assert (rs.deck.decks, rs.deck.jokers_per_deck) == (3, 2)
    assert (rs.deal.hand_size, rs.draw.stock_cards) == (15, 2)
    assert (rs.go_out.canastas, rs.go_out.bonus, rs.go_out.concealed_bonus) == (2, 200, 0)
    assert rs.game.target == 10000


# ---------------------------------------------------------------- S1: initial meld


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [(-5, 15), (0, 50), (1500, 90), (3000, 120), (6995, 120), (7000, 150), (12000, 150)],
)
def test_samba_D35_tiers(rs: Ruleset, score_before: int, minimum: int) -> None:
    assert min_meld(rs, score_before).minimum == minimum


def test_samba_S1_130_is_short_of_150(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("8H 9H 10H JH"), c("A A 2"), c("K K K")], score=7250)
    assert not ruling.legal and ruling.extra == {"points": 130, "minimum": 150}


def test_samba_S1_king_group_with_a_joker_reaches_180(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("8H 9H 10H JH"), c("A A 2"), c("K K K JK")], score=7250)
    assert ruling.legal and ruling.extra["points"] == 180


def test_samba_S1_at_6995_130_is_enough(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("8H 9H 10H JH"), c("A A 2"), c("K K K")], score=6995)
    assert ruling.legal and ruling.extra == {"points": 130, "minimum": 120}


# ---------------------------------------------------------------- S2: hand score


S2 = """
[[side]]
name = "A"
melds = ["5S 6S 7S 8S 9S 10S JS", "QC QD QH QS QC QD QH", "8C 8D 8H 8S 8C 2C 2D"]
red_threes = 3
in_hand = ["", "K Q 6 4"]
went_out = true

[[side]]
name = "B"
melds = ["KS KH KD"]
"""


def test_samba_S2_hand_score(rs: Ruleset) -> None:
    """Counts 55 + 70 + 90 = 215; samba 1,500, natural 500, mixed 300; 3 red threes 300;
    going out 200; partner's K Q 6 4 = 30: 2,985."""
    result = score(rs, S2)
    assert items(result, "A") == {
        "samba.scoring.melded-cards": 215,
        "samba.canasta.sequence": 1500,
        "samba.canasta.natural": 500,
        "samba.canasta.mixed": 300,
        "samba.threes.red-values": 300,
        "samba.go-out.bonus": 200,
        "samba.scoring.cards-in-hand": -30,
    }
    assert result.side("A").total == 2985


def test_samba_S2_seven_card_sequence_is_a_samba(rs: Ruleset) -> None:
    ruling = check_meld(rs, c("5S 6S 7S 8S 9S 10S JS"))
    assert ruling.legal and ruling.extra["canasta"] == "samba"


# ---------------------------------------------------------------- S3: six red threes

TWO_CANASTAS = '["K K K K K K K", "Q Q Q Q Q Q Q"]'


@pytest.mark.parametrize(
    ("melds", "value"),
    [(TWO_CANASTAS, 1000), ('["K K K K K K K"]', -1000), ('["K K K"]', -1000)],
)
def test_samba_S3_all_six_red_threes(rs: Ruleset, melds: str, value: int) -> None:
    """All six: 1,000; plus only with 2 canastas (D36), otherwise minus."""
    record = f'[[side]]\nname = "A"\nmelds = {melds}\nred_threes = 6\n'
    record += '[[side]]\nname = "B"\nmelds = ["9 9 9"]\n'
    assert items(score(rs, record), "A")["samba.threes.red-values"] == value


def test_samba_S3_four_and_two(rs: Ruleset) -> None:
    record = f'[[side]]\nname = "A"\nmelds = {TWO_CANASTAS}\nred_threes = 4\n'
    record += '[[side]]\nname = "B"\nmelds = ["J J J J J J J", "10 10 10 10 10 10 10"]\n'
    record += "red_threes = 2\n"
    result = score(rs, record)
    assert items(result, "A")["samba.threes.red-values"] == 400
    assert items(result, "B")["samba.threes.red-values"] == 200


# ---------------------------------------------------------------- S4 and melds


def test_samba_S4_three_wilds_illegal_though_classic_allows(rs: Ruleset) -> None:
    ruling = check_meld(rs, c("Q Q Q Q 2 2 2"))
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["samba.meld.max-wilds"]
    assert check_meld(load_ruleset("classic"), c("Q Q Q Q 2 2 2")).legal


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        ("4H 5H 6H", True),
        ("QS KS AS", True),
        ("KS AS 4S", False),
        ("8H 9H 2C", False),
        ("8H 9D 10H", False),
        ("8H 10H JH", False),
        ("4H 5H 6H 7H 8H 9H 10H JH", False),
        ("2 2 JK", False),
    ],
)
def test_samba_8_1_sequences_and_wild_melds(rs: Ruleset, cards: str, legal: bool) -> None:
    """One suit, consecutive, 4 up to A, no wraparound, no wilds, at most 7; no wild melds."""
    assert check_meld(rs, c(cards)).legal is legal


def test_samba_sequence_needs_suits(rs: Ruleset) -> None:
    ruling = check_meld(rs, c("8 9 10 J"))
    assert not ruling.legal
    assert ruling.cited[0].rule == "samba.meld.sequence"
    assert "suit of every card" in ruling.cited[0].text


def test_samba_duplicate_groups_are_not_merged(rs: Ruleset) -> None:
    """A second group of kings stays separate (RULES 1.4, 8.1); classic merges it."""
    table = (c("K K K K"),)
    assert check_meld(rs, c("K K K"), table=table).extra["canasta"] is None
    merged = check_meld(load_ruleset("classic"), c("K K K"), table=table)
    assert merged.extra["canasta"] == "natural"


# ---------------------------------------------------------------- the pile


def test_samba_top_card_onto_a_meld_that_is_not_a_canasta(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("9H"), c("5C 6D"), table=(c("9 9 9 9"),))
    assert ruling.legal and ruling.extra["way"] == "add_to_meld"


def test_samba_top_card_never_onto_a_canasta(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("9H"), c("5C 6D"), table=(c("9 9 9 9 9 9 9"),))
    assert not ruling.legal


def test_samba_top_card_onto_the_duplicate_group_that_is_no_canasta(rs: Ruleset) -> None:
    table = (c("9 9 9 9 9 9 9"), c("9 9 9"))
    ruling = check_pickup(rs, parse_card("9H"), c("5C 6D"), table=table)
    assert ruling.legal and ruling.cited[0].text.endswith("9 9 9")


def test_samba_top_card_extends_a_sequence(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("4H"), c("KC"), table=(c("5H 6H 7H"),))
    assert ruling.legal and ruling.extra["way"] == "add_to_meld"


def test_samba_top_card_may_not_start_a_sequence(rs: Ruleset) -> None:
    assert not check_pickup(rs, parse_card("4H"), c("5H 6H KC")).legal


def test_samba_natural_and_wild_do_not_take_the_pile(rs: Ruleset) -> None:
    assert not check_pickup(rs, parse_card("9H"), c("9C JK")).legal
    assert check_pickup(rs, parse_card("9H"), c("9C 9D")).legal


def test_samba_opening_search_uses_sequences(rs: Ruleset) -> None:
    """Unopened at 0 (50): K K + top K = 30; the hand's 5H 6H 7H 8H melds as a sequence (25)."""
    top = parse_card("KD")
    short = check_pickup(rs, top, c("KS KH 5H 6H 7H"), opened=False, score=0)
    assert not short.legal and short.extra["points"] == 45
    ruling = check_pickup(rs, top, c("KS KH 5H 6H 7H 8H"), opened=False, score=0)
    assert ruling.legal and ruling.extra["points"] == 55
    assert "5H 6H 7H 8H" in ruling.extra["melds"]


# ---------------------------------------------------------------- going out


def test_samba_two_canastas_to_go_out(rs: Ruleset) -> None:
    one = (c("5S 6S 7S 8S 9S 10S JS"), c("K K K"))
    assert not check_go_out(rs, one).legal
    two = (c("5S 6S 7S 8S 9S 10S JS"), c("K K K K K K 2"))
    assert check_go_out(rs, two).legal


def test_samba_cli_check_meld_reports_samba() -> None:
    args = ["check", "meld", "5S 6S 7S 8S 9S 10S JS", "-r", "samba", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["canasta"] == "samba"


def test_samba_cli_score_hand_S2(tmp_path: object) -> None:
    result = CliRunner().invoke(app, ["score-hand", "-", "-r", "samba", "--json"], input=S2)
    assert result.exit_code == 0, result.output
    sides = {s["name"]: s["total"] for s in json.loads(result.stdout)["sides"]}
    assert sides["A"] == 2985
