"""A pile size below 0 or a hand number below 1 names nothing at the table: it is bad input
(CONTRACT 4, exit 2) on the command line and in a batch line alike, as the ruling page refuses
it, not ruled on as an empty pile or a first hand (CONTRACT 5.1: hands are 1-based)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import Cli
from helpers import run_main as run


def batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, request: dict[str, object]
) -> tuple[int, dict[str, object]]:
    """``check --batch`` on a file of one request: (exit code, its answer object)."""
    path = tmp_path / "plays.jsonl"
    path.write_text(json.dumps(request) + "\n", encoding="utf-8")
    code, out, _err = run(capsys, "check", "--batch", str(path))
    return code, json.loads(out)


@pytest.mark.parametrize(
    ("argv", "request_", "said"),
    [
        (
            ["check", "pickup", "--top", "K", "--hand", "K K", "--pile-size", "-1"],
            {"check": "pickup", "top": "K", "hand": "K K", "pile-size": -1},
            "a pile holds 0 cards or more",
        ),
        (
            ["min-meld", "--hand-number", "0"],
            {"check": "min-meld", "hand-number": 0},
            "hands are numbered from 1",
        ),
        (
            ["check", "initial-meld", "K K K", "Q Q Q", "--hand-number", "-3"],
            {"check": "initial-meld", "melds": ["K K K", "Q Q Q"], "hand-number": -3},
            "hands are numbered from 1",
        ),
    ],
)
def test_a_count_below_its_least_is_refused_on_both_paths(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    argv: list[str],
    request_: dict[str, object],
    said: str,
) -> None:
    single_code, single_out, single_err = run(capsys, *argv, "--json")
    code, answer = batch(capsys, tmp_path, request_)
    assert single_code == code == 2 and single_out == ""
    assert said in single_err and said in str(answer["error"])


def test_an_empty_pile_and_the_first_hand_are_still_answered(cli: Cli) -> None:
    """RULES 2.3: an empty pile (0 cards) cannot be taken, an illegal play (exit 1); RULES 2.2:
    hand 1 of classic at a score of 0 needs 50."""
    assert cli("check", "pickup", "--top", "K", "--hand", "K K", "--pile-size", "0").code == 1
    run = cli("min-meld", "--hand-number", "1", "--json")
    assert run.code == 0 and run.json()["minimum"] == 50
