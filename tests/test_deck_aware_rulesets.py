"""Deck-aware rulesets (RULES 1.1: a pack holds two red and two black threes): a threes table
scored by number must say what every count the deck allows scores, and a value no source gives
is marked as such by `rules show`."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RulesetError
from canasta_score.games.game import Game, Side
from canasta_score.rules.catalog import load_ruleset, validate_file

FOUR_PACKS = """id = "chilean-4"
extends = "chilean"
source = "our table: Chilean with four packs"

[deck]
decks = 4
"""
STATED = """
[threes]
red_values = [0, 100, 200, 300, 400, 500, 1000, 1000, 1000]

[unsourced]
"threes.red_values" = "no source scores 7 or 8 red threes; 1,000 as for 6"
"""


def problems(*overrides: str, ruleset: str = "classic") -> list[str]:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(ruleset, overrides=list(overrides))
    return caught.value.problems


def test_red_threes_table_must_cover_chilean_four_packs_7_and_8(tmp_path: Path) -> None:
    """4 packs hold 8 red threes; Chilean's table scores 0-6: `rules validate` refuses it."""
    path = tmp_path / "chilean-4.toml"
    path.write_text(FOUR_PACKS, encoding="utf-8")
    result = CliRunner().invoke(app, ["rules", "validate", str(path)])
    assert result.exit_code == 2
    assert "threes.red_values" in result.stderr and "7 and 8 red threes" in result.stderr


def test_red_threes_table_stated_for_7_and_8_is_valid_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "chilean-4.toml"
    path.write_text(FOUR_PACKS + STATED, encoding="utf-8")
    rs = validate_file(str(path))
    assert rs.deck.decks == 4 and len(rs.threes.red_values) == 9
    assert rs.rule_unsourced("threes.red_values").startswith("no source scores 7 or 8")
    assert rs.rule_unsourced("deck.decks") == ""
    result = CliRunner().invoke(app, ["rules", "show", str(path)], env={"COLUMNS": "60"})
    words = " ".join(result.stdout.split())  # one block per rule at this width, wrapped
    block = words[words.index("chilean-4.threes.red-values") :]
    block = block[: block.index("chilean-4.threes.sign ")]
    mark = "[no source gives this value: no source scores 7 or 8 red threes; 1,000 as for 6]"
    assert mark in block
    assert words.count("no source gives this value") == 1
    explained = CliRunner().invoke(app, ["rules", "explain", "threes.red_values", "-r", str(path)])
    assert "no source gives this value: no source scores 7 or 8" in " ".join(
        explained.stdout.split()
    )
    data = json.loads(CliRunner().invoke(app, ["rules", "show", str(path), "--json"]).stdout)
    marked = [r["key"] for r in data["rules"] if "unsourced" in r]
    assert marked == ["threes.red_values"]


def test_red_threes_table_longer_than_the_deck_is_fine() -> None:
    """Samba's table scores 0-6 red threes; with 2 packs only 4 can occur."""
    assert load_ruleset("samba", overrides=["deck.decks=2"]).deck.decks == 2


def test_red_threes_table_samba_four_packs_refused() -> None:
    (problem,) = problems("deck.decks=4", ruleset="samba")
    assert "threes.red_values: scores 0 to 6 red threes, but 4 packs hold 8" in problem


def test_black_threes_table_modern_three_packs_refused() -> None:
    """Modern American scores both colours 0-4 (RULES 6.2): 3 packs hold 6 of each."""
    found = problems("deck.decks=3", ruleset="modern-american")
    assert [p.split(": ")[1] for p in found] == ["threes.red_values", "threes.black_values"]
    assert "5 and 6 black threes" in found[1]


def test_threes_never_laid_down_need_no_table() -> None:
    """Hand and Foot lays no threes down (RULES 17.1), so 7 packs need no threes table."""
    assert load_ruleset("hand-and-foot", players=6).deck.decks == 7


def test_classic_six_players_three_packs_covered() -> None:
    """RULES 5: three packs, six red threes, and the table scores 0-6."""
    assert len(load_ruleset("classic", players=6).threes.red_values) == 7


def test_unsourced_mark_cleared_when_the_value_changes(tmp_path: Path) -> None:
    """A value set again (by a child file or --rule) comes from its new source."""
    base = tmp_path / "chilean-4.toml"
    base.write_text(FOUR_PACKS + STATED, encoding="utf-8")
    child = tmp_path / "child.toml"
    child.write_text(
        'id = "child"\nextends = "chilean-4.toml"\n[threes]\n'
        "red_values = [0, 100, 200, 300, 400, 500, 1000, 1200, 1400]\n",
        encoding="utf-8",
    )
    assert load_ruleset(str(child)).unsourced == {}
    table = "threes.red_values=[0,100,200,300,400,500,1000,1200,1400]"
    assert load_ruleset(str(base), overrides=[table]).unsourced == {}


def test_unsourced_names_an_unknown_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('id = "bad"\nextends = "classic"\n[unsourced]\n"meld.colour" = "x"\n')
    with pytest.raises(RulesetError) as caught:
        validate_file(str(path))
    assert any("unsourced.meld.colour: unknown ruleset key" in p for p in caught.value.problems)


def test_a_stored_game_keeps_its_rules() -> None:
    """A game begun with 4 Chilean packs before tables had to cover the deck still loads."""
    snapshot = copy.deepcopy(load_ruleset("chilean").data)
    snapshot["deck"]["decks"] = 4
    game = Game("old", "2026-01-01", snapshot, (Side("A", ()), Side("B", ())), "A")
    assert game.rules().deck.decks == 4
