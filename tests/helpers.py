"""Short ways for tests to write cards and read a score: plain functions, not fixtures."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import HandScore, score_hand
from canasta_score.rules.cards import Card, parse_card, parse_cards
from canasta_score.rules.ruleset import Ruleset


def c(text: str) -> tuple[Card, ...]:
    """Cards from notation."""
    return parse_cards(text)


def one(text: str) -> Card:
    """One card from notation."""
    return parse_card(text)


def score(rs: Ruleset, toml_text: str) -> HandScore:
    """Score a hand record given as TOML text."""
    return score_hand(rs, parse_record(tomllib.loads(toml_text)))


def items(result: HandScore, side: str) -> dict[str, int]:
    """A side's breakdown as {rule id: points}."""
    return {i.rule: i.points for i in result.side(side).items}


def totals(result: HandScore) -> dict[str, int]:
    """Each side's hand total by name."""
    return {s.name: s.total for s in result.sides}


# Contract hand 2 in the quick form: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850.
TWO = ["a: 300 melded, 1 mixed, 40 left", "b: 250 melded, 1 natural, out"]
# A 400 + 500 - 30 = 870; B 95 - 20 = 75.
THREE = ["a: 400 melded, 1 natural, 30 left", "b: 95 melded, 20 left"]


@dataclass
class Run:
    """One run of the program: its exit code and what it printed."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Cli = Callable[..., Run]


def run_main(capsys: Any, *args: str) -> tuple[int, str, str]:
    """Run the command line's entry point in this process (its output goes on after an
    ``Error:`` line, as in a terminal); return (exit code, stdout, stderr)."""
    import pytest

    from canasta_score.cli import main

    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    code = done.value.code
    return (code if isinstance(code, int) else 0), out, err


def stored(home: Any, name: str = "club") -> bytes:
    """The truth the store keeps of a game (its setup, hands and undone hands, not when it was
    last changed nor anything derived), to compare before and after a command."""
    import sqlite3
    from pathlib import Path

    db = sqlite3.connect(Path(home) / "games.db")
    try:
        row = db.execute(
            "SELECT id, name, uid, created, first_dealer, sides, ruleset FROM games WHERE name = ?",
            (name,),
        ).fetchone()
        assert row is not None, name
        hands = db.execute(
            "SELECT number, record FROM hands WHERE game = ? ORDER BY number", (row[0],)
        ).fetchall()
        undone = db.execute(
            "SELECT position, record FROM undone WHERE game = ? ORDER BY position", (row[0],)
        ).fetchall()
    finally:
        db.close()
    return json.dumps([row, hands, undone]).encode("utf-8")


def change_stored(home: Any, sql: str, *params: Any) -> None:
    """Change the game database as someone with sqlite3 could (outside canasta-score)."""
    import sqlite3
    from pathlib import Path

    db = sqlite3.connect(Path(home) / "games.db")
    try:
        with db:
            db.execute(sql, params)
    finally:
        db.close()


def another_game(log: str) -> str:
    """A JSON or TOML game log as another game would have it: the same hands under an
    identity of its own (a game folder does not take the same game twice)."""
    import re

    return re.sub(r'(uid"?\s*[:=]\s*")', r"\g<1>x", log, count=1)


def run_in_process(args: list[str], env: dict[str, str], stdin: str = "") -> Any:
    """Run the command line in this process, as the installed program would run with ``env``
    (only its own variables are set, for the run) and ``stdin``; the result as
    ``subprocess.run`` gives it (``returncode``, ``stdout``, ``stderr``). For tests where the
    process boundary is not what is tested."""
    import io
    import os
    import subprocess
    import sys

    from canasta_score.cli import main

    own = {k: v for k, v in env.items() if k.startswith("CANASTA_SCORE_") or k == "COLUMNS"}
    before = {k: os.environ.get(k) for k in (*own, "COLUMNS")}
    streams = sys.stdin, sys.stdout, sys.stderr
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    os.environ.update(own)
    if "COLUMNS" not in own:
        os.environ.pop("COLUMNS", None)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    code: Any = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))  # type: ignore[attr-defined]
    code = 0 if code is None else code
    return subprocess.CompletedProcess(args, code, texts[0], texts[1])
