"""Game logs: JSON, TOML, CSV and Markdown; import, and export -> import -> export identity."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from canasta_score.core.errors import GameError
from canasta_score.games.game import Game, Log, new_game, parse_side, record_hand, replay
from canasta_score.games.gamefile import read_log
from canasta_score.games.store import Ref, Store
from canasta_score.output.export import export, log_data
from canasta_score.rules.catalog import load_ruleset

# The c5 fixture, RULES C5: A 1,240 (205 melded, 500 + 300 canastas, 200 red threes, 100 out,
# -65 in hand); B 225 (95 melded, 200 red threes, -65 in hand, -5 black three in hand).
# The hand_two fixture, the contract scenario's hand 2: A 560, B 850.


@pytest.fixture
def stored(tmp_path: Path, c5: dict[str, Any], hand_two: dict[str, Any]) -> tuple[Store, Ref]:
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
        game, _done = record_hand(game, data)
    return store, store.create(game, "")


def log_of(stored: tuple[Store, Ref]) -> Log:
    store, path = stored
    return store.log(path)


def test_json_log_holds_everything(stored: tuple[Store, Ref], c5: dict[str, Any]) -> None:
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
    stored: tuple[Store, Ref], tmp_path: Path, fmt: str
) -> None:
    first = export(log_of(stored), fmt)
    game, notes = read_log(first, f"club.{fmt}")
    assert notes == []
    other = Store(tmp_path / "other")
    again = export(other.log(other.create(game, "")), fmt)
    assert again == first


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_a_hand_undo_took_back_is_in_the_log_and_redo_puts_it_back_after_import(
    stored: tuple[Store, Ref], tmp_path: Path, hand_two: dict[str, Any], fmt: str
) -> None:
    """Undo takes back hand 2 (A 560, B 850: the contract scenario). The log keeps it under
    ``undone``, so a game moved by export and import can still redo it: after redo, A has
    1,240 + 560 = 1,800 and B 225 + 850 = 1,075 (RULES C5 for hand 1)."""
    from canasta_score.games import scorekeeper

    store, ref = stored
    scorekeeper.undo(store, ref, None)
    first = export(log_of(stored), fmt)
    data = json.loads(first) if fmt == "json" else tomllib.loads(first)
    assert [hand["record"] for hand in data["undone"]] == [hand_two]
    game, _notes = read_log(first, f"club.{fmt}")
    other = Store(tmp_path / "other")
    moved = other.create(game, "")
    assert export(other.log(moved), fmt) == first
    scorekeeper.redo(other, moved)
    assert [s.score for s in other.summary(moved).sides] == [1800, 1075]


def test_a_log_without_undone_hands_has_no_undone_key(stored: tuple[Store, Ref]) -> None:
    assert "undone" not in json.loads(export(log_of(stored), "json"))


def test_import_under_another_name_changes_only_the_name(
    stored: tuple[Store, Ref], tmp_path: Path
) -> None:
    first = json.loads(export(log_of(stored), "json"))
    game, _notes = read_log(json.dumps(first), "club.json", "rematch")
    other = Store(tmp_path / "other")
    second = json.loads(export(other.log(other.create(game, "", imported=True)), "json"))
    assert second.pop("game") == "rematch"
    first.pop("game")
    assert second == first


def test_a_log_whose_scores_were_altered_is_noted(stored: tuple[Store, Ref]) -> None:
    data = json.loads(export(log_of(stored), "json"))
    data["hands"][1]["sides"][0]["score"] = 999
    _game, notes = read_log(json.dumps(data), "x.json")
    assert notes == ["hand 2: the log gives A 999, the hand scores 560"]


def test_a_log_whose_totals_were_altered_is_noted(stored: tuple[Store, Ref]) -> None:
    """docs/games.md: "If a log's scores were changed by hand ... the import notes each
    difference". The running totals are scores too: A 1,240 after hand 1 (RULES C5), and
    1,240 + 560 = 1,800 after hand 2, the game's total."""
    data = json.loads(export(log_of(stored), "json"))
    data["hands"][0]["sides"][0]["total"] = 1000
    data["totals"][0]["score"] = 9999
    _game, notes = read_log(json.dumps(data), "x.json")
    assert notes == [
        "hand 1: the log gives A a total of 1000, the hands add up to 1240",
        "the log gives A a total of 9999 at the end, the hands add up to 1800",
    ]


