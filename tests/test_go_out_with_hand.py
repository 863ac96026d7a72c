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
