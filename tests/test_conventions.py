"""Command-line conventions: --version, -h, shell completion, colour on a terminal only, and help
placeholders written as words."""

from __future__ import annotations

import subprocess
from importlib.metadata import version
from pathlib import Path

import pytest
import typer
from terminal import PROGRAM, Terminal
from typer.testing import CliRunner

from canasta_score.cli import app


def every_command_line() -> list[list[str]]:
    """The words that name each command and subcommand of the app."""
    root = typer.main.get_command(app)
    lines = []
    for name in root.list_commands(None):  # type: ignore[attr-defined]
        lines.append([name])
        command = root.commands[name]  # type: ignore[attr-defined]
        lines += [[name, sub] for sub in getattr(command, "commands", {})]
    return lines


GREEN_LEGAL = "\x1b[1;32mLEGAL\x1b[0m"
RED_ILLEGAL = "\x1b[1;31mILLEGAL\x1b[0m"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "CANASTA_SCORE_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "TERM": "xterm",
        "COLUMNS": "120",
        "HOME": str(tmp_path),
    }


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PROGRAM), *args], env=env, capture_output=True, text=True)


def test_version_is_the_installed_version(env: dict[str, str]) -> None:
    done = run(env, "--version")
    assert (done.returncode, done.stdout) == (0, f"canasta-score {version('canasta-score')}\n")


@pytest.mark.parametrize("words", [[], *every_command_line()], ids=" ".join)
def test_dash_h_is_help_and_placeholders_are_words(words: list[str]) -> None:
    runner = CliRunner()
    long = runner.invoke(app, [*words, "--help"])
    short = runner.invoke(app, [*words, "-h"])
    assert long.exit_code == short.exit_code == 0
    assert short.output == long.output
    for python_type in ("<str>", "<int>", "<list[", "<bool>", "<float>"):
        assert python_type not in long.output


def test_help_names_cards_counts_and_names_in_words() -> None:
    runner = CliRunner()
    pickup = runner.invoke(app, ["check", "pickup", "-h"]).output
    assert "--top CARD" in pickup and "--hand CARDS" in pickup and "--score N" in pickup
    assert "--game NAME" in runner.invoke(app, ["status", "-h"]).output
    assert "N" in runner.invoke(app, ["edit", "-h"]).output.split("\n")[0]


def complete(env: dict[str, str], line: str) -> list[str]:
    """What bash completion offers for the last word of ``line``."""
    words = line.split(" ")
    shell = {
        **env,
        "_CANASTA_SCORE_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
    }
    done = subprocess.run([str(PROGRAM)], env=shell, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_shell_completion_of_commands_ruleset_ids_and_game_names(env: dict[str, str]) -> None:
    run(env, "new", "club-night", "--side", "A", "--side", "B")
    run(env, "new", "cup-final", "--side", "A", "--side", "B")
    assert complete(env, "canasta-score sta") == ["status", "stats"]
    assert complete(env, "canasta-score ex") == ["export"]
    assert complete(env, "canasta-score check go") == ["go-out"]
    assert complete(env, "canasta-score check meld K --ruleset mo") == ["modern-american"]
    assert complete(env, "canasta-score status --game cl") == ["club-night"]
    assert complete(env, "canasta-score play --game c") == ["club-night", "cup-final"]
    # The shell is named, not detected from the processes above the test (which may be none).
    named = {**env, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    shown = run(named, "--show-completion", "bash")
    assert "_CANASTA_SCORE_COMPLETE" in shown.stdout


def on_terminal(env: dict[str, str], *args: str) -> str:
    term = Terminal(list(args), env)
    term.finish()
    return term.seen


def test_colour_on_a_terminal_only(env: dict[str, str]) -> None:
    """RULES 1.4: K K 2 is a legal meld, K 2 2 is not (wilds may not outnumber naturals)."""
    assert GREEN_LEGAL in on_terminal(env, "check", "meld", "K K 2")
    assert RED_ILLEGAL in on_terminal(env, "check", "meld", "K 2 2")
    assert "\x1b[" not in on_terminal(env, "check", "meld", "K K 2", "--json")
    assert "\x1b[" not in on_terminal({**env, "NO_COLOR": "1"}, "check", "meld", "K K 2")
    piped = run(env, "check", "meld", "K K 2")
    assert piped.stdout.startswith("LEGAL") and "\x1b[" not in piped.stdout


def test_warnings_in_colour_on_a_terminal_never_with_json(env: dict[str, str]) -> None:
    """RULES 2.2: at 0 the minimum is 50; a side melding a count of 15 is warned about."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    hand = ["hand", "A: 15 melded", "B: 0 melded"]
    shown = on_terminal(env, *hand)
    assert "\x1b[1;33mwarning:\x1b[0m" in shown and "below its initial-meld minimum of 50" in shown
    assert "\x1b[" not in on_terminal(env, *hand, "--json")
