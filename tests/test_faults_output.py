"""Output never fails after a change is saved (docs/reliability.md): a terminal whose encoding
lacks a character (a Latin-1 or EUC-KR locale) gets it escaped, and the command ends as it
should, with its change saved once."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# A hand of RULES example C5's shape: us 300 + 500 (a natural canasta) + 100 (out) = 900;
# them 50 melded.
QUICK = ["Ann \u2013 Bob: 300 melded, 1 natural, out", "중 & 국: 50 melded"]


def run(home: Path, encoding: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "CANASTA_SCORE_HOME": str(home),
        "PYTHONIOENCODING": encoding,
        "LC_ALL": "C",
    }
    return subprocess.run(
        # As bytes: the arguments are UTF-8 whatever the locale this test runs in.
        [sys.executable, "-m", "canasta_score", *(a.encode("utf-8") for a in args)],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        check=False,
    )


@pytest.mark.parametrize("encoding", ["latin-1", "euc-kr", "ascii"])
def test_a_hand_saved_under_a_narrow_encoding_prints_without_a_crash(
    tmp_path: Path, encoding: str
) -> None:
    home = tmp_path / "home"
    made = run(home, "utf-8", "new", "club", "--side", "Ann \u2013 Bob", "--side", "중 & 국")
    assert made.returncode == 0, made.stderr
    for args in (("hand", *QUICK), ("--lang", "ko", "status"), ("export", "--format", "html")):
        done = run(home, encoding, *args)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stdout + done.stderr
    status = json.loads(run(home, "utf-8", "status", "--json").stdout)
    assert status["hands"] == 1
    assert [s["score"] for s in status["sides"]] == [900, 50]


def test_an_argument_that_is_not_utf8_is_refused_naming_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    # A UTF-8 locale (Python reads the C locale as UTF-8): under a one-byte locale such as
    # Latin-1 every byte is a character.
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home), "LC_ALL": "C"}
    args = [b"new", b"club", b"--side", b"x: Ca\x9brl", b"--side", b"b"]
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"canasta_score", *args], env=env, capture_output=True
    )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert done.stderr.startswith(b"Error: the argument x: Ca\\x9brl is not valid text")
    assert run(home, "utf-8", "games", "--json").stdout.count('"name"') == 0


def test_play_edit_with_a_digit_int_refuses_is_an_error_and_the_session_goes_on(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    assert run(home, "utf-8", "new", "club", "--side", "a", "--side", "b").returncode == 0
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "canasta_score", "play"],
        input="edit ²\nstatus\n",
        env=env,
        capture_output=True,
        text=True,
    )
    assert "Traceback" not in done.stdout + done.stderr
    assert 'give the hand to replace, e.g. "edit 3"' in done.stdout + done.stderr
    assert "No hands yet." in done.stdout


def test_a_piped_play_session_exits_2_naming_the_lines_that_failed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "utf-8", "new", "club", "--side", "a", "--side", "b").returncode == 0
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    play = [sys.executable, "-m", "canasta_score", "play"]
    done = subprocess.run(
        play, input="bogus\nstatus\nedit 9\n", env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        "Error: lines 1, 3 of the session failed (each said why above)"
    )
    fine = subprocess.run(
        play, input="status\nmeld K K K\n", env=env, capture_output=True, text=True
    )
    assert fine.returncode == 0, fine.stderr


def test_a_piped_play_session_reads_no_line_past_the_limit(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert run(home, "utf-8", "new", "club", "--side", "a", "--side", "b").returncode == 0
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home)}
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "canasta_score", "play"],
            stdin=zero,
            env=env,
            capture_output=True,
        )
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert b"longer than the limit of 1,048,576 characters" in done.stderr


def test_a_history_file_that_is_a_folder_is_skipped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import prompt_toolkit
    from prompt_toolkit.history import InMemoryHistory

    from canasta_score.cli import play

    (tmp_path / play.HISTORY).mkdir()
    made: list[object] = []
    real = prompt_toolkit.PromptSession

    def session(*args: object, **kwargs: object) -> object:
        made.append(kwargs.get("history"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(prompt_toolkit, "PromptSession", session)
    play.terminal_readers(tmp_path, ["a", "b"])
    assert isinstance(made[0], InMemoryHistory)
    assert "cannot keep the history of commands" in capsys.readouterr().err


def test_a_history_file_that_is_a_link_is_not_written_through_and_a_new_one_is_given_away(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link planted at the history's name is not followed (the history is kept in memory,
    with a warning); a history file made anew is handed to the store, which gives it to the
    home's owner."""
    import prompt_toolkit
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from canasta_score.cli import play

    made: list[object] = []
    real = prompt_toolkit.PromptSession

    def session(*args: object, **kwargs: object) -> object:
        made.append(kwargs.get("history"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(prompt_toolkit, "PromptSession", session)
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / play.HISTORY).symlink_to(victim)
    given: list[Path] = []
    play.terminal_readers(linked, ["a", "b"], given.append)
    assert isinstance(made[0], InMemoryHistory) and given == []
    assert "cannot keep the history of commands" in capsys.readouterr().err
    assert victim.read_bytes() == b"keep me"
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    made.clear()
    play.terminal_readers(fresh, ["a", "b"], given.append)
    assert isinstance(made[0], FileHistory) and given == [fresh / play.HISTORY]


@pytest.mark.parametrize("entered", ["=1+2", "<b>x</b>|a|b|", "\x1b[2J"])
def test_a_hand_entered_at_no_date_is_refused_on_the_way_in(tmp_path: Path, entered: str) -> None:
    """A hand's ``entered`` becomes a date cell of the CSV and Markdown: only an ISO 8601 date
    and time gets in (a record file, or a log to import)."""
    home = tmp_path / "home"
    assert run(home, "utf-8", "new", "club", "--side", "a", "--side", "b").returncode == 0
    record = tmp_path / "hand.toml"
    record.write_text(
        f'entered = {json.dumps(entered)}\n\n[[side]]\nname = "a"\nmeld_points = 300\n'
        'canastas = { natural = 1 }\nwent_out = true\n\n[[side]]\nname = "b"\nmeld_points = 50\n',
        encoding="utf-8",
    )
    done = run(home, "utf-8", "hand", "--file", str(record))
    assert done.returncode == 2 and "entered must be a date and time" in done.stderr
    quick = ["a: 300 melded, 1 natural, out", "b: 50 melded"]
    assert run(home, "utf-8", "hand", *quick).returncode == 0
    log = json.loads(run(home, "utf-8", "export").stdout)
    log["hands"][0]["entered"] = entered
    for broken in (log, {**log, "hands": [], "created": entered}):
        (tmp_path / "log.json").write_text(json.dumps(broken), encoding="utf-8")
        imported = run(home, "utf-8", "import", str(tmp_path / "log.json"), "--name", "copy")
        assert imported.returncode == 2, imported.stdout
        assert "must be a date and time" in imported.stderr
    assert json.loads(run(home, "utf-8", "games", "--json").stdout)["games"][0]["name"] == "club"


def test_html_pages_drop_control_characters_and_bidi_overrides_from_names(tmp_path: Path) -> None:
    home = tmp_path / "home"
    name = "Ann\x1b[2J\x07\u202eBob"
    made = run(home, "utf-8", "new", "club", "--side", name, "--side", "b")
    assert made.returncode == 0, made.stderr
    quick = [f"{name}: 300 melded, 1 natural, out", "b: 50 melded"]
    assert run(home, "utf-8", "hand", *quick).returncode == 0
    page = run(home, "utf-8", "export", "--format", "html").stdout
    out = tmp_path / "stats.html"
    assert run(home, "utf-8", "stats", "--html", str(out)).returncode == 0
    for text in (page, out.read_text(encoding="utf-8")):
        assert not any(c in text for c in ("\x1b", "\x07", "\u202e"))
    assert "AnnBob" in page


# ---------------------------------------------------------------- real locales

# Each locale with the encoding its programs write: Python reads the C locale as UTF-8 (its
# UTF-8 mode); Latin-1 lacks the en dash and every Korean letter; EUC-KR lacks the en dash.
LOCALES = {"C": "utf-8", "en_US.ISO-8859-1": "iso8859-1", "ko_KR.EUC-KR": "euc-kr"}


@functools.cache
def locale_folder() -> Path | None:
    """A folder holding the Latin-1 and EUC-KR locales (for ``LOCPATH``), made once per
    machine with ``localedef``; None where they cannot be made."""
    folder = Path(tempfile.gettempdir()) / f"canasta-score-locales-{os.getuid()}"
    wanted = [n for n in LOCALES if n != "C"]
    if all((folder / n / "LC_CTYPE").is_file() for n in wanted):
        return folder
    made = Path(tempfile.mkdtemp(prefix="canasta-score-locales-"))
    for name in wanted:
        source, charset = name.split(".")
        try:
            subprocess.run(
                ["localedef", "-i", source, "-f", charset, str(made / name)],
                capture_output=True,
                check=False,
                timeout=120,
            )
        except OSError:
            return None
        if not (made / name / "LC_CTYPE").is_file():
            return None
    with contextlib.suppress(OSError):
        made.rename(folder)  # another process may have made it first: either will do
    return folder if folder.is_dir() else made


def in_locale(name: str, home: Path) -> dict[str, str]:
    """The environment of a program run under the locale ``name`` (nothing else chooses an
    encoding for it)."""
    folder = locale_folder()
    if folder is None:
        if os.environ.get("CI"):
            pytest.fail("localedef cannot make the Latin-1 and EUC-KR locales")
        pytest.skip("localedef cannot make the Latin-1 and EUC-KR locales here")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO"))}
    env.pop("PYTHONUTF8", None)
    return {
        **env,
        "LANG": name,
        "LC_ALL": name,
        "LOCPATH": str(folder),
        "CANASTA_SCORE_HOME": str(home),
    }


@pytest.mark.parametrize("name", list(LOCALES))
def test_every_command_runs_under_a_locale_that_lacks_the_names_characters(
    tmp_path: Path, name: str
) -> None:
    """Under the C locale, Latin-1 and EUC-KR every command ends as it should, writes only
    what the locale's encoding holds (what it lacks is escaped), and a hand is saved once."""
    home = tmp_path / "home"
    made = run(home, "utf-8", "new", "club", "--side", "Ann \u2013 Bob", "--side", "중 & 국")
    assert made.returncode == 0, made.stderr
    record = tmp_path / "hand.toml"
    record.write_text(
        '[[side]]\nname = "Ann \u2013 Bob"\nmeld_points = 300\ncanastas = { natural = 1 }\n'
        'went_out = true\n\n[[side]]\nname = "중 & 국"\nmeld_points = 50\n',
        encoding="utf-8",
    )
    env = in_locale(name, home)
    encoding = LOCALES[name]
    commands = [
        ("hand", "--file", str(record)),
        ("undo",),
        ("redo",),
        ("status",),
        ("history", "--detail"),
        ("games",),
        ("stats",),
        *(("export", "--format", f) for f in ("json", "toml", "csv", "md", "html")),
        ("--lang", "ko", "history"),
        ("--lang", "ko", "check", "meld", "K K 2", "--initial"),
        ("score-hand", str(record), "--ruleset", "classic"),
    ]
    for args in commands:
        done = subprocess.run(
            [sys.executable, "-m", "canasta_score", *args],
            env=env,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        assert done.returncode in (0, 1), (args, done.stderr)
        assert b"Traceback" not in done.stderr, args
        done.stdout.decode(encoding)  # only what the locale's encoding holds
        done.stderr.decode(encoding)
    # A name typed in UTF-8 where the locale is not: no such game (EUC-KR cannot read the
    # bytes: the argument is named), never a traceback.
    other = [sys.executable.encode(), b"-m", b"canasta_score", b"status", b"--game"]
    done = subprocess.run(
        [*other, "Ann \u2013 Bob".encode()], env=env, capture_output=True, check=False
    )
    assert done.returncode == 2 and done.stderr.startswith(b"Error: "), done.stderr
    status = json.loads(run(home, "utf-8", "status", "--json").stdout)
    # RULES 2.6 (example C5's shape): 300 melded + 500 natural canasta + 100 out = 900.
    assert status["hands"] == 1
    assert [s["score"] for s in status["sides"]] == [900, 50]
