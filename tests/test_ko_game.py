"""Scoring and the game in Korean: ``score-hand``, ``new``, ``hand``, ``status``, ``history``,
``games``, ``edit`` and the errors of records and games. The numbers are the English ones (worked
out by hand from the rules), the tables line up by display width with Hangul side names, and
every ``--json`` output is the same bytes in both languages."""

from __future__ import annotations

import re

import pytest
from helpers import Cli

from canasta_score.core import language
from canasta_score.core.words import Words, words
from canasta_score.output.widths import width

CHULSOO, MINSU = "철수와 영희", "민수와 지영"
# Contract hand 2 with Hangul side names: 300 + 300 (mixed canasta) - 40 = 560 and
# 250 + 500 (natural canasta) + 100 (going out) = 850 (classic values, RULES 2).
HAND_TWO = (f"{CHULSOO}: 300 melded, 1 mixed, 40 left", f"{MINSU}: 250 melded, 1 natural, out")
NUMBER = re.compile(r"[+-]?\d[\d,]*")
POINTS = re.compile(r"[+-]\d[\d,]*")


def numbers(text: str) -> list[str]:
    """Every number of a text, in order (rule ids left out: their digits are no score)."""
    return [n.rstrip(",") for n in NUMBER.findall(re.sub(r"\S*[a-z]\.[a-z]\S*", "", text))]


def columns(rule: str) -> list[tuple[int, int]]:
    """The (start, end) display columns of each column of a table, from its line of dashes."""
    return [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]


def cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    """A table row cut at fixed display columns: a cell that does not line up is cut apart."""
    grid: list[str] = []
    for ch in line:
        grid += [ch] + [""] * (width(ch) - 1)
    return ["".join(grid[a:b]).strip() for a, b in spans]


def table_after(text: str, first_header: str) -> list[str]:
    """The lines of the table whose header line starts with ``first_header``."""
    lines = text.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.split() and line.split()[0] == first_header
    )
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return lines[start:end]


def start_game(cli: Cli) -> None:
    made = cli("--lang", "ko", "new", "동네", "--side", CHULSOO, "--side", MINSU)
    assert made.code == 0, made.err
    assert made.out.strip() == "동네"
    assert "플레이어 4명, 목표 점수 5,000" in made.err


def test_score_hand_c5_in_korean_has_the_english_numbers(cli: Cli, c5_path: object) -> None:
    """RULES 2.7, example C5: A = 205 + 500 + 300 + 200 + 100 - 65 = 1,240; B = 95 + 200
    - 65 - 5 (the black three left in hand) = 225."""
    english = cli("score-hand", str(c5_path), "-r", "classic")
    korean = cli("--lang", "ko", "score-hand", str(c5_path), "-r", "classic")
    assert english.code == korean.code == 0
    assert POINTS.findall(korean.out) == POINTS.findall(english.out)
    lines = korean.out.splitlines()
    spans = columns(lines[2])
    rows = {cells(line, spans)[0]: cells(line, spans)[1] for line in lines[3:10]}
    assert rows == {
        "멜드한 카드": "+205",
        "내추럴 카나스타 1개": "+500",
        "믹스드 카나스타 1개": "+300",
        "빨간 3 2장": "+200",
        "나가기": "+100",
        "손에 남은 카드": "-65",
        "합계": "+1,240",
    }
    assert "항목" in korean.out and "점수" in korean.out and "규칙" in korean.out
    assert "손에 남은 검은 3 1장" in korean.out and "+225" in korean.out
    assert "classic.canasta.natural" in korean.out  # rule ids are never translated


def test_score_hand_json_is_the_same_bytes_in_korean(cli: Cli, c5_path: object) -> None:
    english = cli("--lang", "en", "score-hand", str(c5_path), "-r", "classic", "--json")
    korean = cli("--lang", "ko", "score-hand", str(c5_path), "-r", "classic", "--json")
    assert english.code == korean.code == 0
    assert korean.out == english.out
    assert '"label": "natural canasta"' not in korean.out  # labels carry their count
    assert '"label": "1 natural canasta"' in korean.out


