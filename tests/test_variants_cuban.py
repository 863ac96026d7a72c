"""Cuban Canasta (RULES 13; decision D42): each distinctive rule, worked out by hand."""

from __future__ import annotations

import json

import pytest
from helpers import c, items, score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RecordError
from canasta_score.judging.judge import check_meld, check_pickup, min_meld
from canasta_score.rules.cards import parse_card
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("cuban")


def test_cuban_13_table_numbers(rs: Ruleset) -> None:
    assert (rs.deck.decks, rs.deal.hand_size, rs.game.target) == (2, 13, 7500)
    assert rs.go_out.concealed_bonus == 0


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [(-5, 15), (0, 50), (1500, 90), (3000, 120), (4995, 120), (5000, 150), (7000, 150)],
)
def test_cuban_D42a_150_from_5000(rs: Ruleset, score_before: int, minimum: int) -> None:
    assert min_meld(rs, score_before).minimum == minimum


def test_cuban_pile_always_frozen(rs: Ruleset) -> None:
    top = parse_card("KD")
    assert not check_pickup(rs, top, c("KS JK 5C"), table=(c("K K K"),)).legal
    assert check_pickup(rs, top, c("KS KH 5C")).legal


def test_cuban_wild_top_blocks(rs: Ruleset) -> None:
    ruling = check_pickup(rs, parse_card("2C"), c("2S 2H"))
    assert not ruling.legal and ruling.cited[0].rule == "cuban.pile.blocked-top"


@pytest.mark.parametrize(
    ("cards", "legal"),
    [("2 2 JK", True), ("K K K K K K K", True), ("K K K K K K K K", False)],
)
def test_cuban_melds_at_most_seven_and_wild_melds(rs: Ruleset, cards: str, legal: bool) -> None:
    assert check_meld(rs, c(cards)).legal is legal


@pytest.mark.parametrize(
    ("cards", "key", "total"),
    [
        ("2C 2D 2H 2S 2C 2D 2H", "cuban.canasta.wild-all-twos", 140 + 4000),
        ("JK JK JK JK 2C 2D 2H", "cuban.canasta.wild-four-jokers", 260 + 3000),
        ("JK JK 2C 2D 2H 2S 2C", "cuban.canasta.wild-other", 200 + 2000),
    ],
)
def test_cuban_D42c_wild_canasta_values(
    rs: Ruleset, cards: str, key: str, total: int, opponent: str
) -> None:
    result = score(rs, f'[[side]]\nname = "A"\nmelds = ["{cards}"]\n' + opponent)
    assert key in items(result, "A")
    assert result.side("A").total == total


@pytest.mark.parametrize(
    ("melds", "value"),
    [('["K K K"]', 0), ('["K K K K K K K"]', 300), ('["K K K K K K K", "9 9 9 9 9 9 9"]', 300)],
)
def test_cuban_D42b_red_threes_only_with_a_canasta(
    rs: Ruleset, melds: str, value: int, opponent: str
) -> None:
    """Two red threes are worth 300, and count nothing without a canasta (seed, D42b)."""
    record = f'[[side]]\nname = "A"\nmelds = {melds}\nred_threes = 2\n' + opponent
    assert items(score(rs, record), "A")["cuban.threes.red-values"] == value


@pytest.mark.parametrize(("count", "value"), [(1, 100), (3, 500), (4, 1000)])
def test_cuban_13_red_three_table(rs: Ruleset, count: int, value: int, opponent: str) -> None:
    record = f'[[side]]\nname = "A"\nmelds = ["K K K K K K K"]\nred_threes = {count}\n' + opponent
    assert items(score(rs, record), "A")["cuban.threes.red-values"] == value


def test_cuban_D42_negative_reading_as_a_house_rule(opponent: str) -> None:
    negative = load_ruleset("cuban", overrides=["threes.sign_by_canastas=[-1, 1]"])
    record = '[[side]]\nname = "A"\nmelds = ["K K K"]\nred_threes = 2\n' + opponent
    assert items(score(negative, record), "A")["cuban.threes.red-values"] == -300


@pytest.mark.parametrize(
    ("removed", "key", "value"),
    [(4, "cuban.threes.black-removed-all", 100), (2, "cuban.threes.black-removed-each", 10)],
)
def test_cuban_D42d_black_threes_removed(
    rs: Ruleset, removed: int, key: str, value: int, opponent: str
) -> None:
    record = f'[[side]]\nname = "A"\nmelds = ["K K K"]\nblack_threes_removed = {removed}\n'
    assert items(score(rs, record + opponent), "A")[key] == value


def test_cuban_more_black_threes_than_the_deck(rs: Ruleset) -> None:
    record = '[[side]]\nname = "A"\nmelds = ["K K K"]\nblack_threes_removed = 4\n'
    record += '[[side]]\nname = "B"\nmelds = ["Q Q Q"]\nin_hand = ["3S", ""]\n'
    with pytest.raises(RecordError, match="black threes"):
        score(rs, record)


def test_black_threes_are_not_removed_in_classic(opponent: str) -> None:
    record = '[[side]]\nname = "A"\nmelds = ["K K K"]\nblack_threes_removed = 1\n' + opponent
    with pytest.raises(RecordError, match="not removed from play"):
        score(load_ruleset("classic"), record)


def test_cuban_no_concealed_bonus(rs: Ruleset, opponent: str) -> None:
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "9 9 9"]
went_out = true
concealed = true
{opponent}"""
    found = items(score(rs, record), "A")
    assert found["cuban.go-out.bonus"] == 100
    assert "cuban.go-out.concealed-bonus" not in found


def test_cuban_cli_score_hand_removed_threes(opponent: str) -> None:
    record = 'ruleset = "cuban"\n[[side]]\nname = "A"\nmelds = ["K K K"]\n'
    record += "black_threes_removed = 4\n" + opponent
    result = CliRunner().invoke(app, ["score-hand", "-", "--json"], input=record)
    assert result.exit_code == 0, result.output
    a = json.loads(result.stdout)["sides"][0]
    assert {
        "rule": "cuban.threes.black-removed-all",
        "label": "all 4 black threes removed",
        "points": 100,
    } in a["items"]
    assert a["total"] == 130
