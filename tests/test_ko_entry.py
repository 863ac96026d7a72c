"""Korean input and Korean words at the table: the quick form's Korean words, yes and no, Hangul
side names, the questions, the play session's help and completion, and every ``--help``.

Korean words are read in every language, so a Korean line means the same hand whatever the
language in use; scores are worked out by hand from docs/rules (RULES 2.6, classic scoring).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest
from helpers import Cli

from canasta_score.cli.shell import HELP, command_of, completions
from canasta_score.core import language
from canasta_score.core.errors import InputError
from canasta_score.hands.entry import (
    COUNT_ITEMS,
    FLAG_ITEMS,
    SPECIAL_KOREAN,
    describe_side,
    match_side,
    parse_item,
    parse_quick,
    parse_yes,
    quick_help,
    side_questions,
    special_parser,
)
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.output.widths import width
from canasta_score.rules import kinds
from canasta_score.rules.ruleset import Ruleset

# The example, in Korean: RULES 2.6, 285 + 500 + 300 + 200 (two red threes) + 100 (out)
# - 40 = 1,345 for 우리; 95 - 70 = 25 for 그들.
KOREAN_EXAMPLE = [
    "우리: 285 멜드, 1 내추럴, 1 믹스드, 2 빨간 3, 40 남은, 나감",
    "그들: 95점 멜드, 70 남은",
]
ENGLISH_EXAMPLE = [
    "우리: 285 melded, 1 natural, 1 mixed, 2 red, 40 left, out",
    "그들: 95 melded, 70 left",
]


def item(text: str) -> dict[str, Any]:
    side: dict[str, Any] = {}
    parse_item(side, text)
    return side


def totals(rs: Ruleset, data: dict[str, Any]) -> list[int]:
    return [s.total for s in score_hand(rs, parse_record(data)).sides]


@pytest.mark.parametrize("code", ["en", "ko"])
def test_the_korean_quick_form_scores_like_the_english_one_in_either_language_rules_2_6(
    classic: Ruleset, code: str
) -> None:
    with language.speaking(code):
        korean = parse_quick(KOREAN_EXAMPLE, ["우리", "그들"])
        english = parse_quick(ENGLISH_EXAMPLE, ["우리", "그들"])
    assert korean == english
    assert totals(classic, korean) == [1345, 25]


@pytest.mark.parametrize(
    ("korean", "english"),
    [
        ("285점 멜드", "285 melded"),
        ("멜드 285", "285 melded"),
        ("2 빨간 3", "2 red"),
        ("빨간 3 2개", "2 red"),
        ("2 빨간 3", "2 red"),
        ("1 검은 3", "1 black"),
        ("1 검은 3", "1 black"),
        ("40 남은", "40 left"),
        ("손에 남은 카드 40", "40 left"),
        ("나감", "out"),
        ("숨은 나가기", "concealed"),
        ("1 내추럴 카나스타", "1 natural"),
        ("1 클린", "1 natural"),
        ("1 더티", "1 mixed"),
        ("1 보유", "1 held"),
        ("1 제거", "1 removed"),
        ("1 숨은 카나스타", "1 concealed canastas"),
        ("아카바", "acaba"),
        ("특수 페어", "special pairs"),
        ("스트레이트 핸드", "special straight"),
        ("미완성 세븐", "incomplete sevens"),
        ("2 미완성 와일드", "2 incomplete wild"),
        ("1 삼바", "1 samba"),
        ("1 에스칼레라", "1 escalera"),
        ("1 와일드 2", "1 wild twos"),
        ("1 와일드 조커 4", "1 wild four jokers"),
        ("1 조커 든 듀스", "1 deuces with jokers"),
        ("없음", "nothing"),
    ],
)
def test_each_korean_quick_form_word_means_its_english_word(korean: str, english: str) -> None:
    assert item(korean) == item(english)


def test_every_korean_word_of_the_tables_reads_as_the_first_english_word() -> None:
    """The glossary's forms and their alternatives, straight from the data: each one gives the
    record the English word gives."""
    for english, hangul in COUNT_ITEMS.values():
        for word in hangul:
            assert item(f"3 {word}") == item(f"3 {english[0]}"), word
    for _sets, english, hangul in FLAG_ITEMS:
        for word in hangul:
            assert item(word) == item(english[0]), word
    for kind, row in kinds.TABLE.items():
        for word, same in zip(row.korean, row.words, strict=False):
            assert kinds.kind_named(word) is kind, word
            assert kinds.canasta_word(word) == kinds.canasta_word(same), word
    for key, word in SPECIAL_KOREAN.items():
        assert item(f"특수 {word}") == {"special_hand": key}


def test_a_korean_word_holding_a_number_needs_its_count() -> None:
    """ "빨간 3" names red threes (its 3 is part of the word), so it still needs a count."""
    with (
        language.speaking("ko"),
        pytest.raises(InputError, match='"빨간 3"에는 수가 필요합니다') as refused,
    ):
        item("빨간 3")
    assert '"2 빨간 3"' in str(refused.value)
    with pytest.raises(InputError, match='"와일드 2" needs a number'):
        item("와일드 2")


@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize(
    ("answer", "meant"),
    [
        *(("예", True), ("네", True), ("y", True), ("YES", True), ("응", True)),
        *(("아니오", False), ("아니요", False), ("n", False), ("no", False)),
    ],
)
def test_yes_and_no_in_either_language(code: str, answer: str, meant: bool) -> None:
    with language.speaking(code):
        assert parse_yes(answer) is meant


def test_a_wrong_yes_or_no_is_explained_in_korean() -> None:
    with language.speaking("ko"), pytest.raises(InputError, match="예 또는 아니오"):
        parse_yes("글쎄")


def test_hangul_side_names_are_matched_composed_or_decomposed_and_by_beginning() -> None:
    names = ["우리", "우주", "그들"]
    players = {"우리": ["민수", "지영"], "우주": [], "그들": ["철수"]}
    decomposed = unicodedata.normalize("NFD", "우리")
    assert decomposed != "우리"
    assert match_side(decomposed, names, players) == "우리"
    assert match_side("그", names, players) == "그들"
    assert match_side("지영", names, players) == "우리"
    with language.speaking("ko"), pytest.raises(InputError, match="우리 또는 우주"):
        match_side("우", names, players)
    data = parse_quick([unicodedata.normalize("NFD", "우리: 0 멜드; 그: 5 멜드")], ["우리", "그들"])
    assert [s["name"] for s in data["side"]] == ["우리", "그들"]


def test_who_went_out_is_kept_composed_however_the_keyboard_composed_it() -> None:
    """The quick form's "나감 민수" typed with its Hangul decomposed gives the same record as
    composed: the player's name as the game keeps it (so the figures count that player's
    going out)."""
    names, players = ["우리", "그들"], {"우리": ["민수", "지영"], "그들": []}
    typed = "우리: 100 멜드, 나감 민수; 그들: 0 멜드"
    decomposed = unicodedata.normalize("NFD", typed)
    assert decomposed != typed
    read = parse_quick([decomposed], names, players)
    assert read == parse_quick([typed], names, players)
    assert read["side"][0]["went_out_player"] == "민수"


def test_a_side_described_in_korean_reads_back_as_the_same_record() -> None:
    side = {
        "name": "우리",
        "meld_points": 1420,
        "canastas": {"natural": 2, "mixed": 1, "samba": 1, "wild_twos": 1},
        "incomplete": ["sevens", "wild"],
        "red_threes": 2,
        "black_threes": 1,
        "in_hand_points": 40,
        "held_penalties": 1,
        "concealed": True,
        "went_out": True,
        "concealed_canastas": 1,
        "special_hand": "pairs-27a",
        "acaba": True,
        "black_threes_removed": 2,
    }
    with language.speaking("ko"):
        text = describe_side(side)
        assert "1420 멜드" in text and "2 내추럴" in text and "1 삼바" in text
        back = parse_quick([text], ["우리"])
    assert back["side"][0] == parse_quick([describe_side(side)], ["우리"])["side"][0]
    assert back["side"][0]["canastas"] == side["canastas"]
    assert back["side"][0]["special_hand"] == "pairs-27a"


def test_the_quick_form_help_names_the_korean_words_in_korean(classic: Ruleset) -> None:
    with language.speaking("ko"):
        general, own = quick_help(), quick_help(classic)
    for word in ("멜드", "내추럴 / 믹스드", "빨간 3", "검은 3", "남은", "나감", "미완성 세븐"):
        assert word in general, word
    assert "클래식 카나스타의 항목: N 멜드, N 내추럴 / 믹스드" in own
    assert quick_help(classic).startswith('write each side as "NAME: item, item, ...", e.g.')


def test_the_questions_are_asked_in_korean_with_korean_defaults(classic: Ruleset) -> None:
    with language.speaking("ko"):
        questions = side_questions(classic, "우리", ("민수", "지영"), False, False)
    prompts = {q.key: (q.prompt, q.default) for q in questions}
    assert prompts["meld_points"] == ("멜드한 카드 전체의 카드 점수", "0")
    assert prompts["canastas.natural"][0] == "내추럴 카나스타 수"
    assert prompts["went_out"] == ("우리가 나갔습니까? (예/아니오)", "아니오")
    assert prompts["concealed"][1] == "아니오"


def test_play_commands_by_korean_name_and_completion_of_hangul_sides_and_words() -> None:
    assert command_of("도움말") == "help"
    assert command_of("핸드") == "hand"
    assert command_of("종료") == "quit"
    sides = ["우리", "그들"]
    assert completions("도", sides) == ["도움말"]
    assert completions("hand 우", sides) == ["우리:"]
    assert completions("핸드 우리: 2 빨", sides) == ["빨간"]
    assert completions("hand 우리: 1 내; 그", sides) == ["그들:"]
    assert "나감" in completions("hand 우리: 나", sides)


def test_a_play_command_by_the_unique_beginning_of_its_korean_name() -> None:
    """As "st" is status, the beginning of a Korean name names its command (docs/games.md):
    상 is 상태 (status), 도움 is 도움말 (help), 첫 is 첫멜드 (initial), 핸 is 핸드 (hand)."""
    assert [command_of(w) for w in ("상", "도움", "첫", "핸", "다")] == [
        "status",
        "help",
        "initial",
        "hand",
        "redo",
    ]
    with language.speaking("ko"), pytest.raises(InputError, match="명령이 아닙니다"):
        command_of("상태표")


def test_the_korean_play_help_lines_up_on_display_width() -> None:
    """Hangul is two columns wide: every description starts at column 29, as in English."""
    with language.speaking("ko"):
        korean = language._(HELP)
    assert korean != HELP
    for text in (HELP, korean):
        for line in text.splitlines()[1:]:
            described = re.match(r"^  (\S.*?) {2,}(?=\S)", line)
            if described:
                assert width(described.group(0)) == 29, line
            else:
                indent = len(line) - len(line.lstrip(" "))
                assert indent in (2, 29), line


def test_every_help_text_of_every_command_has_its_korean() -> None:
    import typer

    from canasta_score.cli import app
    from canasta_score.cli.languages import help_holders

    held = help_holders(typer.main.get_command(app), every=True)
    texts = list(dict.fromkeys(text for _holder, _name, text in held))
    assert len(texts) > 90
    with language.speaking("ko"):
        untranslated = [t for t in texts if language._(t) == t]
    assert untranslated == []


def test_help_of_hand_and_play_in_korean(cli: Cli) -> None:
    shown = cli("--lang", "ko", "hand", "--help")
    assert shown.code == 0
    assert "다음 판을 기록합니다" in shown.out and "한 팀의 빠른 형식" in shown.out
    assert "사용법:" in shown.out  # the usage line's word in the language in use, too
    assert "게임 세션을 엽니다" in cli("--lang", "ko", "play", "--help").out
    assert "Record the next hand" in cli("--lang", "en", "hand", "--help").out


def test_a_refused_korean_quick_form_names_the_bad_item_in_korean(cli: Cli) -> None:
    assert cli("new", "클럽", "--side", "우리", "--side", "그들").code == 0
    refused = cli("--lang", "ko", "hand", "우리: 285 멜드, 2 파란 3", "그들: 0 멜드")
    assert refused.code == 2
    assert 'Error: 팀 "우리": "2 파란 3"은 알 수 없는 항목입니다' in refused.err


def test_the_hand_json_is_the_same_bytes_in_korean_and_english(cli: Cli) -> None:
    """RULES 2.6: 우리 285 + 500 + 100 = 885; 그들 0."""
    outputs = []
    for code in ("en", "ko"):
        game = f"g{code}"
        assert cli("new", game, "--side", "우리", "--side", "그들").code == 0
        done = cli(
            "--lang",
            code,
            "hand",
            "-g",
            game,
            "우리: 285 멜드, 1 내추럴, 나감",
            "그들: 0 멜드",
            "--json",
        )
        assert done.code == 0, done.err
        outputs.append(done.out.replace(game, "g"))
    assert outputs[0] == outputs[1]
    assert '"total": 885' in outputs[0]


def test_the_demo_in_korean_writes_its_quick_form_in_korean_and_ends_at_c8(cli: Cli) -> None:
    """RULES 2.7 C8: us 6,040 and them 5,175, us by 865, whatever the language; its JSON is
    the same bytes in both."""
    korean = cli("--lang", "ko", "demo")
    assert korean.code == 0, korean.err
    assert "우리: 420 멜드, 2 내추럴, 1 믹스드, 1 빨간 3, 30 남은" in korean.out
    assert "네 판짜리 클래식 게임을 임시 폴더에서 계산합니다." in korean.out
    assert "6,040" in korean.out and "5,175" in korean.out and "865" in korean.out
    assert cli("--lang", "ko", "demo", "--json").out == cli("--lang", "en", "demo", "--json").out


def test_the_choices_of_the_entry_in_korean_out_all_nobody_and_leaving() -> None:
    """나감 (who went out), 전체 (every side), 없음 (nobody), 종료 (leave without saving)."""
    import io

    from canasta_score.cli.asking import Dialogue, Left, pick
    from canasta_score.hands.entry import parse_count, side_parser

    choose = pick(["우리", "그들", "out", "all"], {"우리": ["민수"], "그들": []})
    assert [choose(w) for w in ("나감", "전체", "민수", "그")] == ["out", "all", "우리", "그들"]
    assert side_parser(["우리", "그들"])("아무도") == ""
    said = io.StringIO()
    with language.speaking("ko"), pytest.raises(Left, match="아무것도 저장하지 않았습니다"):
        Dialogue(inp=io.StringIO("열\n종료\n"), out=said).ask("멜드", parse_count)
    assert '"열"은 0 이상의 정수가 아닙니다. 다시 입력하십시오.' in said.getvalue()


RECORD_KEY_MESSAGES = [
    (
        "classic",
        {"name": "우리", "in_hand": "5C", "held_penalties": 1},
        "보유 감점(held_penalties)은 in_hand에서 계산됩니다",
    ),
    (
        "classic",
        {"name": "우리", "in_hand": "5C", "in_hand_points": 5},
        "in_hand(카드)와 손에 남은 카드 점수(in_hand_points) 중 하나만 주십시오",
    ),
    (
        "classic",
        {"name": "우리", "melds": ["K K K"], "meld_points": 5},
        "요약 멜드 점수(meld_points)를 섞어 쓸 수 없습니다",
    ),
    (
        "classic",
        {"name": "우리", "meld_points": 50, "held_penalties": 1},
        "보유 감점(held_penalties): 클래식 카나스타에는 손에 든 에이스나 7에 대한 감점이",
    ),
    (
        "classic",
        {"name": "우리", "meld_points": 50, "concealed_canastas": 1},
        "숨은 카나스타(concealed_canastas): 클래식 카나스타에는 숨은 카나스타 보너스가",
    ),
    (
        "modern-american",
        {"name": "우리", "meld_points": 50, "held_penalties": 5},
        "보유 감점(held_penalties) = 5이지만 플레이어 2명인 팀은 최대 4입니다",
    ),
    (
        "classic",
        {"name": "우리", "black_threes_removed": 109},
        "제거된 검은 3(black_threes_removed) = 109는 덱보다 많습니다",
    ),
    (
        "classic",
        {"name": "우리", "meld_points": 50, "went_out": "yes"},
        "나가기(went_out)는 'yes'가 아니라 true 또는 false여야 합니다",
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "side", "said"), RECORD_KEY_MESSAGES, ids=[s for _r, _s, s in RECORD_KEY_MESSAGES]
)
def test_a_record_key_is_named_by_its_glossary_word_with_the_key_in_korean(
    ruleset: str, side: dict[str, Any], said: str
) -> None:
    """A message about a record's count key names it as core/words.said_key does: the glossary
    word with the key in parentheses (보유 감점(held_penalties)), never the bare key. Classic
    has no held-aces-or-sevens penalty nor concealed bonus (RULES); a side of two players
    holds at most 2 x 2 = 4 such penalties; two packs hold 108 cards."""
    from canasta_score.hands.validation import validate
    from canasta_score.rules.catalog import load_ruleset

    record = {"side": [side, {"name": "그들"}]}
    with language.speaking("ko"), pytest.raises(InputError) as raised:
        validate(load_ruleset(ruleset), parse_record(record))
    assert said in str(raised.value)


def test_leaving_the_entry_with_its_korean_word_decomposed_as_composed() -> None:
    """종료 leaves the questions however the keyboard composes it, as q does: nothing is asked
    again and nothing is taken as an answer."""
    import io

    from canasta_score.cli.asking import Dialogue, Left
    from canasta_score.hands.entry import parse_count

    decomposed = unicodedata.normalize("NFD", "종료")
    assert decomposed != "종료"
    said = io.StringIO()
    with language.speaking("ko"), pytest.raises(Left, match="아무것도 저장하지 않았습니다"):
        Dialogue(inp=io.StringIO(decomposed + "\n5\n"), out=said).ask("멜드", parse_count)
    assert "다시 입력하십시오" not in said.getvalue()


def test_an_edited_hands_special_hand_and_incomplete_melds_are_offered_in_korean() -> None:
    """Editing a hand offers its answers again in the language in use, as the yes/no defaults
    are: 스트레이트 (not straight) and 세븐, 와일드 (not sevens, wild); each reads back as the
    same record key."""
    from canasta_score.hands.entry import answer_texts, kinds_parser

    side = {"name": "우리", "incomplete": ["sevens", "wild"], "special_hand": "straight"}
    with language.speaking("ko"):
        offered = answer_texts(side)
    assert offered["special_hand"] == ["스트레이트"]
    assert offered["incomplete"] == ["세븐, 와일드"]
    assert special_parser(("straight",))(offered["special_hand"][0]) == "straight"
    assert kinds_parser(("sevens", "wild"))(offered["incomplete"][0]) == ["sevens", "wild"]
    with language.speaking("en"):
        assert answer_texts(side)["special_hand"] == ["straight"]
        assert answer_texts(side)["incomplete"] == ["sevens, wild"]


def test_the_special_hand_question_takes_its_korean_name_rules_7_2() -> None:
    """The question after going out in US American asks which special hand was laid (RULES
    7.2): 스트레이트 is the straight and 페어 the natural pairs, as their English names are;
    아니오 and an empty answer are none; a name the ruleset does not play is refused."""
    parse = special_parser(("straight", "pairs"))
    answers = ("스트레이트", "페어", "straight", "아니오", "")
    assert [parse(answer) for answer in answers] == ["straight", "pairs", "straight", "", ""]
    with pytest.raises(InputError):
        parse("가비지")