def test_a_small_game_in_korean_lines_up_by_display_width(cli: Cli) -> None:
    """Contract hand 2 (A 560, B 850) under Hangul side names: the score sheet and the history
    keep every cell inside its column, counting a Hangul syllable as two columns."""
    start_game(cli)
    played = cli("--lang", "ko", "hand", *HAND_TWO)
    assert played.code == 0, played.err
    assert "1번째 판, 딜러" in played.out and "+560" in played.out and "+850" in played.out
    english = cli("status").out
    status = cli("--lang", "ko", "status").out
    assert numbers(status) == numbers(english)
    assert "동네: 클래식 카나스타 (classic), 플레이어 4명, 목표 점수 5,000" in status
    assert "다음: 2번째 판, 딜러 민수와 지영" in status

    sheet = table_after(status, "판")
    spans = columns(sheet[1])
    assert cells(sheet[0], spans) == ["판", "딜러", CHULSOO, "누적", MINSU, "누적"]
    row = cells(sheet[2], spans)
    assert row[0] == "1" and row[2:] == ["+560", "560", "+850 *", "850"]
    # Right-aligned numbers end where their column ends, in display columns.
    assert width(sheet[2]) == spans[-1][1]
    assert width(sheet[0]) == spans[-1][1]

    standings = table_after(status, "팀")
    spans = columns(standings[1])
    assert cells(standings[0], spans) == ["팀", "점수", "목표까지", "다음 최소 점수"]
    assert cells(standings[2], spans) == [CHULSOO, "560", "4,440", "50"]
    assert cells(standings[3], spans) == [MINSU, "850", "4,150", "50"]

    history = cli("--lang", "ko", "history").out
    assert numbers(history) == numbers(cli("history").out)
    lines = table_after(history, "판")
    spans = columns(lines[1])
    head = cells(lines[0], spans)
    assert head[:3] == ["판", "딜러", "나간 팀"]
    assert head[3:] == [f"{CHULSOO} 최소", CHULSOO, "누적", f"{MINSU} 최소", MINSU, "누적"]
    assert cells(lines[2], spans)[2:] == [MINSU, "50", "+560", "560", "50", "+850", "850"]

    listed = cli("--lang", "ko", "games").out.splitlines()
    spans = columns(listed[1])
    assert cells(listed[0], spans)[1:4] == ["게임", "규칙 세트", "점수"]
    assert cells(listed[2], spans)[1:5] == ["동네", "classic", f"{CHULSOO} 560, {MINSU} 850", "1"]


def test_json_of_status_history_and_games_is_the_same_bytes_in_korean(cli: Cli) -> None:
    start_game(cli)
    assert cli("hand", *HAND_TWO).code == 0
    for command in (("status",), ("history",), ("history", "--detail"), ("games",)):
        english = cli("--lang", "en", *command, "--json")
        korean = cli("--lang", "ko", *command, "--json")
        assert english.code == korean.code == 0
        assert korean.out == english.out, command


def test_hand_json_is_the_same_bytes_in_korean(cli: Cli) -> None:
    """The same hand entered in two games named alike gives the same JSON but the dates."""
    start_game(cli)
    english = cli("--lang", "en", "hand", *HAND_TWO, "--json").json()
    assert cli("--lang", "ko", "undo", "--yes").code == 0
    korean = cli("--lang", "ko", "hand", *HAND_TWO, "--json").json()
    assert korean == english


@pytest.mark.parametrize(
    ("args", "korean"),
    [
        (("edit", "5", "us: 100 melded"), "5번째 판"),
        (("status",), "현재 게임이 없습니다"),
        (("score-hand", "-", "-r", "classic"), "알 수 없는 카드"),
        (("new", "x", "--target", "12"), "5의 배수"),
    ],
)
def test_errors_in_korean_start_with_error_and_exit_2(
    cli: Cli, args: tuple[str, ...], korean: str
) -> None:
    if args[0] == "edit":
        start_game(cli)
    record = '[[side]]\nname = "A"\nmelds = ["QX QH QD"]\n'
    done = cli("--lang", "ko", *args, stdin=record)
    assert done.code == 2
    assert done.err.startswith("Error: ") and korean in done.err, done.err
    english = cli("--lang", "en", *args, stdin=record)
    assert english.code == 2 and english.err.startswith("Error: ") and korean not in english.err


