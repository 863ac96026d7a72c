"""``score-hand --batch``: one JSON request a line in, ``score-hand --json``'s object out."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from helpers import run_main as run

from canasta_score.hands.score_data import HandBatch

# RULES 2.1 / 2.6 by hand: A 100 melded + 500 natural canasta + 100 going out = 700; B -20.
ONE_CANASTA = {
    "side": [
        {"name": "A", "meld_points": 100, "canastas": {"natural": 1}, "went_out": True},
        {"name": "B", "in_hand_points": 20},
    ]
}


def batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, requests: list[Any], *options: str
) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``score-hand --batch`` on a file of these requests (a text is written as it is);
    return (code, answers, stderr)."""
    path = tmp_path / "hands.jsonl"
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "score-hand", "--batch", str(path), *options)
    return code, [json.loads(line) for line in out.splitlines()], err


def totals(answer: dict[str, Any]) -> dict[str, int]:
    return {side["name"]: side["total"] for side in answer["sides"]}


def test_each_answer_is_what_score_hand_json_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, c5_path: Path, c5_text: str
) -> None:
    """RULES 2.7 C5 as TOML text and as a table: A 1,240 and B 225, byte for byte the object
    of ``score-hand --json``."""
    code, single, _ = run(capsys, "score-hand", str(c5_path), "-r", "classic", "--json")
    assert code == 0
    requests = [
        {"record": c5_text, "ruleset": "classic"},
        {"record": tomllib.loads(c5_text), "ruleset": "classic"},
    ]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in requests) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "score-hand", "--batch", str(path))
    assert (code, err) == (0, "")
    assert out == single * 2
    assert totals(json.loads(single)) == {"A": 1240, "B": 225}


def test_rules_and_players_of_each_line_rules_3_and_18(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A house rule going out 200 gives A 800; two players need two canastas to go out
    (RULES 3), so the same record is refused there and the next line still scored."""
    requests = [
        {"record": ONE_CANASTA, "ruleset": "classic"},
        {"record": ONE_CANASTA, "ruleset": "classic", "rule": ["go_out.bonus=200"]},
        {"record": ONE_CANASTA, "ruleset": "classic", "players": 2},
        {"record": ONE_CANASTA, "ruleset": "classic", "players": 4},
    ]
    code, answers, err = batch(capsys, tmp_path, requests)
    assert code == 2
    assert totals(answers[0]) == {"A": 700, "B": -20}
    assert totals(answers[1]) == {"A": 800, "B": -20}
    assert answers[2]["line"] == 3 and "canast" in answers[2]["error"]
    assert totals(answers[3]) == {"A": 700, "B": -20}
    assert err.startswith("Error: line 3: ")


def test_a_bad_line_gets_an_error_object_naming_it_and_the_rest_go_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = {"record": ONE_CANASTA, "ruleset": "classic"}
    requests: list[Any] = [
        "not json",
        {"record": ONE_CANASTA},
        {"recrd": ONE_CANASTA, "ruleset": "classic"},
        {"ruleset": "classic"},
        {"record": 5, "ruleset": "classic"},
        {"record": "[[side]\nname = 'A'", "ruleset": "classic"},
        {"record": ONE_CANASTA, "ruleset": "nope"},
        {"record": ONE_CANASTA, "ruleset": "classic", "players": "four"},
        {"record": ONE_CANASTA, "ruleset": "classic", "rule": ["go_out.bogus=1"]},
        ["a list"],
        good,
    ]
    code, answers, err = batch(capsys, tmp_path, requests)
    assert code == 2
    errors = [a["error"] for a in answers[:-1]]
    assert [a["line"] for a in answers[:-1]] == list(range(1, 11))
    assert "not valid JSON" in errors[0]
    assert "ruleset" in errors[1]
    assert '"recrd"' in errors[2]
    assert '"record" is required' in errors[3]
    assert '"record" must be TOML text or a table' in errors[4]
    assert "not valid TOML" in errors[5]
    assert '"nope"' in errors[6]
    assert '"players"' in errors[7] and "'four'" in errors[7]
    assert "go_out.bogus" in errors[8]
    assert "JSON object" in errors[9]
    assert totals(answers[-1]) == {"A": 700, "B": -20}
    assert err.count("Error: line ") == 10


def test_the_ruleset_comes_from_the_line_the_option_or_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A line's own ruleset wins over --ruleset, which wins over the record's (as score-hand).
    Modern American (RULES 6): one canasta is not enough to go out, so it refuses the record."""
    in_record = {**ONE_CANASTA, "ruleset": "modern-american"}
    requests = [
        {"record": ONE_CANASTA},
        {"record": ONE_CANASTA, "ruleset": "modern-american"},
        {"record": in_record, "ruleset": "classic"},
    ]
    code, answers, _ = batch(capsys, tmp_path, requests, "--ruleset", "classic")
    assert code == 2
    assert answers[0]["ruleset"] == "classic" and totals(answers[0])["A"] == 700
    assert answers[1]["line"] == 2
    assert answers[2]["ruleset"] == "classic"
    code, answers, _ = batch(capsys, tmp_path, [{"record": in_record}])
    assert code == 2 and answers[0]["line"] == 1


def test_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, hand_two: dict[str, Any]
) -> None:
    """The contract's hand 2: A 560, B 850; the last line may lack its newline."""
    line = json.dumps({"record": hand_two, "ruleset": "classic"})
    stdin = io.TextIOWrapper(io.BytesIO(f"{line}\n\n{line}".encode()))
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, _ = run(capsys, "score-hand", "--batch", "-")
    assert code == 0
    assert [totals(json.loads(a)) for a in out.splitlines()] == [{"A": 560, "B": 850}] * 2