@pytest.mark.parametrize(
    "alter",
    [
        lambda d: d["hands"][0].update(sides=[1, 2]),
        lambda d: d["hands"][0].update(sides="xy"),
        lambda d: d["hands"][0].update(sides=[{"name": ["A"], "score": 1}]),
        lambda d: d["hands"][0].update(sides=[{"name": "A", "score": [1], "total": {}}]),
        lambda d: d.update(totals=5),
        lambda d: d.update(totals=[1, {"name": ["A"]}]),
    ],
    ids=["sides-numbers", "sides-text", "name-list", "score-list", "totals-number", "totals-odd"],
)
def test_a_log_whose_exported_scores_are_odd_imports_its_hands_never_a_traceback(
    stored: tuple[Store, Ref], alter: Any
) -> None:
    """CONTRACT 4: no traceback on bad input. The exported scores are only compared with the
    hands (the hands are the truth): scores of the wrong shape are not compared, and the hands
    are imported as they are (A 1,800, B 1,075)."""
    data = json.loads(export(log_of(stored), "json"))
    alter(data)
    game, _notes = read_log(json.dumps(data), "x.json")
    assert [total for total in replay(game).played[-1].totals] == [1800, 1075]


@pytest.mark.parametrize(
    "alter",
    [
        lambda d: d.update(hands=[[1]]),
        lambda d: d.update(hands=5),
        lambda d: d.update(undone=["x"]),
        lambda d: d.update(ruleset=[]),
    ],
    ids=["hand-list", "hands-number", "undone-text", "ruleset-list"],
)
def test_a_log_not_laid_out_as_an_export_is_refused_in_words(
    stored: tuple[Store, Ref], alter: Any
) -> None:
    """CONTRACT 4: bad input is an error that says what is wrong, not Python's words for it
    (before: "the log lacks list indices must be integers or slices, not str")."""
    data = json.loads(export(log_of(stored), "json"))
    alter(data)
    with pytest.raises(GameError, match="not laid out as a game log") as caught:
        read_log(json.dumps(data), "x.json")
    assert "indices" not in str(caught.value) and "object" not in str(caught.value)


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


def test_an_invalid_hand_in_a_log_is_refused(stored: tuple[Store, Ref]) -> None:
    data = json.loads(export(log_of(stored), "json"))
    data["hands"][0]["record"]["side"][0]["melds"][0] = "K K 2 2"
    with pytest.raises(GameError, match="hand 1"):
        read_log(json.dumps(data), "x.json")


def test_a_game_file_of_an_earlier_version_imports_too() -> None:
    """A game file as versions before the database wrote them (tests/data/earlier-home)."""
    path = Path(__file__).parent / "data" / "earlier-home" / "friday.toml"
    game, _notes = read_log(path.read_text(encoding="utf-8"), str(path), "copy")
    assert isinstance(game, Game) and game.name == "copy" and len(game.hands) == 2
    assert len(game.undone) == 1


def test_csv_is_the_paper_sheet_one_row_per_hand_rules_2_7_c5(stored: tuple[Store, Ref]) -> None:
    """C5 then contract hand 2: A 1,240 then 560 (total 1,800); B 225 then 850 (1,075)."""
    rows = list(csv.DictReader(io.StringIO(export(log_of(stored), "csv"))))
    assert list(rows[0]) == [
        "hand",
        "date",
        "dealer",
        "went out",
        "A score",
        "A total",
        "B score",
        "B total",
        "concealed",
        "player out",
    ]
    assert [list(r.values()) for r in rows] == [
        ["1", "", "Ann", "A", "1240", "1240", "225", "225", "0", ""],
        ["2", "", "Cy", "B", "560", "1800", "850", "1075", "0", ""],
    ]


