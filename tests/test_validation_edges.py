"""Input that must be refused with a message naming the problem (CONTRACT 3, 4, 6; RULES 0.2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import c, score, totals

from canasta_score.cli import main
from canasta_score.core.errors import InputError, RecordError, RulesetError
from canasta_score.judging.judge import check_go_out
from canasta_score.rules.catalog import load_ruleset, validate_file


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


@pytest.mark.parametrize(
    "override",
    [
        "go_out.bonus=999",
        "threes.red_values=[0, 100, 200, 300, 801]",
        "values.ace=-20",
        "initial_meld.tiers=[{minimum = 15}, {from = 0, minimum = 52}]",
    ],
)
def test_points_are_multiples_of_five_rules_0_2(override: str) -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset("classic", overrides=[override])
    assert str(err.value).startswith("house rule ") and "multiples of 5" in str(err.value)


def test_points_in_a_file_are_multiples_of_five(tmp_path: Path) -> None:
    path = tmp_path / "odd.toml"
    path.write_text('id = "odd"\nextends = "classic"\n[go_out]\nbonus = 999\n', encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        validate_file(str(path))
    assert f"{path}: go_out.bonus" in str(err.value)


def test_bad_rule_value_is_blamed_on_the_rule_not_the_file() -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset("classic", overrides=["meld.max_wilds=three"])
    assert str(err.value) == "house rule meld.max_wilds: expected a whole number, got 'three'"


def test_unknown_parent_names_extends(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('id = "h"\nextends = "nonexist"\n', encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert f"{path}: extends: unknown ruleset" in str(err.value)


def test_file_without_extends_gets_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "bare.toml"
    path.write_text('id = "b"\n[go_out]\nbonus = 100\n', encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert err.value.problems[0].startswith(f"{path}: extends: missing")


def test_missing_ruleset_file_says_so() -> None:
    with pytest.raises(RulesetError, match="no such ruleset file"):
        load_ruleset("/no/such/house.toml")


def test_rules_validate_failure_starts_with_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('id = "bad"\nextends = "classic"\n[go_out]\nbonus = "x"\n', encoding="utf-8")
    code, out, err = run(capsys, "rules", "validate", str(path), "--json")
    assert code == 2 and out.startswith('{"valid": false')
    assert err.startswith(f"Error: {path}: 1 problem")


def test_empty_meld_after_to_is_an_input_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "meld", "K K K", "--to", "", "--json")
    assert code == 2 and out == "" and err.startswith("Error: ")


def test_no_partner_to_ask_in_singles_rules_3() -> None:
    rs = load_ruleset("hand-and-foot", players=2)
    with pytest.raises(InputError, match="no partner"):
        check_go_out(rs, (c("K K K K K K K"),), partner="no")


def test_american_summary_four_joker_wild_meld_costs_the_flat_penalty_rules_7_1() -> None:
    """US American has one flat -2,000 for an incomplete wild meld: 300 + 500 - 2,000."""
    rs = load_ruleset("american")
    result = score(
        rs,
        '[[side]]\nname="A"\nmeld_points=300\ncanastas={natural=1}\n'
        'incomplete=["wild_four_jokers"]\n[[side]]\nname="B"\n',
    )
    assert totals(result)["A"] == -1200


@pytest.mark.parametrize(
    ("ruleset", "canastas", "least"),
    [
        ("italian", "{ natural = 1, deuces = 1 }", 35 + 140),
        ("samba", "{ samba = 1 }", 50),
        ("modern-american", "{ wild = 1 }", 170),
        ("bolivian", "{ bolivia = 1 }", 140),
    ],
)
def test_summary_canastas_need_their_smallest_count(
    ruleset: str, canastas: str, least: int
) -> None:
    """Seven 2s count 140; 4 5 6 7 8 9 10 counts 50; a wild mix other than all 2s has a joker."""
    rs = load_ruleset(ruleset)
    record = '[[side]]\nname="A"\nmeld_points={}\ncanastas={}\n[[side]]\nname="B"\n'
    with pytest.raises(RecordError, match=f"at least {least}"):
        score(rs, record.format(least - 5, canastas))
    score(rs, record.format(least, canastas))


def test_american_threes_may_be_laid_down_text() -> None:
    rs = load_ruleset("american")
    assert "either colour" in rs.rule_text("threes.laid_down")


@pytest.mark.parametrize(
    ("ruleset", "record", "message"),
    [
        # Two packs count 1,180 in all: 2 x (4 x 20 + 24 x 10 + 16 x 5 + 4 x 20 + 2 x 5 + 2 x 50).
        (
            "classic",
            "meld_points=2850\ncanastas={natural=1}\nwent_out=true\n"
            '[[side]]\nname="B"\nin_hand_points=9000\n',
            "counts 11,850 points",
        ),
        (
            "classic",
            'meld_points=1000000000000000000000000\n[[side]]\nname="B"\n',
            "together counts 1,180",
        ),
        ("classic", '[[side]]\nname="B"\nheld_penalties=1\n', "no penalty for held aces"),
        (
            "classic",
            'meld_points=100\ncanastas={natural=1}\nconcealed_canastas=1\n[[side]]\nname="B"\n',
            "no bonus for canastas laid whole",
        ),
        (
            "american",
            'special_hand="pairs"\nmeld_points=300\n[[side]]\nname="B"\n',
            "first and only meld",
        ),
    ],
)
def test_summary_facts_the_deck_or_ruleset_cannot_hold_are_refused(
    ruleset: str, record: str, message: str
) -> None:
    """CONTRACT 6: a record that contradicts the deck or the ruleset is an input error."""
    rs = load_ruleset(ruleset)
    with pytest.raises(RecordError, match=message):
        score(rs, '[[side]]\nname="A"\n' + record)


def test_a_special_hand_ignores_its_threes_and_the_partners_cards_a3() -> None:
    """RULES 7.2 and A3: the side scores exactly 3,000; threes and the partner's 13 cards are
    entered but not counted."""
    rs = load_ruleset("american")
    result = score(
        rs,
        '[[side]]\nname="A"\nspecial_hand="straight"\n'
        'melds=["A K Q J 10 9 8 7 6 5 4 3S 2 JK"]\nred_threes=1\n'
        'in_hand=["", "K K Q Q J J 9 9 8 8 6 6 5"]\n[[side]]\nname="B"\n',
    )
    assert totals(result)["A"] == 3000
