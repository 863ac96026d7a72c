"""`undo` and `redo` (docs/games.md, "Fixing mistakes"): undo shows the hand it removes and asks on
a terminal (`--yes` does not ask; off a terminal it acts at once); redo puts back the undone
hands, the most recent first, exactly as they were, until a new hand is entered. Scores are
worked out by hand from the classic rules (docs/rules/classic.md)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
from helpers import run_in_process, stored
from terminal import Terminal

# A: 300 melded + 500 (a natural canasta) + 100 for going out = 900; B: 100 - 20 = 80.
ONE = ["A: 300 melded, 1 natural, out", "B: 100 melded, 20 left"]
# A: 300 - 20 = 280; B: 100 + 500 + 100 = 700.
TWO = ["A: 300 melded, 20 left", "B: 100 melded, 1 natural, out"]


def run(env: dict[str, str], *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    """The program on ``args`` (in this process: what is tested is not the process)."""
    done: subprocess.CompletedProcess[str] = run_in_process(list(args), env)
    assert done.returncode == code, done.stderr
    return done


def totals(env: dict[str, str]) -> list[int]:
    return [s["score"] for s in json.loads(run(env, "status", "--json").stdout)["sides"]]


@pytest.fixture
def two_hands(env: dict[str, str]) -> bytes:
    """Game "club" (classic, sides A and B) with hands ONE and TWO; the file's bytes."""
    run(env, "new", "club", "--ruleset", "classic", "--side", "A", "--side", "B")
    run(env, "hand", *ONE)
    run(env, "hand", *TWO)
    assert totals(env) == [1180, 780]
    return stored(env["CANASTA_SCORE_HOME"])


def test_undo_then_redo_restores_the_hand_exactly(env: dict[str, str], two_hands: bytes) -> None:
    undone: dict[str, Any] = json.loads(run(env, "undo", "--json").stdout)
    assert undone["removed"] == {
        "number": 2,
        "sides": [{"name": "A", "score": 280}, {"name": "B", "score": 700}],
    }
    assert totals(env) == [900, 80]
    redone: dict[str, Any] = json.loads(run(env, "redo", "--json").stdout)
    assert redone["hand"] == 2
    assert [s["score"] for s in redone["status"]["sides"]] == [1180, 780]
    assert stored(env["CANASTA_SCORE_HOME"]) == two_hands


def test_redo_puts_back_the_most_recent_undo_first(env: dict[str, str], two_hands: bytes) -> None:
    run(env, "undo")
    run(env, "undo")
    assert totals(env) == [0, 0]
    assert "Hand 1" in run(env, "redo").stdout
    assert totals(env) == [900, 80]
    assert "Hand 2" in run(env, "redo").stdout
    assert stored(env["CANASTA_SCORE_HOME"]) == two_hands


def test_redo_after_the_last_redo_says_nothing_is_left_to_redo(
    env: dict[str, str], two_hands: bytes
) -> None:
    """A hand was undone and put back: redo again has nothing left, and must not claim that no
    hand was undone."""
    run(env, "undo")
    run(env, "redo")
    refused = run(env, "redo", code=2)
    assert "no undone hand is left to put back" in refused.stderr
    assert "no hand was undone" not in refused.stderr
    assert stored(env["CANASTA_SCORE_HOME"]) == two_hands


def test_a_new_hand_ends_what_redo_can_put_back(env: dict[str, str], two_hands: bytes) -> None:
    run(env, "undo")
    run(env, "hand", *ONE)  # hand 2 is now ONE again: A 900 + 900, B 80 + 80
    before = stored(env["CANASTA_SCORE_HOME"])
    refused = run(env, "redo", code=2)
    assert refused.stderr.startswith("Error: nothing to redo")
    assert stored(env["CANASTA_SCORE_HOME"]) == before
    assert totals(env) == [1800, 160]


def test_undo_on_a_terminal_shows_the_hand_and_asks(env: dict[str, str], two_hands: bytes) -> None:
    term = Terminal(["undo"], env)
    shown = term.answer("remove this hand?", "")
    assert "Hand 2 (dealt by" in shown and "B went out): A +280, B +700" in shown
    assert term.finish() == 2
    assert stored(env["CANASTA_SCORE_HOME"]) == two_hands
    term = Terminal(["undo"], env)
    term.answer("remove this hand?", "y")
    assert term.finish() == 0
    assert totals(env) == [900, 80]


def test_undo_yes_does_not_ask_on_a_terminal(env: dict[str, str], two_hands: bytes) -> None:
    term = Terminal(["undo", "--yes"], env)
    assert "Removed hand 2" in term.expect("redo puts it back")
    assert term.finish() == 0
    assert totals(env) == [900, 80]


def test_undo_and_redo_with_game_leave_the_current_game(
    env: dict[str, str], two_hands: bytes
) -> None:
    """CONTRACT section 7: --game applies to that one command."""
    run(env, "new", "other", "--side", "A", "--side", "B")
    run(env, "undo", "--game", "club")
    run(env, "redo", "--game", "club")
    assert stored(env["CANASTA_SCORE_HOME"]) == two_hands
    assert json.loads(run(env, "status", "--json").stdout)["game"] == "other"


@pytest.mark.parametrize(
    "undone",
    [
        {"record": {"side": [None]}},
        {"record": {"side": [{"name": "A", "melds": [None]}]}},
        {"record": {"side": [{"name": "A", "meld_points": 5}]}, "entered": 5},
    ],
    ids=["side-null", "meld-null", "entered-number"],
)
def test_a_log_whose_undone_hand_is_not_a_hand_record_is_refused(
    env: dict[str, str], two_hands: bytes, tmp_path: Any, undone: dict[str, Any]
) -> None:
    """CONTRACT 6 and 7: an undone hand is a hand record, which redo puts back exactly as it
    is. A log whose undone hand is not one is refused on import, naming it, and no game is
    made (before, it was imported, and exporting it as TOML ended in a traceback)."""
    log = json.loads(run(env, "export", "--format", "json").stdout)
    log.pop("uid")
    log["undone"] = [undone]
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    refused = run(env, "import", str(path), "--name", "copy", code=2)
    assert "undone hand 1" in refused.stderr
    assert "copy" not in run(env, "games").stdout


def test_an_undone_hand_changed_into_something_invalid_is_named_never_a_traceback(
    env: dict[str, str], two_hands: bytes
) -> None:
    """docs/games.md "Where games live": a hand changed with sqlite3 into something invalid is
    refused with the game, the hand and the problem named; so is an undone hand, which redo
    would put back, for every command (before, `export --format toml` ended in a traceback)."""
    import sqlite3
    from pathlib import Path

    run(env, "undo")
    db = sqlite3.connect(Path(env["CANASTA_SCORE_HOME"]) / "games.db")
    with db:
        db.execute("UPDATE undone SET record = json_set(record, '$.side[0]', json('null'))")
    db.close()
    for args in (["export", "--format", "toml"], ["status"], ["redo"]):
        refused = run(env, *args, code=2)
        assert 'game "club": undone hand 1' in refused.stderr, args
