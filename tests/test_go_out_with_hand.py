"""`check go-out --hand CARDS`: can the player meld the whole hand away on the side's melds and
go out? Classic rules (docs/rules/classic.md): a meld has at least 3 cards, natural cards
outnumber wild cards (at most 3 wilds), a side needs 1 canasta to go out (4 players) or 2 (2
players), wild cards alone make no meld, the final discard is optional."""

from __future__ import annotations

import pytest

from canasta_score.core.errors import InputError
from canasta_score.judging.judge import check_go_out
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset
from tests.helpers import c

QUEENS = (c("QS QH QD QC QS QH QD"),)  # a natural canasta


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_ruleset("classic")


def test_new_meld_and_a_discard_go_out_with_a_canasta_on_the_table(rs: Ruleset) -> None:
    ruling = check_go_out(rs, QUEENS, hand=c("KS KH KD 5C"))
    assert ruling.legal
    assert ruling.extra["melds"] == ["QS QH QD QC QS QH QD", "KS KH KD"]
    assert ruling.extra["discard"] == "5C"


def test_the_whole_hand_melded_with_no_discard(rs: Ruleset) -> None:
    ruling = check_go_out(rs, QUEENS, hand=c("KS KH KD"))
    assert ruling.legal and ruling.extra["discard"] is None


def test_a_wild_card_completes_the_canasta_it_joins(rs: Ruleset) -> None:
    """Six queens and a two make a mixed canasta (7 cards, 1 wild): the side may go out."""
    ruling = check_go_out(rs, (c("QS QH QD QC QS QH"),), hand=c("2C KS KH KD 5C"))
    assert ruling.legal
    assert ruling.extra["melds"] == ["QS QH QD QC QS QH 2C", "KS KH KD"]


def test_a_pair_left_over_cannot_be_melded(rs: Ruleset) -> None:
    """K K and 5: two cards of a rank make no meld, and only one card can be discarded."""
    ruling = check_go_out(rs, QUEENS, hand=c("KS KH 5C"))
    assert not ruling.legal
    assert rs.rule_id("meld.min-cards") in [r.rule for r in ruling.reasons]


def test_without_a_canasta_the_side_cannot_go_out(rs: Ruleset) -> None:
    ruling = check_go_out(rs, (c("QS QH QD QC QS"),), hand=c("KS KH KD 5C"))
    assert not ruling.legal
    assert rs.rule_id("go-out.canastas") in [r.rule for r in ruling.reasons]


def test_wild_cards_alone_make_no_meld(rs: Ruleset) -> None:
    ruling = check_go_out(rs, (), hand=c("2C JK"))
    assert not ruling.legal
    assert rs.rule_id("meld.wild-only") in [r.rule for r in ruling.reasons]


def test_the_discard_comes_from_the_hand(rs: Ruleset) -> None:
    with pytest.raises(InputError, match="the final discard 5C"):
        check_go_out(rs, QUEENS, hand=c("KS KH KD 5C"), discard=c("5C")[0])


def test_the_layout_keeps_the_natural_canasta_natural_issue_example(rs: Ruleset) -> None:
    """Issue example: Q x7 and 8 8 8 on the table, hand 8 5 5 5 2 9. Putting the 2 on the queens
    turns a natural canasta (500) into a mixed one (300, RULES 2.1 canasta.natural_bonus /
    mixed_bonus); on the eights (8 8 8 8 2: 4 naturals, 1 wild) or the fives it costs nothing.
    The 9 cannot be melded, so it is the final discard (RULES 2.4)."""
    ruling = check_go_out(rs, (c("Q Q Q Q Q Q Q"), c("8 8 8")), hand=c("8 5 5 5 2 9"))
    assert ruling.legal
    melds = ruling.extra["melds"]
    assert "Q Q Q Q Q Q Q" in melds
    assert sorted(melds) == sorted(["Q Q Q Q Q Q Q", "8 8 8 8 2", "5 5 5"]) or sorted(
        melds
    ) == sorted(["Q Q Q Q Q Q Q", "8 8 8 8", "5 5 5 2"])
    assert ruling.extra["discard"] == "9"


