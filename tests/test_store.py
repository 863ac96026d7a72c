"""The game store (CONTRACT section 7, docs/games.md): one SQLite database in the game home,
one transaction a change, derived data stamped and derived again, damage named, and the game
files of earlier versions imported once, exactly as they stood."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from helpers import Cli, change_stored, stored

from canasta_score.cli.stores import DATABASE, home_folder
from canasta_score.core.errors import GameError
from canasta_score.games.game import Game, new_game, parse_side, record_hand
from canasta_score.games.store import DATABASE as STORED_AS
from canasta_score.games.store import Ref, Store, migrations
from canasta_score.rules.catalog import load_ruleset

EARLIER = Path(__file__).parent / "data" / "earlier-home"

# Contract scenario hand 2: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850.
HAND: dict[str, Any] = {
    "side": [
        {"name": "A", "meld_points": 300, "canastas": {"mixed": 1}, "in_hand_points": 40},
        {"name": "B", "meld_points": 250, "canastas": {"natural": 1}, "went_out": True},
    ]
}


def make(store: Store, name: str = "club", target: int = 5000) -> Ref:
    rs = load_ruleset("classic", overrides=[f"game.target={target}"])
    game = new_game(name, "2025-01-01T20:00:00", rs, [parse_side("A"), parse_side("B")])
    return store.create(game, "choose another name")


def append(store: Store, ref: Ref, data: dict[str, Any] = HAND) -> Any:
    def change(g: Game, s: Any) -> Any:
        changed, done = record_hand(g, data, s)
        return changed, done.summary, done.played

    return store.update(ref, change)


def test_home_is_the_environment_variable_when_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "games"))
    assert home_folder() == tmp_path / "games"
    monkeypatch.delenv("CANASTA_SCORE_HOME")
    assert home_folder().name == "canasta-score"
    assert DATABASE == STORED_AS  # the command line knows the database's name unloaded


def test_games_live_in_one_database_opened_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path)
    make(store)
    store.close()
    assert (tmp_path / "games.db").is_file()
    db = sqlite3.connect(tmp_path / "games.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST
    assert db.execute("SELECT name FROM games").fetchall() == [("club",)]
    db.close()


def test_a_new_game_becomes_current_and_names_are_never_reused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    ref = make(store)
    assert store.locate(None) == ref
    before = stored(tmp_path)
    with pytest.raises(GameError, match='"club" already exists; choose another name'):
        make(store)
    assert stored(tmp_path) == before
    assert store.free_name("club") == "club-2"


def test_using_a_game_makes_it_current(tmp_path: Path) -> None:
    store = Store(tmp_path)
    first = make(store, "first")
    make(store, "second")
    assert store.locate(None).name == "second"
    store.use(store.locate("first"))
    assert store.locate(None) == first
    with pytest.raises(GameError, match='no game named "nope"'):
        store.locate("nope")


def test_without_a_current_game_the_error_says_so(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="no current game"):
        Store(tmp_path).locate(None)


def test_a_refused_change_writes_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    ref = make(store)
    append(store, ref)
    before = stored(tmp_path)

    def refuse(g: Game, s: Any) -> Any:
        record_hand(g, HAND, s)
        raise GameError("refused")

    with pytest.raises(GameError, match="refused"):
        store.update(ref, refuse)
    assert stored(tmp_path) == before
    # Contract hand 2 once: A 560, B 850.
    assert [s.score for s in store.summary(ref).sides] == [560, 850]


def test_a_game_file_named_by_path_is_read_and_never_changed(tmp_path: Path) -> None:
    copy = tmp_path / "friday.toml"
    shutil.copy(EARLIER / "friday.toml", copy)
    before = copy.read_bytes()
    store = Store(tmp_path / "home")
    ref = store.locate(str(copy))
    assert ref.file == copy
    # RULES 2.1, hands 1 and 2 of the earlier game: us 560 + 870, them 850 + 75.
    assert [s.score for s in store.summary(ref).sides] == [1430, 925]
    with pytest.raises(GameError, match="read, never changed"):
        append(store, ref)
    assert copy.read_bytes() == before


def test_hands_changed_outside_the_program_are_scored_again(tmp_path: Path) -> None:
    """The revision the triggers raise is part of the summary's stamp."""
    store = Store(tmp_path)
    ref = make(store)
    append(store, ref)
    assert [s.score for s in store.summary(ref).sides] == [560, 850]
    # A: 300 + 300 - 40 - 20 more left in hand = 540.
    change_stored(
        tmp_path, "UPDATE hands SET record = json_set(record, '$.side[0].in_hand_points', 60)"
    )
    assert [s.score for s in store.summary(ref).sides] == [540, 850]


