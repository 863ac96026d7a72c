"""One question, one answer: a ``check --batch`` line and the single command it mirrors give the
same answer and the same exit code, refusals included (CONTRACT sections 2, 4 and 5; the batch
mirrors the command line, docs/reliability.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_main as run


def batch_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, request: dict[str, object]
) -> tuple[int, dict[str, object]]:
    """``check --batch`` on a file of one request: (exit code, its answer object)."""
    path = tmp_path / "plays.jsonl"
    path.write_text(json.dumps(request) + "\n", encoding="utf-8")
    code, out, _err = run(capsys, "check", "--batch", str(path))
    return code, json.loads(out)


@pytest.mark.parametrize(
    ("request_", "argv", "said"),
    [
        (
            {"check": "meld", "cards": "K K K", "to": ""},
            ["check", "meld", "K K K", "--to", "", "--json"],
            'no cards in ""',
        ),
        (
            {"check": "go-out", "table": ["K K K K K K K"], "hand": ""},
            ["check", "go-out", "--table", "K K K K K K K", "--hand", "", "--json"],
            'no cards in ""',
        ),
        (
            {"check": "go-out", "table": ["K K K K K K K"], "partner": ""},
            ["check", "go-out", "--table", "K K K K K K K", "--partner", "", "--json"],
            "expected yes or no, got ''",
        ),
    ],
)
def test_an_empty_meld_or_answer_in_a_batch_line_is_refused_as_the_command_refuses_it(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    request_: dict[str, object],
    argv: list[str],
    said: str,
) -> None:
    """CONTRACT 2: an empty meld is an input error, and ``--partner`` takes yes or no. An empty
    ``to``, ``hand`` or ``partner`` in a batch line is refused (exit 2, an error object) with
    the command line's words, not ruled on as if the key were left out."""
    single_code, single_out, single_err = run(capsys, *argv)
    code, answer = batch_line(capsys, tmp_path, request_)
    assert single_code == code == 2 and single_out == ""
    assert said in single_err and said in str(answer["error"])


def test_an_empty_discard_is_no_discard_in_a_batch_line_and_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """CONTRACT 5.6: ``--discard`` is the final discard *if any*: an empty one names none, on
    both paths. A side with one natural canasta of kings may go out in classic (RULES: one
    canasta to go out), so both answer legal, exit 0, with the same line."""
    argv = ["check", "go-out", "--table", "K K K K K K K", "--discard", "", "--json"]
    single_code, single_out, _err = run(capsys, *argv)
    code, answer = batch_line(
        capsys, tmp_path, {"check": "go-out", "table": ["K K K K K K K"], "discard": ""}
    )
    assert single_code == code == 0 and answer["legal"] is True
    assert json.loads(single_out) == answer
