"""status --chart: the running totals of a fixed game drawn at 40, 80 and 120 columns.

The game repeats RULES 2.7 example C5 (the side going out scores 1,240, the other 225), the
sides taking turns to go out, under Classic's target of 5,000 and the initial-meld tiers of
RULES 2.2 (thresholds 1,500 and 3,000). Totals after hands 1-4: 1,240 / 225, 1,465 / 1,465,
2,705 / 1,690, 2,930 / 2,930.

The chart is 12 rows from 5,000 (the target, above the highest total) down to 0, so a score s
sits on row round((5,000 - s) / 5,000 * 11): 5,000 on row 0, 3,000 on row 4, 1,500 on row 8,
0 on row 11, and 2,930 (both sides at the end) on row 5.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from canasta_score.games.game import replay
from canasta_score.games.store import Store
from canasta_score.output.chart import chart_data, svg_chart, text_chart
from tests.sample_games import SIDES, c5_game


def plot_rows(text: str) -> list[str]:
    """The chart's 12 plot rows (from the row labelled 5,000 on)."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("5,000 "))
    return lines[top : top + 12]


def test_chart_data_follows_the_totals_c5_and_the_tiers_of_rules_2_2() -> None:
    log = replay(c5_game())
    data = chart_data(log.summary(), log.rs)
    assert data.totals == ((0, 1240, 1465, 2705, 2930), (0, 225, 1465, 1690, 2930))
    assert data.target == 5000
    assert [(t.score, t.minimum) for t in data.shown_thresholds()] == [(1500, 90), (3000, 120)]


@pytest.mark.parametrize("width", [40, 80, 120])
def test_text_chart_fits_the_width_with_target_and_tier_lines(width: int) -> None:
    log = replay(c5_game())
    text = text_chart(chart_data(log.summary(), log.rs), width)
    assert all(len(line) <= width for line in text.splitlines())
    rows = plot_rows(text)
    columns = width - len("5,000 ┤")
    labels = [row[:5].strip() for row in rows]
    assert labels == ["5,000", "", "", "", "3,000", "", "", "", "1,500", "", "", "0"]
    plot = [row[7:].ljust(columns) for row in rows]
    assert set(plot[0]) == {"═"}  # the target, above every total
    assert plot[4].count("┄") > columns // 2 and plot[8].count("┄") > columns // 2
    # Both sides start at 0 and end at 2,930 together; Ann & Bob leads after hand 1.
    assert plot[11][0] == "◎" and plot[5][-1] == "◎"
    last = [row[-1] for row in plot]
    assert last == ["═", " ", " ", " ", "┄", "◎", " ", " ", "┄", " ", " ", " "]
    after_one = round((columns - 1) / 4)
    assert plot[8][after_one] == "●" and plot[11][after_one] == "○"  # 1,240 and 225
    assert "● Ann & Bob 2,930" in text and "○ Cy & Di 2,930" in text
    lines = text.splitlines()
    ticks = lines[lines.index(rows[0]) + 13]
    assert len(ticks) == width and ticks.endswith("4")  # the last hand under the last column


@pytest.mark.parametrize("width", [40, 80, 120])
def test_ascii_chart_when_the_terminal_cannot_draw_marks(width: int) -> None:
    log = replay(c5_game())
    text = text_chart(chart_data(log.summary(), log.rs), width, unicode=False)
    assert text.isascii()
    assert all(len(line) <= width for line in text.splitlines())
    plot = plot_rows(text)
    assert set(plot[0][7:]) == {"="} and plot[5].rstrip().endswith("X")
    assert "* Ann & Bob 2,930" in text and "= target 5,000" in text


def test_too_narrow_for_a_chart_gives_the_totals_as_lines() -> None:
    log = replay(c5_game(2))
    text = text_chart(chart_data(log.summary(), log.rs), 24)
    assert text.splitlines() == [
        "club-night: running",
        "totals",
        "target 5,000",
        "hand 1",
        "  Ann & Bob 1,240",
        "  Cy & Di 225",
        "hand 2",
        "  Ann & Bob 1,465",
        "  Cy & Di 1,465",
    ]
    assert all(len(line) <= 24 for line in text.splitlines())


def test_no_hands_yet() -> None:
    log = replay(c5_game(0))
    assert text_chart(chart_data(log.summary(), log.rs), 80) == "club-night: no hands yet."


def test_svg_geometry_one_polyline_per_side_ending_at_the_totals() -> None:
    log = replay(c5_game())
    svg = svg_chart(chart_data(log.summary(), log.rs))
    assert [line.side for line in svg.lines] == list(SIDES)
    assert [line.total for line in svg.lines] == [2930, 2930]
    # Five points each (0 and four hands), from the left edge at 0 to the right edge.
    first = svg.lines[0].points.split()
    assert len(first) == 5
    assert first[0] == f"{svg.left:.1f},{svg.bottom:.1f}"
    assert first[-1].startswith(f"{svg.right:.1f},")
    assert [r.kind for r in svg.rules] == ["tier", "tier", "target"]
    assert svg.rules[-1].y == svg.top


@pytest.mark.parametrize("width", ["40", "80", "120"])
def test_status_chart_command_fits_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, width: str
) -> None:
    from canasta_score.cli import app

    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", width)
    Store(tmp_path).create(c5_game(), "taken")
    result = CliRunner().invoke(app, ["status", "--chart"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "club-night: running totals by hand"
    assert all(len(line) <= int(width) for line in lines)
    assert "target 5,000" in result.output


def test_status_chart_and_json_together_are_refused(tmp_path: Path) -> None:
    Store(tmp_path).create(c5_game(), "taken")
    done = subprocess.run(
        [sys.executable, "-m", "canasta_score", "status", "--chart", "--json"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "CANASTA_SCORE_HOME": str(tmp_path)},
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "Error: --chart draws the totals; give --chart or --json, not both\n"


@pytest.mark.parametrize("width", [40, 80, 120])
def test_a_negative_total_is_drawn_below_the_zero_row_and_labelled(width: int) -> None:
    """Issue 21, item 12: Ann & Bob at 3,000 and Cy & Di at -220 after one hand, target 5,000
    (shown, as 5,000 is at most three times 3,000). On a plain scale of 12 rows from 5,000
    down to -220 a row is 5,220 / 11 = 474.5 points, so 0 (row round(5,000 / 474.5) =
    round(10.54) = 11) and -220 (row 11) would share the bottom row. The chart keeps the
    bottom row for the negative score, labelled -220, and draws 0 on the row above it (row
    10), labelled 0."""
    from canasta_score.output.chart import ChartData

    data = ChartData("night", SIDES, ((0, 3000), (0, -220)), 5000, ())
    text = text_chart(data, width)
    assert all(len(line) <= width for line in text.splitlines())
    rows = plot_rows(text)
    assert [row[:5].strip() for row in rows[10:]] == ["0", "-220"]
    plot = [row[7:] for row in rows]
    assert plot[11].rstrip().endswith("○")  # Cy & Di ends at -220, on the bottom row
    assert plot[10][0] == "◎"  # both sides start at 0, on the zero row
