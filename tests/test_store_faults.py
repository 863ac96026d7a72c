"""Faults around game files (docs/reliability.md, "Faults and what the tool does"): cut-short
and damaged files, the kept previous version, full disks and read-only folders, long names,
permissions, symlinks, pipes and devices, files that are not games, reserved names, held locks
and locking without ``fcntl``.

Every command here must end with exit 0 or 2 (never a traceback) and a refused command must
leave every file as it was.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import shlex
import subprocess
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

import pytest
from helpers import THREE, TWO, Cli, Run

from canasta_score.catalog import load_ruleset
from canasta_score.cli import main
from canasta_score.errors import GameError
from canasta_score.game import new_game, parse_side
from canasta_score.store import Store, encode, files, locking


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


def test_a_game_cut_at_every_byte_is_refused_or_whole(tmp_path: Path) -> None:
    """Issue 11.1: cut a three-hand game after every byte; each load is the whole game or an
    error, never a game with fewer hands."""
    store = Store(tmp_path)
    rs = load_ruleset("classic", overrides=["game.target=100000"])
    game = new_game("club", "2025-01-01T20:00:00", rs, [parse_side("A"), parse_side("B")])
    record = {
        "side": [
            {"name": "A", "meld_points": 300, "canastas": {"mixed": 1}, "in_hand_points": 40},
            {"name": "B", "meld_points": 250, "canastas": {"natural": 1}, "went_out": True},
        ]
    }
    from dataclasses import replace

    whole = replace(game, hands=(record, record, record))
    raw = encode(whole)
    path = tmp_path / "cut.toml"
    loaded = 0
    for end in range(len(raw) + 1):
        path.write_bytes(raw[:end])
        try:
            got = store.load(path)
        except GameError:
            continue
        assert got == replace(whole, name="cut"), f"cut at byte {end} loaded a different game"
        loaded += 1
    assert loaded >= 1  # the whole file (and the file without its last newline)


def test_a_game_cut_at_every_line_end_is_refused_by_every_command(cli: Cli, home: Path) -> None:
    """Issue 11.1 through the command line: status exits 2 naming the file, and hand refuses
    and leaves the cut file as it is, at every line end but the last."""
    three_hands(cli)
    path = home / "club.toml"
    raw = path.read_bytes()
    ends = [m.end() for m in re.finditer(b"\n", raw)]
    assert ends[-1] == len(raw)
    for end in ends[:-1]:
        path.write_bytes(raw[:end])
        status = cli("status", "--json")
        assert status.code == 2, f"cut at line end {end} loaded"
        assert str(path) in status.err
        assert cli("hand", *TWO).code == 2
        assert path.read_bytes() == raw[:end]


def test_the_cut_after_target_of_the_report_names_the_file_and_the_way_back(
    cli: Cli, home: Path
) -> None:
    """Issue 11.1's example: a file cut right after its target line is refused, the message
    names the file, what is wrong, and the command that restores the kept version."""
    three_hands(cli)
    path = home / "club.toml"
    good = path.read_bytes()
    text = good.decode("utf-8")
    cut = text[: text.index("\n", text.index("target = ")) + 1]
    path.write_text(cut, encoding="utf-8")
    status = cli("status")
    assert status.code == 2
    assert str(path) in status.err and "cut short" in status.err
    restore = status.err.split("to go back to it, run: ")[1].strip()
    assert restore == f"cp {shlex.quote(str(home / 'club.toml.bak'))} {shlex.quote(str(path))}"
    subprocess.run(restore, shell=True, check=True)
    # The kept version is the one before the last hand: two hands.
    assert cli("status", "--json").json()["hands"] == 2


def test_the_previous_version_is_kept_before_each_replace(cli: Cli, home: Path) -> None:
    start(cli)
    path, backup = home / "club.toml", home / "club.toml.bak"
    assert not backup.exists()
    versions = [path.read_bytes()]
    for args in (TWO, THREE):
        assert cli("hand", *args).code == 0
        assert backup.read_bytes() == versions[-1]
        versions.append(path.read_bytes())
    assert cli("undo").code == 0
    assert backup.read_bytes() == versions[-1]
    assert path.read_bytes() != versions[-1]
    assert [p.name for p in Store(home).paths()] == ["club.toml"]


def test_temporary_files_a_killed_writer_left_are_swept_at_the_next_change(
    cli: Cli, home: Path
) -> None:
    """Only the game's own leftovers (``.club.toml.XXXXXXXX.tmp``) go, under the game's lock."""
    start(cli)
    start(cli, "other")
    stale = home / ".club.toml.0badcafe.tmp"
    keep = [home / ".other.toml.0badcafe.tmp", home / ".club.toml.notes.tmp"]
    for path in (stale, *keep):
        path.write_text("half a game", encoding="utf-8")
    assert cli("hand", "--game", "club", *TWO).code == 0
    assert not stale.exists() and all(p.exists() for p in keep)


def test_a_changed_file_with_its_checksum_is_refused_as_damaged(cli: Cli, home: Path) -> None:
    three_hands(cli)
    path = home / "club.toml"
    damaged = path.read_text(encoding="utf-8").replace("meld_points = 400", "meld_points = 405")
    path.write_text(damaged, encoding="utf-8")
    status = cli("status")
    assert status.code == 2 and "checksum" in status.err and "club.toml.bak" in status.err
    assert cli("hand", *TWO).code == 2
    assert path.read_text(encoding="utf-8") == damaged


def test_a_hand_count_that_disagrees_is_refused(cli: Cli, home: Path) -> None:
    three_hands(cli)
    path = home / "club.toml"
    text = re.sub(r"(?m)^checksum = .*\n", "", path.read_text(encoding="utf-8"))
    path.write_text(text.replace("hands = 3", "hands = 4"), encoding="utf-8")
    status = cli("status")
    assert status.code == 2 and "hands = 4" in status.err and "holds 3 hand(s)" in status.err


def test_a_snapshot_missing_a_key_is_refused_not_filled_in(cli: Cli, home: Path) -> None:
    """The ruleset in a game is complete; a key taken out is named, never made up."""
    start(cli)
    path = home / "club.toml"
    text = re.sub(r"(?m)^(checksum|tie_policy) = .*\n", "", path.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    status = cli("status")
    assert status.code == 2 and "game.tie_policy: missing" in status.err


def test_a_version_2_snapshot_without_the_keys_added_since_takes_them_from_the_bundle(
    cli: Cli, home: Path
) -> None:
    """A version 2 game written before meld.dirty_aces_ordinary and
    initial_meld.canasta_band_count existed still loads: those two keys (and only those) come
    from the bundled ruleset, marked so."""
    start(cli, "club", "--ruleset", "american")
    path = home / "club.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(checksum|dirty_aces_ordinary|canasta_band_count) = .*\n", "", text)
    path.write_text(text, encoding="utf-8")
    status = cli("status")
    assert status.code == 0, status.err
    from canasta_score.store import Store

    rs = Store(home).load(path).rules()
    assert rs.meld.dirty_aces_ordinary is True
    assert "key added after the game began" in rs.rule_source("meld.dirty_aces_ordinary")


def test_an_older_version_1_file_is_migrated_and_rewritten(cli: Cli, home: Path) -> None:
    """A file of version 1 (no [end]; its snapshot may lack keys added later) still loads: the
    missing key comes from the bundled ruleset and is marked so, and the next change writes
    version 2, keeping the version 1 file as the .bak."""
    start(cli)
    cli("hand", *TWO)
    path = home / "club.toml"
    text = path.read_text(encoding="utf-8")
    text = text[: text.index("\n[end]\n") + 1].replace("version = 2", "version = 1")
    text = re.sub(r"(?m)^tie_policy = .*\n", "", text)
    path.write_text(text, encoding="utf-8")
    old = path.read_bytes()
    status = cli("status", "--json")
    assert status.code == 0 and status.json()["hands"] == 1
    assert cli("hand", *THREE).code == 0
    assert (home / "club.toml.bak").read_bytes() == old
    new = path.read_text(encoding="utf-8")
    assert "version = 2" in new and "hands = 2" in new
    assert 'tie_policy = "play_another_hand"' in new
    assert "key added after the game began" in new


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
    """Issue 11.3: disk full (ENOSPC when the data is flushed) → Error, exit 2, files intact,
    no temporary file left behind."""
    start(cli)
    assert cli("hand", *TWO).code == 0
    (tmp_path / "log.json").write_text(
        cli("export").out.replace('"game": "club"', '"game": "copy"'), encoding="utf-8"
    )
    before = snapshot(home)
    monkeypatch.setattr(files.os, "fsync", no_space)
    run = cli(*args)
    assert run.code == 2 and "No space left on device" in run.err
    monkeypatch.undo()
    assert snapshot(home) == before
    assert not [p for p in home.rglob("*.tmp")]


def test_a_read_only_home_is_an_error_and_reading_writes_nothing(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11.3: reading a game (``status --game``) writes no file, so a read-only home is
    fine for it; ``new`` and ``hand`` there end with an Error. Tests may run as root, whom
    chmod does not stop, so the refusal is also injected."""
    start(cli)
    start(cli, "other")
    before = snapshot(home)
    mtimes = {p: p.stat().st_mtime_ns for p in home.rglob("*")}
    home.chmod(0o555)
    try:
        if os.geteuid() == 0:
            real_open = os.open

            def refuse(path: Any, flags: int, *rest: Any) -> int:
                if flags & os.O_CREAT and Path(path).parent == home:
                    raise PermissionError(errno.EROFS, "Read-only file system")
                return real_open(path, flags, *rest)

            monkeypatch.setattr(os, "open", refuse)
        assert cli("status", "--game", "club").code == 0
        assert {p: p.stat().st_mtime_ns for p in home.rglob("*")} == mtimes
        made = cli("new", "third", "--side", "x", "--side", "y")
        assert made.code == 2 and "cannot" in made.err
        hand = cli("hand", *TWO)
        assert hand.code == 2 and "cannot lock" in hand.err
    finally:
        monkeypatch.undo()
        home.chmod(0o755)
    assert snapshot(home) == before


