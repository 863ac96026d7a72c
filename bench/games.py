"""Long games, batch rulings and batch hand records for the benchmark, made through the library
(not the CLI).

A game of N hands repeats RULES 2.7 example C5 (one side goes out with 1,240 against 225),
the sides taking turns to go out; its target is set out of reach so the game never ends.
Batch files are drawn at random from a fixed seed, so every run times the same lines.
"""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

from canasta_score.core.frozen import replace
from canasta_score.games.game import new_game, parse_side
from canasta_score.games.store import Store
from canasta_score.output.export import toml_text
from canasta_score.rules.catalog import load_ruleset

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
    game = replace(game, hands=tuple(hand(n) for n in range(1, hands + 1)))
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


# ---------------------------------------------------------------- mixed batch rulings

RULESETS = ("classic", "modern-american", "samba")
NATURALS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
SHARES = (
    ("meld", 40),
    ("pickup", 20),
    ("discard", 10),
    ("go-out", 10),
    ("initial-meld", 10),
    ("min-meld", 10),
)


def any_card(rng: random.Random) -> str:
    """A card a player may hold: mostly naturals with their suit, some wild cards, a few black
    threes (red threes never stay in a hand)."""
    roll = rng.random()
    if roll < 0.08:
        return "2" + rng.choice("SHDC")
    if roll < 0.11:
        return "JK"
    if roll < 0.14:
        return "3" + rng.choice("SC")
    return rng.choice(NATURALS) + rng.choice("SHDC")


def group(rng: random.Random, rank: str, size: int, wilds: int) -> str:
    cards = [rank + rng.choice("SHDC") for _ in range(size)]
    cards += [rng.choice(["2" + rng.choice("SHDC"), "JK"]) for _ in range(wilds)]
    rng.shuffle(cards)
    return " ".join(cards)


def table(rng: random.Random, count: int, canastas: int = 0) -> list[str]:
    """``count`` group melds of distinct ranks, the first ``canastas`` of them complete."""
    ranks = rng.sample(NATURALS, count)
    melds = []
    for i, rank in enumerate(ranks):
        size = 7 if i < canastas else rng.randint(3, 6)
        wilds = rng.choice([0, 0, 1]) if rank != "7" else 0
        melds.append(group(rng, rank, size - wilds if size == 7 else size, wilds))
    return melds


def check_request(rng: random.Random, check: str) -> dict[str, Any]:
    """One ``check --batch`` request of the given kind, as a player might ask it."""
    request: dict[str, Any] = {"check": check, "ruleset": rng.choice(RULESETS)}
    if check == "meld":
        rank = rng.choice(NATURALS)
        request["cards"] = group(rng, rank, rng.randint(1, 7), rng.choice([0, 0, 0, 1, 1, 2, 3]))
        request["initial"] = rng.random() < 0.4
        request["going-out"] = rng.random() < 0.1
    elif check == "pickup":
        top = rng.choice(NATURALS) + rng.choice("SHDC")
        hand = [any_card(rng) for _ in range(rng.randint(2, 11))]
        if rng.random() < 0.5:
            hand[0] = top[:-1] + rng.choice("SHDC")
        request |= {"top": top, "hand": " ".join(hand), "opened": rng.random() < 0.6}
        request |= {"frozen": rng.random() < 0.3, "score": 5 * rng.randint(-100, 1200)}
        if request["opened"]:
            request["table"] = table(rng, rng.randint(0, 3))
    elif check == "discard":
        hand = [any_card(rng) for _ in range(rng.randint(1, 9))]
        request |= {"card": rng.choice(hand), "hand": " ".join(hand)}
        request["pile-empty"] = rng.random() < 0.1
    elif check == "go-out":
        request["table"] = table(rng, rng.randint(1, 5), canastas=rng.randint(0, 3))
        if rng.random() < 0.7:
            request["discard"] = any_card(rng)
    elif check == "initial-meld":
        request["melds"] = table(rng, rng.randint(1, 3))
        request["score"] = 5 * rng.randint(-200, 2000)
    else:
        request["score"] = 5 * rng.randint(-2000, 3000)
    return request


