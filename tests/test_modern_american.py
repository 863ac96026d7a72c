"""Modern American Canasta (RULES 6, seed S3): examples M1-M7 and every rule, both sides."""

from __future__ import annotations

import pytest
from helpers import c, one, score, totals

from canasta_score.core.errors import RecordError
from canasta_score.judging.judge import (
    check_discard,
    check_go_out,
    check_initial_meld,
    check_meld,
    check_pickup,
    min_meld,
)
from canasta_score.rules.cards import Rank
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset

KINGS = frozenset({Rank.KING})


def rules_of(ruling: object) -> list[str]:
    return [r.rule for r in ruling.cited]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- set-up (RULES 6.2)


def test_modern_deal_and_table_rules_6_2(modern: Ruleset) -> None:
    assert modern.table.player_counts == (4,) and modern.sides == 2
    assert modern.deal.hand_size == 13 and modern.deal.upcard is False
    assert modern.draw.stock_cards == 1
    assert (modern.deck.decks, modern.deck.jokers_per_deck) == (2, 2)
    assert modern.game.target == 8500
    assert modern.special_hands.straight == 0  # RULES 6.1: no special hands


# ---------------------------------------------------------------- M1 initial meld


@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-400, 125), (0, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180), (9000, 180)],
)
def test_modern_M1_tiers(modern: Ruleset, score: int, minimum: int) -> None:
    need = min_meld(modern, score)
    assert need.minimum == minimum
    assert any("clean meld" in r for r in need.requires)


def test_modern_M1_clean_trio_makes_it_legal(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("K K K"), c("Q Q 2"), c("A A JK")], score=2950)
    assert ruling.legal and ruling.extra == {"points": 160, "minimum": 125}


def test_modern_M1_no_clean_meld_is_illegal(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("K K 2"), c("Q Q 2"), c("A A JK")], score=2950)
    assert not ruling.legal and ruling.extra["points"] == 170
    assert "modern-american.initial-meld.must-include" in rules_of(ruling)
    fixed = check_initial_meld(modern, [c("K K 2"), c("Q Q Q"), c("A A JK")], score=2950)
    assert fixed.legal and fixed.extra["points"] == 160


def test_modern_M1_wild_card_meld_satisfies_the_requirement(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("JK JK 2C"), c("8 8 8")], score=2950)
    assert ruling.legal and ruling.extra["points"] == 150


def test_modern_initial_meld_below_minimum(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("K K K"), c("Q Q Q")], score=0)
    assert not ruling.legal and ruling.extra == {"points": 60, "minimum": 125}


def test_modern_top_discard_never_counts(modern: Ruleset) -> None:
    """A A JK (90) + K K K (30) + 9 9 (20) = 140; the top 9 is not counted (RULES 6.2, D27)."""
    melds = [c("AC AD JK"), c("KS KH KD"), c("9C 9S 9H")]
    ruling = check_initial_meld(modern, melds, score=3500, top_card=one("9H"))
    assert not ruling.legal and ruling.extra == {"points": 140, "minimum": 155}


def test_modern_wild_meld_lock_inside_the_initial_meld_d28(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("JK JK 2"), c("K K 2"), c("Q Q Q")], score=0)
    assert not ruling.legal
    assert "modern-american.meld.wild-meld-lock" in rules_of(ruling)


# ---------------------------------------------------------------- M2 canasta from hand


def test_modern_M2_canasta_from_hand_needs_no_minimum(modern: Ruleset) -> None:
    ruling = check_initial_meld(modern, [c("5C 5D 5H 5S 5C 5D 5H")], score=6000)
    assert ruling.legal and ruling.extra == {"points": 35, "minimum": 180}
    assert "modern-american.initial-meld.canasta-exemption" in rules_of(ruling)


def test_modern_mixed_canasta_from_hand_still_needs_a_clean_meld_d28(modern: Ruleset) -> None:
    ruling = check_initial_meld(
        modern,
        [c("K K K K K 2 2")],
        score=0,
    )
    assert not ruling.legal
    assert "modern-american.initial-meld.must-include" in rules_of(ruling)


# ---------------------------------------------------------------- melds (RULES 6.2)


