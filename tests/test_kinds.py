"""One canasta-kind vocabulary: a ruleset may call its completed sequence anything
(``canasta.sequence_name``), and every part of the tool takes that name (RULES 8.1)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from helpers import run_main as run

from canasta_score.hands.entry import parse_quick
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.kinds import TABLE, CanastaKind, Family, record_kind

SCALA = 'id = "scala"\nextends = "samba"\n[canasta]\nsequence_name = "scala"\n'
# A seven-card sequence of hearts 4 to 10: four low cards (5 each) and three high (10 each).
RUN = "4H 5H 6H 7H 8H 9H 10H"


@pytest.fixture
def scala_file(tmp_path: Path) -> Path:
    path = tmp_path / "scala.toml"
    path.write_text(SCALA, encoding="utf-8")
    return path


def test_any_sequence_name_validates(capsys: pytest.CaptureFixture[str], scala_file: Path) -> None:
    code, _out, err = run(capsys, "rules", "validate", str(scala_file))
    assert code == 0, err


def test_empty_sequence_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blank.toml"
    path.write_text(SCALA.replace('"scala"\n', '""\n'), encoding="utf-8")
    code, _out, err = run(capsys, "rules", "validate", str(path))
    assert code == 2 and "sequence_name" in err


def test_samba_8_1_a_seven_card_scala_earns_the_sequence_bonus(
    capsys: pytest.CaptureFixture[str], scala_file: Path, tmp_path: Path
) -> None:
    """RULES 8.1: a completed sequence earns 1,500; its cards count 4*5 + 3*10 = 50."""
    record = tmp_path / "hand.toml"
    record.write_text(
        f'[[side]]\nname = "us"\nmelds = ["{RUN}"]\n[[side]]\nname = "them"\nmeld_points = 0\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "score-hand", str(record), "--ruleset", str(scala_file), "--json")
    assert code == 0, err
    items = json.loads(out)["sides"][0]["items"]
    bonus = [i for i in items if i["rule"].endswith("canasta.sequence")]
    assert [(b["label"], b["points"]) for b in bonus] == [("1 scala canasta", 1500)]
    assert {"rule": "scala.scoring.melded-cards", "label": "melded cards", "points": 50} in items


def test_check_meld_names_the_canasta_a_scala(
    capsys: pytest.CaptureFixture[str], scala_file: Path
) -> None:
    code, out, _err = run(capsys, "check", "meld", RUN, "--ruleset", str(scala_file), "--json")
    assert code == 0 and json.loads(out)["canasta"] == "scala"


def test_summary_and_quick_form_take_the_rulesets_name(scala_file: Path) -> None:
    """A summary side may write its sequence canastas under the ruleset's name (RULES 8.1)."""
    rs = load_ruleset(str(scala_file), players=None)
    data = parse_quick(["us: 50 melded, 1 scala", "them: 0 melded"], ["us", "them"], rs=rs)
    assert data["side"][0]["canastas"] == {"scala": 1}
    score = score_hand(rs, parse_record(data))
    assert score.side("us").total == 50 + 1500


def test_a_name_the_ruleset_does_not_know_is_refused(scala_file: Path) -> None:
    rs = load_ruleset(str(scala_file), players=None)
    assert record_kind("scala", rs) is CanastaKind.SEQUENCE
    classic = load_ruleset("classic")
    assert record_kind("scala", classic) is None


def test_every_kind_has_one_row() -> None:
    assert set(TABLE) == set(CanastaKind)
    assert TABLE[CanastaKind.MIXED].family is Family.MIXED


def test_kind_names_are_spelled_in_one_module() -> None:
    """The names "samba", "escalera" and "bolivia" are string literals in one module only."""
    package = Path(__file__).parent.parent / "canasta_score"
    names = {"samba", "escalera", "bolivia"}
    holders = sorted(
        path.name
        for path in package.rglob("*.py")
        if any(
            isinstance(node, ast.Constant) and node.value in names
            for node in ast.walk(ast.parse(path.read_text("utf-8")))
        )
    )
    assert holders == ["kinds.py"]