def test_csv_detail_one_row_per_breakdown_item_in_stable_order(
    stored: tuple[Store, Ref],
) -> None:
    """RULES C5: A's items 205 melded, 500 natural, 300 mixed, 200 red threes, 100 out, -65
    in hand; each side's items add up to its hand score."""
    text = export(log_of(stored), "csv", detail=True)
    assert text == export(log_of(stored), "csv", detail=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["hand", "date", "side", "item", "points", "rule"]
    a1 = [r for r in rows if (r["hand"], r["side"]) == ("1", "A")]
    assert [int(r["points"]) for r in a1] == [205, 500, 300, 200, 100, -65]
    assert a1[4]["item"] == "going out" and a1[4]["rule"] == "classic.go-out.bonus"
    totals = {("1", "A"): 1240, ("1", "B"): 225, ("2", "A"): 560, ("2", "B"): 850}
    for (hand, side), total in totals.items():
        mine = [int(r["points"]) for r in rows if (r["hand"], r["side"]) == (hand, side)]
        assert sum(mine) == total
    assert [r["hand"] for r in rows] == sorted(r["hand"] for r in rows)


def test_csv_text_cells_never_start_a_formula(tmp_path: Path) -> None:
    store = Store(tmp_path)
    rs = load_ruleset("classic")
    game = new_game("g", "", rs, [parse_side("=A"), parse_side("B")])
    game, _done = record_hand(
        game, {"side": [{"name": "=A", "meld_points": 50}, {"name": "B", "meld_points": 50}]}
    )
    rows = list(csv.reader(io.StringIO(export(store.log(store.create(game, "")), "csv"))))
    assert rows[0][4] == "'=A score"
    detail = export(store.log(Ref("g")), "csv", detail=True)
    assert list(csv.reader(io.StringIO(detail)))[1][2] == "'=A"


def test_markdown_is_a_score_sheet(stored: tuple[Store, Ref]) -> None:
    text = export(log_of(stored), "md")
    assert text.startswith("# club\n")
    assert "| 1 |  | Ann | +1,240 (out) | 1,240 | +225 | 225 |" in text
    assert "| 2 |  | Cy | +560 | 1,800 | +850 (out) | 1,075 |" in text
    assert "House rules: `go_out.concealed_bonus = 150`." in text
    assert "**In play** after 2 hands: A 1,800, B 1,075." in text
    assert "| A | going out | +100 | `classic.go-out.bonus` |" in text
    assert text.index("## Score sheet") < text.index("### Hand 1") < text.index("### Hand 2")
    assert "## Ruleset" not in text and "Record as entered" not in text
    full = export(log_of(stored), "md", full=True)
    assert "## Ruleset" in full and full.count("Record as entered") == 2


def test_log_data_of_a_finished_game(tmp_path: Path, c5: dict[str, Any]) -> None:
    """C8 shortened: target 1,000, C5 ends it at once: A 1,240 beats B 225 by 1,015."""
    rs = load_ruleset("classic", overrides=["game.target=1000"])
    game = new_game("g", "", rs, [parse_side("A"), parse_side("B")])
    game, _done = record_hand(game, c5)
    data = log_data(replay(game))
    assert (data["finished"], data["winner"], data["margin"], data["next"]) == (
        True,
        "A",
        1015,
        None,
    )
    assert "winner" in tomllib.loads(export(replay(game), "toml"))


def test_unknown_format_is_refused(stored: tuple[Store, Ref]) -> None:
    with pytest.raises(GameError, match="choose one of json, csv, md, toml"):
        export(log_of(stored), "xlsx")


def six_hands(tmp_path: Path, hand_two: dict[str, Any]) -> Log:
    """Six hands of contract hand 2 (A 560, B 850 each), entered a minute apart; B's
    5,100 after hand 6 ends the game (RULES 2.1 target 5,000)."""
    store = Store(tmp_path / "six")
    game = new_game(
        "six",
        "2025-01-01T20:00:00",
        load_ruleset("classic"),
        [parse_side("A: Ann & Bob"), parse_side("B: Cy & Di")],
    )
    for n in range(1, 7):
        game, _done = record_hand(game, {**hand_two, "entered": f"2025-01-01T20:0{n}:00"})
    return store.log(store.create(game, ""))


def test_markdown_of_a_six_hand_game_is_short_unless_full(
    tmp_path: Path, hand_two: dict[str, Any]
) -> None:
    log = six_hands(tmp_path, hand_two)
    text = export(log, "md")
    assert len(text.splitlines()) < 150
    assert "| 1 | 2025-01-01 20:01 | Ann | +560 | 560 | +850 (out) | 850 |" in text
    assert "### Hand 6: dealt by Cy, entered 2025-01-01 20:06" in text
    assert len(export(log, "md", full=True).splitlines()) > 150


def test_every_export_records_when_each_hand_was_entered(
    tmp_path: Path, hand_two: dict[str, Any]
) -> None:
    log = six_hands(tmp_path, hand_two)
    data = json.loads(export(log, "json"))
    assert [h["entered"] for h in data["hands"]][:2] == [
        "2025-01-01T20:01:00",
        "2025-01-01T20:02:00",
    ]
    assert "entered" not in data["hands"][0]["record"]
    assert 'entered = "2025-01-01T20:01:00"' in export(log, "toml")
    rows = list(csv.DictReader(io.StringIO(export(log, "csv"))))
    assert rows[1]["date"] == "2025-01-01 20:02"
    detail = list(csv.DictReader(io.StringIO(export(log, "csv", detail=True))))
    assert {r["date"] for r in detail if r["hand"] == "3"} == {"2025-01-01 20:03"}


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_entered_times_survive_export_import_export(
    tmp_path: Path, hand_two: dict[str, Any], fmt: str
) -> None:
    first = export(six_hands(tmp_path, hand_two), fmt)
    game, _notes = read_log(first, f"six.{fmt}")
    assert game.hands[0]["entered"] == "2025-01-01T20:01:00"
    other = Store(tmp_path / "other")
    assert export(other.log(other.create(game, "")), fmt) == first


def test_an_edited_hand_keeps_when_it_was_entered(tmp_path: Path, hand_two: dict[str, Any]) -> None:
    from canasta_score.games.game import replace_hand

    log = six_hands(tmp_path, hand_two)
    done = replace_hand(
        log.game, 2, {"side": [{"name": "A", "meld_points": 50}, {"name": "B", "meld_points": 50}]}
    )
    assert done.after.game.hands[1]["entered"] == "2025-01-01T20:02:00"


def test_detail_and_full_belong_to_their_formats(stored: tuple[Store, Ref]) -> None:
    with pytest.raises(GameError, match="the detailed sheet is for the csv format"):
        export(log_of(stored), "md", detail=True)
    with pytest.raises(GameError, match="the full log is for the md format"):
        export(log_of(stored), "csv", full=True)


def test_the_hand_command_stores_when_the_hand_was_entered(tmp_path: Path) -> None:
    """Contract hand 2 in the quick form; the CSV's date is the minute it was entered."""
    import subprocess
    import sys
    from datetime import datetime

    program = Path(sys.executable).parent / "canasta-score"
    env = {"CANASTA_SCORE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}

    def run(*args: str) -> str:
        done = subprocess.run([str(program), *args], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run("new", "club", "--side", "A", "--side", "B")
    before = datetime.now().replace(microsecond=0)
    run("hand", "A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 nat, out")
    after = datetime.now()
    entered = Store(tmp_path).load(Ref("club")).hands[0]["entered"]
    assert before <= datetime.fromisoformat(entered) <= after
    rows = list(csv.DictReader(io.StringIO(run("export", "--format", "csv"))))
    assert rows == [
        {
            "hand": "1",
            "date": entered[:16].replace("T", " "),
            "dealer": "A (player 1)",
            "went out": "B",
            "A score": "560",
            "A total": "560",
            "B score": "850",
            "B total": "850",
            "concealed": "0",
            "player out": "",
        }
    ]
    assert run("export", "--format", "csv", "--detail").startswith("hand,date,side,item")
    assert "## Ruleset" in run("export", "--format", "md", "--full")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann & Bob", "Ann & Bob"),  # an ampersand that starts no entity reads as it is
        ("a &amp; b", "a \\&amp; b"),  # one that would start an entity is escaped
        ("<b>x</b>|y", "\\<b>x\\</b>\\|y"),  # an HTML tag is text, a pipe ends no cell
        ("`code` *em* _u_ [l]", "\\`code\\` \\*em\\* \\_u\\_ \\[l\\]"),
        ("Ann\x1b[2J\u202e\nBob", "Ann Bob"),  # control characters and bidi overrides go
        ("1,000 > 900", "1,000 > 900"),
    ],
)
def test_markdown_text_reads_as_written_and_stays_text(name: str, shown: str) -> None:
    """Issue 21, item 15: Markdown's backslash escapes (CommonMark 2.4) keep names text, so
    the raw file reads as the names were written: "&" and "<" are escaped only with a
    backslash, and "&" only where it would start an entity such as "&amp;"."""
    from canasta_score.output.export import md

    assert md(name) == shown


def test_markdown_result_of_a_shared_win_keeps_the_names_text(tmp_path: Path) -> None:
    """RULES D53 shared_win: two sides tied at the target share the win, and the Markdown's
    result names both as written: 300 melded + 2 natural canastas 1,000 + going out 100 =
    1,400, and 400 + 1,000 = 1,400, at target 1,000 (2 players need 2 canastas, RULES 3).
    Their names are escaped there as everywhere in the Markdown (``*`` and ``<``)."""
    rs = load_ruleset(
        "classic", players=2, overrides=["game.target=1000", "game.tie_policy=shared_win"]
    )
    game = new_game("tied", "2025-01-01T20:00:00", rs, [parse_side("*Ann*"), parse_side("<b>Bob")])
    hand = {
        "side": [
            {"name": "*Ann*", "meld_points": 300, "canastas": {"natural": 2}, "went_out": True},
            {"name": "<b>Bob", "meld_points": 400, "canastas": {"natural": 2}},
        ]
    }
    game, done = record_hand(game, hand)
    assert done.summary.winners == ("*Ann*", "<b>Bob")
    text = export(replay(game), "md")
    shown = "**Result:** shared win, \\*Ann\\* and \\<b>Bob (\\*Ann\\* 1,400, \\<b>Bob 1,400)."
    assert shown in text.splitlines()
