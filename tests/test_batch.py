"""``check --batch``: JSON lines in, the single commands' objects out (CONTRACT sections 4-5)."""

from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_main as run
from hypothesis import given, settings
from hypothesis import strategies as st

from canasta_score.judging.batch import FIELDS, Batch
from canasta_score.judging.checks import CHECKS
from canasta_score.rules.cards import parse_cards
from canasta_score.rules.catalog import load_ruleset


def batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *lines: str
) -> tuple[int, list[dict[str, object]], str]:
    """Run ``check --batch`` on a file of these lines; return (code, answers, stderr)."""
    path = tmp_path / "plays.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "check", "--batch", str(path))
    return code, [json.loads(line) for line in out.splitlines()], err


# Each request beside the command line that asks the same thing.
SAME_AS_COMMAND = [
    ({"check": "meld", "cards": "K K 2"}, ["check", "meld", "K K 2"]),
    (
        {"check": "meld", "cards": "K", "to": "K K K", "initial": True, "going_out": True},
        ["check", "meld", "K", "--to", "K K K", "--initial", "--going-out"],
    ),
    (
        {"check": "meld", "cards": "9 9 9", "ruleset": "modern-american", "closed": ["9"]},
        ["check", "meld", "9 9 9", "--ruleset", "modern-american", "--closed", "9"],
    ),
    (
        {"check": "meld", "cards": "5 5 5", "table": ["Q Q Q", "5 5 2"], "players": 2},
        ["check", "meld", "5 5 5", "--table", "Q Q Q", "--table", "5 5 2", "--players", "2"],
    ),
    (
        {"check": "initial-meld", "melds": ["7C 7D 7H 7S", "AC AH JK"], "score": 1600},
        ["check", "initial-meld", "7C 7D 7H 7S", "AC AH JK", "--score", "1600"],
    ),
    (
        {"check": "initial-meld", "melds": ["KS KH KD", "9 9 JK"], "score": 2000, "top-card": "KD"},
        ["check", "initial-meld", "KS KH KD", "9 9 JK", "--score", "2000", "--top-card", "KD"],
    ),
    (
        {
            "check": "pickup",
            "top": "KD",
            "hand": "KS KH 5C 5D 5H 9C 9H JK",
            "opened": False,
            "score": 2000,
        },
        [
            *["check", "pickup", "--top", "KD", "--hand", "KS KH 5C 5D 5H 9C 9H JK"],
            *["--not-opened", "--score", "2000"],
        ],
    ),
    (
        {"check": "pickup", "top": "8H", "hand": "8C JK", "frozen": True, "table": ["8 8 8"]},
        ["check", "pickup", "--top", "8H", "--hand", "8C JK", "--frozen", "--table", "8 8 8"],
    ),
    (
        {"check": "discard", "card": "AS", "hand": "AS 7D KC JK", "pile_empty": True},
        ["check", "discard", "AS", "--hand", "AS 7D KC JK", "--pile-empty"],
    ),
    (
        {"check": "go-out", "table": ["Q Q Q Q Q Q Q", "K K K"], "partner": "no"},
        ["check", "go-out", "--table", "Q Q Q Q Q Q Q", "--table", "K K K", "--partner", "no"],
    ),
    (
        {
            "check": "go-out",
            "table": ["Q Q Q Q Q Q Q"],
            "discard": "5C",
            "rule": ["go_out.bonus=200"],
        },
        [
            *["check", "go-out", "--table", "Q Q Q Q Q Q Q", "--discard", "5C"],
            *["--rule", "go_out.bonus=200"],
        ],
    ),
    ({"check": "min-meld", "score": 1500}, ["min-meld", "--score", "1500"]),
    (
        {"check": "min-meld", "score": -5, "ruleset": "modern-american"},
        ["min-meld", "--score", "-5", "--ruleset", "modern-american"],
    ),
]


def test_every_check_subcommand_and_min_meld_can_be_asked() -> None:
    asked = {request["check"] for request, _ in SAME_AS_COMMAND}
    assert asked == set(FIELDS)


@pytest.mark.parametrize(("request_", "argv"), SAME_AS_COMMAND)
def test_batch_answer_is_the_single_command_json(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    request_: dict[str, object],
    argv: list[str],
) -> None:
    single_code, single_out, _ = run(capsys, *argv, "--json")
    code, answers, err = batch(capsys, tmp_path, json.dumps(request_))
    assert answers == [json.loads(single_out)]
    assert code == single_code and err == ""


