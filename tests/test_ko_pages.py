"""Statistics, the chart and the exports in Korean: Korean words, the same numbers as in
English, Hangul names lined up by terminal columns, and JSON and TOML that do not change with
the language.

The game is RULES 2.7 example C5 played seven times under Classic (target 5,000), the sides
taking turns to go out (tests/sample_games.py): the side going out scores 1,240 (205 melded +
500 natural canasta + 300 mixed + 200 red threes + 100 going out - 65 in hand), the other 225
(95 melded + 200 red threes - 70 in hand, a black three among them). "철수 & 영희" goes out in
hands 1, 3, 5 and 7, "민수 & 지영" in hands 2, 4 and 6. Running totals:

    hand 1: 1,240 / 225   hand 2: 1,465 / 1,465   hand 3: 2,705 / 1,690
    hand 7: 5,635 / 4,620: "철수 & 영희" reaches the target and wins by 1,015 (RULES 2.1).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import Cli, another_game

from canasta_score.core import language
from canasta_score.core.frozen import replace
from canasta_score.games.game import Game, new_game, parse_side, replay
from canasta_score.games.store import Store
from canasta_score.output import widths as display
from canasta_score.output.chart import chart_data, text_chart
from canasta_score.rules.catalog import load_ruleset
from tests.sample_games import c5_hand

SIDES = ("철수 & 영희", "민수 & 지영")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """A command keeps speaking the language it chose; tests that drive the app without the
    entry point (which chooses again) expect English, so each test here ends in English."""
    yield
    language.use(language.ENGLISH)


def hangul_game(hands: int) -> Game:
    """ "한판", Classic: 철수 & 영희 against 민수 & 지영, ``hands`` C5 hands."""
    rs = load_ruleset("classic")
    game = new_game("한판", "2026-01-10T20:00:00", rs, [parse_side(s) for s in SIDES])
    return replace(game, hands=tuple(c5_hand(n, SIDES) for n in range(1, hands + 1)))


@pytest.fixture
def stored(home: Path) -> Path:
    """The seven-hand game in the game folder, finished: 5,635 to 4,620."""
    return Store(home).create(hangul_game(7), "")


def both(cli: Cli, *args: str) -> tuple[str, str]:
    """What ``args`` print in Korean and in English."""
    korean, english = cli("--lang", "ko", *args), cli("--lang", "en", *args)
    assert korean.code == english.code == 0, (korean.err, english.err)
    return korean.out, english.out


# ---------------------------------------------------------------- columns


def cells(line: str) -> list[str]:
    """A line as terminal columns: a wide character fills its first column, "" its second."""
    out: list[str] = []
    for ch in line:
        out += [ch] if display.width(ch) == 1 else [ch, ""]
    return out


def spans(rule: str) -> list[tuple[int, int]]:
    """The columns of a tabulate table, from its line of dashes."""
    return [m.span() for m in re.finditer(r"-+", rule)]


def assert_lined_up(table: list[str], name_columns: int = 1) -> None:
    """Every row of a tabulate table fills its columns: the first ``name_columns`` start at
    the left edge of their column, the others (numbers) end at its right edge."""
    head, rule, *rows = table
    columns = spans(rule)
    for line in (head, *rows):
        shown = cells(line) + [" "] * display.width(rule)
        assert display.width(line) <= display.width(rule), line
        for index, (start, end) in enumerate(columns):
            if end < len(shown):
                assert shown[end] == " ", (line, index)
            if index < name_columns:
                assert shown[start] not in (" ", ""), (line, index)
            elif line is not head:
                assert shown[end - 1] != " ", (line, index)


def tables(text: str) -> list[list[str]]:
    """The tables of the stats output: a heading, a line of dashes, rows up to a blank line."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        if i and set(line) <= {"-", " "} and "-" in line:
            end = next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))
            found.append(lines[i - 1 : end])
    return found


# ---------------------------------------------------------------- stats


