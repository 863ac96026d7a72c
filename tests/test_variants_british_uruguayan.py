"""British Canasta (RULES 11, example UK1) and Uruguayan Canasta (RULES 15, D44)."""

from __future__ import annotations

import json

import pytest
from helpers import score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RecordError
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset, schema_keys


@pytest.fixture(scope="module")
def british() -> Ruleset:
    return load_ruleset("british")


UK1 = """
[[side]]
name = "A"
acaba = true
melds = ["K K K K K K K", "9 9 9"]
red_threes = 2
in_hand = ["Q J", "5 5"]

[[side]]
name = "B"
melds = ["A A A A A A 2", "8 8 8"]
red_threes = 1
in_hand = ["JK", "4"]
"""


def test_british_UK1_acaba_totals(british: Ruleset) -> None:
    """A says acaba: A scores 0 whatever it holds, B exactly 1,500.
    Totals A 2,100 + 0 = 2,100 and B 3,400 + 1,500 = 4,900."""
    result = score(british, UK1)
    assert {s.name: s.total for s in result.sides} == {"A": 0, "B": 1500}
    assert [i.rule for i in result.side("A").items] == ["british.acaba.enabled"]
    assert [i.rule for i in result.side("B").items] == ["british.acaba.opponents"]
    assert 2100 + result.side("A").total == 2100
    assert 3400 + result.side("B").total == 4900


def test_british_11_acaba_permission_and_classic_base(british: Ruleset) -> None:
    assert british.acaba.permission == "optional"
    classic = load_ruleset("classic")
    for key in ("meld.wild_ratio", "initial_meld.tiers", "go_out.bonus", "threes.red_values"):
        assert british.value(key) == classic.value(key)


def test_acaba_is_not_part_of_classic() -> None:
    with pytest.raises(RecordError, match="acaba is not part of"):
        score(load_ruleset("classic"), UK1)


def test_british_acaba_ends_the_hand_so_nobody_goes_out(british: Ruleset) -> None:
    with pytest.raises(RecordError, match="cannot go out"):
        score(british, UK1.replace('in_hand = ["JK", "4"]', "went_out = true"))


def test_british_cli_score_hand_UK1() -> None:
    result = CliRunner().invoke(app, ["score-hand", "-", "-r", "british", "--json"], input=UK1)
    assert result.exit_code == 0, result.output
    sides = json.loads(result.stdout)["sides"]
    assert [(s["name"], s["total"]) for s in sides] == [("A", 0), ("B", 1500)]


def test_uruguayan_D44_is_exactly_classic() -> None:
    uruguayan, classic = load_ruleset("uruguayan"), load_ruleset("classic")
    assert all(uruguayan.value(k) == classic.value(k) for k in schema_keys())
    assert uruguayan.table.player_counts == classic.table.player_counts


def test_uruguayan_scores_C5_like_classic() -> None:
    """RULES C5: A = 1,240, B = 225 under either ruleset."""
    record = """
[[side]]
name = "A"
melds = ["QS QH QD QC QS QH QD", "8S 8H 8D 8C 8S 2C JK", "5S 5H 5D"]
red_threes = 2
in_hand = ["", "9C 4D JK"]
went_out = true

[[side]]
name = "B"
melds = ["6S 6H 6D 2D", "AS AH AD"]
red_threes = 2
in_hand = ["KS KH 7C 3S", "JD QS 2S"]
"""
    result = score(load_ruleset("uruguayan"), record)
    assert {s.name: s.total for s in result.sides} == {"A": 1240, "B": 225}
    assert result.side("A").items[0].rule.startswith("uruguayan.")
