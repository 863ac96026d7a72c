"""Long games and many rulings for the benchmark, made through the library (not the CLI).

A game of N hands repeats RULES 2.7 example C5 (one side goes out with 1,240 against 225),
the sides taking turns to go out; its target is set out of reach so the game never ends.
"""

from __future__ import annotations

import dataclasses
import json
import random
import tomllib
from pathlib import Path
from typing import Any

from canasta_score.catalog import load_ruleset
from canasta_score.game import new_game, parse_side
from canasta_score.store import Store

SIDES = ("Ann & Bob", "Cy & Di")
C5 = """
[[side]]
melds = ["QS QH QD QC QS QH QD", "8S 8H 8D 8C 8S 2C JK", "5S 5H 5D"]
red_threes = 2
in_hand = ["", "9C 4D JK"]
went_out = true

[[side]]
melds = ["6S 6H 6D 2D", "AS AH AD"]
red_threes = 2
in_hand = ["KS KH 7C 3S", "JD QS 2S"]
"""


def hand(number: int) -> dict[str, Any]:
    """Hand ``number`` (1-based): C5, the first side going out in odd hands, the second in even."""
    winner, loser = tomllib.loads(C5)["side"]
    first, second = (winner, loser) if number % 2 else (loser, winner)
    return {"side": [dict(first, name=SIDES[0]), dict(second, name=SIDES[1])]}


def make_game(home: Path, hands: int, name: str = "") -> str:
    """Store a game of ``hands`` hands in ``home`` (summary cache included); returns its name."""
    name = name or f"bench-{hands}"
    rs = load_ruleset("classic", overrides=["game.target=1000000000"])
    game = new_game(name, "2026-01-01T20:00:00", rs, [parse_side(s) for s in SIDES])
    game = dataclasses.replace(game, hands=tuple(hand(n) for n in range(1, hands + 1)))
    Store(home).create(game, "the benchmark folder is not empty")
    return name


def meld_lines(count: int, seed: int = 6) -> tuple[list[str], int]:
    """``count`` batch requests for ``check meld`` as players write them: one rank, one to seven
    naturals, up to three wild cards, suits on some cards, some laid as an initial meld.
    Returns the lines and how many of them are distinct."""
    rng = random.Random(seed)
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    lines = []
    for _ in range(count):
        rank = rng.choice(ranks)
        cards = [rank + suit(rng, 0.3) for _ in range(rng.randint(1, 7))]
        cards += [rng.choice(["2", "JK"]) for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3]))]
        rng.shuffle(cards)
        request: dict[str, Any] = {"check": "meld", "cards": " ".join(cards), "ruleset": "classic"}
        if rng.random() < 0.4:
            request["initial"] = True
        lines.append(json.dumps(request))
    return lines, len(set(lines))


def distinct_meld_lines(count: int, seed: int = 7) -> list[str]:
    """``count`` meld requests, no two alike (every card has its suit)."""
    rng = random.Random(seed)
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    seen: set[str] = set()
    lines: list[str] = []
    while len(lines) < count:
        rank = rng.choice(ranks)
        cards = [rank + suit(rng, 1.0) for _ in range(rng.randint(1, 7))]
        cards += [rng.choice(["2" + suit(rng, 1.0), "JK"]) for _ in range(rng.randint(0, 3))]
        rng.shuffle(cards)
        line = json.dumps(
            {"check": "meld", "cards": " ".join(cards), "initial": rng.random() < 0.4}
        )
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return lines


def suit(rng: random.Random, chance: float) -> str:
    return rng.choice("SHDC") if rng.random() < chance else ""