def test_stats_in_korean_line_up_hangul_names_and_give_the_figures_of_rules_2_6(
    cli: Cli, stored: Path
) -> None:
    """Seven C5 hands: 철수 & 영희 5,635 (average 805.0) and a win; 민수 & 지영 4,620
    (660.0). Going out: 4 and 3 hands; red threes 2 a hand; in hand 4 x 65 + 3 x 70 = 470
    and 4 x 70 + 3 x 65 = 475."""
    korean, english = both(cli, "stats")
    assert korean.splitlines()[0] == "읽은 게임 1개 중 1개 집계."
    assert "플레이어:" in korean and "팀:" in korean
    found = tables(korean)
    assert len(found) == 4
    for table in found:
        assert_lined_up(table, name_columns=1)
    results, play = found[0], found[1]
    assert results[0].split() == [
        "이름",
        "게임",
        "끝남",
        "승",
        "승률",
        "판",
        "평균",
        "최고",
        "최저",
    ]
    assert [row.split() for row in results[2:]] == [
        ["영희", "1", "1", "1", "100%", "7", "805.0", "+1,240", "+225"],
        ["철수", "1", "1", "1", "100%", "7", "805.0", "+1,240", "+225"],
        ["민수", "1", "1", "0", "0%", "7", "660.0", "+1,240", "+225"],
        ["지영", "1", "1", "0", "0%", "7", "660.0", "+1,240", "+225"],
    ]
    assert "믹스드/판" in play[0] and "내추럴/판" in play[0]
    assert play[2].split() == ["영희", "4", "0", "0.57", "0.57", "2.00", "470", "0", "0"]
    assert play[4].split() == ["민수", "3", "0", "0.43", "0.43", "2.00", "475", "0", "0"]
    assert found[2][2].startswith("철수 & 영희  ") and found[2][2].split()[3:6] == ["1", "1", "1"]
    # The same figures, row by row, as in English.
    for ko_table, en_table in zip(found, tables(english), strict=True):
        assert [row.split()[-6:] for row in ko_table[2:]] == [
            row.split()[-6:] for row in en_table[2:]
        ]


def test_stats_head_to_head_in_korean_gives_the_score_of_the_game(cli: Cli, stored: Path) -> None:
    korean, english = both(cli, "stats", "--vs", SIDES[0], SIDES[1])
    assert korean.splitlines()[0] == (
        "철수 & 영희 대 민수 & 지영: 게임 1개, 끝난 게임 1개: 철수 & 영희 1승, 민수 & 지영 0승."
    )
    assert english.splitlines()[0].endswith("철수 & 영희 won 1, 민수 & 지영 won 0.")
    for table in tables(korean):
        assert_lined_up(table)


def test_stats_json_is_the_same_bytes_in_korean_and_english(cli: Cli, stored: Path) -> None:
    korean, english = both(cli, "stats", "--json")
    assert korean == english
    figures = json.loads(korean)["sides"][0]
    assert (figures["name"], figures["points"], figures["wins"]) == (SIDES[0], 5635, 1)
    korean, english = both(cli, "stats", "--json", "--vs", SIDES[0], SIDES[1])
    assert korean == english


