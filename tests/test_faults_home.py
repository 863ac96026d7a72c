"""Faults of what lies in the game home beside the database (docs/reliability.md): named pipes,
links and huge files named ``*.toml`` where the files of an earlier version are looked for, a
command run by root on another user's home, links planted at the names the store writes.

A pipe must never be waited on and a file that is not ours never read whole; every file the
store makes belongs to the home's owner."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Cli, change_stored, stored

from canasta_score.games.store import Store, migrations

EARLIER = Path(__file__).parent / "data" / "earlier-home"
OWNER = (4321, 4322)  # a user and group that are not this process's


def command(home: Path, *args: str) -> tuple[int, str, int]:
    """Run ``canasta-score ARGS`` as a new process: its exit code, its standard error and its
    own peak resident memory in KiB. One that still runs after a minute (waiting on a pipe)
    is killed and fails the test."""
    import threading

    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    with open(home.parent / "err.txt", "w+b") as err:
        child = subprocess.Popen(
            [sys.executable, "-m", "canasta_score", *args],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        timer = threading.Timer(60, child.kill)
        timer.start()
        try:
            _pid, status, usage = os.wait4(child.pid, 0)
        finally:
            timer.cancel()
        child.returncode = code = os.waitstatus_to_exitcode(status)
        assert code >= 0, f"{args} still ran after a minute"
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return code, text, usage.ru_maxrss


# ---------------------------------------------------------------- pipes and links


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("args", [("games",), ("stats",), ("stats", "--html", "page.html")])
def test_a_pipe_or_link_named_toml_in_the_home_is_skipped_with_a_warning(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """The files of an earlier version are looked for once, at the first command: a named pipe,
    a link to one and a link to a real game file are never opened, and each is named."""
    home = tmp_path / "home"
    shutil.copytree(EARLIER, home)
    os.mkfifo(home / "pipe.toml")
    (home / "to-pipe.toml").symlink_to("pipe.toml")
    (home / "again.toml").symlink_to("friday.toml")
    args = tuple(str(tmp_path / a) if a.endswith(".html") else a for a in args)
    code, err, _peak = command(home, *args)
    assert code == 0, err
    assert "Traceback" not in err
    assert "pipe.toml: is a named pipe (FIFO), not a regular file; not read" in err
    assert "to-pipe.toml: is a symbolic link, not a regular file; not read" in err
    assert "again.toml: is a symbolic link, not a regular file; not read" in err
    # The two real files were imported, once each: a link is not a second game.
    assert "2 game files of an earlier version were imported" in err
    assert (home / "pipe.toml").exists() and (home / "again.toml").is_symlink()


# ---------------------------------------------------------------- huge foreign files


def test_a_100_mb_toml_file_in_the_home_is_never_read_and_is_named(tmp_path: Path) -> None:
    """Two files of 100 MB (sparse): one says it is a game, one is not ours. Neither is read
    (the limit of a game file is 64 MiB): the command's peak memory stays within 16 MiB of
    the same command in an empty home, and both are named as skipped."""
    empty = tmp_path / "empty" / "home"
    empty.mkdir(parents=True)
    home = tmp_path / "full" / "home"
    home.mkdir(parents=True)
    for name, start in (
        ("big.toml", b'format = "canasta-score game"\n'),
        ("foreign.toml", b"[x]\n"),
    ):
        with open(home / name, "wb") as file:
            file.write(start)
            file.truncate(100 * 1024 * 1024)
    code, _err, plain = command(empty, "games")
    assert code == 0
    code, err, peak = command(home, "games")
    assert code == 0, err
    for name in ("big.toml", "foreign.toml"):
        assert f"{name}: larger than the limit of 64 MiB (67,108,864 bytes) for a game file" in err
    assert peak - plain < 16 * 1024, (peak, plain)
    assert (home / "big.toml").stat().st_size == 100 * 1024 * 1024


def test_a_game_named_by_path_past_the_limit_is_refused_by_its_size(
    cli: Cli, tmp_path: Path
) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as file:
        file.write(b'format = "canasta-score game"\n')
        file.truncate(100 * 1024 * 1024)
    run = cli("status", "--game", str(big))
    assert run.code == 2
    assert "larger than the limit of 64 MiB" in run.err


# ---------------------------------------------------------------- another user's home


needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give files away"
)


def owners(home: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``home`` with its owner and group."""
    return {
        str(p.relative_to(home)): (p.lstat().st_uid, p.lstat().st_gid)
        for p in sorted(home.rglob("*"))
    }


