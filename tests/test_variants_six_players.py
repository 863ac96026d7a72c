"""Six players in two partnerships of three (RULES 5; D17): reference values, marked as such."""

from __future__ import annotations

import json

import pytest
from helpers import score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.judging.judge import check_go_out, min_meld
from canasta_score.rules.cards import parse_cards
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


@pytest.fixture(scope="module")
def six() -> Ruleset:
    return load_ruleset("classic", players=6)


def test_six_players_5_reference_table(six: Ruleset) -> None:
    assert (six.table.side_size, six.sides) == (3, 2)
    assert (six.deck.decks, six.deal.hand_size, six.draw.stock_cards) == (3, 13, 1)
    assert (six.go_out.canastas, six.game.target) == (2, 10000)


def test_six_players_marked_as_reference(six: Ruleset) -> None:
    assert six.status == "reference"
    assert "reference" in six.description
    assert "reference values only" in six.rule_source("deck.decks")
    assert load_ruleset("classic").status == "complete"


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [(-5, 15), (0, 50), (1500, 90), (3000, 120), (7495, 120), (7500, 150)],
)
def test_six_players_5_tiers_with_150_at_7500(
    six: Ruleset, score_before: int, minimum: int
) -> None:
    assert min_meld(six, score_before).minimum == minimum


@pytest.mark.parametrize(("count", "value"), [(1, 100), (4, 400), (5, 1000), (6, 1200)])
def test_six_players_5_red_threes(six: Ruleset, count: int, value: int) -> None:
    record = f"""
[[side]]
name = "A"
melds = ["K K K"]
red_threes = {count}
in_hand = ["", "", ""]

[[side]]
name = "B"
melds = ["Q Q Q"]
"""
    result = score(six, record)
    found = {i.rule: i.points for i in result.side("A").items}
    assert found["classic.threes.red-values"] == value


def test_six_players_two_canastas_to_go_out(six: Ruleset) -> None:
    one = (parse_cards("K K K K K K K"), parse_cards("Q Q Q"))
    assert not check_go_out(six, one).legal
    two = (parse_cards("K K K K K K K"), parse_cards("Q Q Q Q Q Q 2"))
    assert check_go_out(six, two).legal


def test_six_players_cli_rules_show_says_reference() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "classic", "--players", "6"])
    assert result.exit_code == 0
    first, *description = result.stdout.splitlines()[:4]
    assert first == "Classic Canasta (classic), 6 players, reference"
    assert "reference" in " ".join(description)  # the description, wrapped to the terminal
    data = CliRunner().invoke(app, ["rules", "show", "classic", "-p", "6", "--json"]).stdout
    assert json.loads(data)["status"] == "reference"
