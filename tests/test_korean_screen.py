"""Nothing left in English on a Korean screen: help meant for a person, the names the program
makes up (a game's default name, an unnamed player), what an export wrote, the words of play's
rulings and a partner's answer; the language named as a person names it. JSON stays English."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from helpers import Cli

from canasta_score.cli.languages import choose, machine_output
from canasta_score.cli.shell import completions

SIDES = ("--side", "우리", "--side", "그들")


@pytest.mark.parametrize("args", [["export", "--help"], ["export", "--json", "--help"]])
def test_export_help_is_read_by_a_person_in_korean(cli: Cli, args: list[str]) -> None:
    shown = cli("--lang", "ko", *args)
    assert shown.code == 0 and "게임 기록을 씁니다" in shown.out
    assert not machine_output(args)


def test_a_log_written_to_a_file_is_said_in_korean_and_the_file_is_the_english_one(
    cli: Cli, tmp_path: Path
) -> None:
    cli("new", "club", *SIDES)
    cli("hand", "우리: 285 melded, 1 natural, out", "그들: 95 melded, 70 left")
    korean = cli("--lang", "ko", "export", "--format", "json", "-o", str(tmp_path / "ko.json"))
    english = cli("export", "--format", "json", "-o", str(tmp_path / "en.json"))
    assert korean.err.strip() == f"{tmp_path / 'ko.json'}에 썼습니다"
    assert english.err.strip() == f"Wrote {tmp_path / 'en.json'}"
    assert (tmp_path / "ko.json").read_bytes() == (tmp_path / "en.json").read_bytes()
    # Printed JSON is for programs: English whatever the language.
    assert machine_output(["export"]) and machine_output(["export", "--json", "-o", "x.json"])


def test_a_game_without_a_name_gets_a_korean_one_and_the_json_an_english_one(cli: Cli) -> None:
    korean = cli("--lang", "ko", "new", *SIDES)
    assert re.fullmatch(r"게임-\d{4}-\d\d-\d\d", korean.out.strip()), korean.out
    english = cli("--lang", "ko", "new", *SIDES, "--json")
    assert json.loads(english.out)["game"].startswith("game-")


def test_a_name_taken_is_refused_in_korean(cli: Cli) -> None:
    cli("new", "club", *SIDES)
    again = cli("--lang", "ko", "new", "club", *SIDES)
    assert again.code == 2 and "다른 이름을 고르십시오" in again.err


def test_an_unnamed_player_is_said_in_korean_and_kept_in_english(cli: Cli) -> None:
    """RULES 1: four players, two partnerships; sides named without players have seats."""
    cli("new", "club", *SIDES)
    status = cli("--lang", "ko", "status").out
    assert "다음: 1번째 판, 딜러 우리 (1번 플레이어)." in status
    assert "player" not in status
    kept = json.loads(cli("--lang", "ko", "status", "--json").out)
    assert "우리 (player 1)" in json.dumps(kept, ensure_ascii=False)
    cli("hand", "우리: 285 melded, 1 natural, out", "그들: 95 melded, 70 left")
    for form in ("html", "md"):
        page = cli("--lang", "ko", "export", "--format", form).out
        assert "우리 (1번 플레이어)" in page and "(player" not in page, form


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        ("kr", {}, "ko"),
        ("한국어", {}, "ko"),
        ("Korean", {}, "ko"),
        ("ko_KR", {}, "ko"),
        ("english", {"LANG": "ko_KR.UTF-8"}, "en"),
        (None, {"LANGUAGE": "ko", "LANG": "C.UTF-8"}, "ko"),
        (None, {"LANGUAGE": "fr:ko:en", "LANG": "en_US.UTF-8"}, "ko"),
        (None, {"LANGUAGE": "ko", "LC_ALL": "C"}, "en"),  # gettext: a C locale ignores LANGUAGE
    ],
)
def test_a_language_is_named_as_a_person_names_it(
    flag: str | None, environ: dict[str, str], expected: str
) -> None:
    assert choose(flag, environ) == expected


@pytest.mark.parametrize(("korean", "english"), [("아니오", "no"), ("예", "yes"), ("네", "yes")])
def test_the_partner_s_answer_may_be_given_in_korean(cli: Cli, korean: str, english: str) -> None:
    """Modern American: the partner may be asked; a no forbids going out this turn (RULES)."""
    melds = ("--table", "Q Q Q Q Q Q Q", "--table", "K K K K K K K", "--discard", "5C")
    given = ("check", "go-out", *melds, "-r", "modern-american", "--json")
    said = cli(*given, "--partner", korean)
    meant = cli(*given, "--partner", english)
    assert (said.code, said.out) == (meant.code, meant.out)


def test_play_s_rulings_take_korean_words(cli: Cli) -> None:
    """RULES 3.3: a natural pair of the top card's rank takes an unfrozen pile; a side that
    has not opened needs its minimum (50 at 0). RULES 4.2: going out with a discard."""
    cli("new", "club", *SIDES)
    lines = "\n".join(
        [
            "더미 KD 손 KS KH 5C",
            "pickup KD with KS KH 5C",
            "더미 KD 손 KS KH 팀 우리 첫멜드전 동결",
            "나가기 Q Q Q Q Q Q Q / K K K 버림 5C",
            "go-out Q Q Q Q Q Q Q / K K K discard 5C",
        ]
    )
    session = cli("--lang", "ko", "play", "--game", "club", stdin=lines + "\n")
    out = session.out
    assert out.count("허용") >= 3, out
    assert "by" not in out and "with" not in out
    assert "동결" in completions("더미 KD 손 KS 동", ["우리"])
    assert "버림" in completions("나가기 Q Q Q 버", [])


def test_play_s_help_shows_its_examples_with_the_korean_ruling_words(cli: Cli) -> None:
    """In Korean the help's ruling examples use the words play reads in Korean (손, 팀,
    첫멜드전, 동결, 버림; hands/entry.PLAY_ITEMS), not with / by / unopened; the help's pickup
    example, typed as shown, is ruled: K K with the top KD make a meld of 3 x 10 = 30 points,
    short of the 50 a side at 0 needs to open (RULES 3.2, 3.3)."""
    cli("new", "club", *SIDES)
    shown = cli("--lang", "ko", "play", "--game", "club", stdin="도움말\n").out
    assert "pickup KD 손 KS KH 5C 팀 우리 첫멜드전 (더미)" in shown
    assert '"팀 우리"는' in shown and '"동결"' in shown
    assert "discard KC 손 AS 7D KC JK" in shown and "/ A A JK 팀 우리" in shown
    assert "K K K 버림 5C" in shown
    for english in (" with ", " by ", "unopened", '"frozen"', " discard 5C"):
        assert english not in shown
    english = cli("play", "--game", "club", stdin="help\n").out
    assert "pickup KD with KS KH 5C by us unopened" in english
    ruled = cli(
        "--lang", "ko", "play", "--game", "club", stdin="pickup KD 손 KS KH 5C 팀 우리 첫멜드전\n"
    )
    assert ruled.code == 0, ruled.err
    assert "점수: 30" in ruled.out and "최소 점수: 50" in ruled.out


def test_play_asks_which_side_with_the_korean_word(cli: Cli) -> None:
    """Sides with different minimums (RULES 3.2: 50 below 1,500, 90 from 1,500) must say which
    side is asking."""
    cli("new", "club", *SIDES)
    played = cli("hand", "우리: 1000 melded, 1 natural, out", "그들: 50 melded")
    assert played.code == 0, played.err
    session = cli("--lang", "ko", "play", "--game", "club", stdin="더미 KD 손 KS KH 첫멜드전\n")
    assert "팀 우리 / 팀 그들" in session.out + session.err


def test_names_typed_in_decomposed_hangul_are_kept_composed(cli: Cli) -> None:
    """A macOS paste gives NFD Hangul; the game keeps NFC, so names line up and match."""
    decomposed = unicodedata.normalize("NFD", "철수")
    assert decomposed != "철수"
    made = cli("new", unicodedata.normalize("NFD", "동네"), "--side", decomposed, "--side", "영희")
    assert made.out.strip() == "동네"
    kept = json.loads(cli("status", "--json").out)
    names = [side["name"] for side in kept["sides"]]
    assert names == ["철수", "영희"]


def test_bundled_rulesets_are_named_and_described_in_korean_where_shown(cli: Cli) -> None:
    """The 12 bundled rulesets by their Korean names (seeds/003: 모던 아메리칸 카나스타); the
    JSON keeps the English names, as the data does."""
    listed = cli("--lang", "ko", "rules", "list").out
    for name in (
        "클래식 카나스타",
        "모던 아메리칸 카나스타",
        "삼바",
        "핸드 앤드 풋",
        "볼리비아 카나스타",
    ):
        assert name in listed
    assert "Canasta" not in listed and "Samba" not in listed
    shown = cli("--lang", "ko", "rules", "show", "modern-american").out
    assert shown.startswith("모던 아메리칸 카나스타 (modern-american)")
    assert "7과 에이스의 클린 카나스타" in shown
    data = json.loads(cli("--lang", "ko", "rules", "list", "--json").out)
    assert "Classic Canasta" in json.dumps(data)
    cli("new", "금요일", *SIDES)
    assert "금요일: 클래식 카나스타 (classic)" in cli("--lang", "ko", "status").out


def test_the_stats_play_table_in_korean_is_no_wider_than_the_english_and_names_each_penalty(
    cli: Cli,
) -> None:
    """Every penalty column says 감점: as the statistics page does."""
    from canasta_score.output.widths import width

    cli("new", "club", *SIDES)
    cli("hand", "우리: 285 melded, 1 natural, 1 mixed, 2 red, out", "그들: 95 melded, 70 left")

    def play_head(text: str) -> str:
        return next(line for line in text.splitlines() if "/" in line and "-" not in line)

    korean = play_head(cli("--lang", "ko", "stats").out)
    english = play_head(cli("stats").out)
    assert width(korean) <= width(english)
    assert korean.count("감점:") == 3


def test_the_demo_in_korean_has_korean_sides_players_and_comments(cli: Cli) -> None:
    """The demo's game (example C5 of docs/rules/classic.md, then C8's position): us win by
    865 whatever the names are called."""
    korean = cli("--lang", "ko", "demo").out
    english = cli("demo").out
    assert "--side '우리: 철수 & 영희' --side '그들: 민수 & 지영'" in korean
    assert '# docs/rules/classic.md의 예 C5: "우리"가 내추럴 카나스타와' in korean
    assert "게임 종료: 우리 승리, 865점 차." in korean
    assert not re.search(r"\b(us|them|Ann|Bob|Cy|Di)\b", korean)
    assert "Game over: us wins by 865." in english
    as_json = json.loads(cli("--lang", "ko", "demo", "--json").out)
    assert "us: Ann & Bob" in " ".join(as_json["commands"])


def test_rules_explain_in_korean_points_to_the_korean_rules_page_with_its_section() -> None:
    """Classic, Modern American and Samba have Korean rules pages (docs/ko/rules) keeping every
    section anchor a ruling's page link may name; the JSON keeps the English page."""
    from canasta_score.core import language
    from canasta_score.rules.rulebook import ANCHORS, KOREAN_DOCS, KOREAN_PAGES, page_for

    root = Path(__file__).parent.parent
    for page in KOREAN_PAGES:
        text = (root / KOREAN_DOCS / page).read_text(encoding="utf-8")
        missing = [a for a in set(ANCHORS.values()) if f'<a id="{a}"></a>' not in text]
        assert missing == [], page
    with language.speaking(language.KOREAN):
        assert page_for("samba", "meld.sequences", 4) == "docs/ko/rules/samba.md#melds"
        assert page_for("bolivian", "meld.sequences", 4) == "docs/rules/bolivian.md#melds"
    assert page_for("samba", "meld.sequences", 4) == "docs/rules/samba.md#melds"