def mixed_check_lines(count: int, seed: int = 8) -> tuple[list[str], int]:
    """``count`` batch requests in the shares of :data:`SHARES` (meld 40%, pickup 20%, 10% each
    of the others) over three rulesets, in random order. Returns the lines and how many of
    them are distinct."""
    rng = random.Random(seed)
    kinds = [check for check, share in SHARES for _ in range(share * count // 100)]
    kinds += ["meld"] * (count - len(kinds))
    rng.shuffle(kinds)
    lines = [json.dumps(check_request(rng, check)) for check in kinds]
    return lines, len(set(lines))


# ---------------------------------------------------------------- batch hand records


def card_record(rng: random.Random, out: int | None) -> dict[str, Any]:
    """A hand card by card: two sides with melds of distinct ranks, cards left in hand, red
    threes; side ``out`` (0, 1 or None) went out with two canastas."""
    ranks = rng.sample(NATURALS, 8)
    sides = []
    for index in (0, 1):
        own = ranks[index * 4 : index * 4 + 4]
        going_out = out == index
        count = rng.randint(2, 4) if going_out else rng.randint(0, 4)
        melds = []
        for i, rank in enumerate(own[:count]):
            size = 7 if going_out and i < 2 else rng.randint(3, 7)
            wilds = 0 if rank in ("7", "A") else rng.choice([0, 0, 1])
            melds.append(group(rng, rank, size - wilds, wilds))
        spare = ranks[index * 4 + count : index * 4 + 4] or [rng.choice(ranks)]
        held = ["" if going_out else " ".join(rng.choice(spare) for _ in range(rng.randint(0, 4)))]
        held.append(" ".join(rng.choice(spare) for _ in range(rng.randint(0, 4))))
        side: dict[str, Any] = {"name": "us" if index == 0 else "them", "melds": melds}
        side |= {"in_hand": held, "red_threes": rng.randint(0, 2)}
        if going_out:
            side["went_out"] = True
        sides.append(side)
    return {"side": sides}


def summary_record(rng: random.Random, out: int | None) -> dict[str, Any]:
    """A hand in totals: meld points, canastas, red threes, points left in hand."""
    sides = []
    for index in (0, 1):
        natural = rng.randint(1, 2) if out == index else rng.randint(0, 2)
        side: dict[str, Any] = {"name": "us" if index == 0 else "them"}
        side["meld_points"] = 5 * rng.randint(30 * natural + 9, 30 * natural + 60)
        side["canastas"] = {"natural": natural, "mixed": rng.randint(1 if out == index else 0, 1)}
        side["red_threes"] = rng.randint(0, 2)
        if out == index:
            side["went_out"] = True
        else:
            side["in_hand_points"] = 5 * rng.randint(0, 30)
        sides.append(side)
    return {"side": sides}


def score_lines(count: int, seed: int = 9) -> list[str]:
    """``count`` distinct ``score-hand --batch`` requests over three rulesets, records card by
    card (two in three, half of them as TOML text) or in totals; every one scores (each is
    scored here first, and the few the rules refuse are drawn again)."""
    from canasta_score.hands.score_data import HandBatch

    rng = random.Random(seed)
    judge = HandBatch()
    seen: set[str] = set()
    lines: list[str] = []
    while len(lines) < count:
        out = rng.choice([0, 1, None])
        record = card_record(rng, out) if rng.random() < 2 / 3 else summary_record(rng, out)
        request: dict[str, Any] = {"ruleset": rng.choice(RULESETS)}
        request["record"] = toml_text(record) if rng.random() < 0.5 else record
        line = json.dumps(request)
        if line in seen or judge.answer(request)[1] != 0:
            continue
        seen.add(line)
        lines.append(line)
    return lines
