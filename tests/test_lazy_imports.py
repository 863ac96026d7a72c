"""Start-up stays lean: a ruling command loads only what it needs (issue: start-up speed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from canasta_score.cli import OWNER, app

PROBE = """
import json, sys
from canasta_score.rules import catalog
read = []
real = catalog.read_toml
def counting(path):
    read.append(path.name)
    return real(path)
catalog.read_toml = counting
from canasta_score.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps({"modules": sorted(sys.modules), "read": read}), file=sys.stderr)
"""

NOT_NEEDED = (
    "tabulate",
    "tomli_w",
    "canasta_score.output.export",
    "canasta_score.games.store",
    "canasta_score.games.game",
    "canasta_score.hands.entry",
    "canasta_score.hands.scoring",
    "canasta_score.hands.record",
    "canasta_score.judging.batch",
    "prompt_toolkit",
    "canasta_score.cli.shell",
)


def probe(*args: str, cache: Path | None = None) -> dict[str, list[str]]:
    """Run the command line in a fresh interpreter; report its modules and the TOML it read.
    ``cache`` is the compiled-ruleset folder (default: an empty one, so rulesets are built)."""
    with tempfile.TemporaryDirectory(prefix="canasta-score-cache-") as empty:
        # A home without games: a ruling then takes no game's ruleset and loads no store.
        env = {
            **os.environ,
            "CANASTA_SCORE_CACHE": str(cache or empty),
            "CANASTA_SCORE_HOME": str(empty),
        }
        done = subprocess.run(
            [sys.executable, "-c", PROBE, *args],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
    report: dict[str, list[str]] = json.loads(done.stderr.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize(
    ("args", "files"),
    [
        (["min-meld", "--score", "1500", "--json"], ["classic.toml"]),
        (["check", "meld", "K K 2", "--json"], ["classic.toml"]),
        (
            ["check", "meld", "K K 2", "--ruleset", "modern-american"],
            ["modern-american.toml", "classic.toml"],
        ),
        (
            ["min-meld", "--score", "50", "--ruleset", "modern-american", "--json"],
            ["modern-american.toml", "classic.toml"],
        ),
    ],
)
def test_ruling_commands_load_no_tables_no_writers_no_game_code_and_one_ruleset(
    args: list[str], files: list[str]
) -> None:
    report = probe(*args)
    loaded = set(report["modules"])
    assert "canasta_score.judging.checks" in loaded
    assert sorted(m for m in NOT_NEEDED if m in loaded) == []
    assert report["read"] == files


def test_min_meld_judges_no_meld() -> None:
    """The minimum needs the ruleset's tiers only: no meld judging, no rulings."""
    loaded = set(probe("min-meld", "--score", "1500", "--json")["modules"])
    assert "canasta_score.rules.minimum" in loaded
    assert sorted(loaded & {"canasta_score.judging.melds", "canasta_score.judging.judge"}) == []


def test_stats_as_json_loads_no_table_or_sheet_code() -> None:
    """``stats --json`` prints the figures as data: the tables and the score sheet that draw
    them for a person are never loaded."""
    loaded = set(probe("stats", "--json")["modules"])
    assert "canasta_score.cli.stats" in loaded
    unwanted = {"tabulate", "canasta_score.cli.sheet", "canasta_score.cli.tables"}
    assert sorted(loaded & unwanted) == []


# What ``check meld`` loads of the package once its ruleset is in the compiled cache.
CHECK_MELD_MODULES = [
    "canasta_score",
    "canasta_score.cli",
    "canasta_score.cli.batch",
    "canasta_score.cli.check",
    "canasta_score.cli.commands",
    "canasta_score.cli.common",
    "canasta_score.cli.languages",
    "canasta_score.cli.stores",
    "canasta_score.cli.terminal",
    "canasta_score.core",
    "canasta_score.core.errors",
    "canasta_score.core.frozen",
    "canasta_score.core.language",
    "canasta_score.core.safe_text",
    "canasta_score.judging",
    "canasta_score.judging.checks",
    "canasta_score.judging.going_out",
    "canasta_score.judging.judge",
    "canasta_score.judging.melds",
    "canasta_score.judging.ruling",
    "canasta_score.rules",
    "canasta_score.rules.cards",
    "canasta_score.rules.catalog",
    "canasta_score.rules.kinds",
    "canasta_score.rules.rulecache",
    "canasta_score.rules.ruleset",
    "canasta_score.rules.schema",
]


def test_a_cached_ruleset_is_read_without_toml_or_building(tmp_path: Path) -> None:
    """The second run of a ruling finds its ruleset compiled: no TOML parser, no file read."""
    first = probe("check", "meld", "K K 2", "--json", cache=tmp_path)
    assert first["read"] == ["classic.toml"]
    again = probe("check", "meld", "K K 2", "--json", cache=tmp_path)
    assert again["read"] == []
    assert "tomllib" not in again["modules"]
    assert [m for m in again["modules"] if m.startswith("canasta_score")] == CHECK_MELD_MODULES


def test_a_damaged_cache_entry_is_rebuilt(tmp_path: Path) -> None:
    probe("min-meld", "--json", cache=tmp_path)
    (entry,) = tmp_path.iterdir()
    entry.write_bytes(b"\x00not a ruleset")
    assert probe("min-meld", "--json", cache=tmp_path)["read"] == ["classic.toml"]
    assert probe("min-meld", "--json", cache=tmp_path)["read"] == []