def someone_elses(path: Path) -> None:
    for p in [path, *path.rglob("*")]:
        os.chown(p, *OWNER, follow_symlinks=False)


@needs_root
def test_root_running_commands_in_another_users_home_leaves_every_file_theirs(
    cli: Cli, home: Path
) -> None:
    """The database, its journal files (``-wal``, ``-shm``) and, after a hand, everything in
    the home still belongs to the home's owner."""
    home.mkdir()
    someone_elses(home)
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    assert cli("hand", "a: 300 melded, 1 natural, out", "b: 50 melded").code == 0
    # A reader keeps the journal files in place while they are looked at.
    db = sqlite3.connect(home / "games.db")
    db.execute("SELECT count(*) FROM hands").fetchone()
    found = owners(home)
    db.close()
    assert {"games.db", "games.db-wal", "games.db-shm"} <= set(found)
    assert set(found.values()) == {OWNER}, found


@needs_root
def test_root_importing_files_of_an_earlier_version_leaves_them_and_their_folder_theirs(
    cli: Cli, home: Path
) -> None:
    shutil.copytree(EARLIER, home)
    someone_elses(home)
    run = cli("games")
    assert run.code == 0 and "imported" in run.err
    found = owners(home)
    assert "earlier-version/friday.toml" in found
    assert set(found.values()) == {OWNER}, found


