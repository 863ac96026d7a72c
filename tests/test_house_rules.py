"""House rules (RULES 18 toggles T1-T18 and the 0.3 alternatives): each as a ruleset key usable
with --rule or in a user TOML that extends a bundled ruleset; validating and playing with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import c, items, score
from typer.testing import CliRunner

from canasta_score.cli import app
from canasta_score.core.errors import RulesetError
from canasta_score.judging.judge import check_discard, check_meld, check_pickup
from canasta_score.rules.cards import parse_card
from canasta_score.rules.catalog import load_ruleset, validate_file
from canasta_score.rules.ruleset import Ruleset


def house(*rules: str, ruleset: str = "classic") -> Ruleset:
    return load_ruleset(ruleset, overrides=list(rules))


ADD_TO_MELD = 'pile.take_unfrozen=["natural_pair","natural_plus_wild","add_to_meld"]'


# ---------------------------------------------------------------- every toggle has its key

TOGGLES = {
    "T1": ("pile.not_via_canasta", "true", True),
    "T2": ("meld.wild_ratio", "naturals_gt_wilds", "naturals_gt_wilds"),
    "T3": ("canasta.count_cards", "false", False),
    "T4": ("discard.jokers", "false", False),
    "T5": ("initial_meld.open_before_pickup", "true", True),
    "T6": ("game.seven_canastas_win", "5000", 5000),
    "T7": ("deal.hand_size", "13", 13),
    "T9": ("go_out.concealed_bonus", "0", 0),
    "T10": ("meld.wild_ratio", "none", "none"),
    "T11": ("draw.reshuffle_on_stock_end", "true", True),
    "T12": ("canasta.concealed_bonus", "100", 100),
    "T13": ("pile.black_three_freezes", "true", True),
    "T14": ("deal.upcard_covers_black_three", "true", True),
    "T15": ("meld.wild_ratio", "two_naturals_per_wild", "two_naturals_per_wild"),
    "T17": ("meld.max_cards_going_out", "8", 8),
    "T18": ("deal.bonus_piles", "true", True),
    "D1": ("meld.wild_ratio", "naturals_ge_wilds", "naturals_ge_wilds"),
}


@pytest.mark.parametrize(("toggle", "setting"), sorted(TOGGLES.items()))
def test_18_each_toggle_is_a_key(toggle: str, setting: tuple[str, str, object]) -> None:
    key, raw, value = setting
    rs = house(f"{key}={raw}")
    assert rs.value(key) == value
    assert rs.rule_source(key) == "house rule (--rule)"
    assert rs.rule_text(key)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("pile.not_via_canasta", False),
        ("meld.wild_ratio", "naturals_gt_wilds"),
        ("canasta.count_cards", True),
        ("discard.jokers", True),
        ("initial_meld.open_before_pickup", False),
        ("game.seven_canastas_win", 0),
        ("deal.hand_size", 11),
        ("go_out.concealed_bonus", 100),
        ("draw.reshuffle_on_stock_end", False),
        ("canasta.concealed_bonus", 0),
        ("pile.black_three_freezes", False),
        ("deal.upcard_covers_black_three", False),
        ("meld.max_cards_going_out", 0),
        ("deal.bonus_piles", False),
        ("pile.take_unfrozen", ("natural_pair", "natural_plus_wild")),
    ],
)
def test_18_classic_defaults(key: str, value: object) -> None:
    """The Classic 4p defaults of RULES 18 and 0.3 (T2 on, T9 +100, T3 on; the rest off)."""
    assert load_ruleset("classic").value(key) == value


# ---------------------------------------------------------------- each toggle changes play


def test_T1_and_D58_top_card_onto_a_meld() -> None:
    """0.3 D58: adding the top card to the side's meld is an option; T1 keeps it off canastas."""
    top, hand = parse_card("8H"), c("5C 9D")
    assert not check_pickup(load_ruleset("classic"), top, hand, table=(c("8 8 8"),)).legal
    assert check_pickup(house(ADD_TO_MELD), top, hand, table=(c("8 8 8"),)).legal
    canasta = (c("8 8 8 8 8 8 8"),)
    assert check_pickup(house(ADD_TO_MELD), top, hand, table=canasta).legal
    t1 = house(ADD_TO_MELD, "pile.not_via_canasta=true")
    assert not check_pickup(t1, top, hand, table=canasta).legal


@pytest.mark.parametrize(
    ("ratio", "cards", "legal"),
    [
        ("naturals_gt_wilds", "K K 2 2", False),
        ("naturals_gt_wilds", "K K K 2 2", True),
        ("none", "K K 2 2", True),
        ("none", "9 9 2 2 JK", True),
        ("naturals_ge_wilds", "K K 2 2", True),
        ("naturals_ge_wilds", "9 9 2 2 JK", False),
        ("two_naturals_per_wild", "K K K 2 2", False),
        ("two_naturals_per_wild", "K K K K 2 2", True),
    ],
)
def test_T2_T10_T15_D1_wild_ratio(ratio: str, cards: str, legal: bool) -> None:
    assert check_meld(house(f"meld.wild_ratio={ratio}"), c(cards)).legal is legal


