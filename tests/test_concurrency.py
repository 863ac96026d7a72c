"""Two writers at once (CONTRACT section 7): "two commands writing the same game at once never
lose a hand". Two processes each append 50 hands to one game at the same time through the
command line's own code (``hand --file``); all 100 hands must be there afterwards.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from canasta_score.games.game import record_of
from canasta_score.games.store import Store

EACH = 50
GAME = "busy"

WRITER = """
import os, sys
from canasta_score.cli import main

files = sys.argv[1:]
sys.stdout = open(os.devnull, "w")
print("ready", file=sys.stderr, flush=True)
sys.stdin.readline()
for path in files:
    try:
        main(["hand", "--game", "busy", "--file", path, "--json"])
    except SystemExit as exc:
        if exc.code not in (0, None):
            sys.exit(exc.code)
"""


def tag(writer: int, index: int) -> int:
    """1 to 50 for the first writer's hands, 51 to 100 for the second's."""
    return EACH * (writer - 1) + index


def untag(number: int) -> tuple[int, int]:
    return (number - 1) // EACH + 1, (number - 1) % EACH + 1


def record(writer: int, index: int) -> str:
    """A hand of writer ``writer`` (1 or 2); "them" hold 5 * tag(writer, index) in hand,
    which tells every hand apart (and stays within the deck's 1,180 points)."""
    return f"""[[side]]
name = "us"
meld_points = 150
canastas = {{ natural = 1, mixed = 0 }}
went_out = true

[[side]]
name = "them"
meld_points = 60
in_hand_points = {5 * tag(writer, index)}
"""


def test_two_writers_at_once_lose_no_hand(
    tmp_path: Path, new_game_process: Callable[[str, dict[str, str]], None]
) -> None:
    home = tmp_path / "games"
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    new_game_process(GAME, env)
    writers = []
    for writer in (1, 2):
        files = []
        for index in range(1, EACH + 1):
            path = tmp_path / f"w{writer}-{index:02}.toml"
            path.write_text(record(writer, index), encoding="utf-8")
            files.append(str(path))
        writers.append(
            subprocess.Popen(
                [sys.executable, "-c", WRITER, *files],
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    for proc in writers:
        assert proc.stderr is not None
        assert proc.stderr.readline().strip() == "ready"
    for proc in writers:  # start both together
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.close()
    for proc in writers:
        assert proc.stderr is not None
        problems = proc.stderr.read()
        assert proc.wait(timeout=300) == 0, problems
        proc.stderr.close()

    store = Store(home)
    path = store.locate(GAME)
    hands = store.load(path).hands
    assert len(hands) == 2 * EACH
    expected = {(w, i): tomllib.loads(record(w, i)) for w in (1, 2) for i in range(1, EACH + 1)}
    tags = [h["side"][1]["in_hand_points"] // 5 for h in hands]
    assert Counter(tags) == Counter(tag(w, i) for w, i in expected)
    for w in (1, 2):  # each writer's hands keep their order
        own = [untag(t)[1] for t in tags if untag(t)[0] == w]
        assert own == list(range(1, EACH + 1))
    assert [record_of(h) for h in hands] == [expected[untag(t)] for t in tags]
    switches = sum(1 for a, b in itertools.pairwise(tags) if untag(a)[0] != untag(b)[0])
    assert switches >= 1, "the writers did not run at the same time"
    summary = store.summary(path)
    # RULES 2.1 values: us 150 melded + 500 natural canasta + 100 going out every hand.
    assert summary.hands == 2 * EACH and summary.sides[0].score == 750 * 2 * EACH
    assert summary.sides[1].score == sum(60 - 5 * t for t in tags)
