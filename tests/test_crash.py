"""Crash safety (CONTRACT section 7): a writer killed at any moment never leaves a torn game.

Writers append 200 hands to one game through the command line's own code (``hand --file``) and
are killed with SIGKILL at random moments. After every kill the game file must load, hold a whole
prefix of the hands exactly as entered, keep every hand whose append had returned, and give a
status that agrees with it.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta_score.games.game import record_of
from canasta_score.games.store import Store

HANDS = 200
ATTEMPTS = 200
GAME = "crash"

WRITER = """
import os, sys
from collections.abc import Callable
from pathlib import Path
from canasta_score.cli import main
from canasta_score.games.store import Store

home, files = Path(sys.argv[1]), sys.argv[2:]
store = Store(home)
done = len(store.load(store.locate("crash")).hands)
store.close()
sys.stdout = open(os.devnull, "w")
print("ready", done, file=sys.stderr, flush=True)
for number in range(done + 1, len(files) + 1):
    try:
        main(["hand", "--game", "crash", "--file", files[number - 1], "--json"])
    except SystemExit as exc:
        if exc.code not in (0, None):
            sys.exit(exc.code)
    print("recorded", number, file=sys.stderr, flush=True)
"""


def record(number: int) -> str:
    """Hand ``number``: "us" go out with a natural canasta, "them" are caught with cards whose
    count (5 * number) tells the hands apart."""
    return f"""hand = {number}

[[side]]
name = "us"
meld_points = 150
canastas = {{ natural = 1, mixed = 0 }}
went_out = true

[[side]]
name = "them"
in_hand_points = {5 * number}
"""


def check_prefix(store: Store, expected: list[dict[str, Any]], at_least: int) -> int:
    """The game loads, holds hands 1..k exactly as entered (k >= at_least) and its status
    agrees; returns k."""
    path = store.locate(GAME)
    game = store.load(path)
    count = len(game.hands)
    assert at_least <= count <= at_least + 1, (at_least, count)
    assert [record_of(h) for h in game.hands] == expected[:count]
    summary = store.summary(path)
    assert summary.hands == count
    # RULES 2.1 values: us score 150 melded + 500 natural canasta + 100 going out each hand;
    # them -5 * number left in hand (150 + 5 * 200 stays within the deck's 1,180 points).
    assert [s.score for s in summary.sides] == [
        750 * count,
        sum(-5 * n for n in range(1, count + 1)),
    ]
    return count


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_writers_killed_at_random_moments_leave_a_whole_prefix(
    tmp_path: Path, new_game_process: Callable[[str, dict[str, str]], None]
) -> None:
    home = tmp_path / "games"
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    new_game_process(GAME, env)
    files = []
    for number in range(1, HANDS + 1):
        path = tmp_path / f"hand{number:03}.toml"
        path.write_text(record(number), encoding="utf-8")
        files.append(str(path))
    expected = [tomllib.loads(record(n)) for n in range(1, HANDS + 1)]
    store = Store(home)
    rng = random.Random(20240611)
    acknowledged = kills = 0
    for attempt in range(ATTEMPTS):
        # The last writer is left to finish, so that a slow machine (fewer hands written
        # between kills) still ends with every hand recorded.
        last = attempt == ATTEMPTS - 1
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(home), *files],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert writer.stderr is not None
        ready = writer.stderr.readline().split()
        assert ready[:1] == ["ready"], ready
        try:
            writer.wait(timeout=600 if last else rng.uniform(0.0, 0.6))
        except subprocess.TimeoutExpired:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
            kills += 1
        else:
            assert writer.returncode == 0, writer.stderr.read()
        # Only whole lines count: a writer killed while printing may leave half of one.
        said = writer.stderr.read().split("\n")[:-1]
        writer.stderr.close()
        numbers = [int(m[1]) for line in said if (m := re.fullmatch(r"recorded (\d+)", line))]
        acknowledged = max([acknowledged, *numbers])
        acknowledged = check_prefix(store, expected, acknowledged)
        if acknowledged == HANDS:
            break
    assert acknowledged == HANDS
    assert kills >= 5, f"only {kills} kills: the test did not interrupt the writers"
    # A writer killed mid-change leaves nothing but the database and its journal files.
    assert store.names() == [GAME]
    assert {p.name for p in home.iterdir()} <= {"games.db", "games.db-wal", "games.db-shm"}