C6_LIKE = """
[[side]]
name = "A"
melds = ["JS JH JD JC JS JH JD", "9S 9H 9D 2C"]
in_hand = ["", "K 6 6 5 5"]
went_out = true
concealed = true
"""


@pytest.fixture
def c6_like(opponent: str) -> str:
    """C6_LIKE with side B of the one-side examples."""
    return C6_LIKE + opponent


def test_T3_count_cards_inside_canastas_off(c6_like: str) -> None:
    """Without T3 the J canasta's 70 no longer counts: only the 50 of 9 9 9 2."""
    assert (
        items(score(load_ruleset("classic"), c6_like), "A")["classic.scoring.melded-cards"] == 120
    )
    assert (
        items(score(house("canasta.count_cards=false"), c6_like), "A")[
            "classic.scoring.melded-cards"
        ]
        == 50
    )


def test_T4_jokers_not_discardable() -> None:
    assert check_discard(load_ruleset("classic"), parse_card("JK"), c("JK K")).legal
    ruling = check_discard(house("discard.jokers=false"), parse_card("JK"), c("JK K"))
    assert not ruling.legal and ruling.cited[0].rule == "classic.discard.jokers"
    assert check_discard(house("discard.jokers=false"), parse_card("2C"), c("2C K")).legal


def test_T5_open_before_pickup() -> None:
    """RULES C3 at 2,000 (90): 30 + 15 + 70 = 115 counts with the pair and top card; under T5
    only 5 5 5 and 9 9 JK count, 85 < 90."""
    hand, top = c("KS KH 5C 5D 5H 9C 9H JK"), parse_card("KD")
    assert check_pickup(load_ruleset("classic"), top, hand, opened=False, score=2000).legal
    strict = house("initial_meld.open_before_pickup=true")
    ruling = check_pickup(strict, top, hand, opened=False, score=2000)
    assert not ruling.legal and ruling.extra["points"] == 85


def test_T6_seven_canastas_win() -> None:
    ranks = ["A", "K", "Q", "J", "10", "9", "8"]
    melds = ", ".join(f'"{" ".join([r] * 7)}"' for r in ranks)
    record = f'[[side]]\nname = "A"\nmelds = [{melds}]\n[[side]]\nname = "B"\nmelds = ["4 4 4"]\n'
    assert score(house("game.seven_canastas_win=5000"), record).side("A").total == 5000


def test_T9_no_concealed_bonus(c6_like: str) -> None:
    assert "classic.go-out.concealed-bonus" in items(score(load_ruleset("classic"), c6_like), "A")
    off = items(score(house("go_out.concealed_bonus=0"), c6_like), "A")
    assert "classic.go-out.concealed-bonus" not in off


def test_T12_concealed_canasta_bonus(c6_like: str) -> None:
    """+100 for each canasta laid whole from hand (mixed 300 -> 400, natural 500 -> 600)."""
    record = c6_like.replace("concealed = true", "concealed = true\nconcealed_canastas = 1")
    found = items(score(house("canasta.concealed_bonus=100"), record), "A")
    assert found["classic.canasta.concealed-bonus"] == 100


def test_T17_oversize_melds_when_going_out_in_american() -> None:
    eight = c("K K K K K K K 2")
    assert not check_meld(load_ruleset("american"), eight, going_out=True).legal
    t17 = house("meld.max_cards_going_out=8", ruleset="american")
    assert check_meld(t17, eight, going_out=True).legal
    assert not check_meld(t17, eight).legal


def test_T7_deal_size_is_shown() -> None:
    assert house("deal.hand_size=13").rule_text("deal.hand_size") == "Each player is dealt 13 cards"


# ---------------------------------------------------------------- --rule errors


def test_rule_unknown_key_and_wrong_type_name_the_key() -> None:
    with pytest.raises(RulesetError) as found:
        house("meld.colour=red")
    assert "meld.colour" in str(found.value)
    with pytest.raises(RulesetError) as typed:
        house("go_out.bonus=lots")
    assert "go_out.bonus" in str(typed.value)


# ---------------------------------------------------------------- a user house-rules file

HOUSE = """
id = "our-house"
name = "Our house rules"
extends = "classic"
description = "Classic; the top card may join a meld that is not a canasta; jokers stay in hand."

[sources]
"pile.take_unfrozen" = "house rule (Pagat: Canasta allows it)"
"pile.not_via_canasta" = "house rule (Wikipedia: Canasta, other variations)"
"discard.jokers" = "house rule (Wikipedia: Canasta, other variations)"

[pile]
take_unfrozen = ["natural_pair", "natural_plus_wild", "add_to_meld"]
not_via_canasta = true

[discard]
jokers = false

[game]
target = 2500
"""

BAD = """
id = "broken"
extends = "classic"

[meld]
wild_ratio = "lots"
max_wilds = "three"
colour = true

[pile]
take_unfrozen = ["natural_pair", "grab"]

[game]
target = 5003
"""