def test_a_quick_form_count_refused_in_korean_names_its_quick_form_word(cli: Cli) -> None:
    """Every card counts a multiple of 5 (RULES, card values): 283 melded cannot be. The error
    quotes the count as the quick form says it, with the particle that fits 멜드 (는)."""
    cli("new", "club", *SIDES)
    korean = cli("--lang", "ko", "hand", "우리: 283 멜드, 나감", "그들: 95 멜드")
    assert korean.err.strip() == 'Error: 팀 "우리": "283 멜드"는 5의 배수가 아닙니다'
    english = cli("hand", "우리: 283 melded, out", "그들: 95 melded")
    assert english.err.strip() == 'Error: side "우리": "283 melded" is not a multiple of 5'


BUNDLED = (
    "american",
    "bolivian",
    "brazilian",
    "british",
    "chilean",
    "classic",
    "cuban",
    "hand-and-foot",
    "italian",
    "modern-american",
    "samba",
    "uruguayan",
)
# What a source note says in English besides the titles of its sources.
NOTE_ENGLISH = re.compile(r"decision|house-rule option|\bsee docs|reference only|\(no |, an option")


@pytest.mark.parametrize("ruleset", BUNDLED)
def test_rules_show_says_every_source_note_in_korean(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, ruleset: str
) -> None:
    """Every bundled ruleset's notes (its [sources]) are said in Korean under --lang ko; the
    titles of the sources stay as published (Pagat: Canasta). On a wide terminal the table
    holds each note on one line."""
    monkeypatch.setenv("COLUMNS", "2000")
    shown = cli("--lang", "ko", "rules", "show", ruleset)
    assert shown.code == 0, shown.err
    assert "Canasta" in shown.out or "Samba" in shown.out  # the titles of the sources
    assert [line for line in shown.out.splitlines() if NOTE_ENGLISH.search(line)] == []


