"""Rulesets as TOML: loading, extends, player counts, --rule overrides, validation, rule ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta_score.core.errors import RulesetError
from canasta_score.rules.catalog import bundled_ids, load_ruleset, validate_file
from canasta_score.rules.ruleset import Ruleset, schema_keys
from canasta_score.rules.schema import FIXED_RULES


def test_classic_parameters_rules_2_1(classic: Ruleset) -> None:
    assert classic.players == 4 and classic.sides == 2
    assert classic.deal.hand_size == 11
    assert classic.draw.stock_cards == 1
    assert (classic.meld.min_naturals, classic.meld.max_wilds) == (2, 3)
    assert classic.meld.wild_ratio == "naturals_gt_wilds"  # decision D1 (RULES 0.3)
    assert "add_to_meld" not in classic.pile.take_unfrozen  # decision D58 (RULES 0.3)
    assert (classic.canasta.natural, classic.canasta.mixed) == (500, 300)
    assert classic.threes.red_values[4] == 800
    assert (classic.go_out.canastas, classic.go_out.bonus, classic.go_out.concealed_bonus) == (
        1,
        100,
        100,
    )
    assert classic.game.target == 5000


def test_two_players_rules_3(classic2: Ruleset) -> None:
    assert classic2.sides == 2 and classic2.table.side_size == 1
    assert classic2.deal.hand_size == 15
    assert classic2.draw.stock_cards == 2
    assert classic2.go_out.canastas == 2
    assert classic2.game.target == 5000


def test_three_players_rules_4_decision_d15(classic3: Ruleset) -> None:
    assert classic3.sides == 3
    assert classic3.deal.hand_size == 13
    assert classic3.draw.stock_cards == 2
    assert classic3.go_out.canastas == 1
    assert classic3.game.target == 7500


def test_six_players_follow_reference_values_rules_5() -> None:
    rs = load_ruleset("classic", players=6)
    assert rs.sides == 2 and rs.table.side_size == 3
    assert rs.deck.decks == 3 and rs.deal.hand_size == 13
    assert rs.go_out.canastas == 2 and rs.game.target == 10000
    assert "reference" in rs.rule_source("deck.decks")


def test_unoffered_player_count_is_an_error() -> None:
    with pytest.raises(RulesetError, match="5 players is not offered"):
        load_ruleset("classic", players=5)


def test_rule_ids_are_stable_and_cite_text(classic: Ruleset) -> None:
    ref = classic.cite("meld.wild_ratio")
    assert ref.rule == "classic.meld.wild-ratio"
    assert "outnumber" in ref.text
    assert classic.rule_id("go_out.bonus") == "classic.go-out.bonus"
    assert classic.rule_text("go_out.bonus") == "Going out earns 100"


def test_every_rule_has_text_and_source(classic: Ruleset) -> None:
    rules = classic.all_rules()
    assert len(rules) == len(schema_keys()) + len(FIXED_RULES)
    for rule_id, text, source in rules:
        assert rule_id.startswith("classic.")
        assert text and source, rule_id


def test_house_rule_override_changes_value_and_source() -> None:
    rs = load_ruleset("classic", overrides=["go_out.bonus=200", "meld.wild_ratio=none"])
    assert rs.go_out.bonus == 200
    assert rs.meld.wild_ratio == "none"
    assert rs.rule_source("go_out.bonus") == "house rule (--rule)"


def test_override_with_hyphens_is_accepted() -> None:
    assert load_ruleset("classic", overrides=["go-out.bonus=150"]).go_out.bonus == 150


@pytest.mark.parametrize(
    ("override", "named"),
    [
        ("go_out.bogus=1", "go_out.bogus"),
        ("go_out.bonus=lots", "go_out.bonus"),
        ("meld.wild_ratio=sometimes", "meld.wild_ratio"),
        ("pile.one_card_rule=7", "pile.one_card_rule"),
        ("nodot", "nodot"),
    ],
)
def test_bad_override_names_the_key(override: str, named: str) -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset("classic", overrides=[override])
    assert named in str(err.value)


def test_unknown_ruleset_lists_the_bundled_ones() -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset("no-such-game")
    assert "classic" in str(err.value)


def test_user_file_extends_classic(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'id = "our-table"\nname = "Our table"\nextends = "classic"\n'
        '[go_out]\nbonus = 150\n[meld]\nwild_ratio = "none"\n',
        encoding="utf-8",
    )
    rs = load_ruleset(str(path))
    assert rs.id == "our-table"
    assert rs.go_out.bonus == 150 and rs.meld.wild_ratio == "none"
    assert rs.canasta.natural == 500  # inherited
    assert rs.rule_id("go_out.bonus") == "our-table.go-out.bonus"
    assert rs.rule_source("canasta.natural") == "Pagat: Canasta; Wikipedia: Canasta"
    assert validate_file(str(path)).id == "our-table"


def test_validation_reports_every_problem_with_key_and_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'id = "bad"\nextends = "classic"\n[go_out]\nbonus = "a lot"\nflair = 1\n'
        '[meld]\nwild_ratio = "sometimes"\n[initial_meld]\n'
        "tiers = [{ minimum = 15 }, { from = 1500, minimum = 90 }, { from = 0, minimum = 50 }]\n"
        "[nonsense]\nx = 1\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as err:
        validate_file(str(path))
    problems = err.value.problems
    text = "\n".join(problems)
    for key in (
        "go_out.bonus",
        "go_out.flair",
        "meld.wild_ratio",
        "initial_meld.tiers",
        "nonsense",
    ):
        assert key in text
    assert all(str(path) in p for p in problems)
    assert len(problems) >= 5


def test_root_ruleset_must_set_every_key(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text('id = "tiny"\n[go_out]\nbonus = 100\n', encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert "go_out.canastas: missing" in str(err.value)


def test_extends_cycle_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('id = "a"\nextends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('id = "b"\nextends = "a.toml"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="extends itself"):
        load_ruleset(str(tmp_path / "a.toml"))


def test_invalid_toml_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("id = \n", encoding="utf-8")
    with pytest.raises(RulesetError, match="not valid TOML"):
        load_ruleset(str(path))


def test_snapshot_rebuilds_the_same_ruleset() -> None:
    from canasta_score.rules.ruleset import build_ruleset

    rs = load_ruleset("classic", players=3, overrides=["go_out.bonus=150"])
    again = build_ruleset(rs.data)
    assert again == rs


def test_every_bundled_ruleset_loads_for_every_player_count() -> None:
    for ident in bundled_ids():
        rs = load_ruleset(ident)
        for count in rs.table.player_counts:
            assert load_ruleset(ident, players=count).players == count


def test_extends_naming_a_home_of_no_user_is_an_unknown_ruleset(tmp_path: Path) -> None:
    """``~name`` of a user who does not exist cannot be expanded: it is a ruleset name that
    names nothing, not a crash."""
    path = tmp_path / "r.toml"
    path.write_text('extends = "~nosuchuser0"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match='unknown ruleset "~nosuchuser0"'):
        validate_file(str(path))