def test_an_unwritable_cache_folder_changes_no_answer(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    report = probe("check", "meld", "K K 2", "--json", cache=blocked / "cache")
    assert report["read"] == ["classic.toml"]


def every_command_line() -> list[list[str]]:
    """The words that name each command and subcommand of the program."""
    root = typer.main.get_command(app)
    lines = []
    for name in OWNER:
        lines.append([name])
        command = root.commands[name]  # type: ignore[attr-defined]
        lines += [[name, sub] for sub in getattr(command, "commands", {})]
    return lines


def test_the_help_lists_every_command_in_the_order_of_the_map() -> None:
    output = CliRunner().invoke(app, ["--help"]).output
    listed = [
        line.split()[0] for line in output.split("Commands:")[1].splitlines() if line[2:3].strip()
    ]
    assert listed == list(OWNER)


@pytest.mark.parametrize("words", every_command_line(), ids=" ".join)
def test_every_command_line_has_its_help(words: list[str]) -> None:
    result = CliRunner().invoke(app, [*words, "--help"])
    assert result.exit_code == 0
    assert result.output.startswith(f"Usage: canasta-score {' '.join(words)} ")
    assert "<str>" not in result.output and "<int>" not in result.output


def test_a_command_line_builds_only_the_command_it_names() -> None:
    """``check meld`` builds the ``check`` group and its ``meld`` command, nothing else; the
    answer is the contract's (one natural card: RULES 1.4, min_naturals, exit 1)."""
    root = typer.main.get_command(app)
    code = root.main(["check", "meld", "K 2 2"], standalone_mode=False)
    assert code == 1
    assert list(root.commands.given) == ["check"]  # type: ignore[attr-defined]
    check = root.commands["check"]  # type: ignore[attr-defined]
    assert list(check.commands.given) == ["meld"]


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [(["stauts"], "Did you mean 'stats', 'status'?"), (["check", "mld"], "Did you mean 'meld'?")],
)
def test_a_misspelt_command_is_told_the_close_names(args: list[str], suggestion: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert suggestion in result.output


def test_a_command_built_in_korean_has_its_help_in_korean(cli: Any) -> None:
    """A command built when named gets its help in the language in use, options included."""
    shown = cli("--lang", "ko", "check", "meld", "--ruleset", "classic", "--help").out
    english = cli("--lang", "en", "check", "meld", "--help").out
    assert "Is this meld legal" in english and "The cards" in english
    assert "Is this meld legal" not in shown and "The cards" not in shown
    assert any("\uac00" <= ch <= "\ud7a3" for ch in shown)  # Hangul


def test_the_words_of_every_help_page_are_said_in_korean_too(cli: Any) -> None:
    """The usage line, the section headings and the help option's own text are the program's
    words, said in the language in use (Click's are English only)."""
    for args in (["check", "meld"], ["rules", "show"], []):
        shown = cli("--lang", "ko", *args, "--help").out
        english = cli("--lang", "en", *args, "--help").out
        assert shown.startswith("사용법: ") and english.startswith("Usage: ")
        assert "이 도움말을 보여 주고 끝냅니다." in shown and "Show this message" not in shown
        assert "\n옵션:\n" in shown and "\nOptions:\n" in english
    assert "\n명령:\n" in cli("--lang", "ko", "--help").out
    # Click's bracketed notes after an option's help too.
    assert "[기본: json]" in cli("--lang", "ko", "export", "--help").out
    assert "[default: json]" in cli("--lang", "en", "export", "--help").out
    assert "[필수]" in cli("--lang", "ko", "check", "meld", "--help").out


def test_ruling_commands_do_not_load_the_game_commands() -> None:
    loaded = set(probe("check", "meld", "K K 2")["modules"])
    assert "canasta_score.cli.game" not in loaded and "canasta_score.cli.stats" not in loaded


def test_entry_freezes_the_collector_at_exit_and_keeps_the_exit_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The installed program runs main, then leaves its objects to the process's end
    (``gc.freeze``), whatever the exit code: 1 for an illegal meld (CONTRACT exit codes)."""
    import gc

    from canasta_score import cli

    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(sys, "argv", ["canasta-score", "check", "meld", "K 2 2"])
    with pytest.raises(SystemExit) as done:
        cli.entry()
    assert done.value.code == 1  # one natural card: a meld needs two (RULES 1.4, min_naturals)
    assert frozen == [True]
    assert "ILLEGAL" in capsys.readouterr().out


def test_the_module_and_the_installed_program_share_the_entry_point() -> None:
    """``python -m canasta_score`` and the ``canasta-score`` script both run ``__main__.main``,
    which sets the collector before it imports the command line."""
    import gc
    import tomllib

    root = Path(__file__).resolve().parent.parent
    scripts = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert scripts["project"]["scripts"]["canasta-score"] == "canasta_score.__main__:main"
    main_module = (root / "canasta_score" / "__main__.py").read_text(encoding="utf-8")
    assert 'if __name__ == "__main__":\n    main()' in main_module
    code = (
        "import gc, sys\n"
        "from canasta_score.__main__ import main\n"
        "sys.argv = ['canasta-score', '--version']\n"
        "try:\n    main()\n"
        "finally:\n    print(gc.get_threshold()[0], 'canasta_score.cli' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.splitlines()[-1] == "100000 True"
    import canasta_score.__main__  # importing it (as tests do) leaves the collector alone

    assert gc.get_threshold()[0] != canasta_score.__main__.YOUNG_OBJECTS
