"""Scoring a hand judges each meld once (issue: flat cost as games grow), and a kept verdict
changes no result."""

from __future__ import annotations

from helpers import score, totals

from canasta_score.judging import melds
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


def test_a_kept_verdict_is_the_callers_own(classic: Ruleset) -> None:
    """RULES 1.4: a meld of four kings with no wild card is legal; what one caller does with
    its verdict does not reach the next."""
    cards = tuple(melds.Card(melds.Rank.KING) for _ in range(4))
    ctx = melds.Context(record=True)
    first = melds.judge(cards, classic, ctx)
    first.broken.append(classic.cite("meld.min_cards"))
    again = melds.judge(cards, classic, ctx)
    assert again.legal and again.broken == []
