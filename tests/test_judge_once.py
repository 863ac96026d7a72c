"""Scoring a hand judges each meld once (issue: flat cost as games grow), and a kept verdict
changes no result."""

from __future__ import annotations

import pytest
from helpers import score, totals

from canasta_score.judging import melds
from canasta_score.judging.judge import check_meld
from canasta_score.rules.cards import parse_cards
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset


def test_classic_C5_scored_twice_judges_each_meld_once(c5_text: str) -> None:
    """RULES example C5 (1,240 against 225): five melds, each judged once however often the
    validation and the scoring ask, and once only over two scorings."""
    rs = load_ruleset("classic")  # a ruleset of its own, with nothing kept yet
    melds.judge_group.cache_clear()
    first = score(rs, c5_text)
    second = score(rs, c5_text)
    assert totals(first) == totals(second) == {"A": 1240, "B": 225}
    assert melds.judge_group.cache_info().misses == 5


def test_a_kept_verdict_is_shared_and_cannot_be_changed(classic: Ruleset) -> None:
    """RULES 1.4: a meld of four kings with no wild card is legal, whatever its suits; every
    meld of that make-up gets the one kept verdict, which no caller can change."""
    ctx = melds.Context(record=True)
    first = melds.judge(parse_cards("KS KH KD KC"), classic, ctx)
    again = melds.judge(parse_cards("KH KH KC KD"), classic, ctx)
    assert again is first and again.legal and again.broken == ()
    with pytest.raises(AttributeError):
        first.broken.append(classic.cite("meld.min_cards"))  # type: ignore[attr-defined]


def test_a_house_rule_is_not_ruled_from_the_ruleset_it_changes(classic: Ruleset) -> None:
    """RULES 1.4 with classic's at most 3 wild cards and natural cards outnumbering wild ones:
    K K K 2 2 is legal (3 natural, 2 wild). With the house rule meld.max_wilds=1 the same ruleset
    id holds at most one wild card, so the same meld is illegal: a ruling kept for classic is
    not the house rule's."""
    cards = parse_cards("KS KH KD 2C 2D")
    strict = load_ruleset("classic", overrides=["meld.max_wilds=1"])
    assert strict.id == classic.id
    assert check_meld(classic, cards).legal
    ruling = check_meld(strict, cards)
    assert not ruling.legal
    assert [r.rule for r in ruling.reasons] == ["classic.meld.max-wilds"]