@pytest.mark.parametrize(
    ("meld", "initial", "legal", "rule"),
    [
        ("K K K", False, True, None),
        ("K K K K K K K", False, True, None),
        ("K K K K K K K K", False, False, "modern-american.meld.max-cards"),
        ("K K K 2 2", True, True, None),
        ("K K K 2 2 2", True, False, "modern-american.meld.max-wilds"),
        ("K K 2", True, True, None),
        ("K K K 2", False, False, "modern-american.meld.wild-min-naturals-after-opening"),
        ("K K K K K 2", False, True, None),
        ("K K K K K 2 2", False, True, None),
        ("7 7 7 2", True, False, "modern-american.meld.sevens-take-wilds"),
        ("7 7 7 7 7 7 2", True, False, "modern-american.meld.sevens-take-wilds"),
        ("A A 2", True, True, None),
        ("A A A A A 2", False, False, "modern-american.meld.aces-take-wilds"),
        ("2 2 JK", False, True, None),
        ("2 2 2 2 2 2 2", False, True, None),
        ("2 2 2 2 2 2 2 2", False, False, "modern-american.meld.max-cards"),
        ("2 JK", False, False, "modern-american.meld.min-cards"),
        ("3S 3C 3S", False, False, "modern-american.meld.black-threes"),
    ],
)
def test_modern_meld_rules_6_2(
    modern: Ruleset, meld: str, initial: bool, legal: bool, rule: str | None
) -> None:
    ruling = check_meld(modern, c(meld), initial=initial)
    assert ruling.legal is legal
    if rule:
        assert rule in rules_of(ruling)


def test_modern_black_threes_never_melded_even_going_out(modern: Ruleset) -> None:
    assert not check_meld(modern, c("3S 3C 3S"), going_out=True).legal


def test_modern_five_card_rule_adding_to_an_existing_meld(modern: Ruleset) -> None:
    assert check_meld(modern, c("2"), to=c("K K K K K")).legal
    assert not check_meld(modern, c("2"), to=c("K K K K")).legal
    assert check_meld(modern, c("K"), to=c("K K K K")).legal


def test_modern_aces_take_wilds_only_in_the_initial_meld_d32(modern: Ruleset) -> None:
    assert check_meld(modern, c("A A A 2"), initial=True).legal
    assert not check_meld(modern, c("2"), to=c("A A A A A")).legal
    assert check_meld(modern, c("A"), to=c("A A 2")).legal  # a natural may always be added


def test_modern_wild_meld_lock(modern: Ruleset) -> None:
    """While the side's wild-card meld is incomplete, no wild goes elsewhere (RULES 6.2)."""
    ruling = check_meld(modern, c("2"), to=c("K K K K K"), table=(c("2 2 JK"),))
    assert not ruling.legal
    assert "modern-american.meld.wild-meld-lock" in rules_of(ruling)
    assert check_meld(modern, c("2"), to=c("2 2 JK")).legal
    complete = (c("2 2 2 2 JK JK JK"),)
    assert check_meld(modern, c("2"), to=c("K K K K K"), table=complete).legal


def test_modern_closed_rank(modern: Ruleset) -> None:
    ruling = check_meld(modern, c("K K K"), closed=KINGS)
    assert not ruling.legal and "modern-american.meld.closed-ranks" in rules_of(ruling)
    assert check_meld(modern, c("Q Q Q"), closed=KINGS).legal


def test_modern_one_meld_per_rank_merges(modern: Ruleset) -> None:
    assert check_meld(modern, c("Q Q Q"), table=(c("Q Q Q"),)).legal
    assert not check_meld(modern, c("Q Q Q"), table=(c("Q Q Q Q Q"),)).legal  # 8 cards


# ---------------------------------------------------------------- M3 pile


def test_modern_M3_pair_joins_a_four_card_meld(modern: Ruleset) -> None:
    ruling = check_pickup(modern, one("9H"), c("9C 9S 4D"), table=(c("9 9 9 2"),))
    assert ruling.legal and ruling.extra["cards"] == ["9C", "9S"]
    assert check_meld(modern, c("9C 9S 9H"), to=c("9 9 9 2")).extra["canasta"] == "mixed"


def test_modern_M3_five_card_meld_blocks_the_pile(modern: Ruleset) -> None:
    assert not check_pickup(modern, one("9H"), c("9C 9S 4D"), table=(c("9 9 9 9 2"),)).legal


def test_modern_M3_natural_pair_always_needed(modern: Ruleset) -> None:
    ruling = check_pickup(modern, one("9H"), c("9C JK 4D"))
    assert not ruling.legal
    assert "modern-american.pile.natural-pair" in rules_of(ruling)


