"""A batch keeps a bounded number of loaded rulesets (docs/reliability.md, "Hostile input":
neither memory nor time grows without bound), whatever house rules its lines name, and every
line is still answered by the ruleset its own request names."""

from __future__ import annotations

import json

import pytest

from canasta_score.hands.score_data import HandBatch
from canasta_score.judging.batch import Batch
from canasta_score.rules.catalog import BatchRulesets

# RULES 2.6: the side that goes out earns the going-out bonus (classic 100; here a house rule).
RECORD = {
    "side": [
        {"name": "us", "meld_points": 100, "canastas": {"natural": 1}, "went_out": True},
        {"name": "them", "meld_points": 0},
    ]
}


@pytest.fixture(autouse=True)
def small_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bound of 8 stands for the real one: the mechanism is the same, the test quicker."""
    monkeypatch.setattr(BatchRulesets, "KEPT", 8)


def test_a_batch_keeps_at_most_its_bound_of_rulesets() -> None:
    """Lines naming more distinct house rules than the bound: no more than the bound is kept."""
    loaded = BatchRulesets()
    for n in range(BatchRulesets.KEPT + 10):
        loaded("classic", None, (f"go_out.bonus={5 * n}",))
        assert len(loaded) <= BatchRulesets.KEPT


def test_each_line_scores_with_its_own_house_rule_past_the_bound() -> None:
    """RULES 2.6 with go_out.bonus = B: melded 100 + natural canasta 500 + B. Lines past the
    bound, and a line naming an early rule again after the kept ones were let go, still score
    with their own bonus."""
    batch = HandBatch("classic")
    bonuses = [*range(0, 5 * (BatchRulesets.KEPT + 5), 5), 15]
    for n, bonus in enumerate(bonuses, 1):
        request = {"record": RECORD, "rule": [f"go_out.bonus={bonus}"]}
        text, code, _problem = batch.answer_text(json.dumps(request), n)
        assert code == 0
        assert json.loads(text)["sides"][0]["total"] == 600 + bonus
    assert len(batch.load) <= BatchRulesets.KEPT


def test_check_batch_lines_past_the_bound_keep_their_own_rules() -> None:
    """RULES 2.2: classic's minimum at a score of 0 is 50, whatever going-out bonus a line's
    house rule sets, on every line past the bound."""
    batch = Batch()
    for n in range(BatchRulesets.KEPT + 5):
        request = {"check": "min-meld", "score": 0, "rule": [f"go_out.bonus={5 * n}"]}
        text, code, _problem = batch.answer_text(json.dumps(request), n + 1)
        assert (code, json.loads(text)["minimum"]) == (0, 50)
