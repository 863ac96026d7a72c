"""Brazilian initial meld, the 8,000 band (from 8,000: a canasta, and a count of 200). The sources
split: the count of the whole initial meld (default, as before), or of the canasta itself
(`initial_meld.canasta_band_count = "canasta"`, off)."""

from __future__ import annotations

import pytest
from helpers import c

from canasta_score.judging.initial import check_initial_meld, min_meld
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset

BAND = "brazilian.initial-meld.canasta-band-count"


@pytest.fixture(scope="module")
def whole() -> Ruleset:
    return load_ruleset("brazilian")


@pytest.fixture(scope="module")
def itself() -> Ruleset:
    return load_ruleset("brazilian", overrides=["initial_meld.canasta_band_count=canasta"])


# K K K K K 2 JK is a mixed canasta counting 50 + 20 + 50 = 120; A A A 60; Q Q Q 30.
# A A A A A JK JK counts 100 + 100 = 200; A A A A A 2 JK counts 100 + 20 + 50 = 170.
CASES = [
    (["K K K K K 2 JK", "A A A", "Q Q Q"], True, False),  # 210 in all, canasta 120
    (["K K K K K 2 JK", "A A A"], False, False),  # 180 in all
    (["A A A A A JK JK"], True, True),  # the canasta alone counts 200
    (["A A A A A 2 JK", "K K K"], True, False),  # 200 in all, canasta 170
    (["A A A", "K K K", "Q Q Q", "J J J", "10 10 10", "9 9 9"], False, False),  # no canasta
]


@pytest.mark.parametrize(("melds", "whole_legal", "itself_legal"), CASES)
def test_brazilian_8000_band_readings(
    whole: Ruleset, itself: Ruleset, melds: list[str], whole_legal: bool, itself_legal: bool
) -> None:
    laid = [c(m) for m in melds]
    assert check_initial_meld(whole, laid, score=8200).legal is whole_legal
    assert check_initial_meld(itself, laid, score=8200).legal is itself_legal


def test_brazilian_8000_band_default_unchanged(whole: Ruleset) -> None:
    assert whole.initial_meld.canasta_band_count == "initial_meld"
    ruling = check_initial_meld(whole, [c("K K K K K 2 JK"), c("A A A"), c("Q Q Q")], score=8200)
    assert [r.rule for r in ruling.cited] == ["brazilian.initial-meld.minimum"]


def test_brazilian_8000_band_canasta_itself_cites_the_option(itself: Ruleset) -> None:
    ruling = check_initial_meld(itself, [c("K K K K K 2 JK"), c("A A A"), c("Q Q Q")], score=8200)
    assert [r.rule for r in ruling.reasons] == [BAND]
    assert "counts 120" in ruling.reasons[0].text
    legal = check_initial_meld(itself, [c("A A A A A JK JK")], score=8200)
    assert [r.rule for r in legal.cited] == [BAND]


def test_brazilian_8000_band_option_only_where_a_band_has_a_count(itself: Ruleset) -> None:
    """From 7,000 (a canasta, no count) and from 9,000 (a natural canasta) nothing changes;
    below 7,000 the minimum is the whole meld's count as ever (3,000: 120)."""
    assert check_initial_meld(itself, [c("K K K K K 2 JK")], score=7500).legal
    assert not check_initial_meld(itself, [c("K K K K K 2 JK")], score=9500).legal
    assert check_initial_meld(itself, [c("A A A"), c("K K K"), c("Q Q Q")], score=3000).legal
    need = min_meld(itself, 8200)
    assert need.minimum == 200
    assert "the canasta itself must count at least 200" in need.requires
    assert "the canasta itself must count at least 200" not in min_meld(itself, 9000).requires