def test_modern_M3_unopened_side_lays_initial_meld_from_hand(modern: Ruleset) -> None:
    hand = c("AC AD JK KS KH KD 9C 9S")
    ruling = check_pickup(modern, one("9H"), hand, opened=False, score=3500)
    assert not ruling.legal and ruling.extra["points"] == 140 and ruling.extra["minimum"] == 155
    more = check_pickup(modern, one("9H"), hand + c("QS QH QD"), opened=False, score=3500)
    assert more.legal and more.extra["points"] == 170


def test_modern_completed_canasta_or_closed_rank_blocks_the_pile(modern: Ruleset) -> None:
    assert not check_pickup(modern, one("KH"), c("KC KS"), table=(c("K K K K K K K"),)).legal
    closed = check_pickup(modern, one("KH"), c("KC KS"), closed=KINGS)
    assert not closed.legal and "modern-american.meld.closed-ranks" in rules_of(closed)


@pytest.mark.parametrize("top", ["3H", "3S", "2", "JK"])
def test_modern_threes_and_wilds_on_top_cannot_be_taken(modern: Ruleset, top: str) -> None:
    assert not check_pickup(modern, one(top), c("3H 3S 2 2 JK JK")).legal


# ---------------------------------------------------------------- M7 and discards


def test_modern_M7_king_must_go(modern: Ruleset) -> None:
    hand = c("AS 7D KC JK")
    assert check_discard(modern, one("KC"), hand, pile_empty=True).legal
    for card in ("AS", "7D"):
        ruling = check_discard(modern, one(card), hand, pile_empty=True)
        assert not ruling.legal
        assert "modern-american.discard.empty-pile-aces-sevens" in rules_of(ruling)
    assert not check_discard(modern, one("JK"), hand, pile_empty=True).legal


def test_modern_M7_ace_or_seven_when_no_other_natural(modern: Ruleset) -> None:
    hand = c("AS 7D JK")
    assert check_discard(modern, one("AS"), hand, pile_empty=True).legal
    assert check_discard(modern, one("7D"), hand, pile_empty=True).legal
    assert not check_discard(modern, one("JK"), hand, pile_empty=True).legal


def test_modern_M7_all_wild_hand_discards_a_wild(modern: Ruleset) -> None:
    assert check_discard(modern, one("JK"), c("JK 2C"), pile_empty=True).legal


def test_modern_aces_and_sevens_discard_freely_on_a_pile(modern: Ruleset) -> None:
    assert check_discard(modern, one("AS"), c("AS 7D KC JK")).legal


def test_modern_wild_discard_only_going_out_or_all_wild(modern: Ruleset) -> None:
    assert not check_discard(modern, one("2"), c("2 K")).legal
    assert check_discard(modern, one("2"), c("2"), going_out=True).legal
    assert check_discard(modern, one("2"), c("2 JK")).legal


def test_modern_threes_never_discarded(modern: Ruleset) -> None:
    assert not check_discard(modern, one("3S"), c("3S K")).legal
    assert not check_discard(modern, one("3H"), c("3H K")).legal


def test_modern_closed_rank_discard_is_last_resort_d29(modern: Ruleset) -> None:
    assert not check_discard(modern, one("K"), c("K Q"), pile_empty=True, closed=KINGS).legal
    assert check_discard(modern, one("K"), c("K A"), pile_empty=True, closed=KINGS).legal
    assert not check_discard(modern, one("A"), c("K A"), pile_empty=True, closed=KINGS).legal
    assert check_discard(modern, one("K"), c("K Q")).legal  # only onto an empty pile (D29)


# ---------------------------------------------------------------- going out


def test_modern_go_out_needs_two_canastas(modern: Ruleset) -> None:
    ruling = check_go_out(modern, (c("K K K K K K K"), c("Q Q Q")), discard=one("5"))
    assert not ruling.legal and "modern-american.go-out.canastas" in rules_of(ruling)


def test_modern_go_out_with_a_wild_canasta(modern: Ruleset) -> None:
    table = (c("K K K K K K K"), c("2 2 2 2 JK JK JK"))
    assert check_go_out(modern, table, discard=one("5")).legal


def test_modern_go_out_requires_a_final_discard(modern: Ruleset) -> None:
    table = (c("K K K K K K K"), c("Q Q Q Q Q Q Q"))
    ruling = check_go_out(modern, table)
    assert not ruling.legal and "modern-american.go-out.final-discard" in rules_of(ruling)
    assert check_go_out(modern, table, discard=one("2")).legal  # a wild may go out
    assert not check_go_out(modern, table, discard=one("3S")).legal


def test_modern_partner_no_forbids_going_out(modern: Ruleset) -> None:
    table = (c("K K K K K K K"), c("Q Q Q Q Q Q Q"))
    assert not check_go_out(modern, table, discard=one("5"), partner="no").legal