def test_stats_page_in_korean_has_lang_ko_and_korean_headings(
    cli: Cli, stored: Path, tmp_path: Path
) -> None:
    done = cli("--lang", "ko", "stats", "--html", str(tmp_path / "season.html"))
    assert done.code == 0 and "season.html에 썼습니다" in done.err
    page = (tmp_path / "season.html").read_text(encoding="utf-8")
    assert '<html lang="ko">' in page and "<title>카나스타 통계</title>" in page
    assert "<h2>플레이어</h2>" in page and "<th>이름</th>" in page
    assert '<th class="n">승률</th>' in page and "판당 내추럴 카나스타" in page
    assert '<td class="n">805.0</td>' in page and '<td class="n">470</td>' in page
    cli("--lang", "en", "stats", "--html", str(tmp_path / "season-en.html"))
    english = (tmp_path / "season-en.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and "<h2>Players</h2>" in english


def test_stats_errors_in_korean_name_the_bad_value(cli: Cli, stored: Path) -> None:
    done = cli("--lang", "ko", "stats", "--since", "yesterday")
    assert done.code == 2
    assert done.err.splitlines()[-1] == (
        "Error: --since yesterday: 날짜를 YYYY-MM-DD 형식으로 적으십시오"
    )


# ---------------------------------------------------------------- chart


def top(text: str) -> int:
    """The line of the chart's top label (5,000, the target)."""
    return next(i for i, line in enumerate(text.splitlines()) if line.startswith("5,000 "))


def plot(text: str) -> list[str]:
    """The chart's 12 rows, its bottom line and the hand numbers under it."""
    return text.splitlines()[top(text) : top(text) + 14]


@pytest.mark.parametrize("width", [40, 80, 120])
def test_chart_in_korean_lines_up_like_the_english_one_c5_hands(width: int) -> None:
    """Three C5 hands: 2,705 and 1,690; the plot is the same cells in both languages, and
    every line fits ``width`` terminal columns whatever the Hangul names take."""
    log = replay(hangul_game(3))
    data = chart_data(log.summary(), log.rs)
    with language.speaking("en"):
        english = text_chart(data, width)
    with language.speaking("ko"):
        korean = text_chart(data, width)
    assert all(display.width(line) <= width for line in korean.splitlines())
    assert plot(korean) == plot(english)
    assert korean.splitlines()[0] == "한판: 판별 누적 점수"
    # The axis is named under the middle of the plot, in the same columns as "hand".
    ko_axis = korean.splitlines()[top(korean) + 14]
    en_axis = english.splitlines()[top(english) + 14]
    assert en_axis.strip() == "hand" and ko_axis.strip() == "판"
    # Centred alike: the middle of "판" (2 columns) and of "hand" (4) at most a column apart.
    assert abs((display.width(ko_axis) - 1) - (display.width(en_axis) - 2)) <= 1
    legend = " ".join(korean.splitlines()[top(korean) + 15 :])
    assert "● 철수 & 영희 2,705" in legend and "○ 민수 & 지영 1,690" in legend
    # The target, and the initial-meld tiers of RULES 2.2: 90 from 1,500, 120 from 3,000.
    assert "═ 목표 점수 5,000" in legend
    assert "┄ 첫 멜드 1,500점부터 90, 3,000점부터 120" in legend


def test_status_chart_in_korean_fits_the_terminal_and_names_the_totals(
    cli: Cli, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The three C5 hands drawn by ``status --chart`` in 50 columns: 2,705 and 1,690."""
    Store(home).create(hangul_game(3), "")
    monkeypatch.setenv("COLUMNS", "50")
    korean, english = both(cli, "status", "--chart", "--game", "한판")
    assert all(display.width(line) <= 50 for line in korean.splitlines())
    assert plot(korean) == plot(english)
    assert "철수 & 영희 2,705" in korean and "민수 & 지영 1,690" in korean
    assert "판별 누적 점수" in korean and "목표 점수 5,000" in korean


def test_narrow_chart_in_korean_fits_and_gives_each_total() -> None:
    log = replay(hangul_game(3))
    with language.speaking("ko"):
        text = text_chart(chart_data(log.summary(), log.rs), 20)
    lines = text.splitlines()
    assert all(display.width(line) <= 20 for line in lines)
    assert "목표 점수 5,000" in lines and "3번째 판" in lines
    assert lines[-2:] == ["  철수 & 영희 2,705", "  민수 & 지영 1,690"]


def test_wrap_measures_wide_text_by_columns_and_leaves_ascii_to_textwrap() -> None:
    assert display.wrap("● 철수 & 영희 1,240   ○ 민수 & 지영 225", 20) == [
        "● 철수 & 영희 1,240",
        "○ 민수 & 지영 225",
    ]
    assert display.wrap("가나다라마바", 5) == ["가나", "다라", "마바"]
    assert display.wrap("a rather-long line", 8) == ["a", "rather-", "long", "line"]


# ---------------------------------------------------------------- exports


def sheet_rows(markdown: str) -> list[list[str]]:
    """The rows of the Markdown score sheet (the first table), as cells."""
    lines = markdown.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def test_markdown_export_in_korean_has_the_numbers_of_the_english_one(
    cli: Cli, stored: Path
) -> None:
    korean, english = both(cli, "export", "--game", "한판", "--format", "md")
    assert "## 점수표" in korean and "## 판" in korean
    # Markdown shows "&" as it is (it starts no entity).
    assert "| 판 | 입력 시각 | 딜러 | 철수 & 영희 | 철수 & 영희 누적 |" in korean
    assert "4명, 목표 점수 5,000. 시작 2026-01-10 20:00:00." in korean
    rows = sheet_rows(korean)
    assert rows[0][3:] == ["+1,240 (나감)", "1,240", "+225", "225"]
    assert rows[1][3:] == ["+225", "1,465", "+1,240 (나감)", "1,465"]
    assert rows[6][3:] == ["+1,240 (나감)", "5,635", "+225", "4,620"]
    assert [[c.replace("(나감)", "(out)") for c in row] for row in rows] == sheet_rows(english)
    a, b = SIDES
    assert f"**결과:** {a} 1,015점 차 승리 ({a} 5,635, {b} 4,620)." in korean
    assert f"**Result:** {a} wins by 1,015 ({a} 5,635, {b} 4,620)." in english

    # Every breakdown line: the same points and rule in both languages.
    def breakdown(text: str) -> list[list[str]]:
        return [
            [c.strip() for c in line.strip("|").split("|")][2:]
            for line in text.splitlines()
            if line.startswith("| ") and "classic." in line
        ]

    assert breakdown(korean) == breakdown(english) and len(breakdown(korean)) > 7 * 4
    assert "### 1번째 판: 딜러 " in korean and "| 팀 | 항목 | 점수 | 규칙 |" in korean
    assert "| 철수 & 영희 | 내추럴 카나스타 1개 | +500 | `classic.canasta.natural` |" in korean
    assert "| 철수 & 영희 | 1 natural canasta | +500 | `classic.canasta.natural` |" in english
    assert "**판 점수** (첫 멜드 최소 점수 50), 누적 1,240" in korean


def test_csv_export_in_korean_has_korean_headers_and_the_english_rows(
    cli: Cli, stored: Path
) -> None:
    korean, english = both(cli, "export", "--game", "한판", "--format", "csv")
    ko_rows, en_rows = (list(csv.reader(io.StringIO(t))) for t in (korean, english))
    assert ko_rows[0] == [
        "판",
        "날짜",
        "딜러",
        "나간 팀",
        "철수 & 영희 점수",
        "철수 & 영희 누적",
        "민수 & 지영 점수",
        "민수 & 지영 누적",
        "숨은 나가기",
        "나간 플레이어",
    ]
    assert en_rows[0][:4] == ["hand", "date", "dealer", "went out"]
    assert ko_rows[1:] == en_rows[1:]
    assert [row[4:8] for row in ko_rows[1:4]] == [
        ["1240", "1240", "225", "225"],
        ["225", "1465", "1240", "1465"],
        ["1240", "2705", "225", "1690"],
    ]
    assert ko_rows[7][4:] == ["1240", "5635", "225", "4620", "0", ""]
    korean, english = both(cli, "export", "--game", "한판", "--format", "csv", "--detail")
    ko_rows, en_rows = (list(csv.reader(io.StringIO(t))) for t in (korean, english))
    assert ko_rows[0] == ["판", "날짜", "팀", "항목", "점수", "규칙"]
    assert [(r[0], r[2], r[4], r[5]) for r in ko_rows[1:]] == [
        (r[0], r[2], r[4], r[5]) for r in en_rows[1:]
    ]
    assert ko_rows[2][3] == "내추럴 카나스타 1개" and en_rows[2][3] == "1 natural canasta"
    first = [int(r[4]) for r in ko_rows[1:] if r[0] == "1" and r[2] == SIDES[0]]
    assert sum(first) == 1240


def test_html_export_in_korean_has_lang_ko_and_korean_headings(cli: Cli, stored: Path) -> None:
    korean, english = both(cli, "export", "--game", "한판", "--format", "html")
    assert '<html lang="ko">' in korean and '<html lang="en">' in english
    assert "<title>한판 – 점수표</title>" in korean  # noqa: RUF001
    for heading in ("점수표", "누적 점수", "판"):
        assert f"<h2>{heading}</h2>" in korean
    assert "결과: 철수 &amp; 영희 1,015점 차 승리." in korean
    assert "Result: 철수 &amp; 영희 wins by 1,015." in english
    assert '<td class="n">+1,240</td><td class="n">5,635</td>' in korean
    assert "<code>canasta-score rules show classic</code>" in korean
    assert '<tr><td>내추럴 카나스타 1개</td><td class="n">+500</td>' in korean


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_json_and_toml_exports_are_the_same_bytes_in_korean_and_english(
    cli: Cli, stored: Path, fmt: str
) -> None:
    korean, english = both(cli, "export", "--game", "한판", "--format", fmt)
    assert korean == english
    assert both(cli, "export", "--game", "한판", f"--format={fmt}")[0] == english


def test_export_without_a_format_is_the_json_log_in_every_language(cli: Cli, stored: Path) -> None:
    korean, english = both(cli, "export", "--game", "한판")
    assert korean == english == both(cli, "export", "--game", "한판", "--format", "json")[1]


def test_export_without_a_format_is_english_json_with_modern_american_requirements(
    cli: Cli, home: Path
) -> None:
    """Modern American asks the initial meld for a clean meld or a wild-card meld (RULES 6.2):
    the log names the requirement in English whatever the language. Scores (RULES 6.3):
    300 melded + 2 natural canastas x 500 + going out 100 = 1,400; 민수 made no canasta, so
    the 100 melded counts against, and 20 left in hand: -120."""
    rs = load_ruleset("modern-american")
    game = new_game("현대", "2026-01-10T20:00:00", rs, [parse_side("철수"), parse_side("민수")])
    record = {
        "side": [
            {"name": "철수", "meld_points": 300, "canastas": {"natural": 2}, "went_out": True},
            {"name": "민수", "meld_points": 100, "in_hand_points": 20},
        ]
    }
    Store(home).create(replace(game, hands=(record,)), "")
    markdown = cli("--lang", "ko", "export", "--game", "현대", "--format", "md").out
    assert "추가 조건 첫 멜드에 내추럴 카드 3장 이상의 클린 멜드나 와일드 카드 멜드가" in markdown
    # The Korean run above worked the log out (and kept it); the JSON is English all the same.
    korean = cli("--lang", "ko", "export", "--game", "현대")
    english = cli("--lang", "en", "export", "--game", "현대")
    assert korean.out == english.out
    log = json.loads(korean.out)
    assert [s["total"] for s in log["hands"][0]["sides"]] == [1400, -120]
    assert log["hands"][0]["sides"][0]["requires"] == [
        "the initial meld must include a clean meld of 3+ natural cards or a wild-card meld"
    ]
    toml = [
        cli("--lang", code, "export", "--game", "현대", "--format", "toml") for code in ("ko", "en")
    ]
    assert toml[0].out == toml[1].out
    assert not re.search("[가-힣]", re.sub("현대|철수|민수", "", toml[0].out + korean.out))


def test_a_json_export_made_in_korean_imports_again_as_the_same_game(
    cli: Cli, stored: Path, tmp_path: Path
) -> None:
    out = tmp_path / "한판.json"
    done = cli("--lang", "ko", "export", "--game", "한판", "--format", "json", "-o", str(out))
    assert done.code == 0
    out.write_text(another_game(out.read_text(encoding="utf-8")), encoding="utf-8")
    imported = cli("--lang", "ko", "import", str(out), "--name", "다시")
    assert imported.code == 0 and imported.out.strip() == "다시"
    again = cli("export", "--game", "다시", "--format", "json")
    first, second = json.loads(out.read_text(encoding="utf-8")), json.loads(again.out)
    assert {**second, "game": "한판", "uid": first["uid"]} == first
    assert second["totals"] == [
        {"name": SIDES[0], "score": 5635},
        {"name": SIDES[1], "score": 4620},
    ]


def test_export_errors_in_korean(cli: Cli, stored: Path) -> None:
    done = cli("--lang", "ko", "export", "--game", "한판", "--format", "md", "--detail")
    assert done.err.splitlines()[-1] == (
        "Error: 자세한 점수표는 csv 형식에만 있습니다 (md에는 없습니다)"
    )