@pytest.fixture
def house_file(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def test_house_file_validates_for_every_player_count(house_file: Path) -> None:
    rs = validate_file(str(house_file))
    assert (rs.id, rs.name, rs.game.target) == ("our-house", "Our house rules", 2500)
    assert rs.rule_source("discard.jokers") == "house rule (Wikipedia: Canasta, other variations)"
    assert rs.rule_id("discard.jokers") == "our-house.discard.jokers"


def test_house_file_cli_validate(house_file: Path) -> None:
    result = CliRunner().invoke(app, ["rules", "validate", str(house_file), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "valid": True,
        "id": "our-house",
        "name": "Our house rules",
        "problems": [],
    }


def test_broken_house_file_reports_every_problem_with_its_key(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BAD, encoding="utf-8")
    result = CliRunner().invoke(app, ["rules", "validate", str(path), "--json"])
    assert result.exit_code == 2
    problems = json.loads(result.stdout)["problems"]
    for key in ("meld.wild_ratio", "meld.max_wilds", "meld.colour", "pile.take_unfrozen[1]"):
        assert any(f": {key}:" in p for p in problems), key
    assert any(": game.target:" in p for p in problems)


def test_house_file_in_check_commands(house_file: Path) -> None:
    runner = CliRunner()
    args = ["check", "pickup", "-r", str(house_file), "--top", "8H", "--hand", "5C 9D"]
    taken = runner.invoke(app, [*args, "--table", "8 8 8", "--json"])
    assert taken.exit_code == 0, taken.output
    data = json.loads(taken.stdout)
    assert data["way"] == "add_to_meld" and data["reasons"][0]["rule"].startswith("our-house.")
    refused = runner.invoke(app, [*args, "--table", "8 8 8 8 8 8 8", "--json"])
    assert refused.exit_code == 1
    discard = runner.invoke(
        app, ["check", "discard", "JK", "--hand", "JK K", "-r", str(house_file)]
    )
    assert discard.exit_code == 1 and "our-house.discard.jokers" in discard.stdout


def test_house_file_in_min_meld_and_score_hand(house_file: Path, opponent: str) -> None:
    runner = CliRunner()
    need = runner.invoke(app, ["min-meld", "-r", str(house_file), "--score", "1500", "--json"])
    assert json.loads(need.stdout)["minimum"] == 90
    record = f'[[side]]\nname = "A"\nmelds = ["K K K K K K K"]\nwent_out = true\n{opponent}'
    result = runner.invoke(app, ["score-hand", "-", "-r", str(house_file), "--json"], input=record)
    assert result.exit_code == 0, result.output
    a = json.loads(result.stdout)["sides"][0]
    assert a["total"] == 70 + 500 + 100
    assert all(i["rule"].startswith("our-house.") for i in a["items"])


def test_house_file_extends_a_variant(tmp_path: Path) -> None:
    """Hand and Foot with four players as singles (RULES 17.1 singles: 1 natural + 2 mixed)."""
    path = tmp_path / "hf-singles.toml"
    path.write_text(
        'id = "hf-singles"\nextends = "hand-and-foot"\n'
        "[table]\nside_size = 1\n"
        '[go_out]\ncanastas = 3\nnatural_canastas = 1\nmixed_canastas = 2\npermission = "none"\n',
        encoding="utf-8",
    )
    rs = validate_file(str(path))
    assert (rs.players, rs.sides, rs.deck.decks, rs.deal.foot_size) == (4, 4, 5, 11)


def test_rules_show_with_rule_marks_the_house_rule() -> None:
    args = ["rules", "show", "classic", "--rule", "discard.jokers=false", "--json"]
    result = CliRunner().invoke(app, args)
    rules = {r["key"]: r for r in json.loads(result.stdout)["rules"]}
    assert rules["discard.jokers"]["value"] is False
    assert rules["discard.jokers"]["source"] == "house rule (--rule)"


# ---------------------------------------------------------------- the guides stay true

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_house_rules_guide_names_only_real_keys() -> None:
    import re

    from canasta_score.rules.ruleset import schema_keys

    text = (DOCS / "house-rules.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+\.[a-z_]+)", text))
    assert named, "the guide names keys"
    assert named <= set(schema_keys()), named - set(schema_keys())
    for toggle in [f"T{n}" for n in range(1, 19)]:
        assert f"| {toggle} |" in text, toggle


@pytest.mark.parametrize("guide", ["house-rules.md", "variants.md"])
def test_guide_ruleset_files_validate(guide: str, tmp_path: Path) -> None:
    """Every TOML ruleset example in the guides (a block with ``extends``) is valid."""
    import re

    text = (DOCS / guide).read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```toml\n(.*?)```", text, re.S) if "extends" in b]
    assert blocks or guide == "variants.md"
    for i, block in enumerate(blocks):
        path = tmp_path / f"example{i}.toml"
        path.write_text(block, encoding="utf-8")
        validate_file(str(path))