@pytest.mark.parametrize(
    ("said", "label", "korean"),
    [
        (
            words("melded outside canastas"),
            "melded cards outside canastas",
            "카나스타 밖의 멜드한 카드",
        ),
        (words("laid whole", n=2), "2 canastas laid whole from hand", "숨은 카나스타 2개"),
        (
            words("threes why", threes=words("red threes", n=2), why=words("no meld")),
            "2 red threes (no meld: counted against)",
            "빨간 3 2장 (멜드 없음: 감점)",
        ),
        (
            words(
                "threes why", threes=words("black threes", n=1), why=words("counted against", n=0)
            ),
            "1 black three (counted against with 0 canastas)",
            "검은 3 1장 (카나스타 0개: 감점)",
        ),
        (
            words("threes why", threes=words("red threes", n=4), why=words("count nothing", n=1)),
            "4 red threes (count nothing with 1 canasta)",
            "빨간 3 4장 (카나스타 1개: 0점)",
        ),
        (
            words("no bonus", label=words("canasta.deuces", n=2)),
            "2 canastas of twos: no bonus",
            "2 카나스타 2개: 보너스 없음",
        ),
        (words("canasta.sequence samba", n=1), "1 samba canasta", "삼바 카나스타 1개"),
        (words("canasta.sequence", n=1, name="scala"), "1 scala canasta", "scala 카나스타 1개"),
        (
            words("natural and mixed", "mixed", natural=4, mixed=1),
            "4 natural and 1 mixed canasta",
            "내추럴 카나스타 4개와 믹스드 카나스타 1개",
        ),
        (
            words("incomplete melds of sevens", n=3),
            "3 incomplete melds of sevens",
            "미완성 7 멜드 3개",
        ),
        (words("incomplete clean aces"), "incomplete clean aces", "미완성 클린 에이스 멜드"),
        (
            words("black threes left in hand and foot", n=1),
            "1 black three left in hand and foot",
            "핸드와 풋에 남은 검은 3 1장",
        ),
        (
            words("held aces sevens", n=2),
            "2 players holding three aces or sevens",
            "에이스나 7을 3장 든 플레이어 2명",
        ),
        (
            words("all black threes removed", every=4),
            "all 4 black threes removed",
            "검은 3 4장 모두 제거",
        ),
        (words("black threes removed", n=3), "3 black threes removed", "제거된 검은 3 3장"),
        (words("special hand pairs"), "special hand: pairs", "특수 핸드: 페어"),
    ],
)
def test_breakdown_words_are_english_as_data_and_korean_where_shown(
    said: Words, label: str, korean: str
) -> None:
    """A breakdown item keeps its English label (it is data) and its words: a message id and
    values, said in Korean where shown (no English is read back)."""
    assert said.english() == said.said() == label
    with language.speaking("ko"):
        assert said.said() == korean
        assert said.english() == label


def test_a_korean_run_leaves_the_cached_log_english(cli: Cli) -> None:
    """The log cached beside a game keeps the English labels: a Korean ``history --detail``
    first, then an English one, shows English breakdowns (and the other way round)."""
    start_game(cli)
    assert cli("hand", *HAND_TWO).code == 0
    korean = cli("--lang", "ko", "history", "--detail").out
    english = cli("--lang", "en", "history", "--detail").out
    assert "믹스드 카나스타 1개" in korean and "1 mixed canasta" not in korean
    assert "1 mixed canasta" in english and "믹스드" not in english
    assert "Hand 1, dealt by" in english and "1번째 판, 딜러" in korean


def test_json_is_english_after_a_hand_entered_in_korean(cli: Cli) -> None:
    """A hand entered in Korean caches the game's summary and log; the JSON read from them
    afterwards is English (Hangul only in the side names), in both languages, with the
    Modern American tiers' "also required" texts. Scores (RULES, Modern American table):
    300 + 2 natural canastas x 500 + going out 100 = 1,400; with no canasta the 100 melded
    counts against (penalty.no_canasta_melds_negative), and 20 left in hand: -120."""
    made = cli("--lang", "ko", "new", "m", "-r", "modern-american", "-s", CHULSOO, "-s", MINSU)
    assert made.code == 0, made.err
    hand = (f"{CHULSOO}: 300 melded, 2 natural, out", f"{MINSU}: 100 melded, 20 left")
    assert cli("--lang", "ko", "hand", *hand).code == 0
    assert cli("--lang", "ko", "history", "--detail").code == 0
    for command in (("status",), ("history",), ("history", "--detail"), ("games",)):
        korean = cli("--lang", "ko", *command, "--json")
        english = cli("--lang", "en", *command, "--json")
        assert korean.out == english.out, command
        assert not re.search("[가-힣]", korean.out.replace(CHULSOO, "").replace(MINSU, ""))
    status = cli("status", "--json").json()
    assert [s["score"] for s in status["sides"]] == [300 + 2 * 500 + 100, -100 - 20]
