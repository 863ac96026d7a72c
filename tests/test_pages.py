"""The HTML pages: export --format html and stats --html.

Names are shown as text whatever they hold (escaped), the page needs no network and no script,
the SVG chart parses and has one line per side, and every breakdown line cites its rule.
The page is also rendered in a real browser (tests/test_browser.py).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from canasta_score.games.game import replay
from canasta_score.games.store import Store
from canasta_score.output.chart import chart_data, svg_chart
from canasta_score.output.page import game_page, stats_page
from tests.sample_games import ODD, SIDES, c5_game, odd_game

SVG = "{http://www.w3.org/2000/svg}"


def svg_of(page: str) -> ET.Element:
    start, end = page.index("<svg"), page.index("</svg>") + len("</svg>")
    return ET.fromstring(page[start:end])


def test_names_are_escaped_in_the_game_page() -> None:
    page = game_page(replay(odd_game()))
    for raw in (*ODD, "Bo's & Di's night"):
        assert raw not in page
    assert "Bo&#39;s &amp; Di&#39;s night" in page
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; &#34;Bo&#34;" in page
    assert "Cy&#39;s &lt;script&gt;alert(1)&lt;/script&gt; &amp; Di" in page
    assert "<script" not in page


def test_game_page_is_self_contained() -> None:
    page = game_page(replay(odd_game()))
    assert not re.search(r"\b(src|href)\s*=|<link|@import|url\(", page, re.IGNORECASE)
    assert re.findall(r"https?://[^\s\"']+", page) == ["http://www.w3.org/2000/svg"]


def test_svg_parses_with_one_polyline_per_side_through_every_hand() -> None:
    page = game_page(replay(odd_game()))
    svg = svg_of(page)
    lines = svg.findall(f".//{SVG}polyline")
    assert len(lines) == 2
    # 0 before the first hand, then three hands: four points each.
    assert [len(line.attrib["points"].split()) for line in lines] == [4, 4]
    titles = [line.find(f"{SVG}title") for line in lines]
    # C5 three times: 1,240 + 225 + 1,240 and 225 + 1,240 + 225.
    assert [t.text for t in titles if t is not None] == [f"{ODD[0]}: 2,705", f"{ODD[1]}: 1,690"]


def test_sheet_and_breakdowns_cite_rule_ids_c5() -> None:
    page = game_page(replay(odd_game(1)))
    # RULES 2.7 C5, side A: 205 melded, 500 + 300 canastas, 200 red threes, 100 out, -65.
    for points, rule in (
        ("+205", "classic.scoring.melded-cards"),
        ("+500", "classic.canasta.natural"),
        ("+300", "classic.canasta.mixed"),
        ("+200", "classic.threes.red-values"),
        ("+100", "classic.go-out.bonus"),
        ("-65", "classic.scoring.cards-in-hand"),
    ):
        assert re.search(
            rf'<td class="n">{re.escape(points)}</td><td class="rule">{rule}</td>', page
        )
    assert '<td class="n">+1,240</td><td class="n">1,240</td>' in page


def test_print_style_fits_a4_and_letter() -> None:
    page = game_page(replay(odd_game()))
    assert "@media print" in page and "@page { margin: 12mm; }" in page
    # No paper size is forced: the printer's own, A4 or Letter (tests/test_browser.py prints both).
    [rule] = re.findall(r"@page\s*\{[^}]*\}", page)
    assert "size" not in rule


def test_stats_page_escapes_names_and_draws_wins_and_averages() -> None:
    result = {
        "players": [
            {
                "name": ODD[0],
                "games": 1,
                "finished": 1,
                "wins": 1,
                "win_rate": 1.0,
                "hands": 1,
                "points": 1240,
                "average_hand": 1240.0,
                "best_hand": {"score": 1240, "game": "g", "hand": 1},
                "worst_hand": {"score": 1240, "game": "g", "hand": 1},
                "canastas": {"natural": 1},
                "canastas_per_hand": {"natural": 1.0},
                "went_out": 1,
                "went_out_rate": 1.0,
                "went_out_concealed": 0,
                "red_threes": 2,
                "red_threes_per_hand": 2.0,
                "penalties": {"cards_in_hand": 65, "incomplete_melds": 0, "red_threes_against": 0},
            }
        ],
        "sides": [],
        "games": {
            "read": 2,
            "counted": 1,
            "skipped": 1,
            "problems": [{"game": "bad<1>", "reason": "x & y"}],
            "names": ["g"],
        },
    }
    page = stats_page(result, "Season", [])
    assert ODD[0] not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    assert "bad&lt;1&gt;" in page and "x &amp; y" in page
    charts = [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", page, re.DOTALL)]
    assert [c.find(f"{SVG}title").text for c in charts] == ["Wins", "Average hand score"]  # type: ignore[union-attr]
    assert all(len(c.findall(f"{SVG}rect")) == 1 for c in charts)


def test_export_html_and_stats_html_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_score.cli import app

    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "games"))
    Store(tmp_path / "games").create(odd_game(), "taken")
    runner = CliRunner()
    out = tmp_path / "sheet.html"
    done = runner.invoke(app, ["export", "--format", "html", "--output", str(out)])
    assert done.exit_code == 0, done.output
    assert svg_of(out.read_text(encoding="utf-8")).findall(f".//{SVG}polyline")
    season = tmp_path / "season.html"
    done = runner.invoke(app, ["stats", "--html", str(season), "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"]["counted"] == 1
    assert "&lt;b&gt;Ann&lt;/b&gt;" not in season.read_text(encoding="utf-8")  # players, not sides
    assert "Ann" in season.read_text(encoding="utf-8")


def test_other_commands_do_not_load_the_page_code(tmp_path: Path) -> None:
    """Jinja2 and the page and chart modules are imported only by the commands that draw."""
    Store(tmp_path).create(odd_game(), "taken")
    probe = (
        "import sys\nfrom canasta_score.cli import main\n"
        "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('jinja2', "
        "'canasta_score.output.page', 'canasta_score.output.chart', "
        "'canasta_score.games.stats', 'canasta_score.games.store.history'))),"
        " file=sys.stderr)"
    )
    env = {**os.environ, "CANASTA_SCORE_HOME": str(tmp_path)}

    def loaded(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
        return done.stderr.strip().splitlines()[-1]

    for args in (["min-meld", "--score", "1500"], ["status"], ["export", "--format", "md"]):
        assert loaded(*args) == "[]"
    assert "'jinja2'" not in loaded("status", "--chart")
    assert "'jinja2'" in loaded("export", "--format", "html")


def test_each_line_has_its_own_dash_shape_and_end_label_for_black_and_white() -> None:
    """Issue 21, item 10: sides differ by more than colour. C5 three times ends Ann & Bob's
    side at 2,705 and Cy & Di's at 1,690: the first line is solid with circles, the second
    dashed with squares, and each ends in its name and total right of the plot."""
    from canasta_score.output.chart import LABEL_STEP

    log = replay(c5_game(3))
    chart = svg_chart(chart_data(log.summary(), log.rs))
    first, second = chart.lines
    assert (first.dash, first.shape) == ("", "circle")
    assert second.dash and second.shape == "square"
    assert (first.label, second.label) == ("Ann & Bob 2,705", "Cy & Di 1,690")
    assert abs(first.label_y - second.label_y) >= LABEL_STEP
    page = game_page(log)
    svg = svg_of(page)
    dashes = [line.get("stroke-dasharray") for line in svg.findall(f".//{SVG}polyline")]
    assert dashes == [None, second.dash]
    ends = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "end"]
    assert ends == ["Ann & Bob 2,705", "Cy & Di 1,690"]
    assert len(svg.findall(f".//{SVG}circle")) == 4 and len(svg.findall(f".//{SVG}rect")) == 4


def test_the_zero_label_and_a_negative_axis_label_stand_apart() -> None:
    """Issue 21, item 10: totals 3,000 and -220 under a target of 5,000: the plot is 320 - 36
    - 16 = 268 px high for 5,220 points, so 0 and -220 are 268 * 220 / 5,220 = 11.3 px apart,
    closer than a line of 11 px text. The axis labels stand 13 px apart at least (the lowest
    moving down, as there is room under the plot), and the zero rule has no label of its own."""
    from canasta_score.output.chart import LABEL_STEP, ChartData

    data = ChartData("night", SIDES, ((0, 3000), (0, -220)), 5000, ())
    chart = svg_chart(data)
    ticks = {t.label: t.y for t in chart.y_ticks}
    assert set(ticks) == {"5,000", "0", "-220"}
    # 0 stays on its line (284 - 11.3 = 272.7); -220 moves 13 px below it, to 285.7.
    assert (ticks["0"], ticks["-220"]) == (272.7, 285.7)
    assert ticks["-220"] - ticks["0"] >= LABEL_STEP
    assert [r.label for r in chart.rules if r.kind == "zero"] == [""]


def test_the_sheet_prints_alone_unless_the_breakdowns_are_chosen() -> None:
    """Issue 21, item 10: a box on the page chooses whether the breakdowns print; unchosen,
    the print stylesheet hides them and the sheet and chart print alone."""
    page = game_page(replay(c5_game(2)))
    assert '<input class="choice" type="checkbox" id="print-hands">' in page
    assert "#print-hands:not(:checked) ~ .hands { display: none; }" in page
    choice = page.index('id="print-hands"')
    assert choice < page.index('<div class="hands">') < page.index("<h3>Hand 1")
    assert page.index("<h2>Score sheet</h2>") < choice


def test_stats_html_dash_writes_the_page_on_standard_output(cli: Any, tmp_path: Path) -> None:
    """`-` is standard output for an output file, as `export --output -` (CONTRACT 7, README):
    `stats --html -` prints the page and writes no file named `-`; with `--json` both would go
    to standard output, so that is refused (exit 2) as `export --json` to standard output is."""
    cli("new", "one", "--side", "Ann", "--side", "Bob", "--players", "2")
    cli("hand", "Ann: 300 melded, 1 mixed, out", "Bob: 50 melded")
    done = cli("stats", "--html", "-")
    assert done.code == 0
    assert done.out.startswith("<!DOCTYPE html>") and done.out.rstrip().endswith("</html>")
    assert not Path("-").exists() and not (tmp_path / "-").exists()
    assert "Wrote" not in done.err
    refused = cli("stats", "--html", "-", "--json")
    assert refused.code == 2 and "--json" in refused.err and refused.out == ""


def test_stats_page_writes_counts_of_games_with_thousands_separators() -> None:
    """docs/stats.md (In Korean): the numbers are the same as in the terminal, thousands
    separators included: a season of 1,250 games, 1,200 finished, 1,030 won, reads so on the
    page as in `stats` (win rate 1,030 / 1,200 = 86%)."""
    from canasta_score.cli.stats import results_table

    figures = {
        "name": "Ann",
        "games": 1250,
        "finished": 1200,
        "wins": 1030,
        "win_rate": round(1030 / 1200, 3),
        "hands": 9000,
        "points": 0,
        "average_hand": 0.0,
        "best_hand": None,
        "worst_hand": None,
        "canastas": {},
        "canastas_per_hand": {},
        "went_out": 0,
        "went_out_rate": 0.0,
        "went_out_concealed": 0,
        "red_threes": 0,
        "red_threes_per_hand": 0.0,
        "penalties": {"cards_in_hand": 0, "incomplete_melds": 0, "red_threes_against": 0},
    }
    games = {"read": 1250, "counted": 1250, "skipped": 0, "problems": [], "names": []}
    page = stats_page({"players": [figures], "sides": [], "games": games}, "Season", [])
    row = re.search(r"<tr><td>Ann</td>.*?</tr>", page, re.DOTALL)
    assert row is not None
    cells = re.findall(r'<td class="n">([^<]*)</td>', row.group())
    assert cells[:5] == ["1,250", "1,200", "1,030", "86%", "9,000"]
    assert "1,250" in results_table([figures]) and "1,030" in results_table([figures])
