"""Bolivian, Brazilian and Chilean Canasta (RULES 9, 10, 12; D38-D41, D57): B1, BR1 and each
distinctive rule of the three."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RulesetError
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
def bolivian() -> Ruleset:
    return load_ruleset("bolivian")


@pytest.fixture(scope="module")
def brazilian() -> Ruleset:
    return load_ruleset("brazilian")


@pytest.fixture(scope="module")
def chilean() -> Ruleset:
    return load_ruleset("chilean")


BOLIVIA = "2C 2D 2H 2S 2C JK JK"


# ---------------------------------------------------------------- Bolivian


def test_bolivian_9_inherits_samba(bolivian: Ruleset) -> None:
    assert (bolivian.deck.decks, bolivian.deal.hand_size, bolivian.draw.stock_cards) == (3, 15, 2)
    assert bolivian.meld.max_wilds == 2  # D38
    assert bolivian.game.target == 15000
    assert min_meld(bolivian, 7000).minimum == 150


def test_bolivian_B1_no_escalera_no_going_out(bolivian: Ruleset) -> None:
    table = (c("K K K K K K K"), c(BOLIVIA))
    ruling = check_go_out(bolivian, table)
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["bolivian.go-out.sequence-canastas"]
    with_escalera = (*table, c("4D 5D 6D 7D 8D 9D 10D"))
    assert check_go_out(bolivian, with_escalera).legal


def test_bolivian_B1_black_threes_in_hand_and_red_threes_plus(
    bolivian: Ruleset, opponent: str
) -> None:
    """Natural canasta (70 + 500) and a bolivia (5 twos + 2 jokers = 200, + 2,500); 2 red threes
    plus with 2 canastas (+200); 2 black threes in hand -200: 3,270."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "{BOLIVIA}"]
red_threes = 2
in_hand = ["3S 3C", ""]
{opponent}"""
    result = score(bolivian, record)
    found = items(result, "A")
    assert found["bolivian.threes.black-in-hand"] == -200
    assert found["bolivian.threes.red-values"] == 200
    assert found["bolivian.canasta.wild-other"] == 2500
    assert result.side("A").total == 3270


@pytest.mark.parametrize(
    ("cards", "legal", "canasta"),
    [
        ("2 2 JK", True, None),
        (BOLIVIA, True, "wild"),
        ("2C 2D 2H 2S 2C 2D 2H", True, "wild"),
        ("2C 2D 2H 2S 2C JK JK 2D", False, None),
        ("4D 5D 6D 7D 8D 9D 10D", True, "escalera"),
        ("K K K 2 2 2", False, None),
    ],
)
def test_bolivian_9_wild_melds_and_escaleras(
    bolivian: Ruleset, cards: str, legal: bool, canasta: str | None
) -> None:
    """3 to 7 wild cards make a meld (a bolivia at 7); a group keeps Samba's 2 wilds (D38)."""
    ruling = check_meld(bolivian, c(cards))
    assert ruling.legal is legal
    if legal:
        assert ruling.extra["canasta"] == canasta


def test_bolivian_every_bolivia_is_2500(bolivian: Ruleset, opponent: str) -> None:
    record = '[[side]]\nname = "A"\nmelds = ["2C 2D 2H 2S 2C 2D 2H", "K K K K K K K"]\n' + opponent
    assert items(score(bolivian, record), "A")["bolivian.canasta.wild-all-twos"] == 2500


# ---------------------------------------------------------------- Brazilian


@pytest.mark.parametrize(
    ("score_before", "minimum", "requires"),
    [
        (-5, 15, []),
        (6995, 120, []),
        (7000, 0, ["the initial meld must include a completed canasta"]),
        (7995, 0, ["the initial meld must include a completed canasta"]),
        (8000, 200, ["the initial meld must include a completed canasta"]),
        (9000, 0, ["the initial meld must include a natural canasta (or better)"]),
    ],
)
def test_brazilian_D39_bands(
    brazilian: Ruleset, score_before: int, minimum: int, requires: list[str]
) -> None:
    need = min_meld(brazilian, score_before)
    assert (need.minimum, need.requires) == (minimum, requires)


def test_brazilian_BR1_canasta_but_only_180(brazilian: Ruleset) -> None:
    ruling = check_initial_meld(brazilian, [c("K K K K K 2 JK"), c("A A A")], score=8200)
    assert not ruling.legal and ruling.extra == {"points": 180, "minimum": 200}


def test_brazilian_BR1_adding_queens_reaches_210(brazilian: Ruleset) -> None:
    melds = [c("K K K K K 2 JK"), c("A A A"), c("Q Q Q")]
    ruling = check_initial_meld(brazilian, melds, score=8200)
    assert ruling.legal and ruling.extra["points"] == 210


def test_brazilian_8000_band_needs_the_canasta_too(brazilian: Ruleset) -> None:
    """A A A (60) + K K K (30) + Q Q Q JK (80) + J J J 2 (50) counts 220 but holds no canasta."""
    melds = [c("A A A"), c("K K K"), c("Q Q Q JK"), c("J J J 2")]
    ruling = check_initial_meld(brazilian, melds, score=8200)
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["brazilian.initial-meld.requires"]


