"""Scoring keeps the breakdown lines that recur from hand to hand (a side's canasta bonuses,
its threes, its cards left in hand, what a summary puts on the table) once per ruleset: in
bounded caches, and never one ruleset's lines for another's."""

from __future__ import annotations

from canasta_score.hands import on_table, scoring
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.rules.catalog import load_ruleset

RECORD = {
    "side": [
        {
            "name": "us",
            "meld_points": 150,
            "canastas": {"natural": 1},
            "red_threes": 2,
            "in_hand": "A A 5",
        },
        {"name": "them", "meld_points": 50, "in_hand_points": 30},
    ]
}


def totals(overrides: list[str]) -> dict[str, int]:
    rs = load_ruleset("classic", overrides=overrides)
    return {s.name: s.total for s in score_hand(rs, parse_record(RECORD)).sides}


def test_a_house_rule_scores_its_own_bonus_after_the_ruleset_it_changes() -> None:
    """RULES (Classic): 150 melded, a natural canasta 500, two red threes 200 (the side has
    melded), an ace, an ace and a five left in hand -45: 805. Under the house rule
    canasta.natural=600 the same lines count 905, though the ruleset's own were kept first."""
    assert totals([]) == {"us": 805, "them": 20}
    assert totals(["canasta.natural=600"]) == {"us": 905, "them": 20}
    assert totals([]) == {"us": 805, "them": 20}


def test_the_kept_lines_are_bounded() -> None:
    """Each cache of recurring lines holds a bounded number of entries."""
    kept = (
        scoring.canasta_item,
        scoring.threes_items,
        scoring.hand_items,
        scoring.held_ranks,
        on_table.summary_melded,
    )
    for cache in kept:
        size = cache.cache_info().maxsize
        assert size is not None and 0 < size <= 1 << 12