def test_a_file_and_batch_together_or_neither_is_an_error(
    capsys: pytest.CaptureFixture[str], c5_path: Path
) -> None:
    code, _, err = run(capsys, "score-hand", str(c5_path), "--batch", str(c5_path))
    assert code == 2 and "not both" in err
    code, _, err = run(capsys, "score-hand")
    assert code == 2 and "--batch" in err
    code, _, err = run(capsys, "score-hand", "--batch", "no-such.jsonl")
    assert code == 2 and "no-such.jsonl: no such file" in err


def test_rulesets_are_loaded_once_per_ruleset_players_and_rules(
    loaded_rulesets: list[tuple[str, int | None, tuple[str, ...]]],
) -> None:
    loaded = loaded_rulesets
    engine = HandBatch()
    nobody_out = {"side": [dict(ONE_CANASTA["side"][0], went_out=False), ONE_CANASTA["side"][1]]}
    requests = [
        {"record": ONE_CANASTA, "ruleset": "classic"},
        {"record": ONE_CANASTA, "ruleset": "classic"},
        {"record": {**ONE_CANASTA, "ruleset": "classic"}},
        {"record": nobody_out, "ruleset": "classic", "players": 2},
        {"record": {**nobody_out, "players": 2}, "ruleset": "classic"},
        {"record": ONE_CANASTA, "ruleset": "classic", "rule": ["go_out.bonus=200"]},
        {"record": ONE_CANASTA, "ruleset": "classic", "rule": ["go_out.bonus=200"]},
        {"record": ONE_CANASTA, "ruleset": "nope"},
        {"record": ONE_CANASTA, "ruleset": "nope"},
    ]
    codes = [engine.answer(request)[1] for request in requests]
    assert codes == [0] * 7 + [2, 2]
    assert loaded == [
        ("classic", None, ()),
        ("classic", 2, ()),
        ("classic", None, ("go_out.bonus=200",)),
        ("nope", None, ()),
    ]


def test_deep_huge_and_bad_lines_get_error_objects_and_later_lines_are_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every line goes through the bounded parsers ``check --batch`` uses: a JSON line nested
    1,000 deep, an object 5,000 deep inside a record, a TOML record with a 5,000-digit integer
    or nested 2,000 deep, a 5,000-digit JSON integer, each get an error object, and the good
    line after them is scored (ONE_CANASTA: A 700, B -20)."""
    deep_json = "[" * 1000 + "]" * 1000
    deep_record = '{"record": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}"
    huge_toml = json.dumps({"record": "a = " + "9" * 5000, "ruleset": "classic"})
    deep_toml = json.dumps({"record": "a = " + "[" * 2000 + "]" * 2000, "ruleset": "classic"})
    huge_json = '{"record": {"side": []}, "players": ' + "9" * 5000 + "}"
    good = {"record": ONE_CANASTA, "ruleset": "classic"}
    code, answers, err = batch(
        capsys, tmp_path, [deep_json, deep_record, huge_toml, deep_toml, huge_json, good]
    )
    assert code == 2 and "Traceback" not in err
    assert [a.get("line") for a in answers[:5]] == [1, 2, 3, 4, 5]
    assert all("error" in a for a in answers[:5])
    assert "nested more than" in answers[0]["error"]
    assert "set_int_max_str_digits" not in json.dumps(answers)
    assert totals(answers[5]) == {"A": 700, "B": -20}


def test_the_single_command_and_a_batch_line_give_the_same_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One path: ``score-hand --json`` and a batch line of the same record print the same."""
    import tomli_w

    record = tmp_path / "hand.toml"
    record.write_text(tomli_w.dumps(ONE_CANASTA), encoding="utf-8")
    code, single, _err = run(capsys, "score-hand", str(record), "-r", "classic", "--json")
    assert code == 0
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps({"record": ONE_CANASTA}) + "\n", encoding="utf-8")
    code, out, _err = run(capsys, "score-hand", "--batch", str(path), "-r", "classic")
    assert code == 0 and out == single