def test_wild_cards_go_where_they_complete_a_second_canasta(rs: Ruleset) -> None:
    """Q x7, 8 x6 on the table, hand K K K 2 JK. On the queens both wilds make one mixed canasta
    (300); one wild on the eights makes them a mixed canasta (300) beside the natural queens
    (500): 800 in bonuses (RULES 2.1), so the side ends with two canastas."""
    table = (c("Q Q Q Q Q Q Q"), c("8 8 8 8 8 8"))
    ruling = check_go_out(rs, table, hand=c("K K K 2 JK"))
    assert ruling.legal
    assert ruling.extra["canastas"] == 2
    assert "Q Q Q Q Q Q Q" in ruling.extra["melds"]


def test_among_layouts_with_equal_bonuses_the_one_that_melds_more_points() -> None:
    """Modern American (RULES 6.2): the final discard is required; 2 canastas to go out. Hand
    9 9 9 9 5 5 5 5 on Q x7 and K x7: discarding a 9 melds 9 9 9 + 5 5 5 5 = 30 + 20 = 50,
    discarding a 5 melds 9 9 9 9 + 5 5 5 = 40 + 15 = 55 (RULES 1.3): a 5 is discarded."""
    modern = load_ruleset("modern-american")
    table = (c("QS QH QD QC QS QH QD"), c("KS KH KD KC KS KH KD"))
    ruling = check_go_out(modern, table, hand=c("9 9 9 9 5 5 5 5"))
    assert ruling.legal
    assert ruling.extra["discard"] == "5"
    assert "9 9 9 9" in ruling.extra["melds"] and "5 5 5" in ruling.extra["melds"]


def test_samba_forms_a_sequence_from_the_hand() -> None:
    """Samba (RULES 1.4 sequence meld, 8.1): 4H 5H 6H is a sequence of one suit; with two
    natural canastas on the table the side may go out (2 canastas), discarding 9C."""
    samba = load_ruleset("samba")
    table = (c("Q Q Q Q Q Q Q"), c("K K K K K K K"))
    ruling = check_go_out(samba, table, hand=c("4H 5H 6H 9C"))
    assert ruling.legal
    assert "4H 5H 6H" in ruling.extra["melds"]
    assert ruling.extra["discard"] == "9C"


def test_samba_a_card_of_the_hand_completes_the_sides_sequence() -> None:
    """Samba: JS joins the end of 5S..10S, which becomes a samba (7 cards, RULES 8.1), the
    second canasta beside K x7; 4D is discarded."""
    samba = load_ruleset("samba")
    table = (c("5S 6S 7S 8S 9S 10S"), c("K K K K K K K"))
    ruling = check_go_out(samba, table, hand=c("JS 4D"))
    assert ruling.legal
    assert "5S 6S 7S 8S 9S 10S JS" in ruling.extra["melds"]
    assert ruling.extra["discard"] == "4D"


def test_no_way_out_names_the_cards_that_cannot_be_melded(rs: Ruleset) -> None:
    """Q x7 and 8 8 8 on the table, hand 5 5 9 4: a pair and two single cards make no meld (a
    meld has at least 3 cards, RULES 2.1) and only one card may be discarded (RULES 2.4)."""
    ruling = check_go_out(rs, (c("Q Q Q Q Q Q Q"), c("8 8 8")), hand=c("5 5 9 4"))
    assert not ruling.legal
    assert ruling.reasons[0].text == (
        "5 5, 9 and 4 cannot be melded; only one card may be discarded"
    )
    assert ruling.extra["unmelded"] == ["5 5", "9", "4"]
    assert ruling.extra["melds"] == ["Q Q Q Q Q Q Q", "8 8 8"]