# ---------------------------------------------------------------- M4-M6 scoring

M4 = """
[[side]]
name = "A"
melds = ["K K K K K K K", "9 9 9 9 9 9 2", "7 7 7 7 7 7 7", "Q Q Q"]
red_threes = 2
black_threes = 1
in_hand = ["", "8D 4C"]
went_out = true

[[side]]
name = "B"
melds = ["J J J J J 2 JK", "A A A", "2C 2H JK"]
red_threes = 1
black_threes = 2
in_hand = ["AC AD AH KS", "6H 4S"]
"""


def test_modern_M4_full_hand(modern: Ruleset) -> None:
    result = score(modern, M4)
    assert totals(result) == {"A": 4000, "B": -5510}
    a = {i.rule: i.points for i in result.side("A").items}
    assert a["modern-american.canasta.clean-sevens"] == 2500
    assert a["modern-american.threes.red-values"] == 300
    assert a["modern-american.threes.black-values"] == 100
    b = {i.rule: i.points for i in result.side("B").items}
    assert b["modern-american.penalties.incomplete-clean-aces"] == -2500
    assert b["modern-american.penalties.incomplete-wild"] == -2000
    assert b["modern-american.penalties.held-aces-sevens"] == -1500
    assert b["modern-american.threes.red-values"] == 0  # exactly one canasta


def test_modern_M5_side_without_a_canasta(modern: Ruleset) -> None:
    result = score(
        modern,
        """
[[side]]
name = "A"
melds = ["Q Q Q Q Q Q Q", "10 10 10 10 10 10 10"]
went_out = true

[[side]]
name = "B"
melds = ["K K K", "8 8 8 8 8 2", "A A A"]
red_threes = 2
in_hand = ["J 5 5", "K 5 5 5"]
""",
    )
    assert totals(result) == {"A": 1240, "B": -3005}
    b = {i.rule: i.points for i in result.side("B").items}
    assert b["modern-american.penalties.no-canasta-melds-negative"] == -160
    assert b["modern-american.threes.red-values"] == -300
    assert b["modern-american.penalties.incomplete-clean-aces"] == -2500


@pytest.mark.parametrize(
    ("meld", "total"),
    [("2 2 2 2 2 2 2", 3140), ("JK JK JK JK 2 2 2", 2760), ("JK JK 2 2 2 2 2", 2200)],
)
def test_modern_M6_wild_canasta_values(modern: Ruleset, meld: str, total: int) -> None:
    result = score(modern, f'[[side]]\nname="A"\nmelds=["{meld}"]\n[[side]]\nname="B"\n')
    assert totals(result)["A"] == total


def test_modern_M6_incomplete_four_jokers(modern: Ruleset) -> None:
    """K canasta 70 + 500, four jokers and a 2 count +220, penalty -2,500: -1,710."""
    result = score(
        modern, '[[side]]\nname="A"\nmelds=["K K K K K K K", "JK JK JK JK 2"]\n[[side]]\nname="B"\n'
    )
    assert totals(result)["A"] == 70 + 500 + 220 - 2500


@pytest.mark.parametrize(("canastas", "expected"), [(0, -1500), (1, 0), (2, 1500)])
def test_modern_threes_by_colour_and_canastas(
    modern: Ruleset, canastas: int, expected: int
) -> None:
    """Four red (1,000) and three black (500) threes: minus, nothing or plus by canastas."""
    melds = [*['"Q Q Q Q Q Q Q"', '"K K K K K K K"'][:canastas], '"5 5 5"']
    result = score(
        modern,
        f'[[side]]\nname="A"\nmelds=[{", ".join(melds)}]\n'
        'red_threes=4\nblack_threes=3\n[[side]]\nname="B"\n',
    )
    threes = sum(i.points for i in result.side("A").items if "threes" in i.rule)
    assert threes == expected


def test_modern_last_card_three_costs_five(modern: Ruleset) -> None:
    result = score(
        modern, '[[side]]\nname="A"\nmelds=["K K K"]\nin_hand=["3H", ""]\n[[side]]\nname="B"\n'
    )
    assert totals(result)["A"] == -30 - 5


