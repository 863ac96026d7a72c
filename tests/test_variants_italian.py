"""Italian Canasta (RULES 14; decision D43): melds of twos and the reference-only values."""

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
    return load_ruleset("italian")


OTHER = '\n[[side]]\nname = "B"\nmelds = ["4S 4H 4D"]\n'
SEVEN_TWOS = "2C 2D 2H 2S 2C 2D 2H"


def test_italian_14_inherits_samba_and_the_seed_numbers(rs: Ruleset) -> None:
    assert (rs.deck.decks, rs.deal.hand_size, rs.draw.stock_cards) == (3, 15, 2)
    assert rs.meld.sequences and rs.game.target == 15000  # D43: seed 15,000
    assert rs.go_out.bonus == 300 and rs.go_out.canastas == 2


@pytest.mark.parametrize(
    ("score_before", "minimum"),
    [
        (-5, 15),
        (1495, 50),
        (1500, 90),
        (4995, 120),
        (5000, 160),
        (7495, 160),
        (7500, 180),
        (9995, 180),
        (10000, 200),
    ],
)
def test_italian_14_reference_tiers(rs: Ruleset, score_before: int, minimum: int) -> None:
    assert min_meld(rs, score_before).minimum == minimum


def test_italian_initial_meld_must_be_natural(rs: Ruleset) -> None:
    ruling = check_initial_meld(rs, [c("K K K"), c("A A 2")], score=0)
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["italian.initial-meld.natural-only"]
    assert check_initial_meld(rs, [c("K K K"), c("A A A")], score=0).legal


def test_italian_opening_search_leaves_wilds_out(rs: Ruleset) -> None:
    """Unopened, tier 50: Q Q + top Q = 30 and A A A = 60; the joker may not join them."""
    ruling = check_pickup(rs, parse_card("QD"), c("QS QH AS AH AD JK"), opened=False, score=0)
    assert ruling.legal and ruling.extra["points"] == 90
    assert all("JK" not in m for m in ruling.extra["melds"])


def test_italian_pile_always_frozen_rules_14(rs: Ruleset) -> None:
    """RULES 14 pile.always_frozen: an opened side, no wild in the pile, yet the top 9H needs a
    natural pair from hand; the meld of 9s on the table does not help."""
    ruling = check_pickup(rs, parse_card("9H"), c("5C 9C JK"), table=(c("9 9 9 9"),))
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["italian.pile.natural-pair"]
    assert ruling.cited[0].text.startswith("The pile is always frozen")


# The unfrozen ways widened to classic's natural and wild, so that only the always-frozen pile
# stands between 9C JK and the top 9H.
NATURAL_AND_WILD = 'pile.take_unfrozen=["natural_pair", "natural_plus_wild"]'


@pytest.mark.parametrize(
    ("always_frozen", "legal", "rule"),
    [("true", False, "italian.pile.natural-pair"), ("false", True, "italian.pile.take-unfrozen")],
)
def test_italian_always_frozen_alone_refuses_a_natural_and_a_wild_rules_14(
    always_frozen: str, legal: bool, rule: str
) -> None:
    rs = load_ruleset(
        "italian", overrides=[f"pile.always_frozen={always_frozen}", NATURAL_AND_WILD]
    )
    ruling = check_pickup(rs, parse_card("9H"), c("9C JK"))
    assert ruling.legal is legal
    assert [r.rule for r in ruling.cited] == [rule]


@pytest.mark.parametrize(
    ("cards", "legal", "canasta"),
    [
        ("2 2 2", True, None),
        ("2 2 JK", True, None),
        (SEVEN_TWOS, True, "deuces"),
        ("2C 2D 2H 2S 2C JK JK", True, "deuces_mixed"),
        ("JK JK JK", False, None),
        ("2 JK JK", False, None),
    ],
)
def test_italian_deuce_melds(rs: Ruleset, cards: str, legal: bool, canasta: str | None) -> None:
    """Twos meld as a rank of their own (jokers may join as wilds); jokers alone never meld."""
    ruling = check_meld(rs, c(cards))
    assert ruling.legal is legal
    if legal:
        assert ruling.extra["canasta"] == canasta


def test_samba_has_no_deuce_melds() -> None:
    assert not check_meld(load_ruleset("samba"), c("2 2 2")).legal