def test_a_source_note_in_korean_points_to_the_korean_rules_page(cli: Cli) -> None:
    """Classic's black-three note names docs/ko/rules/classic.md (written in Korean too), as
    설명: does; American has no Korean page, so its note keeps docs/rules/american.md. The JSON
    keeps the note as the ruleset has it."""
    key = "classic.pile.black-three-freezes"
    explained = cli("--lang", "ko", "rules", "explain", key).out
    assert (
        "출처: Pagat: Canasta (막지만 동결하지는 않음); "
        "하우스 룰 옵션, docs/ko/rules/classic.md 참고" in explained
    )
    assert "설명: docs/ko/rules/classic.md#the-discard-pile" in explained
    american = cli("--lang", "ko", "rules", "show", "american").out
    assert "결정 사항, docs/rules/american.md 참고" in american
    kept = json.loads(cli("--lang", "ko", "rules", "explain", key, "--json").out)
    assert kept["source"] == (
        "Pagat: Canasta (blocks, does not freeze); house-rule option, see docs/rules/classic.md"
    )
    english = cli("rules", "explain", key).out
    assert "house-rule option, see docs/rules/classic.md" in english


# English words that would mean a message was left untranslated (ids, options, file names and
# the published titles of sources are English by design and are taken out first).
ENGLISH = re.compile(
    r"\b(the|and|of|is|are|not|with|for|from|this|that|has|have|must|each|every|when|which|"
    r"side|sides|hand|hands|game|score|total|points|cards|player|players|went|nobody|left|"
    r"melded|natural|mixed|legal|illegal|minimum|dealer|winner|next|wins|out|error|Wrote|"
    r"usage|options|arguments|commands|required|default|show|message|exit)\b",
    re.IGNORECASE,
)
NOT_WORDS = re.compile(
    r"\S*[./\-_=\[\]#`]\S*|(Pagat|Wikipedia|McLeod)[^;\n]*|\b[A-Z]{2,}\b"  # ... and metavars
)