def test_classic_meld_values_section_2_2_and_card_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """K K 2 counts 10 + 10 + 20 = 40 and is legal; K K is two cards short of a meld of 3;
    a score of 1,500 needs 90 and 3,000 needs 120 (RULES 2.2)."""
    code, answers, _ = batch(
        capsys,
        tmp_path,
        '{"check": "meld", "cards": "K K 2"}',
        '{"check": "meld", "cards": "K K"}',
        '{"check": "min-meld", "score": 1500}',
        '{"check": "min-meld", "score": 3000}',
    )
    assert answers[0]["legal"] is True and answers[0]["points"] == 40
    assert answers[1]["legal"] is False and answers[1]["points"] == 20
    assert [a.get("minimum") for a in answers[2:]] == [90, 120]
    assert code == 1


def test_exit_0_when_every_play_is_legal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, answers, _ = batch(
        capsys, tmp_path, '{"check": "meld", "cards": "Q Q Q"}', '{"check": "min-meld"}'
    )
    assert code == 0 and len(answers) == 2


def test_bad_line_gives_an_error_object_and_the_rest_are_answered(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, answers, err = batch(
        capsys,
        tmp_path,
        '{"check": "meld", "cards": "K K K"}',
        "not json",
        '{"check": "meld", "cards": "K KX K"}',
        '{"check": "meld", "cards": "K K K", "intial": true}',
        '{"check": "fold"}',
        '["meld"]',
        '{"check": "meld", "cards": "K K K", "ruleset": "nope"}',
        '{"check": "meld", "cards": "K K K", "initial": "yes"}',
        '{"check": "meld"}',
        '{"check": "meld", "cards": "Q Q Q"}',
    )
    assert code == 2
    assert len(answers) == 10
    assert answers[0]["legal"] is True and answers[-1]["legal"] is True
    errors = answers[1:-1]
    assert [e["line"] for e in errors] == [2, 3, 4, 5, 6, 7, 8, 9]
    named = ["JSON", '"KX"', '"intial"', "fold", "JSON object", "nope", "initial", '"cards"']
    for error, name in zip(errors, named, strict=True):
        assert set(error) == {"line", "error"}
        assert name in str(error["error"])
    assert err.count("Error: line ") == 8
    assert "Traceback" not in err


def test_blank_lines_are_skipped_but_counted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, answers, _ = batch(capsys, tmp_path, "", '{"check": "min-meld"}', "   ", "{")
    assert len(answers) == 2
    assert answers[1] == {"line": 4, "error": answers[1]["error"]}
    assert code == 2


def test_repeated_lines_get_the_same_answer_and_errors_their_own_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    play = '{"check": "meld", "cards": "K K 2 2"}'
    code, answers, _ = batch(capsys, tmp_path, play, "{", play, "{")
    assert answers[0] == answers[2] and answers[0]["legal"] is False
    assert [answers[1]["line"], answers[3]["line"]] == [2, 4]
    assert code == 2


def test_standard_input_and_last_line_without_newline(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    stdin = io.TextIOWrapper(io.BytesIO(b'{"check": "min-meld", "score": -5}'))
    saved = sys.stdin
    sys.stdin = stdin
    try:
        code, out, _ = run(capsys, "check", "--batch", "-")
    finally:
        sys.stdin = saved
    assert code == 0 and json.loads(out)["minimum"] == 15


def test_missing_file_is_error_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "check", "--batch", str(tmp_path / "none.jsonl"))
    assert code == 2 and out == "" and err.startswith("Error: ") and "no such file" in err


def test_check_alone_still_shows_help_and_subcommands_still_work(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "check")
    assert code == 2 and "meld" in err and "--batch" in err
    code, out, _ = run(capsys, "check", "meld", "Q Q Q", "--json")
    assert code == 0 and json.loads(out)["legal"] is True


def test_batch_and_a_subcommand_together_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "check", "--batch", str(path), "meld", "Q Q Q")
    assert code == 2 and out == "" and "Traceback" not in err


def test_rulesets_are_loaded_once_per_ruleset_players_and_rules(
    loaded_rulesets: list[tuple[str, int | None, tuple[str, ...]]],
) -> None:
    loaded = loaded_rulesets
    engine = Batch()
    requests = [
        {"check": "meld", "cards": "K K K"},
        {"check": "meld", "cards": "Q Q Q", "ruleset": "classic"},
        {"check": "meld", "cards": "Q Q Q", "players": 2},
        {"check": "min-meld", "players": 2},
        {"check": "meld", "cards": "Q Q Q", "rule": ["go_out.bonus=200"]},
        {"check": "meld", "cards": "Q Q Q", "rule": ["go_out.bonus=200"]},
        {"check": "meld", "cards": "Q Q Q", "ruleset": "modern-american"},
    ]
    for request in requests:
        assert engine.answer(request)[1] == 0
    assert loaded == [
        ("classic", None, ()),
        ("classic", 2, ()),
        ("classic", None, ("go_out.bonus=200",)),
        ("modern-american", None, ()),
    ]


