"""Classic rulings (RULES 2.1-2.4, 3, 4 and decisions D1, D58), worked out by hand."""

from __future__ import annotations

import pytest
from helpers import c, one

from canasta_score.judging.judge import (
    check_discard,
    check_go_out,
    check_initial_meld,
    check_meld,
    check_pickup,
    min_meld,
)
from canasta_score.rules.cards import Rank
from canasta_score.rules.ruleset import Ruleset


@pytest.mark.parametrize(
    ("score", "minimum"),
    [
        (-2000, 15),
        (-35, 15),
        (-5, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (9000, 120),
    ],
)
def test_classic_C2_tier_boundaries(classic: Ruleset, score: int, minimum: int) -> None:
    need = min_meld(classic, score)
    assert need.minimum == minimum
    assert need.requires == []
    assert need.rule.rule == "classic.initial-meld.tiers"


def test_classic_C2_negative_side_opens_with_three_fours(classic: Ruleset) -> None:
    ruling = check_initial_meld(classic, [c("4C 4D 4H")], score=-35)
    assert ruling.legal and ruling.extra == {"points": 15, "minimum": 15}


@pytest.mark.parametrize(
    ("melds", "points", "legal"),
    [
        (["7C 7D 7H 7S", "QC QH 2D"], 60, False),
        (["7C 7D 7H 7S", "AC AH 2D"], 80, False),
        (["6 6 6", "K K K 2"], 65, False),
        (["6 6 6", "A A A 2"], 95, True),
        (["7C 7D 7H 7S", "AC AH JK"], 110, True),
    ],
)
def test_classic_C1_initial_meld_at_1600(
    classic: Ruleset, melds: list[str], points: int, legal: bool
) -> None:
    ruling = check_initial_meld(classic, [c(m) for m in melds], score=1600)
    assert ruling.legal is legal
    assert ruling.extra == {"points": points, "minimum": 90}
    if not legal:
        assert [r.rule for r in ruling.cited] == ["classic.initial-meld.minimum"]


def test_classic_C1_cross_check_tiers(classic: Ruleset) -> None:
    """Below 1,500 both 60 and 80 are legal; from 3,000 both are illegal."""
    for melds in (["7C 7D 7H 7S", "QC QH 2D"], ["7C 7D 7H 7S", "AC AH 2D"]):
        assert check_initial_meld(classic, [c(m) for m in melds], score=1000).legal
        assert not check_initial_meld(classic, [c(m) for m in melds], score=3000).legal


def test_initial_meld_top_card_counts_decision_d4(classic: Ruleset) -> None:
    """The top discard counts toward the classic minimum: K K + top K (30) + 9 9 JK (70) = 100."""
    ruling = check_initial_meld(
        classic, [c("KS KH KD"), c("9C 9H JK")], score=2000, top_card=one("KD")
    )
    assert ruling.legal and ruling.extra["points"] == 100


@pytest.mark.parametrize(
    ("meld", "legal", "rule"),
    [
        ("K K 2", True, None),
        ("K K 2 2", False, "classic.meld.wild-ratio"),
        ("K K K 2 2", True, None),
        ("K K K K 2 2 2", True, None),
        ("K K K K K 2 2 2 2", False, "classic.meld.max-wilds"),
        ("K K", False, "classic.meld.min-cards"),
        ("K 2 2", False, "classic.meld.min-naturals"),
        ("2 2 JK", False, "classic.meld.wild-only"),
        ("K Q J", False, "classic.meld.one-rank"),
        ("K K 3H", False, "classic.meld.red-threes"),
        ("K K 3S", False, "classic.meld.no-threes"),
        ("3S 3C 3S", False, "classic.meld.black-threes"),
        ("4 4 4 4 4 4 4 4 4", True, None),
    ],
)
def test_classic_meld_limits_rules_2_1_and_d1(
    classic: Ruleset, meld: str, legal: bool, rule: str | None
) -> None:
    ruling = check_meld(classic, c(meld))
    assert ruling.legal is legal
    if rule:
        assert rule in [r.rule for r in ruling.cited]


def test_meld_reports_points_and_canasta_kind(classic: Ruleset) -> None:
    assert check_meld(classic, c("Q Q Q Q Q Q Q")).extra == {"points": 70, "canasta": "natural"}
    assert check_meld(classic, c("8 8 8 8 8 2 JK")).extra == {"points": 120, "canasta": "mixed"}
    assert check_meld(classic, c("5 5 5")).extra == {"points": 15, "canasta": None}


def test_black_threes_melded_only_going_out_rules_2_4(classic: Ruleset) -> None:
    assert check_meld(classic, c("3S 3C 3S"), going_out=True).legal
    assert check_meld(classic, c("3S 3C 3S 3C"), going_out=True).legal
    assert not check_meld(classic, c("3S 3C"), going_out=True).legal
    assert not check_meld(classic, c("3S 3C 3S 2"), going_out=True).legal


def test_adding_to_a_meld_judges_the_result(classic: Ruleset) -> None:
    """K K K 2 + 2 is K K K 2 2 (legal); K K 2 + 2 is K K 2 2 (naturals don't outnumber)."""
    ruling = check_meld(classic, c("2"), to=c("K K K 2"))
    assert ruling.legal and ruling.extra["points"] == 20
    assert not check_meld(classic, c("2"), to=c("K K 2")).legal
    wrong = check_meld(classic, c("Q"), to=c("K K K"))
    assert not wrong.legal


def test_adding_a_wild_to_a_natural_canasta_makes_it_mixed(classic: Ruleset) -> None:
    ruling = check_meld(classic, c("JK"), to=c("Q Q Q Q Q Q Q"))
    assert ruling.legal and ruling.extra["canasta"] == "mixed"


def test_one_meld_per_rank_merges_with_the_table(classic: Ruleset) -> None:
    """A second meld of 8s merges into the side's 8s (RULES 1.4): 8 8 2 + 2 2 would be 3 wilds."""
    assert check_meld(classic, c("8 8 8"), table=(c("8 8 8 2"),)).legal
    merged = check_meld(classic, c("8 2 2"), table=(c("8 8 2"),))
    assert not merged.legal  # 8 8 8 2 2 2: 3 natural, 3 wild


# ---------------------------------------------------------------- pickup (RULES 2.3)


def test_classic_C3_unopened_side_cannot_reach_90_with_45(classic: Ruleset) -> None:
    ruling = check_pickup(classic, one("KD"), c("KS KH 5C 5D 5H"), opened=False, score=2000)
    assert not ruling.legal
    assert ruling.extra["points"] == 45 and ruling.extra["minimum"] == 90
    assert "classic.initial-meld.minimum" in [r.rule for r in ruling.cited]


def test_classic_C3_unopened_side_reaches_115(classic: Ruleset) -> None:
    ruling = check_pickup(
        classic, one("KD"), c("KS KH 5C 5D 5H 9C 9H JK"), opened=False, score=2000
    )
    assert ruling.legal
    assert ruling.extra["points"] == 115
    assert ruling.extra["cards"] == ["KS", "KH"]
    assert sorted(ruling.extra["melds"]) == sorted(["KS KH KD", "9C 9H JK", "5C 5D 5H"])


def test_classic_C3_unopened_side_needs_a_natural_pair(classic: Ruleset) -> None:
    ruling = check_pickup(classic, one("KD"), c("KS JK 9C 9H A A A"), opened=False, score=2000)
    assert not ruling.legal
    assert [r.rule for r in ruling.cited] == ["classic.pile.natural-pair"]


def test_classic_C4_frozen_by_a_wild(classic: Ruleset) -> None:
    table = (c("8 8 8"),)
    assert not check_pickup(classic, one("8H"), c("8C JK"), frozen=True, table=table).legal
    ruling = check_pickup(classic, one("8H"), c("8C 8S"), frozen=True, table=table)
    assert ruling.legal and ruling.extra["way"] == "natural_pair"


def test_unfrozen_pile_natural_plus_wild_rules_2_3(classic: Ruleset) -> None:
    ruling = check_pickup(classic, one("8H"), c("8C JK 5 6"))
    assert ruling.legal and ruling.extra["way"] == "natural_plus_wild"


def test_adding_top_card_to_meld_is_off_in_classic_decision_d58(classic: Ruleset) -> None:
    ruling = check_pickup(classic, one("8H"), c("5 6 9"), table=(c("8 8 8"),))
    assert not ruling.legal


def test_adding_top_card_to_meld_as_house_rule_d58() -> None:
    from canasta_score.rules.catalog import load_ruleset

    rs = load_ruleset(
        "classic",
        overrides=['pile.take_unfrozen=["natural_pair", "natural_plus_wild", "add_to_meld"]'],
    )
    ruling = check_pickup(rs, one("8H"), c("5 6 9"), table=(c("8 8 8"),))
    assert ruling.legal and ruling.extra["way"] == "add_to_meld"
    frozen = check_pickup(rs, one("8H"), c("5 6 9"), frozen=True, table=(c("8 8 8"),))
    assert not frozen.legal
    t1 = load_ruleset(
        "classic",
        overrides=[
            'pile.take_unfrozen=["natural_pair", "add_to_meld"]',
            "pile.not_via_canasta=true",
        ],
    )
    assert not check_pickup(t1, one("8H"), c("5 6 9"), table=(c("8 8 8 8 8 8 8"),)).legal


@pytest.mark.parametrize("top", ["3S", "3C", "2D", "JK"])
def test_blocked_top_cards_rules_2_3_step_2(classic: Ruleset, top: str) -> None:
    ruling = check_pickup(classic, one(top), c("3S 3C 2D 2S JK JK K K"))
    assert not ruling.legal
    assert ruling.cited[0].rule == "classic.pile.blocked-top"


def test_empty_pile_and_one_card_rule_rules_2_3(classic: Ruleset) -> None:
    assert not check_pickup(classic, one("K"), c("K K"), pile_size=0).legal
    one_card = check_pickup(classic, one("K"), c("K"), pile_size=1)
    assert not one_card.legal and one_card.cited[0].rule == "classic.pile.one-card-rule"


def test_open_before_pickup_t5_excludes_pair_and_top() -> None:
    """T5: K K + top K (30) no longer count; 9 9 JK (70) + 5 5 5 (15) = 85 < 90."""
    from canasta_score.rules.catalog import load_ruleset

    rs = load_ruleset("classic", overrides=["initial_meld.open_before_pickup=true"])
    ruling = check_pickup(rs, one("KD"), c("KS KH 5C 5D 5H 9C 9H JK"), opened=False, score=2000)
    assert not ruling.legal and ruling.extra["points"] == 85


# ---------------------------------------------------------------- discard and going out


def test_classic_discards_any_card_but_a_red_three(classic: Ruleset) -> None:
    for card in ("K", "2", "JK", "3S"):
        assert check_discard(classic, one(card), c(f"{card} 5 6")).legal
    assert not check_discard(classic, one("3H"), c("3H 5")).legal
    assert not check_discard(classic, one("Q"), c("K 5 6")).legal  # not in hand


def test_jokers_not_discardable_t4() -> None:
    from canasta_score.rules.catalog import load_ruleset

    rs = load_ruleset("classic", overrides=["discard.jokers=false"])
    assert not check_discard(rs, one("JK"), c("JK 5")).legal
    assert check_discard(rs, one("2"), c("2 5")).legal


def test_classic_go_out_needs_one_canasta_rules_2_4(classic: Ruleset) -> None:
    assert not check_go_out(classic, (c("Q Q Q Q Q Q"), c("K K K"))).legal
    ruling = check_go_out(classic, (c("Q Q Q Q Q Q Q"), c("K K K")))
    assert ruling.legal and ruling.extra["canastas"] == 1


def test_two_players_example_2P_1(classic2: Ruleset) -> None:
    six = (c("Q Q Q Q Q Q Q"), c("K K K K K K"))
    assert not check_go_out(classic2, six).legal
    seven = (c("Q Q Q Q Q Q Q"), c("K K K K K K K"))
    assert check_go_out(classic2, seven).legal


def test_three_players_one_canasta_d15(classic3: Ruleset) -> None:
    assert check_go_out(classic3, (c("Q Q Q Q Q Q Q"),)).legal


def test_partner_refusal_binds_rules_2_1(classic: Ruleset) -> None:
    ruling = check_go_out(classic, (c("Q Q Q Q Q Q Q"),), partner="no")
    assert not ruling.legal
    assert ruling.cited[0].rule == "classic.go-out.partner-refused"
    assert check_go_out(classic, (c("Q Q Q Q Q Q Q"),), partner="yes").legal


def test_going_out_with_black_threes_meld_rules_2_4(classic: Ruleset) -> None:
    assert check_go_out(classic, (c("Q Q Q Q Q Q Q"), c("3S 3C 3S")), discard=one("5")).legal
    assert not check_go_out(classic, (c("Q Q Q Q Q Q Q"), c("3S 3C"))).legal


def test_go_out_final_discard_is_optional_in_classic(classic: Ruleset) -> None:
    assert check_go_out(classic, (c("Q Q Q Q Q Q Q"),)).legal
    assert not check_go_out(classic, (c("Q Q Q Q Q Q Q"),), discard=one("3H")).legal


def test_closed_ranks_do_not_apply_in_classic(classic: Ruleset) -> None:
    assert check_meld(classic, c("K K K"), closed=frozenset({Rank.KING})).legal