@needs_root
def test_root_migrating_another_users_database_keeps_the_copy_theirs(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy kept before the tables change (``games-schema-N.db``) is the owner's too."""
    home.mkdir()
    Store(home).names()
    someone_elses(home)

    def m_next(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "MIGRATIONS", (*migrations.MIGRATIONS, m_next))
    monkeypatch.setattr(canasta_score.games.store, "LATEST", migrations.LATEST + 1)
    with Store(home) as store:
        assert store.names() == []
        found = owners(home)
    assert f"games-schema-{migrations.LATEST}.db" in found
    assert set(found.values()) == {OWNER}, found


def test_another_user_who_could_write_the_home_is_refused_and_nothing_is_made(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user who is not root cannot give files away: a home of another user that this one
    may write is refused, naming the folder, before anything is made in it."""
    home.mkdir()
    owner = home.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1000)
    monkeypatch.setattr(os, "access", lambda *_a, **_k: True)
    run = cli("new", "club", "--side", "a", "--side", "b")
    assert run.code == 2
    assert f"{home}: this game folder belongs to another user (user id {owner})" in run.err
    assert list(home.iterdir()) == []


def test_a_link_at_the_name_of_the_copy_kept_before_a_migration_is_not_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy replaces a link planted at its name; the file the link pointed at is left as
    it was: every file of the store is written without following links."""
    home = tmp_path / "home"
    home.mkdir()
    Store(home).names()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    copy = home / f"games-schema-{migrations.LATEST}.db"
    copy.symlink_to(victim)

    def m_next(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "MIGRATIONS", (*migrations.MIGRATIONS, m_next))
    monkeypatch.setattr(canasta_score.games.store, "LATEST", migrations.LATEST + 1)
    with Store(home) as store:
        store.names()
    assert victim.read_bytes() == b"keep me"
    assert not copy.is_symlink()
    assert sorted(p.name for p in home.iterdir() if p.name.startswith(".")) == []


def test_a_current_file_that_is_a_link_is_never_written_through(cli: Cli, home: Path) -> None:
    """An earlier version's ``current`` file planted as a link: it names no game, it is not
    moved, and the file it points at is left as it was."""
    shutil.copytree(EARLIER, home)
    victim = home.parent / "victim.txt"
    victim.write_bytes(b"keep me")
    (home / "current").unlink()
    (home / "current").symlink_to(victim)
    assert cli("new", "other", "--side", "a", "--side", "b").code == 0
    assert cli("use", "saturday").code == 0
    assert victim.read_bytes() == b"keep me"
    assert (home / "current").is_symlink()


def test_half_made_copies_left_by_a_killed_migration_are_swept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy cut short by a kill (a day old) is removed when the next copy is made;
    one made a moment ago (another process at work) is left alone."""
    from canasta_score.games.store import COPY_PREFIX

    home = tmp_path / "home"
    home.mkdir()
    Store(home).names()
    stale, fresh = home / f"{COPY_PREFIX}killed", home / f"{COPY_PREFIX}at-work"
    for half in (stale, fresh):
        half.write_bytes(b"SQLite format 3\x00" + bytes(4000))
    os.utime(stale, (1e9, 1e9))

    def m_next(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE games ADD COLUMN note TEXT")

    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "MIGRATIONS", (*migrations.MIGRATIONS, m_next))
    monkeypatch.setattr(canasta_score.games.store, "LATEST", migrations.LATEST + 1)
    with Store(home) as store:
        store.names()
    assert not stale.exists() and fresh.exists()
    assert (home / f"games-schema-{migrations.LATEST}.db").is_file()


def test_derived_data_changed_in_the_database_never_becomes_the_truth(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A summary changed with sqlite3 (its stamp kept) is what the next hand starts from, but
    the hands stored are only the ones entered: once the summary is worked out again, the
    totals are the hands' own. RULES 2.6: 300 melded + 500 (natural canasta) + 100 (out) =
    900, twice 1,800; the other side 50 a hand, 100."""
    hand = ("a: 300 melded, 1 natural, out", "b: 50 melded")
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    assert cli("hand", *hand).code == 0
    before = json.loads(stored(home))[1]
    change_stored(home, "UPDATE lines SET line = json_set(line, '$[3]', json('[4000, 50]'))")
    change_stored(home, "UPDATE summaries SET head = json_set(head, '$.sides[0][2]', 4000)")
    assert cli("hand", *hand).code == 0
    hands = json.loads(stored(home))[1]
    assert hands[0] == before[0] and len(hands) == 2
    assert json.loads(hands[1][1])["side"] == json.loads(before[0][1])["side"]
    import canasta_score.games.store

    monkeypatch.setattr(canasta_score.games.store, "program_stamp", lambda: "worked out again")
    status = cli("status", "--json").json()
    assert [s["score"] for s in status["sides"]] == [1800, 100]


def test_no_output_option_writes_over_the_store_by_any_name(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """The copy kept before a migration, the shared-memory file, a link to the database and a
    hard link to it under another name: `export -o` and `stats --html` refuse each, and the
    games are as they were."""
    assert cli("new", "club", "--side", "a", "--side", "b").code == 0
    shutil.copy(home / "games.db", home / "games-schema-1.db")
    (tmp_path / "link.db").symlink_to(home / "games.db")
    os.link(home / "games.db", tmp_path / "hard.bin")
    before = stored(home)
    targets = [home / "games-schema-1.db", home / "games.db-shm"]
    targets += [tmp_path / "link.db", tmp_path / "hard.bin"]
    for target in targets:
        for args in (("export", "--format", "csv", "-o"), ("stats", "--html")):
            run = cli(*args, str(target))
            assert run.code == 2 and "that is the game database" in run.err, (args, target)
    assert stored(home) == before
    assert (tmp_path / "link.db").is_symlink()
    assert cli("status").code == 0
