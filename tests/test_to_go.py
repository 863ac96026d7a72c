"""The sheet shows each side's distance to the target ("to go"); status --json gives it as
to_go = target - score, never below 0 (CONTRACT section 7)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from terminal import PROGRAM

HAND_TWO = ["A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 natural, out"]


def run(home: Path, *args: str) -> str:
    env = {"CANASTA_SCORE_HOME": str(home), "PATH": "/usr/bin:/bin", "HOME": str(home)}
    done = subprocess.run([str(PROGRAM), *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_to_go_is_the_target_less_the_score_contract_7(tmp_path: Path) -> None:
    """Contract hand 2: A 560, B 850; classic target 5,000: 4,440 and 4,150 to go."""
    run(tmp_path, "new", "club", "--side", "A", "--side", "B")
    run(tmp_path, "hand", *HAND_TWO)
    status = json.loads(run(tmp_path, "status", "--json"))
    assert [(s["score"], s["to_go"]) for s in status["sides"]] == [(560, 4440), (850, 4150)]
    text = run(tmp_path, "status")
    assert "to go" in text and "4,440" in text and "4,150" in text


def test_to_go_never_falls_below_zero_contract_7(tmp_path: Path) -> None:
    """Target 600: B's 850 passes it (0 to go), A's 560 is 40 short."""
    run(tmp_path, "new", "club", "--side", "A", "--side", "B", "--target", "600")
    run(tmp_path, "hand", *HAND_TWO, "--yes")  # the hand ends the game
    status = json.loads(run(tmp_path, "status", "--json"))
    assert [s["to_go"] for s in status["sides"]] == [40, 0]