def test_derived_data_of_another_program_is_derived_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    ref = make(store)
    append(store, ref)
    change_stored(tmp_path, "UPDATE summaries SET head = json_set(head, '$.target', 7)")
    assert store.summary(ref).target == 7  # the same program and revision: kept as derived
    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "program_stamp", lambda: "another program")
    assert store.summary(ref).target == 5000
    db = sqlite3.connect(tmp_path / "games.db")
    assert db.execute("SELECT stamp FROM summaries").fetchone()[0] == "another program"
    db.close()


@pytest.mark.parametrize(
    "damage",
    [
        lambda raw: b"this is no database at all" + raw[30:],
        lambda raw: raw[:16] + b"\xff" * 84 + raw[100:],
        lambda raw: raw[: len(raw) // 2],
        lambda raw: raw[:4096] + b"\x00" * (len(raw) - 4096),
    ],
    ids=["not-sqlite", "header", "cut-in-half", "pages-zeroed"],
)
def test_a_damaged_database_is_refused_naming_the_file_never_read_short(
    cli: Cli, home: Path, damage: Any
) -> None:
    cli("new", "club", "--side", "A", "--side", "B")
    for _ in range(3):
        assert cli("hand", "A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 nat, out").code == 0
    db = sqlite3.connect(home / "games.db")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    raw = (home / "games.db").read_bytes()
    (home / "games.db").write_bytes(damage(raw))
    for args in (["status", "--json"], ["hand", "A: 50 melded", "B: 50 melded"], ["games"]):
        run = cli(*args)
        if run.code == 0:  # SQLite read what it needed: the whole game, never a part of it
            assert args[0] != "hand" or "damaged" not in run.err
            if args[0] == "status":
                assert '"hands": 3' in run.out
            continue
        assert run.code == 2
        assert str(home / "games.db") in run.err
        assert "damaged" in run.err or "not an SQLite database" in run.err


def test_a_page_whose_cells_point_outside_it_is_damage_never_no_current_game(
    cli: Cli, home: Path
) -> None:
    """docs/games.md "A damaged database is refused, never read short": the settings table's
    page with its cell offsets overwritten is damage SQLite finds when it reads the page. Before,
    its rows read as empty: `status` said there was no current game, `games` listed none as
    current, and `new` wrote a game into the damaged file."""
    cli("new", "club", "--side", "A", "--side", "B")
    assert cli("hand", "A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 nat, out").code == 0
    db = sqlite3.connect(home / "games.db")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'settings'").fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    raw = bytearray((home / "games.db").read_bytes())
    start = (page - 1) * size
    raw[start + 8 : start + 12] = b"\xaa" * 4  # the first cell's offset, past the page's end
    (home / "games.db").write_bytes(bytes(raw))
    for args in (
        ["status"],
        ["games", "--json"],
        ["new", "other", "--side", "A", "--side", "B"],
        ["hand", "A: 50 melded", "B: 50 melded"],
    ):
        run = cli(*args)
        assert run.code == 2, args
        assert str(home / "games.db") in run.err and "damaged" in run.err, args
        assert "no current game" not in run.err
    assert (home / "games.db").read_bytes() == bytes(raw)


def test_a_stored_text_that_is_not_utf8_is_named_as_damage(cli: Cli, home: Path) -> None:
    """docs/games.md "A damaged database is refused": the program writes only UTF-8, so a
    hand whose stored text does not decode is damage, named with the way to recover (before,
    SQLite's decoding error was shown as if it were a full disk or a read-only file)."""
    cli("new", "club", "--side", "A", "--side", "B")
    assert cli("hand", "A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 nat, out").code == 0
    change_stored(home, "UPDATE hands SET record = CAST(X'7B22FF22' AS TEXT)")
    for args in (["status"], ["hand", "A: 50 melded", "B: 50 melded"]):
        run = cli(*args)
        assert run.code == 2
        assert "damaged" in run.err and ".recover" in run.err


def test_a_database_of_a_newer_version_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    make(store)
    store.close()
    change_stored(tmp_path, f"PRAGMA user_version = {migrations.LATEST + 1}")
    with pytest.raises(GameError, match="newer version of canasta-score"):
        Store(tmp_path).locate(None)


def test_a_migration_keeps_a_copy_of_the_database_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    make(store)
    store.close()

    def m002(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "MIGRATIONS", (*migrations.MIGRATIONS, m002))
    monkeypatch.setattr(canasta_score.games.store, "LATEST", migrations.LATEST + 1)
    Store(tmp_path).locate(None)
    copy = tmp_path / f"games-schema-{migrations.LATEST}.db"
    db = sqlite3.connect(copy)
    assert db.execute("SELECT name FROM games").fetchall() == [("club",)]
    db.close()
    db = sqlite3.connect(tmp_path / "games.db")
    assert db.execute("PRAGMA user_version").fetchone()[0] == migrations.LATEST + 1
    assert "note" in [r[1] for r in db.execute("PRAGMA table_info(games)")]
    db.close()


def test_game_files_of_an_earlier_version_are_imported_once_as_they_stood(
    cli: Cli, home: Path
) -> None:
    shutil.copytree(EARLIER, home)
    status = cli("status", "--json")
    assert status.code == 0
    assert "2 game files of an earlier version were imported" in status.err
    # RULES 2.1 classic: us 560 + 870 = 1,430, them 850 + 75 = 925; friday was current.
    assert status.json()["game"] == "friday"
    assert [s["score"] for s in status.json()["sides"]] == [1430, 925]
    # Samba (RULES 5): Gus & Hal 300 + 2 natural canastas (1,000) + 200 for going out.
    saturday = cli("status", "--game", "saturday", "--json").json()
    assert [s["score"] for s in saturday["sides"]] == [560, 1500]
    assert "imported" not in cli("games").err  # said once
    kept = home / "earlier-version"
    assert sorted(p.name for p in kept.iterdir()) == [
        "current",
        "friday.toml",
        "friday.toml.bak",
        "saturday.toml",
    ]
    # The undone hand came along: redo puts back hand 3 (us 95 - 20 = 75; them 400 + 500 +
    # 100 = 1,000).
    redone = cli("redo", "--json").json()
    assert [s["score"] for s in redone["status"]["sides"]] == [1505, 1925]


def test_a_damaged_game_file_of_an_earlier_version_is_named_and_left(cli: Cli, home: Path) -> None:
    home.mkdir()
    text = (
        (EARLIER / "friday.toml")
        .read_text("utf-8")
        .replace("in_hand_points = 40", "in_hand_points = 45")
    )
    (home / "friday.toml").write_text(text, "utf-8")
    run = cli("games")
    assert "not imported, left where it is" in run.err and "checksum" in run.err
    assert (home / "friday.toml").read_text("utf-8") == text


def test_an_export_may_never_write_over_the_store(cli: Cli, home: Path) -> None:
    cli("new", "club", "--side", "A", "--side", "B")
    before = stored(home)
    for fmt in ("toml", "csv", "html"):
        run = cli("export", "--format", fmt, "-o", str(home / "games.db"))
        assert run.code == 2 and "that is the game database" in run.err
    assert cli("stats", "--html", str(home / "games.db-wal")).code == 2
    assert stored(home) == before
    assert cli("status").code == 0


def test_recording_a_hand_reads_no_earlier_hand_and_keeps_the_totals_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contract hand 2 three times: A 560 each (1,680), B 850 each (2,550); the third is
    recorded with the game's earlier hands and lines out of reach."""
    from canasta_score.games import scorekeeper

    store = Store(tmp_path)
    ref = make(store, target=100000)
    for _ in range(2):
        scorekeeper.record(store, ref, dict(HAND))
    import canasta_score.games.game

    def no_replay(*_: object) -> None:
        raise AssertionError("the earlier hands were scored again")

    real = Store.records

    def only_undone(db: Any, table: str, *rest: Any) -> Any:
        assert table != "hands", "the earlier hands were read"
        return real(db, table, *rest)

    monkeypatch.setattr(canasta_score.games.game, "replay", no_replay)
    monkeypatch.setattr(Store, "records", staticmethod(only_undone))
    done = scorekeeper.record(store, ref, dict(HAND))
    assert done.played.number == 3 and done.summary.hands == 3
    assert [s.score for s in done.summary.sides] == [1680, 2550]
    monkeypatch.undo()
    summary = store.summary(ref)
    assert [x.totals for x in summary.lines] == [(560, 850), (1120, 1700), (1680, 2550)]


def test_an_edit_that_keeps_the_totals_shows_its_new_breakdown(cli: Cli, home: Path) -> None:
    """RULES 2.6: 300 melded + 500 (natural canasta) + 100 (out) = 900, and 200 melded + 500 +
    100 (one red three) + 100 (out) = 900: the sheet's line is the same, the breakdown is not."""
    cli("new", "club", "--side", "a", "--side", "b")
    assert cli("hand", "a: 300 melded, 1 natural, out", "b: 50 melded").code == 0
    first = cli("export").json()["hands"][0]["sides"][0]["items"]
    assert cli("edit", "1", "a: 200 melded, 1 natural, 1 red, out", "b: 50 melded").code == 0
    log = cli("export").json()
    items = log["hands"][0]["sides"][0]["items"]
    assert [i["points"] for i in first] == [300, 500, 100]
    assert [i["points"] for i in items] == [200, 500, 100, 100]
    assert log["hands"][0]["sides"][0]["score"] == 900


def test_kept_breakdowns_give_the_export_a_fresh_scoring_gives(
    cli: Cli, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One game, one output: an export read from the kept breakdowns is byte for byte the
    export of the same game scored afresh (imported under another name into another game
    folder, as the same game is not imported twice into one; renamed back)."""
    cli("new", "club", "--side", "a", "--side", "b", "--target", "100000")
    for hand in (
        ["a: 300 melded, 1 natural, out", "b: 50 melded"],
        ["a: 95 melded, 20 left", "b: 400 melded, 1 natural, 1 mixed, out"],
        ["a: 150 melded, 2 red, 1 mixed, out", "b: 60 melded, 40 left"],
    ):
        assert cli("hand", *hand).code == 0
    assert cli("undo", "--yes").code == 0 and cli("redo").code == 0
    kept = cli("export").out
    (tmp_path / "log.json").write_text(kept, encoding="utf-8")
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "elsewhere"))
    assert cli("import", str(tmp_path / "log.json"), "--name", "copy").code == 0
    fresh = cli("export", "--game", "copy").out
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(home))
    assert fresh.replace('"game": "copy"', '"game": "club"') == kept
    change_stored(home, "UPDATE lines SET score = '[[[' WHERE number = 2")
    assert cli("export", "--game", "club").out == kept  # a damaged breakdown is scored again
