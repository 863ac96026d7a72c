"""status --chart: the running totals drawn in the terminal."""

from __future__ import annotations

import os
import shutil
import sys
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from canasta_score.games.summary import Summary
    from canasta_score.rules.ruleset import Ruleset


def can_draw() -> bool:
    """Whether standard output can show the chart's Unicode marks (else ASCII is used)."""
    if os.environ.get("TERM") == "dumb":
        return False
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding in ("utf8", "utf8sig")


def show(summary: Summary, rs: Ruleset) -> None:
    """Print the chart fitted to the terminal's width ($COLUMNS when set)."""
    from canasta_score.output.chart import chart_data, text_chart

    width = shutil.get_terminal_size((80, 24)).columns
    typer.echo(text_chart(chart_data(summary, rs), width, unicode=can_draw()))
