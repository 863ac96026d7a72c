"""Faults around the games and the files they are written to (docs/reliability.md, "Faults and
what the tool does"): full disks, long names, permissions, symlinks, pipes and devices, files
that are not games, reserved names, a bad wait setting. (Damage to the database itself:
test_store.py.)

Every command here must end with exit 0 or 2 (never a traceback) and a refused command must
leave every file as it was.
"""

from __future__ import annotations

import errno
import json
import os
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from helpers import THREE, TWO, Cli, Run, another_game, stored

from canasta_score.cli import main
from canasta_score.games.store import Store


@pytest.fixture
def cli(cli: Cli) -> Cli:
    """The shared runner, stricter: no command here may end with exit 1."""

    def run(*args: str, stdin: str = "") -> Run:
        result = cli(*args, stdin=stdin)
        assert result.code in (0, 2), (args, result.code, result.err)
        return result

    return run


def start(cli: Cli, name: str = "club", *extra: str) -> None:
    made = cli("new", name, "--side", "A: Ann & Bob", "--side", "B: Cy & Di", *extra)
    assert made.code == 0, made.err


def three_hands(cli: Cli) -> None:
    start(cli)
    for hand in (TWO, THREE, TWO):
        assert cli("hand", *hand).code == 0


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (lock files left out: they hold nothing)."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


# ---------------------------------------------------------------- cut short or damaged


# ---------------------------------------------------------------- full disk, read-only folder


def no_space(*_args: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(
    "args",
    [
        ("hand", *TWO),
        ("undo",),
        ("edit", "1", *THREE),
        ("new", "other", "--side", "x", "--side", "y"),
        ("import", "log.json"),
    ],
)
def test_a_full_disk_is_an_error_and_changes_nothing(
    cli: Cli, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    """Issue 11.3: a full disk (the database may not grow) → Error, exit 2, the games intact."""
    start(cli)
    assert cli("hand", *TWO).code == 0
    (tmp_path / "log.json").write_text(
        another_game(cli("export").out.replace('"game": "club"', '"game": "copy"')),
        encoding="utf-8",
    )
    before = stored(home)
    real = Store.connect

    def full(store: Store) -> Any:
        db = real(store)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db

    monkeypatch.setattr(Store, "connect", full)
    run = cli(*args)
    assert run.code == 2 and "full" in run.err and "nothing was changed" in run.err
    monkeypatch.setattr(Store, "connect", real)
    assert stored(home) == before


# ---------------------------------------------------------------- names


def test_a_long_name_whose_temporary_file_would_be_too_long_works(cli: Cli, home: Path) -> None:
    """Issue 11.3: 80 CJK characters (240 bytes) make a file name that fits; the temporary,
    lock, backup and cache names are shortened to fit too."""
    name = "中" * 80
    start(cli, name)
    assert cli("hand", *TWO).code == 0
    assert cli("hand", *THREE).code == 0
    assert cli("status", "--json").json()["hands"] == 2


def test_a_name_too_long_in_bytes_is_refused(cli: Cli, home: Path) -> None:
    made = cli("new", "\U00020000" * 80, "--side", "x", "--side", "y")
    assert made.code == 2 and "too long for a file name" in made.err
    assert not home.exists() or not list(home.iterdir())


@pytest.mark.parametrize("name", ["CON", "nul", "Aux.txt", "com1", "LPT9.toml", "prn.backup"])
def test_names_windows_keeps_for_devices_are_refused(cli: Cli, home: Path, name: str) -> None:
    made = cli("new", name, "--side", "x", "--side", "y")
    assert made.code == 2 and "Windows keeps" in made.err
    assert not home.exists() or not list(home.glob("*.toml"))


# ---------------------------------------------------------------- permissions, links, pipes


def test_an_export_file_keeps_its_permissions(cli: Cli, tmp_path: Path) -> None:
    start(cli)
    out = tmp_path / "log.json"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o640)
    assert cli("export", "--output", str(out)).code == 0
    assert out.stat().st_mode & 0o777 == 0o640
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "club"


def test_a_symlinked_export_is_written_through(cli: Cli, tmp_path: Path) -> None:
    start(cli)
    real = tmp_path / "real.csv"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert cli("export", "--format", "csv", "--output", str(link)).code == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8-sig").startswith("hand,date")


def test_a_pipe_or_device_as_export_output_is_refused(cli: Cli, tmp_path: Path) -> None:
    start(cli)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    run = cli("export", "--output", str(fifo))
    assert run.code == 2 and "named pipe" in run.err
    run = cli("export", "--output", "/dev/null")
    assert run.code == 2 and "device" in run.err
    assert fifo.exists() and not fifo.is_file()


def test_an_output_name_too_long_for_the_file_system_is_refused_naming_it(
    cli: Cli, tmp_path: Path
) -> None:
    """A name of 300 bytes is more than a file system keeps (255): ``export -o`` and
    ``stats --html`` say the file cannot be written, with exit 2, and write nothing."""
    start(cli)
    assert cli("hand", *TWO).code == 0
    name = "x" * 300
    for args in (("export", "-o", f"{name}.json"), ("stats", "--html", f"{name}.html")):
        run = cli(*args)
        assert run.code == 2, args
        (line,) = run.err.splitlines()
        assert line.startswith(f"Error: {name}") and "cannot be written" in line
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("x")) == []


def test_a_pipe_or_device_as_game_is_refused(cli: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for ref in (str(fifo), "/dev/zero"):
        for command in ("status", "undo"):
            run = cli(command, "--game", ref)
            assert run.code == 2 and "not a game file" in run.err


def test_game_at_a_file_that_is_no_game_has_no_side_effect(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """Issue 11.10: no current-game change, no lock file beside the stranger's file."""
    start(cli)
    notes = tmp_path / "notes" / "passwd"
    notes.parent.mkdir()
    notes.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    for command in (("undo",), ("hand", *TWO), ("status",), ("edit", "1", *TWO)):
        run = cli(*command, "--game", str(notes))
        assert run.code == 2 and str(notes) in run.err
    assert sorted(p.name for p in notes.parent.iterdir()) == ["passwd"]
    assert cli("status", "--json").json()["game"] == "club"


# ---------------------------------------------------------------- locks


def test_a_bad_lock_timeout_is_named(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    start(cli)
    monkeypatch.setenv("CANASTA_SCORE_LOCK_TIMEOUT", "soon")
    run = cli("hand", *TWO)
    assert run.code == 2 and f'{"CANASTA_SCORE_LOCK_TIMEOUT"}="soon"' in run.err


def windows_stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``fcntl`` (as on Windows), and an ``msvcrt`` that behaves like Windows' own:
    ``locking`` with LK_NBLCK fails at once while another open file holds the lock."""
    import fcntl

    def lock(fd: int, mode: int, _count: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN if mode == 0 else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(errno.EACCES, "Permission denied") from None

    fake = types.ModuleType("msvcrt")
    fake.LK_UNLCK, fake.LK_NBLCK = 0, 2  # type: ignore[attr-defined]
    fake.locking = lock  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)


def append_hands(home: str, count: int) -> None:
    os.environ["CANASTA_SCORE_HOME"] = home
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    sys.stderr = sys.__stderr__
    for _ in range(count):
        try:
            main(["hand", "--game", "club", *TWO])
        except SystemExit as exc:
            if exc.code not in (0, None):
                raise
