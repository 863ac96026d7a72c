"""One question, one answer: a ``check --batch`` line and the single command it mirrors give the
same answer and the same exit code, refusals included (CONTRACT sections 2, 4 and 5; the batch
mirrors the command line, docs/reliability.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

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


@pytest.mark.parametrize("number", ["9007199254740992", "-9007199254740992", "10" + "0" * 19])
@pytest.mark.parametrize("command", [["min-meld"], ["check", "initial-meld", "K K K"]])
def test_a_score_beyond_the_limit_is_refused_on_the_command_line_as_in_a_batch_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, number: str, command: list[str]
) -> None:
    """docs/reliability.md: whole numbers are kept within ±(2^53 - 1) = ±9,007,199,254,740,991.
    A batch line with a larger score gets an error object (exit 2); ``--score`` with the same
    number is refused too, with the same words, instead of being ruled on."""
    single_code, single_out, single_err = run(capsys, *command, "--score", number, "--json")
    request: dict[str, object] = {"check": command[-1] if len(command) > 1 else "min-meld"}
    if len(command) > 1:
        request["melds"] = [command[2]]
    path = tmp_path / "plays.jsonl"
    path.write_text(json.dumps(request)[:-1] + f', "score": {number}}}\n', encoding="utf-8")
    code, out, _err = run(capsys, "check", "--batch", str(path))
    said = "a whole number beyond ±9,007,199,254,740,991 (the limit)"
    assert single_code == code == 2 and single_out == ""
    assert said in single_err and said in json.loads(out)["error"]


def test_a_score_at_the_limit_is_still_answered(capsys: pytest.CaptureFixture[str]) -> None:
    """RULES classic initial meld: a side at 3,000 or more needs 120; 2^53 - 1 is within the
    limit and is answered (exit 0), not refused."""
    code, out, _err = run(capsys, "min-meld", "--score", "9007199254740991", "--json")
    assert code == 0 and json.loads(out)["minimum"] == 120


@pytest.fixture
def page(cli: Any, home: Path) -> Any:
    """The pages of a new classic game named club, driven in this process (no network)."""
    from starlette.testclient import TestClient

    from canasta_score.web.app import Table, build

    assert cli("new", "club", "--side", "a: Ann & Bob", "--side", "b: Cy & Di").code == 0
    table = Table(home, "club")
    with TestClient(build(table)) as running:
        yield running, table


def shown(html: str) -> str:
    """A page's words without its markup."""
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_ruling_page_takes_a_score_below_zero_as_the_command_does(page: Any, cli: Any) -> None:
    """RULES classic initial-meld tiers: a side at -35 needs 15 (example: -35 -> 15), and
    4C 4D 4H (15 >= 15) is a legal initial meld. The page answers as ``min-meld`` and
    ``check initial-meld`` do, rather than refusing the score."""
    client, table = page
    minimum = client.get(f"/{table.viewer}/ruling", params={"check": "min-meld", "score": "-35"})
    single = cli("min-meld", "--score", "-35", "--json")
    assert single.json()["minimum"] == 15
    assert "initial meld 15" in shown(minimum.text) and "not a whole number" not in minimum.text
    asked = {"check": "initial-meld", "melds": "4C 4D 4H", "score": "-35"}
    laid = shown(client.get(f"/{table.viewer}/ruling", params=asked).text)
    assert cli("check", "initial-meld", "4C 4D 4H", "--score", "-35").code == 0
    assert "LEGAL" in laid and "ILLEGAL" not in laid


def test_a_ruling_page_refuses_a_score_that_is_no_number(page: Any) -> None:
    """A score must be a whole number: ``-x`` is refused, naming what was typed."""
    client, table = page
    answer = client.get(f"/{table.viewer}/ruling", params={"check": "min-meld", "score": "-x"})
    assert "&#34;-x&#34; is not a whole number" in answer.text


@pytest.mark.parametrize(
    ("request_", "argv"),
    [
        ({"check": "meld", "cards": "K K K", "ruleset": ""}, ["check", "meld", "K K K"]),
        ({"check": "min-meld", "ruleset": "", "players": 4}, ["min-meld", "--players", "4"]),
    ],
)
def test_an_empty_ruleset_name_is_an_unknown_ruleset_on_the_command_line_as_in_a_batch_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    request_: dict[str, object],
    argv: list[str],
) -> None:
    """CONTRACT 4: an unknown ruleset is bad input (exit 2). ``--ruleset ""`` names no ruleset
    and is refused as ``"ruleset": ""`` is in a batch line, not taken as classic."""
    single_code, single_out, single_err = run(capsys, *argv, "--ruleset", "", "--json")
    code, answer = batch_line(capsys, tmp_path, request_)
    said = 'unknown ruleset ""'
    assert single_code == code == 2 and single_out == ""
    assert said in single_err and said in str(answer["error"])
