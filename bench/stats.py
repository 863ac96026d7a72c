"""Benchmark ``canasta-score stats`` over a season: 500 games of 20 hands (10,000 hands).

Run it with the project's own environment::

    .venv/bin/python bench/stats.py            # about a minute
    .venv/bin/python bench/stats.py --runs 11  # steadier medians

The games are made through the library in a temporary folder (``CANASTA_SCORE_HOME``): eight
players in partnerships drawn anew for each game, dates spread over a year, each hand RULES 2.7
example C5 with a side drawn at random to go out, and a game of a fixed 20 hands, so every game
has a winner. ``stats --json`` is timed as a user runs it, a new process each time, in
interleaved rounds with a bare one-command Typer program (as bench/run.py does):

* with each game's figures kept in the database (every run after the first), target at most
  2x the bare program;
* with those figures forgotten before each run (every game scored again, as after an upgrade),
  for comparison.

The exit code is 0 when the target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from games import C5
from run import FULL, Bench, Case, compile_package, interleaved, ms

from canasta_score.core.frozen import replace
from canasta_score.games.game import new_game, parse_side
from canasta_score.games.store import Store
from canasta_score.rules.catalog import load_ruleset

GAMES = 500
HANDS = 20
TARGET = 2.0  # times the bare program, with each game's figures kept
PLAYERS = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def hand(rng: random.Random, sides: tuple[str, str]) -> dict[str, Any]:
    winner, loser = tomllib.loads(C5)["side"]
    first, second = (winner, loser) if rng.random() < 0.5 else (loser, winner)
    return {"side": [dict(first, name=sides[0]), dict(second, name=sides[1])]}


def make_season(home: Path, games: int = GAMES, hands: int = HANDS, seed: int = 13) -> None:
    """``games`` finished games of ``hands`` hands each in ``home``."""
    rng = random.Random(seed)
    rs = load_ruleset("classic", overrides=[f"game.hands={hands}"])
    store = Store(home)
    for number in range(1, games + 1):
        four = rng.sample(PLAYERS, 4)
        sides = (f"{four[0]} & {four[1]}", f"{four[2]} & {four[3]}")
        # Each game starts at a moment of its own (copies of one game share theirs).
        minute, second = divmod(number, 60)
        day = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T20:{minute:02d}:{second:02d}"
        game = new_game(f"season-{number:03d}", day, rs, [parse_side(s) for s in sides])
        records = tuple(hand(rng, sides) for _ in range(hands))
        store.create(replace(game, hands=records), "the benchmark folder is not empty")


def check_answer(bench: Bench) -> None:
    """The statistics count every game and hand (so the timing is of a real answer)."""
    done = subprocess.run(
        bench.cmd("stats", "--json"), capture_output=True, env=bench.env, check=True
    )
    result = json.loads(done.stdout)
    assert result["games"]["counted"] == GAMES, result["games"]
    assert sum(p["hands"] for p in result["players"]) == GAMES * HANDS * 4
    assert 0 < sum(p["wins"] for p in result["sides"]) <= GAMES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed rounds (default 5)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    import typer

    compile_package()
    folder = Path(tempfile.mkdtemp(prefix="canasta-bench-stats-"))
    bench = Bench(folder, replace(FULL, game_runs=options.runs), judged=True)
    print(
        f"canasta-score stats benchmark: Python {platform.python_version()}, "
        f"typer {typer.__version__}, {GAMES} games of {HANDS} hands"
    )
    try:
        make_season(bench.home)
        check_answer(bench)

        def forget() -> None:  # as after an upgrade: every game's figures derived again
            db = sqlite3.connect(bench.home / "games.db")
            with db:
                db.execute("UPDATE summaries SET facts = NULL")
            db.close()

        cases = [
            Case("bare Typer program", bench.bare),
            Case("stats", bench.cmd("stats", "--json")),
            Case(
                "stats, figures forgotten",
                bench.cmd("stats", "--json"),
                before=forget,
            ),
        ]
        interleaved(bench, cases, options.runs, warm_up=1)
    finally:
        if options.keep:
            print(f"Kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    bare = cases[0].median
    print(f"\nMedian wall time of {options.runs} runs, and the ratio to the bare program")
    ok = cases[1].median <= TARGET * bare
    for case in cases:
        line = f"  {case.label:24} {ms(case.median)}  {case.median / bare:6.1f}x"
        if case is cases[1]:
            line += f"   target <= {TARGET:.1f}x  {'ok' if ok else 'MISSED'}"
        elif case.before is not None:
            line += "   (every game scored again: the first run, or after an upgrade)"
        print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