# ---------------------------------------------------------------- names


def test_a_long_name_whose_temporary_file_would_be_too_long_works(cli: Cli, home: Path) -> None:
    """Issue 11.3: 80 CJK characters (240 bytes) make a file name that fits; the temporary,
    lock, backup and cache names are shortened to fit too."""
    name = "中" * 80
    start(cli, name)
    assert cli("hand", *TWO).code == 0
    assert cli("hand", *THREE).code == 0
    assert cli("status", "--json").json()["hands"] == 2
    assert (home / f"{name}.toml.bak").exists()


def test_a_game_file_with_the_longest_name_elsewhere_can_be_changed(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """A game file named by path whose name is 255 bytes: its lock and temporary files still
    fit (shortened, with a hash), so a hand is recorded."""
    start(cli)
    far = tmp_path / ("g" * 250 + ".toml")
    far.write_bytes((home / "club.toml").read_bytes())
    assert cli("hand", "--game", str(far), *TWO).code == 0
    assert cli("status", "--game", str(far), "--json").json()["hands"] == 1


def test_a_name_too_long_in_bytes_is_refused(cli: Cli, home: Path) -> None:
    made = cli("new", "\U00020000" * 80, "--side", "x", "--side", "y")
    assert made.code == 2 and "too long for a file name" in made.err
    assert not home.exists() or not list(home.iterdir())


def test_a_game_named_x_toml_is_reachable_as_x_toml(cli: Cli, home: Path) -> None:
    """Issue 11.11: ``new x.toml`` is the game x in x.toml, reached as x or x.toml."""
    start(cli, "x.toml")
    assert (home / "x.toml").is_file() and not (home / "x.toml.toml").exists()
    assert cli("hand", "--game", "x.toml", *TWO).code == 0
    assert cli("status", "--game", "x", "--json").json()["hands"] == 1


@pytest.mark.parametrize("name", ["CON", "nul", "Aux.txt", "com1", "LPT9.toml", "prn.backup"])
def test_names_windows_keeps_for_devices_are_refused(cli: Cli, home: Path, name: str) -> None:
    made = cli("new", name, "--side", "x", "--side", "y")
    assert made.code == 2 and "Windows keeps" in made.err
    assert not home.exists() or not list(home.glob("*.toml"))


# ---------------------------------------------------------------- permissions, links, pipes


def test_a_game_keeps_its_permissions(cli: Cli, home: Path) -> None:
    """Issue 11.8: a chmod 600 game stays 600 after a hand."""
    start(cli)
    path = home / "club.toml"
    path.chmod(0o600)
    assert cli("hand", *TWO).code == 0
    assert path.stat().st_mode & 0o777 == 0o600


def test_an_export_file_keeps_its_permissions(cli: Cli, tmp_path: Path) -> None:
    start(cli)
    out = tmp_path / "log.json"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o640)
    assert cli("export", "--output", str(out)).code == 0
    assert out.stat().st_mode & 0o777 == 0o640
    assert json.loads(out.read_text(encoding="utf-8"))["game"] == "club"


