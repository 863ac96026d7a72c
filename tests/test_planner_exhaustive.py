"""The pickup planner against an exhaustive search written straight from the rules.

The oracle below enumerates every way to meld a hand (suits ignored) when an unopened side takes
the pile with a natural pair: RULES 2.1 and 2.3 (classic: at most 3 wilds, naturals outnumber
wilds, the top card counts) and 6.2 (Modern: at most 2 wilds, 7-card cap, no wild sevens, the top
card never counts, a clean meld or wild-card meld required, a canasta from hand needs no minimum,
the wild-meld lock). It shares no code with the planner.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from helpers import c, one
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_score.judging.judge import check_initial_meld, check_pickup
from canasta_score.rules.catalog import load_ruleset

VALUE = {
    "JK": 50,
    "2": 20,
    "A": 20,
    "K": 10,
    "Q": 10,
    "J": 10,
    "10": 10,
    "9": 10,
    "8": 10,
    "7": 5,
    "6": 5,
    "5": 5,
    "4": 5,
}
NATURAL = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
RULES = {
    "classic": {
        "max_wilds": 3,
        "ratio": lambda n, w: n > w,
        "cap": 0,
        "wild_sevens": True,
        "wild_meld": False,
        "top_counts": True,
        "clean": False,
        "exempt": False,
        "tiers": [(None, 15), (0, 50), (1500, 90), (3000, 120)],
    },
    "modern-american": {
        "max_wilds": 2,
        "ratio": lambda n, w: True,
        "cap": 7,
        "wild_sevens": False,
        "wild_meld": True,
        "top_counts": False,
        "clean": True,
        "exempt": True,
        "tiers": [(None, 125), (3000, 155), (5000, 180)],
    },
}


def minimum(rules: dict, score: int) -> int:  # type: ignore[type-arg]
    found = rules["tiers"][0][1]
    for start, value in rules["tiers"][1:]:
        if score >= start:
            found = value
    return int(found)


def group_ok(rules: dict, rank: str, naturals: int, wilds: int) -> bool:  # type: ignore[type-arg]
    size = naturals + wilds
    return (
        naturals >= 2
        and size >= 3
        and wilds <= rules["max_wilds"]
        and not (rules["cap"] and size > rules["cap"])
        and not (wilds and not rules["ratio"](naturals, wilds))
        and not (rank == "7" and wilds and not rules["wild_sevens"])
    )


def oracle(name: str, top: str, hand: list[str], score: int) -> tuple[bool, int]:
    """(legal, best count) by trying every layout."""
    rules = RULES[name]
    counts = Counter(hand)
    jokers, twos = counts.pop("JK", 0), counts.pop("2", 0)
    ranks = sorted(counts)
    best: tuple[bool, int] = (False, -1)
    choices = []
    for rank in ranks:
        options: list[tuple[int, int, int] | None] = [] if rank == top else [None]
        extra = 1 if rank == top else 0
        for n, j, t in product(range(counts[rank] + 1), range(jokers + 1), range(twos + 1)):
            if (rank != top or n >= 2) and group_ok(rules, rank, n + extra, j + t):
                options.append((n, j, t))
        choices.append(options)
    for layout in product(*choices):
        groups = [(r, o) for r, o in zip(ranks, layout, strict=True) if o is not None]
        used_j = sum(o[1] for _, o in groups)
        used_t = sum(o[2] for _, o in groups)
        if used_j > jokers or used_t > twos:
            continue
        walls = [(0, 0)]
        if rules["wild_meld"]:
            walls += [
                (j, t)
                for j in range(jokers - used_j + 1)
                for t in range(twos - used_t + 1)
                if 3 <= j + t <= 7
            ]
        for wj, wt in walls:
            if 0 < wj + wt < 7 and used_j + used_t:
                continue
            points = sum(n * VALUE[r] + j * 50 + t * 20 for r, (n, j, t) in groups)
            points += wj * 50 + wt * 20 + (VALUE[top] if rules["top_counts"] else 0)
            clean = bool(wj + wt) or any(
                j + t == 0 and n + (r == top) >= 3 for r, (n, j, t) in groups
            )
            canasta = wj + wt >= 7 or any(r != top and n + j + t >= 7 for r, (n, j, t) in groups)
            ok = (points >= minimum(rules, score) or (rules["exempt"] and canasta)) and (
                clean or not rules["clean"]
            )
            best = max(best, (ok, points))
    return best


@st.composite
def pickups(draw: st.DrawFn) -> tuple[str, list[str], int]:
    top = draw(st.sampled_from(NATURAL))
    ranks = draw(st.lists(st.sampled_from(NATURAL), min_size=1, max_size=3, unique=True))
    pool = [r for r in ranks if r != top] * 4 + [top] * 4 + ["JK"] * 3 + ["2"] * 4
    extra = draw(st.lists(st.sampled_from(pool), max_size=8))
    counts = Counter([top, top, *extra])
    assume_ok = counts[top] <= 7 and counts["JK"] <= 4 and all(v <= 8 for v in counts.values())
    hand = [top, top, *extra] if assume_ok else [top, top]
    return top, hand, draw(st.sampled_from([-100, 0, 1500, 3000, 5000]))


@settings(max_examples=250)
@given(pickups(), st.sampled_from(sorted(RULES)))
def test_pickup_planner_matches_exhaustive_search(
    case: tuple[str, list[str], int], name: str
) -> None:
    top, hand, score = case
    rs = load_ruleset(name)
    ruling = check_pickup(rs, one(top), c(" ".join(hand)), opened=False, score=score)
    legal, points = oracle(name, top, hand, score)
    assert ruling.legal is legal
    if legal:
        assert ruling.extra["points"] == points
        melds = [c(m) for m in ruling.extra["melds"]]
        again = check_initial_meld(rs, melds, score=score, top_card=one(top))
        assert again.legal and again.extra["points"] == points


@pytest.mark.parametrize(
    ("name", "top", "hand", "score", "points"),
    [
        # RULES 6.2 canasta exemption (D28): a mixed canasta from hand opens without 180.
        ("modern-american", "10D", "10S 10H J J J J J 8 8 JK 2", 5000, 140),
        ("modern-american", "9D", "9S 9H A A 2 4 4 4 4 4 4", 1500, 70),
        # RULES 6.2: the 7-card cap; jokers are worth more than more fives.
        ("modern-american", "5D", "5S 5H 5C 5S 5H 5C 7C 7D 7H JK JK", 0, 135),
        # RULES 8.1: a king goes to a sequence, two others to the pickup meld.
        ("samba", "KC", "KS KD KH JH QH", 0, 60),
        # RULES 8.1: the ace run is shortened so the aces can make a group.
        ("samba", "8C", "8S 8D 4H 5H 6H JS QS KS AS AD AC", 3000, 135),
        # RULES 8.1: duplicate groups take two more wilds (two per group).
        ("samba", "4C", "4S 4D 5S 5D 5H 5C 5S 5D 2C 2D 2H 2S 2C 2D", 7000, 165),
    ],
)
def test_second_review_openings(name: str, top: str, hand: str, score: int, points: int) -> None:
    ruling = check_pickup(load_ruleset(name), one(top), c(hand), opened=False, score=score)
    assert ruling.legal and ruling.extra["points"] == points
