"""The current game changes only with new, import and use; --game applies to one command
(CONTRACT section 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_in_process

HAND_TWO = ["A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 natural, out"]


def run(home: Path, *args: str, stdin: str = "", code: int = 0) -> str:
    env = {"CANASTA_SCORE_HOME": str(home)}
    done = run_in_process(list(args), env, stdin)  # what is tested is not the process
    assert done.returncode == code, done.stderr
    out: str = done.stdout
    return out


def current(home: Path) -> str:
    game: str = json.loads(run(home, "status", "--json"))["game"]
    return game


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    """Games "friday" (two hands) and "saturday" (the current one)."""
    run(tmp_path, "new", "friday", "--side", "A", "--side", "B")
    run(tmp_path, "hand", *HAND_TWO)
    run(tmp_path, "hand", *HAND_TWO)
    run(tmp_path, "new", "saturday", "--side", "A", "--side", "B")
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [
        ["status"],
        ["history"],
        ["history", "--detail"],
        ["hand", *HAND_TWO],
        ["edit", "1", "A: 300 melded, 1 mixed, 30 left"],
        ["undo"],
        ["export", "--format", "csv"],
        ["play"],
    ],
    ids=lambda c: c[0] + (" --detail" if "--detail" in c else ""),
)
def test_game_option_never_changes_the_current_game(two_games: Path, command: list[str]) -> None:
    run(two_games, *command, "--game", "friday")
    assert current(two_games) == "saturday"


def test_use_changes_the_current_game(two_games: Path) -> None:
    assert run(two_games, "use", "friday") == "friday\n"
    assert current(two_games) == "friday"


def test_use_refuses_what_is_not_a_game_and_keeps_the_current_one(two_games: Path) -> None:
    (two_games / "notes.toml").write_text('title = "not a game"\n', encoding="utf-8")
    run(two_games, "use", "notes", code=2)
    run(two_games, "use", "nope", code=2)
    assert current(two_games) == "saturday"


def test_a_game_is_reached_by_its_name_with_toml_too(two_games: Path) -> None:
    """docs/games.md: "`club.toml` names the game `club` ... so `--game club` and `--game
    club.toml` both reach it" (before, a name ending in .toml was taken only for a file, and
    "no such game file" was said)."""
    assert json.loads(run(two_games, "status", "--json", "--game", "friday.toml"))["hands"] == 2
    assert current(two_games) == "saturday"
    assert run(two_games, "use", "Friday.TOML", code=2) == ""  # names are kept as typed
    assert run(two_games, "use", "friday.toml") == "friday\n"
    assert current(two_games) == "friday"
