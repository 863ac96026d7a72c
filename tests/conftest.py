"""Shared fixtures: bundled rulesets, the hand records under tests/data/, a game made by a real
process. Plain helper functions live in ``helpers.py``."""

from __future__ import annotations

import atexit
import io
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import Cli, Run
from hypothesis import settings

from canasta_score.rules.catalog import load_ruleset
from canasta_score.rules.ruleset import Ruleset

DATA = Path(__file__).parent / "data"

# Property tests check values, not speed: on a busy machine an example may take longer than
# Hypothesis's default 200 ms deadline, which would fail a test whose answers are all right.
settings.register_profile("values", deadline=None)
settings.load_profile("values")


def pytest_configure(config: pytest.Config) -> None:
    """Compiled rulesets go to a fresh folder, never the user's cache; it goes at the end."""
    if "CANASTA_SCORE_CACHE" not in os.environ:
        folder = tempfile.mkdtemp(prefix="canasta-score-cache-")
        os.environ["CANASTA_SCORE_CACHE"] = folder
        atexit.register(shutil.rmtree, folder, True)


@pytest.fixture(autouse=True)
def english_after_each_test() -> Any:
    """A test that speaks Korean in this process leaves English behind for the next one."""
    from canasta_score.core import language

    yield
    language.use(language.ENGLISH)


@pytest.fixture(scope="session")
def classic() -> Ruleset:
    return load_ruleset("classic")


@pytest.fixture(scope="session")
def classic2() -> Ruleset:
    return load_ruleset("classic", players=2)


@pytest.fixture(scope="session")
def classic3() -> Ruleset:
    return load_ruleset("classic", players=3)


@pytest.fixture(scope="session")
def modern() -> Ruleset:
    return load_ruleset("modern-american")


@pytest.fixture(scope="session")
def c5_path() -> Path:
    """RULES 2.7, example C5 (side A goes out): A scores 1,240 and B 225."""
    return DATA / "classic_c5.toml"


@pytest.fixture(scope="session")
def c5_text(c5_path: Path) -> str:
    """Example C5 as TOML text."""
    return c5_path.read_text(encoding="utf-8")


@pytest.fixture
def c5(c5_text: str) -> dict[str, Any]:
    """Example C5 as a parsed record (a fresh copy for each test)."""
    return tomllib.loads(c5_text)


@pytest.fixture(scope="session")
def c5_unmelded_text() -> str:
    """Example C5 had side B never melded: A 1,240, B -365."""
    return (DATA / "classic_c5_unmelded.toml").read_text(encoding="utf-8")


@pytest.fixture
def c5_unmelded(c5_unmelded_text: str) -> dict[str, Any]:
    """Example C5 had side B never melded, as a parsed record."""
    return tomllib.loads(c5_unmelded_text)


@pytest.fixture
def hand_two() -> dict[str, Any]:
    """The contract's scenario hand 2 in totals: A 300 + 300 - 40 = 560, B 250 + 500 + 100 =
    850."""
    return tomllib.loads((DATA / "contract_hand_2.toml").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def opponent() -> str:
    """A side "B" that melded Q Q Q and holds nothing: the other side of one-side examples
    (TOML text to append to a record)."""
    return "\n" + (DATA / "opponent_queens.toml").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def new_game_process() -> Callable[[str, dict[str, str]], None]:
    """Create a game (us against them, a target no test reaches) in a real process."""

    def create(name: str, env: dict[str, str]) -> None:
        sides = ["--side", "us", "--side", "them", "--target", "10000000"]
        command = [sys.executable, "-m", "canasta_score", "new", name, *sides]
        subprocess.run(command, env=env, check=True, capture_output=True)

    return create


@pytest.fixture
def loaded_rulesets(
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[str, int | None, tuple[str, ...]]]:
    """Every ruleset loaded from now on in the test, as (ref, players, overrides)."""
    from canasta_score.rules import catalog

    loaded: list[tuple[str, int | None, tuple[str, ...]]] = []
    real = catalog.load_ruleset

    def counting(
        ref: str, *, players: int | None = None, overrides: list[str] | None = None
    ) -> Ruleset:
        loaded.append((ref, players, tuple(overrides or ())))
        return real(ref, players=players, overrides=overrides)

    monkeypatch.setattr(catalog, "load_ruleset", counting)
    return loaded


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """The game home of a test."""
    return tmp_path / "home"


@pytest.fixture
def cli(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Cli:
    """Run ``canasta-score ARGS`` in-process with its exit code. Never a traceback; exit 0, 1
    (an illegal ruling) or 2, and exit 2 ends with ``Error: ...`` (after any question whose
    answer came from a pipe, on the question's line)."""
    from canasta_score.cli import main

    monkeypatch.setenv("CANASTA_SCORE_HOME", str(home))
    monkeypatch.setenv("COLUMNS", "120")  # as the process tests have it (the env fixture)
    monkeypatch.chdir(tmp_path)

    def run(*args: str, stdin: str | io.StringIO = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
        capsys.readouterr()
        code: Any = 0
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        code = 0 if code is None else code
        assert code in (0, 1, 2), (args, code, err)
        if code == 2:
            assert "Error: " in err.splitlines()[-1], err
        return Run(code, out, err)

    return run


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment of the installed program run as a process: its own home, a plain
    terminal, 120 columns."""
    return {
        "CANASTA_SCORE_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "TERM": "dumb",
        "COLUMNS": "120",
        "HOME": str(tmp_path),
    }