def test_modern_held_penalty_per_player_and_rank(modern: Ruleset) -> None:
    """AAA and 777 in one hand cost 1,500 twice; four aces in one hand still once."""
    result = score(
        modern,
        '[[side]]\nname="A"\nmelds=["K K K K K K K"]\n'
        'in_hand=["A A A 7 7 7", "J J"]\n[[side]]\nname="B"\n'
        'melds=["Q Q Q Q Q Q Q"]\nin_hand=["A A A A", ""]\n',
    )
    a = {i.rule: i.points for i in result.side("A").items}
    b = {i.rule: i.points for i in result.side("B").items}
    assert a["modern-american.penalties.held-aces-sevens"] == -3000
    assert b["modern-american.penalties.held-aces-sevens"] == -1500
    assert totals(result)["A"] == 70 + 500 - (60 + 15 + 20) - 3000


def test_modern_summary_form_with_incomplete_and_held_penalties(modern: Ruleset) -> None:
    """Summary of M4's side B: 270 + 300 - 2,500 - 2,000 - 1,500 - 80 = -5,510."""
    result = score(
        modern,
        """
[[side]]
name = "A"
meld_points = 215
canastas = { natural = 1, mixed = 1, sevens = 1 }
red_threes = 2
black_threes = 1
in_hand_points = 15
went_out = true

[[side]]
name = "B"
meld_points = 270
canastas = { mixed = 1 }
incomplete = ["aces", "wild"]
red_threes = 1
black_threes = 2
in_hand_points = 80
held_penalties = 1
""",
    )
    assert totals(result) == {"A": 4000, "B": -5510}


def test_modern_going_out_needs_two_canastas_in_the_record(modern: Ruleset) -> None:
    with pytest.raises(RecordError, match="needs 2 canasta"):
        score(
            modern,
            '[[side]]\nname="A"\nmelds=["K K K K K K K"]\nwent_out=true\n[[side]]\nname="B"\n',
        )


def test_modern_record_refuses_a_wild_seven_meld(modern: Ruleset) -> None:
    with pytest.raises(RecordError, match="7 7 7 2"):
        score(modern, '[[side]]\nname="A"\nmelds=["7 7 7 2"]\n[[side]]\nname="B"\n')


def test_modern_M6_incomplete_four_jokers_without_a_canasta(modern: Ruleset) -> None:
    """M6 and 6.3: JK JK JK JK 2 counts 220 against a side with no canasta, and still costs
    2,500 (all four jokers): -2,720."""
    result = score(modern, '[[side]]\nname="A"\nmelds=["JK JK JK JK 2"]\n[[side]]\nname="B"\n')
    assert totals(result)["A"] == -220 - 2500


def test_modern_incomplete_sevens_cost_with_or_without_a_canasta(modern: Ruleset) -> None:
    """6.3: an incomplete meld of sevens costs 2,500; with no canasta 7 7 7 (15) counts against."""
    result = score(modern, '[[side]]\nname="A"\nmelds=["7 7 7"]\n[[side]]\nname="B"\n')
    assert totals(result)["A"] == -15 - 2500


def test_modern_M5_corrected_incomplete_clean_aces_cost_2500_with_or_without_a_canasta(
    modern: Ruleset,
) -> None:
    """M5 corrected (0.3): A A A costs 2,500 whether or not the side has a canasta.
    Alone: -60 melded (no canasta) - 2,500 = -2,560.
    Beside K x 7: 70 + 500 + 60 - 2,500 = -1,870."""
    assert modern.penalties.incomplete_waived_without_canasta == ()
    alone = score(modern, '[[side]]\nname="A"\nmelds=["A A A"]\n[[side]]\nname="B"\n')
    assert totals(alone)["A"] == -60 - 2500
    with_canasta = score(
        modern, '[[side]]\nname="A"\nmelds=["K K K K K K K", "A A A"]\n[[side]]\nname="B"\n'
    )
    assert totals(with_canasta)["A"] == 70 + 500 + 60 - 2500


def test_modern_M5_house_option_waives_clean_aces_without_a_canasta_only() -> None:
    """The house-rule option of M5: no -2,500 for A A A without a canasta (-60), but with a
    canasta it still costs 2,500 (70 + 500 + 60 - 2,500)."""
    rs = load_ruleset(
        "modern-american", overrides=['penalties.incomplete_waived_without_canasta=["clean_aces"]']
    )
    alone = score(rs, '[[side]]\nname="A"\nmelds=["A A A"]\n[[side]]\nname="B"\n')
    assert totals(alone)["A"] == -60
    with_canasta = score(
        rs, '[[side]]\nname="A"\nmelds=["K K K K K K K", "A A A"]\n[[side]]\nname="B"\n'
    )
    assert totals(with_canasta)["A"] == 70 + 500 + 60 - 2500