@pytest.mark.parametrize(
    ("meld", "table", "legal"),
    [
        ("K K 2", ["2 2 2"], False),
        ("K K JK", ["2 2 2"], True),
        ("K K 2", [SEVEN_TWOS], True),
        ("K K 2", [], True),
    ],
)
def test_italian_twos_not_wild_while_the_deuce_meld_is_incomplete(
    rs: Ruleset, meld: str, table: list[str], legal: bool
) -> None:
    ruling = check_meld(rs, c(meld), table=tuple(c(t) for t in table))
    assert ruling.legal is legal
    if not legal:
        assert ruling.cited[0].rule == "italian.meld.deuce-melds"


def test_italian_deuce_canasta_does_not_count_to_go_out(rs: Ruleset) -> None:
    ruling = check_go_out(rs, (c("K K K K K K K"), c(SEVEN_TWOS)))
    assert not ruling.legal
    assert ruling.cited[0].rule == "italian.go-out.canastas"
    assert check_go_out(rs, (c("K K K K K K K"), c("Q Q Q Q Q Q Q"))).legal


def test_italian_deuce_canastas_for_the_side_going_out(rs: Ruleset) -> None:
    """Seven 2s: 140 + 3,000; a mixed canasta of twos (5 twos, 2 jokers): 200 + 2,000."""
    record = f"""
[[side]]
name = "A"
melds = ["{SEVEN_TWOS}", "K K K K K K K", "Q Q Q Q Q Q Q"]
went_out = true

[[side]]
name = "B"
melds = ["2S 2C 2D 2H 2S JK JK"]
"""
    result = score(rs, record)
    a = items(result, "A")
    assert a["italian.canasta.deuces"] == 3000
    assert result.side("A").total == 140 + 70 + 70 + 3000 + 500 + 500 + 300
    b = items(result, "B")
    assert b["italian.canasta.deuces-going-out-only"] == 0
    assert result.side("B").total == 200


def test_italian_mixed_deuce_canasta_bonus(rs: Ruleset) -> None:
    record = f"""
[[side]]
name = "A"
melds = ["2S 2C 2D 2H 2S JK JK", "K K K K K K K", "Q Q Q Q Q Q Q"]
went_out = true
{OTHER}"""
    assert items(score(rs, record), "A")["italian.canasta.deuces-mixed"] == 2000


def test_italian_five_natural_and_ten_canastas(rs: Ruleset) -> None:
    """5 natural canastas (A 140, K Q J 10 70 each = 420, +2,500) and 5 mixed (9 8: 90 each,
    7 6 5: 65 each = 375, +1,500); five natural +2,000, ten canastas +2,000: 8,795."""
    record = f"""
[[side]]
name = "A"
melds = [
  "A A A A A A A", "K K K K K K K", "Q Q Q Q Q Q Q", "J J J J J J J", "10 10 10 10 10 10 10",
  "9 9 9 9 9 2 2", "8 8 8 8 8 2 2", "7 7 7 7 7 2 2", "6 6 6 6 6 2 2", "5 5 5 5 5 2 2",
]
{OTHER}"""
    result = score(rs, record)
    a = items(result, "A")
    assert a["italian.canasta.five-natural"] == 2000
    assert a["italian.canasta.ten-canastas"] == 2000
    assert "italian.canasta.four-natural-one-mixed" not in a
    assert result.side("A").total == 8795


def test_italian_four_natural_and_one_mixed(rs: Ruleset) -> None:
    """K Q J 10 natural (280, +2,000), 9 mixed (90, +300), +1,000: 3,670."""
    record = f"""
[[side]]
name = "A"
melds = ["K K K K K K K", "Q Q Q Q Q Q Q", "J J J J J J J", "10 10 10 10 10 10 10",
         "9 9 9 9 9 2 2"]
{OTHER}"""
    result = score(rs, record)
    assert items(result, "A")["italian.canasta.four-natural-one-mixed"] == 1000
    assert result.side("A").total == 3670


@pytest.mark.parametrize(("count", "value"), [(3, 300), (4, 800), (6, 1200)])
def test_italian_red_threes_200_each_from_four(rs: Ruleset, count: int, value: int) -> None:
    record = '[[side]]\nname = "A"\nmelds = ["K K K K K K K", "Q Q Q Q Q Q Q"]\n'
    record += f"red_threes = {count}\n" + OTHER
    assert items(score(rs, record), "A")["italian.threes.red-values"] == value


def test_italian_cli_rules_show_marks_reference_values() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "italian", "--json"])
    assert result.exit_code == 0
    rules = {r["key"]: r for r in json.loads(result.stdout)["rules"]}
    assert "reference only" in rules["initial_meld.tiers"]["source"]
    assert rules["canasta.deuces"]["value"] == 3000
    assert "Wikipedia: Canasta (Italian Canasta)" in rules["meld.deuce_melds"]["source"]
