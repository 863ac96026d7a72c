"""The command line for rulings, min-meld, score-hand and rules (CONTRACT sections 3-6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import run_main as run


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code, out, _err = run(capsys, *args, "--json")
    assert out.count("\n") == 1, out
    return code, json.loads(out)


def test_min_meld_json_contract_5_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "min-meld", "--ruleset", "classic", "--score", "1500")
    assert code == 0
    assert data["minimum"] == 90 and data["requires"] == []


def test_min_meld_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "min-meld", "--score", "-5")
    assert code == 0 and "15" in out and "classic.initial-meld.tiers" in out


def test_check_meld_exit_codes_contract_4(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "check", "meld", "K K 2")
    assert code == 0 and data["legal"] is True and data["points"] == 40
    code, data = run_json(capsys, "check", "meld", "K K 2 2")
    assert code == 1 and data["legal"] is False
    reasons = data["reasons"]
    assert isinstance(reasons, list)
    assert reasons[0]["rule"] == "classic.meld.wild-ratio" and reasons[0]["text"]


def test_check_meld_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "meld", "Q Q Q Q Q Q Q")
    assert code == 0
    assert out.startswith("LEGAL") and "natural canasta" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["check", "meld", "K KX K"], '"KX"'),
        (["check", "meld", "3 3 3"], "3H"),
        (["check", "meld", "K K K", "--ruleset", "nope"], "nope"),
        (["check", "meld", "K K K", "--rule", "go_out.bogus=1"], "go_out.bogus"),
        (["check", "meld", "K K K", "--players", "5"], "5 players is not offered"),
        (["check", "pickup", "--top", "11", "--hand", "K K"], '"11"'),
        (["check", "discard", "K", "--hand", "K", "--closed", "Z"], "Z"),
        (["score-hand", "/no/such/file.toml", "--ruleset", "classic"], "no such file"),
    ],
)
def test_bad_input_exits_2_with_error_naming_it(
    capsys: pytest.CaptureFixture[str], args: list[str], named: str
) -> None:
    code, out, err = run(capsys, *args, "--json")
    assert code == 2
    assert out == ""
    assert err.startswith("Error: ") and named in err
    assert "Traceback" not in err


def test_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", "meld")
    assert code == 2 and "Traceback" not in err


def test_initial_meld_contract_5_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys, "check", "initial-meld", "7C 7D 7H 7S", "AC AH JK", "--score", "1600"
    )
    assert code == 0 and data["points"] == 110 and data["minimum"] == 90
    code, data = run_json(
        capsys,
        "check",
        "initial-meld",
        "KS KH KD",
        "9 9 JK",
        "--score",
        "2000",
        "--top-card",
        "KD",
    )
    assert code == 0 and data["points"] == 100


def test_pickup_contract_5_4_says_how(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys,
        "check",
        "pickup",
        "--top",
        "KD",
        "--hand",
        "KS KH 5C 5D 5H 9C 9H JK",
        "--not-opened",
        "--score",
        "2000",
    )
    assert code == 0 and data["legal"] is True
    assert data["cards"] == ["KS", "KH"] and data["points"] == 115


def test_pickup_frozen_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys, "check", "pickup", "--top", "8H", "--hand", "8C JK", "--frozen", "--table", "8 8 8"
    )
    assert code == 1 and data["legal"] is False


def test_discard_contract_5_5(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys,
        "check",
        "discard",
        "AS",
        "--ruleset",
        "modern-american",
        "--hand",
        "AS 7D KC JK",
        "--pile-empty",
    )
    assert code == 1 and data["legal"] is False


def test_go_out_contract_5_6(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys, "check", "go-out", "--table", "Q Q Q Q Q Q Q", "--table", "K K K", "--partner", "no"
    )
    assert code == 1
    code, data = run_json(
        capsys,
        "check",
        "go-out",
        "--players",
        "2",
        "--table",
        "Q Q Q Q Q Q Q",
        "--table",
        "K K K K K K K",
    )
    assert code == 0 and data["canastas"] == 2


def test_score_hand_contract_6(capsys: pytest.CaptureFixture[str], c5_path: Path) -> None:
    code, data = run_json(capsys, "score-hand", str(c5_path), "--ruleset", "classic")
    assert code == 0 and data["ruleset"] == "classic"
    sides = {s["name"]: s for s in data["sides"]}  # type: ignore[union-attr]
    assert sides["A"]["total"] == 1240 and sides["B"]["total"] == 225
    for side in sides.values():
        assert sum(i["points"] for i in side["items"]) == side["total"]


def test_score_hand_text_table(capsys: pytest.CaptureFixture[str], c5_path: Path) -> None:
    code, out, _ = run(capsys, "score-hand", str(c5_path), "--ruleset", "classic")
    assert code == 0 and "+1,240" in out and "melded cards" in out


def test_score_hand_takes_the_ruleset_from_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, c5_path: Path
) -> None:
    """With no --ruleset, the record's own ``ruleset = "classic"`` scores it: RULES C5 gives
    A 1,240 and B 225 (without any ruleset it is an error, next test)."""
    record = tmp_path / "hand.toml"
    text = c5_path.read_text(encoding="utf-8")
    record.write_text('ruleset = "classic"\n' + text, encoding="utf-8")
    code, data = run_json(capsys, "score-hand", str(record))
    assert code == 0 and data["ruleset"] == "classic"
    sides = {s["name"]: s["total"] for s in data["sides"]}  # type: ignore[union-attr]
    assert sides == {"A": 1240, "B": 225}


def test_score_hand_without_any_ruleset_is_an_error(
    capsys: pytest.CaptureFixture[str], c5_path: Path
) -> None:
    code, _, err = run(capsys, "score-hand", str(c5_path))
    assert code == 2 and "ruleset" in err


def test_score_hand_refused_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "bad.toml"
    record.write_text(
        '[[side]]\nname="A"\nwent_out=true\n[[side]]\nname="B"\nwent_out=true\n', encoding="utf-8"
    )
    code, _, err = run(capsys, "score-hand", str(record), "-r", "classic")
    assert code == 2 and "only one side can go out" in err


def test_rules_list_json_contract_3(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "rules", "list")
    assert code == 0
    found = {r["id"]: r for r in data["rulesets"]}  # type: ignore[union-attr]
    assert found["classic"]["players"] == [2, 3, 4, 6]
    assert found["modern-american"]["players"] == [4]


def test_rules_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "classic")
    assert code == 0 and "classic.meld.wild-ratio" in out and "decision, see" in out
    code, data = run_json(capsys, "rules", "show", "classic", "--players", "2")
    assert code == 0 and data["players"] == 2
    rules = {r["id"]: r for r in data["rules"]}  # type: ignore[union-attr]
    assert rules["classic.go-out.canastas"]["value"] == 2


def test_rules_validate(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "house.toml"
    good.write_text('id = "house"\nextends = "classic"\n[go_out]\nbonus = 150\n', encoding="utf-8")
    code, out, _ = run(capsys, "rules", "validate", str(good))
    assert code == 0 and "valid" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'id = "bad"\nextends = "classic"\n[go_out]\nbonus = "x"\nflair = 2\n', encoding="utf-8"
    )
    code, _, err = run(capsys, "rules", "validate", str(bad))
    assert code == 2 and "go_out.bonus" in err and "go_out.flair" in err
    code, data = run_json(capsys, "rules", "validate", str(bad))
    assert code == 2 and data["valid"] is False and len(data["problems"]) == 2  # type: ignore[arg-type]


def test_house_rules_file_used_by_check(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'id = "house"\nextends = "classic"\n[meld]\nwild_ratio = "none"\n', encoding="utf-8"
    )
    code, data = run_json(capsys, "check", "meld", "K K 2 2", "--ruleset", str(house))
    assert code == 0 and data["legal"] is True
    code, data = run_json(capsys, "check", "meld", "K K 2 2", "--rule", "meld.wild_ratio=none")
    # RULES 0.3 D1 option none: K K 2 2 is legal, 10 + 10 + 20 + 20 = 60.
    assert code == 0 and data["legal"] is True and data["points"] == 60
