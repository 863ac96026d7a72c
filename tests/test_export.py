"""Game logs: JSON, TOML, CSV and Markdown; import, and export -> import -> export identity."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from canasta_score.catalog import load_ruleset
from canasta_score.errors import GameError
from canasta_score.export import export, log_data, read_log
from canasta_score.game import Game, Log, add_hand, new_game, parse_side, replay
from canasta_score.store import Store

# The c5 fixture, RULES C5: A 1,240 (205 melded, 500 + 300 canastas, 200 red threes, 100 out,
# -65 in hand); B 225 (95 melded, 200 red threes, -65 in hand, -5 black three in hand).
# The hand_two fixture, the contract scenario's hand 2: A 560, B 850.


@pytest.fixture
def stored(tmp_path: Path, c5: dict[str, Any], hand_two: dict[str, Any]) -> tuple[Store, Path]:
    """A two-hand game written to a game file (as every export reads it back from its file)."""
    store = Store(tmp_path / "home")
    rs = load_ruleset("classic", overrides=["go_out.concealed_bonus=150"])
    game = new_game(
        "club",
        "2025-01-01T20:00:00",
        rs,
        [parse_side("A: Ann & Bob"), parse_side("B: Cy & Di")],
    )
    for data in (c5, hand_two):
        game, _p, _s = add_hand(game, data)
    return store, store.create(game, "")


def log_of(stored: tuple[Store, Path]) -> Log:
    store, path = stored
    return store.log(path)


def test_json_log_holds_everything(stored: tuple[Store, Path], c5: dict[str, Any]) -> None:
    data = json.loads(export(log_of(stored), "json"))
    assert data["format"] == "canasta-score game log"
    assert data["ruleset"]["id"] == "classic"
    assert data["ruleset"]["snapshot"]["go_out"]["concealed_bonus"] == 150
    assert data["sides"] == [
        {"name": "A", "players": ["Ann", "Bob"]},
        {"name": "B", "players": ["Cy", "Di"]},
    ]
    first = data["hands"][0]
    assert first["record"] == c5
    assert first["dealer"] == "Ann" and first["went_out"] == "A"
    a = first["sides"][0]
    assert [i["points"] for i in a["items"]] == [205, 500, 300, 200, 100, -65]
    assert (a["minimum"], a["score"], a["total"]) == (50, 1240, 1240)
    assert [(s["score"], s["total"]) for s in data["hands"][1]["sides"]] == [
        (560, 1800),
        (850, 1075),
    ]
    assert data["totals"] == [{"name": "A", "score": 1800}, {"name": "B", "score": 1075}]
    assert data["next"]["minimums"][0]["minimum"] == 90
    assert data["winner"] is None and data["finished"] is False


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_export_import_export_is_identical(
    stored: tuple[Store, Path], tmp_path: Path, fmt: str
) -> None:
    first = export(log_of(stored), fmt)
    game, notes = read_log(first, f"club.{fmt}")
    assert notes == []
    other = Store(tmp_path / "other")
    again = export(other.log(other.create(game, "")), fmt)
    assert again == first


def test_import_under_another_name_changes_only_the_name(stored: tuple[Store, Path]) -> None:
    store, _path = stored
    first = json.loads(export(log_of(stored), "json"))
    game, _notes = read_log(json.dumps(first), "club.json", "rematch")
    second = json.loads(export(store.log(store.create(game, "")), "json"))
    assert second.pop("game") == "rematch"
    first.pop("game")
    assert second == first


def test_a_log_whose_scores_were_altered_is_noted(stored: tuple[Store, Path]) -> None:
    data = json.loads(export(log_of(stored), "json"))
    data["hands"][1]["sides"][0]["score"] = 999
    _game, notes = read_log(json.dumps(data), "x.json")
    assert notes == ["hand 2: the log gives A 999, the hand scores 560"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("a = [", "neither JSON nor valid TOML"),
        ('{"format": "other"}', "not a canasta-score game log"),
        ('{"format": "canasta-score game log", "version": 1}', "lacks"),
    ],
)
def test_what_is_not_a_log_is_refused(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        read_log(text, "x")


def test_an_invalid_hand_in_a_log_is_refused(stored: tuple[Store, Path]) -> None:
    data = json.loads(export(log_of(stored), "json"))
    data["hands"][0]["record"]["side"][0]["melds"][0] = "K K 2 2"
    with pytest.raises(GameError, match="hand 1"):
        read_log(json.dumps(data), "x.json")


def test_a_game_file_imports_too(stored: tuple[Store, Path]) -> None:
    _store, path = stored
    game, _notes = read_log(path.read_text(encoding="utf-8"), str(path), "copy")
    assert isinstance(game, Game) and game.name == "copy" and len(game.hands) == 2


def test_csv_one_row_per_hand_per_side_columns_add_up(stored: tuple[Store, Path]) -> None:
    rows = list(csv.DictReader(io.StringIO(export(log_of(stored), "csv"))))
    assert [(r["hand"], r["side"]) for r in rows] == [
        ("1", "A"),
        ("1", "B"),
        ("2", "A"),
        ("2", "B"),
    ]
    a1 = rows[0]
    assert a1["classic.canasta.natural"] == "500" and a1["classic.go-out.bonus"] == "100"
    assert (a1["minimum"], a1["went out"], a1["hand score"], a1["total"]) == (
        "50",
        "yes",
        "1240",
        "1240",
    )
    assert rows[1]["classic.threes.black-in-hand"] == "-5"
    assert rows[3]["total"] == "1075" and rows[3]["players"] == "Cy & Di"
    for row in rows:
        items = [int(v) for k, v in row.items() if k.startswith("classic.") and v]
        assert sum(items) == int(row["hand score"])


def test_csv_text_cells_never_start_a_formula(tmp_path: Path) -> None:
    store = Store(tmp_path)
    rs = load_ruleset("classic")
    game = new_game("g", "", rs, [parse_side("=A"), parse_side("B")])
    game, _p, _s = add_hand(
        game, {"side": [{"name": "=A", "meld_points": 50}, {"name": "B", "meld_points": 50}]}
    )
    rows = list(csv.reader(io.StringIO(export(store.log(store.create(game, "")), "csv"))))
    assert rows[1][3] == "'=A"


def test_markdown_is_a_score_sheet(stored: tuple[Store, Path]) -> None:
    text = export(log_of(stored), "md")
    assert text.startswith("# club\n")
    assert "| 1 | Ann | +1,240 (out) | 1,240 | +225 | 225 |" in text
    assert "| 2 | Cy | +560 | 1,800 | +850 (out) | 1,075 |" in text
    assert "House rules: `go_out.concealed_bonus = 150`." in text
    assert "**In play** after 2 hand(s): A 1,800, B 1,075." in text
    assert "| going out | +100 | `classic.go-out.bonus` |" in text


def test_log_data_of_a_finished_game(tmp_path: Path, c5: dict[str, Any]) -> None:
    """C8 shortened: target 1,000, C5 ends it at once: A 1,240 beats B 225 by 1,015."""
    rs = load_ruleset("classic", overrides=["game.target=1000"])
    game = new_game("g", "", rs, [parse_side("A"), parse_side("B")])
    game, _p, _s = add_hand(game, c5)
    data = log_data(replay(game))
    assert (data["finished"], data["winner"], data["margin"], data["next"]) == (
        True,
        "A",
        1015,
        None,
    )
    assert "winner" in tomllib.loads(export(replay(game), "toml"))


def test_unknown_format_is_refused(stored: tuple[Store, Path]) -> None:
    with pytest.raises(GameError, match="choose one of json, csv, md, toml"):
        export(log_of(stored), "xlsx")
