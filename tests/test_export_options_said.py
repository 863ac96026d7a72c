"""What ``export --full`` is refused with says what each format holds (docs/games.md: JSON and
TOML are the whole game log; CSV is the score sheet, HTML a page of the sheet and breakdowns)."""

from __future__ import annotations

import pytest
from helpers import Cli


@pytest.mark.parametrize("fmt", ["csv", "html"])
def test_full_with_a_sheet_format_does_not_claim_it_holds_the_whole_game(
    cli: Cli, fmt: str
) -> None:
    cli("new", "club", "--side", "A", "--side", "B")
    run = cli("export", "--format", fmt, "--full")
    assert run.code == 2 and "for the md format" in run.err
    assert "whole game" not in run.err


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_full_with_a_log_format_says_the_log_holds_the_whole_game(cli: Cli, fmt: str) -> None:
    cli("new", "club", "--side", "A", "--side", "B")
    run = cli("export", "--format", fmt, "--full")
    assert run.code == 2 and f"{fmt} always holds the whole game" in run.err