@pytest.mark.parametrize(
    "args",
    [
        ["status"],
        ["history", "--detail"],
        ["games"],
        ["stats"],
        ["rules", "list"],
        ["rules", "show", "samba"],
        ["rules", "explain", "classic.meld.min-cards"],
        ["check", "meld", "K K 2"],
        ["check", "meld", "K 2 2"],
        ["check", "pickup", "--top", "KD", "--hand", "KS KH 5C"],
        [
            "check",
            "go-out",
            "--table",
            "Q Q Q Q Q Q Q",
            "--table",
            "8 8 8",
            "--hand",
            "8 5 5 5 2 9",
        ],
        ["check", "discard", "KC", "--hand", "AS 7D KC JK"],
        ["check", "initial-meld", "7 7 7 7"],
        ["min-meld", "--side", "우리"],
        ["export", "--format", "md"],
        ["undo", "--yes"],
        ["redo"],
        ["status", "--help"],
        ["export", "--help"],
        ["check", "meld", "--help"],
        ["hand", "우리: 283 멜드"],
        ["edit", "1", "우리: 300 멜드, 1 내추럴, 나감", "그들: 95 멜드, 20 남음"],
        ["use", "금요일"],
        ["score-hand", str(Path(__file__).parent / "data" / "classic_c5.toml")],
        ["demo"],
    ],
    ids=" ".join,
)
def test_no_english_is_left_on_a_korean_screen(cli: Cli, args: list[str]) -> None:
    """A Korean evening's commands, answers, sheets and errors say nothing in English but the
    ids, options, names of files and titles of sources that are the same in every language."""
    cli(
        "--lang",
        "ko",
        "new",
        "금요일",
        "--side",
        "우리: 민수 & 지영",
        "--side",
        "그들: 철수 & 영희",
    )
    cli("--lang", "ko", "hand", "우리: 300 멜드, 1 내추럴, 나감", "그들: 90 멜드, 20 남음")
    done = cli("--lang", "ko", *args)
    # A command line the demo shows as typed, and the record files it shows (TOML: data).
    typed = re.compile(r"^(\$ .*|.* = .*)$", re.MULTILINE)
    shown = NOT_WORDS.sub(" ", typed.sub(" ", done.out + done.err))
    shown = shown.replace("Error:", " ")  # the contract's word, in every language
    assert ENGLISH.findall(shown) == [], shown