def test_brazilian_7000_band_any_canasta(brazilian: Ruleset) -> None:
    assert check_initial_meld(brazilian, [c("5 5 5 5 5 2 2")], score=7500).legal
    assert not check_initial_meld(brazilian, [c("A A A"), c("K K K")], score=7500).legal


def test_brazilian_9000_band_natural_canasta(brazilian: Ruleset) -> None:
    assert not check_initial_meld(brazilian, [c("K K K K K 2 JK")], score=9000).legal
    assert check_initial_meld(brazilian, [c("5 5 5 5 5 5 5")], score=9000).legal


def test_brazilian_no_pile_for_the_initial_meld(brazilian: Ruleset) -> None:
    ruling = check_pickup(brazilian, parse_card("KD"), c("KS KH A A A"), opened=False)
    assert not ruling.legal
    assert ruling.cited[0].rule == "brazilian.initial-meld.from-pile"


@pytest.mark.parametrize(("count", "value"), [(4, 400), (5, 1000), (6, 1200)])
def test_brazilian_10_red_threes(brazilian: Ruleset, count: int, value: int, opponent: str) -> None:
    record = f'[[side]]\nname = "A"\nmelds = ["K K K K K K K"]\nred_threes = {count}\n' + opponent
    assert items(score(brazilian, record), "A")["brazilian.threes.red-values"] == value


def test_brazilian_red_threes_minus_without_a_canasta(brazilian: Ruleset, opponent: str) -> None:
    record = '[[side]]\nname = "A"\nmelds = ["K K K"]\nred_threes = 5\n' + opponent
    assert items(score(brazilian, record), "A")["brazilian.threes.red-values"] == -1000


def test_brazilian_D40_short_sequences_cost_1000_each(brazilian: Ruleset, opponent: str) -> None:
    """Sequences of 5 cards and of 3 cards each cost 1,000; one of 6 costs nothing."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "5H 6H 7H 8H 9H", "QS KS AS", "4D 5D 6D 7D 8D 9D"]
{opponent}"""
    assert items(score(brazilian, record), "A")["brazilian.penalties.short-sequence"] == -2000


def test_brazilian_D41_any_two_canastas_and_the_partner(brazilian: Ruleset) -> None:
    table = (c("K K K K K K K"), c("Q Q Q Q Q Q 2"))
    assert check_go_out(brazilian, table, partner="yes").legal
    refused = check_go_out(brazilian, table, partner="no")
    assert not refused.legal
    assert brazilian.go_out.permission == "mandatory"


def test_brazilian_escalera_extended_when_going_out(brazilian: Ruleset) -> None:
    """An escalera may grow past 7 only while going out (ref); Bolivian never."""
    long = c("4S 5S 6S 7S 8S 9S 10S JS QS")
    assert not check_meld(brazilian, long).legal
    assert check_meld(brazilian, long, going_out=True).legal
    table = (long, c("K K K K K K K"))
    assert check_go_out(brazilian, table).legal
    assert not check_go_out(load_ruleset("bolivian"), table).legal


def test_brazilian_cli_min_meld_8000() -> None:
    args = ["min-meld", "-r", "brazilian", "--score", "8000", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "minimum": 200,
        "requires": ["the initial meld must include a completed canasta"],
        "rule": {
            "rule": "brazilian.initial-meld.tiers",
            "text": "The initial meld must count at least 200",
        },
    }


# ---------------------------------------------------------------- Chilean


def test_chilean_12_partially_specified(chilean: Ruleset) -> None:
    assert chilean.status == "partial"
    assert "Partially specified" in chilean.description
    assert chilean.canasta.sequence_name == "escalera" and chilean.canasta.sequence == 1500
    assert chilean.canasta.wild_other == 2500
    assert chilean.game.target == 10000


def test_chilean_D57_any_two_canastas(chilean: Ruleset) -> None:
    assert check_go_out(chilean, (c("K K K K K K K"), c(BOLIVIA))).legal


def test_chilean_four_packs_refused_without_values_for_7_and_8_red_threes() -> None:
    """Deck-aware rules (issue 10, item 8): 4 packs hold 8 red threes, and Chilean's table stops
    at 6, so the ruleset is refused until it says what 7 and 8 score."""
    with pytest.raises(RulesetError) as caught:
        load_ruleset("chilean", overrides=["deck.decks=4"])
    (problem,) = caught.value.problems
    assert "threes.red_values" in problem and "7 and 8 red threes" in problem


def test_chilean_four_packs_with_values_for_7_and_8_red_threes(opponent: str) -> None:
    """Once the table says 7 and 8 score 1,200 and 1,400, eight red threes score 1,400 and five
    still 500 (100 each)."""
    four = load_ruleset(
        "chilean",
        overrides=["deck.decks=4", "threes.red_values=[0,100,200,300,400,500,1000,1200,1400]"],
    )
    record = '[[side]]\nname = "A"\nmelds = ["K K K K K K K", "Q Q Q Q Q Q Q"]\nred_threes = 8\n'
    assert items(score(four, record + opponent), "A")["chilean.threes.red-values"] == 1400
    five = '[[side]]\nname = "A"\nmelds = ["K K K K K K K", "Q Q Q Q Q Q Q"]\nred_threes = 5\n'
    assert items(score(four, five + opponent), "A")["chilean.threes.red-values"] == 500


def test_chilean_cli_rules_show_marks_partial() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "chilean"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "Chilean Canasta (chilean), 4 players, partial"