def test_a_symlinked_game_is_written_through_to_its_target(
    cli: Cli, home: Path, tmp_path: Path
) -> None:
    """Issue 11.9: the link stays a link and the file it points to gets the hand."""
    start(cli)
    real = tmp_path / "elsewhere" / "real.toml"
    real.parent.mkdir()
    link = home / "club.toml"
    link.rename(real)
    link.symlink_to(real)
    assert cli("hand", *TWO).code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert Store(home).load(real).hands and len(Store(home).load(real).hands) == 1


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
    pointer = (home / "current").read_bytes()
    for command in (("undo",), ("hand", *TWO), ("status",), ("edit", "1", *TWO)):
        run = cli(*command, "--game", str(notes))
        assert run.code == 2 and str(notes) in run.err
    assert sorted(p.name for p in notes.parent.iterdir()) == ["passwd"]
    assert (home / "current").read_bytes() == pointer
    assert cli("status", "--json").json()["game"] == "club"


# ---------------------------------------------------------------- locks


def test_a_writer_waiting_on_a_held_lock_says_so_and_gives_up(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11.12: after about a second the writer says it is waiting; after the timeout it
    stops with an Error and the game is unchanged."""
    start(cli)
    before = (home / "club.toml").read_bytes()
    monkeypatch.setenv(locking.TIMEOUT_ENV, "1.5")
    stop, taken = threading.Event(), threading.Event()

    def hold() -> None:
        with locking.hold(home / ".club.toml.lock", "club", timeout=5):
            taken.set()
            stop.wait(30)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert taken.wait(10)
        began = time.monotonic()
        run = cli("hand", *TWO)
        waited = time.monotonic() - began
    finally:
        stop.set()
        thread.join()
    assert run.code == 2
    assert "waiting (up to 1.5 s)..." in run.err
    assert "gave up" in run.err and locking.TIMEOUT_ENV in run.err
    assert 1.4 <= waited < 10
    assert (home / "club.toml").read_bytes() == before
    assert cli("hand", *TWO).code == 0


def test_a_bad_lock_timeout_is_named(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    start(cli)
    monkeypatch.setenv(locking.TIMEOUT_ENV, "soon")
    run = cli("hand", *TWO)
    assert run.code == 2 and f'{locking.TIMEOUT_ENV}="soon"' in run.err


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


def test_game_commands_without_fcntl_lock_with_the_windows_call(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 9.6: with the POSIX path gone, the Windows path is used; two processes appending
    12 hands each lose none (A 24 x 560 = 13,440; B 24 x 850 = 20,400), and a held lock is
    still waited for."""
    start(cli, "club", "--target", "100000")
    windows_stand_in(monkeypatch)
    assert isinstance(locking.backend(), locking.WindowsLock)
    assert cli("hand", *TWO).code == 0
    assert cli("edit", "1", *THREE).code == 0
    assert cli("undo").code == 0
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=append_hands, args=(str(home), 12)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
        assert w.exitcode == 0
    status = cli("status", "--json").json()
    assert status["hands"] == 24
    assert [s["score"] for s in status["sides"]] == [13440, 20400]
    monkeypatch.setenv(locking.TIMEOUT_ENV, "0.2")
    with locking.hold(home / ".club.toml.lock", "club"):
        run = cli("hand", *TWO)
    assert run.code == 2 and "gave up" in run.err


def test_no_way_to_lock_is_an_error_not_a_crash(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start(cli)
    before = (home / "club.toml").read_bytes()
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setitem(sys.modules, "msvcrt", None)
    run = cli("hand", *TWO)
    assert run.code == 2 and "no way to lock" in run.err
    assert (home / "club.toml").read_bytes() == before