def test_a_waiting_writer_gets_each_answer_at_once() -> None:
    """A program that writes one line and waits for its answer is not left hanging."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "canasta_score", "check", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for score, minimum in [(0, 50), (1500, 90)]:
            proc.stdin.write(json.dumps({"check": "min-meld", "score": score}).encode() + b"\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            assert ready, "no answer within 30 s"
            assert json.loads(proc.stdout.readline())["minimum"] == minimum
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """``check --batch plays.jsonl | head -1``: the writer stops quietly."""
    path = tmp_path / "many.jsonl"
    path.write_text('{"check": "meld", "cards": "K K 2"}\n' * 20000, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "canasta_score", "check", "--batch", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert json.loads(proc.stdout.readline())["legal"] is True
    proc.stdout.close()
    assert proc.wait(timeout=60) == 2
    assert b"Traceback" not in proc.stderr.read()
    proc.stderr.close()


# One batch for every example below, so a meld ruled by its make-up is met again and again.
SHARED = Batch()
NATURAL_RANK_TOKENS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@settings(max_examples=300)
@given(
    ruleset=st.sampled_from(["classic", "samba", "modern-american"]),
    rank=st.sampled_from(NATURAL_RANK_TOKENS),
    suits=st.lists(st.sampled_from(["", "H", "D", "C", "S"]), min_size=1, max_size=10),
    twos=st.lists(st.sampled_from(["2", "2H", "2C"]), max_size=5),
    jokers=st.integers(0, 5),
    initial=st.sampled_from([None, True, False]),
    going_out=st.sampled_from([None, True, False]),
    order=st.randoms(use_true_random=False),
)
def test_a_meld_of_one_rank_is_ruled_the_same_whatever_its_suits_and_order(
    ruleset: str,
    rank: str,
    suits: list[str],
    twos: list[str],
    jokers: int,
    initial: bool | None,
    going_out: bool | None,
    order: random.Random,
) -> None:
    """The library keeps meld rulings by make-up (rank, natural cards, twos, jokers): suits and
    order never matter to a group meld (RULES 1.4) or its count, so each batch answer equals the
    single command's own for these very cards, deck excess included (9+ of a rank)."""
    tokens = [rank + suit for suit in suits] + twos + ["JK"] * jokers
    order.shuffle(tokens)
    request: dict[str, object] = {"check": "meld", "ruleset": ruleset, "cards": " ".join(tokens)}
    options: dict[str, object] = {"cards": parse_cards(" ".join(tokens))}
    if initial is not None:
        request["initial"] = options["initial"] = initial
    if going_out is not None:
        request["going-out"] = options["going-out"] = going_out
    rs = load_ruleset(ruleset)
    direct = CHECKS["meld"].answer(rs, options)
    assert SHARED.answer(request) == (direct.as_dict(), 0 if direct.legal else 1)


@pytest.mark.parametrize(
    ("request_", "argv", "said"),
    [
        (
            {"check": "pickup", "top": "", "hand": "KH KD 5C"},
            ["check", "pickup", "--top", "", "--hand", "KH KD 5C"],
            "empty card",
        ),
        (
            {"check": "discard", "card": "", "hand": "2S"},
            ["check", "discard", "", "--hand", "2S"],
            "empty card",
        ),
        ({"check": "meld", "cards": ""}, ["check", "meld", ""], "no cards"),
    ],
)
def test_an_empty_card_a_check_needs_is_refused_as_the_command_refuses_it(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    request_: dict[str, object],
    argv: list[str],
    said: str,
) -> None:
    """CONTRACT 2: an empty text names no card. The batch line gets an error object (exit 2)
    with the command line's own message, never a traceback."""
    single_code, _, single_err = run(capsys, *argv)
    code, answers, err = batch(capsys, tmp_path, json.dumps(request_))
    assert single_code == code == 2 and "Traceback" not in err
    message = str(answers[0]["error"])
    assert message[message.index(said) :] == single_err[single_err.index(said) :].strip()
