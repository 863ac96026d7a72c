"""Rulings that know the game: `--side NAME` (with `--game`) reads the side's score, its next hand
number and the ruleset from the game (docs/games.md). Minimums are the classic tiers (score
below 0: 15; 0-1,495: 50; 1,500-2,995: 90; 3,000 up: 120, docs/rules/classic.md) and Hand and
Foot's by hand number (hand 1: 50, hand 2: 90, docs/rules/hand-and-foot.md)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers import run_in_process

# A: 800 melded + 500 (a natural canasta) + 100 out = 1,400, twice: 2,800 -> classic minimum 90.
# B: 100 - 20 = 80, twice: 160 -> classic minimum 50.
HAND = ["A: 800 melded, 1 natural, out", "B: 100 melded, 20 left"]


def run(home: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    env = {"CANASTA_SCORE_HOME": str(home)}
    done: subprocess.CompletedProcess[str] = run_in_process(list(args), env)  # not the process
    assert done.returncode == code, done.stderr
    return done


def answer(home: Path, *args: str, code: int = 0) -> Any:
    return json.loads(run(home, *args, "--json", code=code).stdout)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A classic game "club" (A 2,800, B 160 after two hands) and a current game "other"."""
    run(tmp_path, "new", "club", "--ruleset", "classic", "--side", "A", "--side", "B")
    run(tmp_path, "hand", *HAND)
    run(tmp_path, "hand", *HAND)
    run(tmp_path, "new", "other", "--ruleset", "classic", "--side", "C", "--side", "D")
    return tmp_path


def test_min_meld_reads_the_sides_score_classic_tiers(home: Path) -> None:
    assert answer(home, "min-meld", "--side", "A", "--game", "club")["minimum"] == 90
    assert answer(home, "min-meld", "--side", "b", "--game", "club")["minimum"] == 50
    assert answer(home, "min-meld", "--side", "C")["minimum"] == 50  # the current game


def test_min_meld_for_a_side_names_the_side_and_its_score(home: Path) -> None:
    """A has 2,800 after two hands (1,400 each): the classic minimum there is 90."""
    shown = run(home, "min-meld", "--side", "a", "--game", "club").stdout
    assert shown == "Initial meld minimum for A (score 2,800): 90  [classic.initial-meld.tiers]\n"


def test_pickup_and_initial_meld_use_the_sides_minimum(home: Path) -> None:
    """K K K counts 30 (kings 10 each): below A's 90."""
    ruling = answer(home, "check", "initial-meld", "K K K", "--side", "A", "--game", "club", code=1)
    assert ruling["legal"] is False and ruling["minimum"] == 90
    pickup = ["check", "pickup", "--top", "KD", "--hand", "KS KH 5C", "--not-opened"]
    ruling = answer(home, *pickup, "--side", "A", "--game", "club", code=1)
    assert ruling["minimum"] == 90 and ruling["points"] == 30


def test_a_score_that_contradicts_the_game_is_an_error(home: Path) -> None:
    refused = run(home, "min-meld", "--side", "A", "--game", "club", "--score", "100", code=2)
    assert refused.stderr.startswith("Error: --score 100: the game says 2,800")
    same = answer(home, "min-meld", "--side", "A", "--game", "club", "--score", "2800")
    assert same["minimum"] == 90


def test_a_ruleset_that_contradicts_the_game_is_an_error(home: Path) -> None:
    args = ["min-meld", "--side", "A", "--game", "club"]
    assert "modern-american" in run(home, *args, "--ruleset", "modern-american", code=2).stderr
    assert (
        "house rule meld.min_cards=4"
        in run(home, *args, "--rule", "meld.min_cards=4", code=2).stderr
    )
    assert answer(home, *args, "--ruleset", "classic")["minimum"] == 90


def test_an_unknown_side_or_game_without_side_is_an_error(home: Path) -> None:
    refused = run(home, "min-meld", "--side", "Z", "--game", "club", code=2)
    assert "its sides are A, B" in refused.stderr
    assert "--side" in run(home, "min-meld", "--game", "club", code=2).stderr


def test_reading_a_game_leaves_the_current_game(home: Path) -> None:
    run(home, "min-meld", "--side", "A", "--game", "club")
    assert answer(home, "status")["game"] == "other"


def test_hand_and_foot_reads_the_next_hand_number(tmp_path: Path) -> None:
    """After one hand the next is hand 2: its minimum is 90 whatever the score."""
    run(tmp_path, "new", "hf", "--ruleset", "hand-and-foot", "--side", "A", "--side", "B")
    assert answer(tmp_path, "min-meld", "--side", "A")["minimum"] == 50
    run(tmp_path, "hand", "A: 300 melded, 60 left", "B: 200 melded, 40 left")
    assert answer(tmp_path, "min-meld", "--side", "A")["minimum"] == 90
    refused = run(tmp_path, "min-meld", "--side", "A", "--hand-number", "1", code=2)
    assert "the game says 2" in refused.stderr
