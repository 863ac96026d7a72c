"""The Korean catalog speaks the players' words (docs/ko/glossary.md, after the Korean rule text
of Modern American Canasta) in one voice, 합니다체: one name per concept, no word the glossary
retired, rule texts either a sentence ending in -니다 or a noun phrase and its value."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from canasta_score.core import language
from canasta_score.rules.catalog import load_ruleset

SOURCE = (
    Path(__file__).parent.parent
    / "canasta_score"
    / "locale"
    / "ko"
    / "LC_MESSAGES"
    / "canasta_score.po"
)


def catalog() -> object:
    with SOURCE.open("rb") as stream:
        return read_po(stream, locale="ko")


def entries() -> list[tuple[str | None, str, list[str]]]:
    """(context, message id, translations) of every entry of the Korean catalog."""
    out = []
    for message in catalog():  # type: ignore[attr-defined]
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        out.append((message.context, msgid, strings))
    return out


ENTRIES = entries()
KOREAN = {(context, msgid): strings[0] for context, msgid, strings in ENTRIES}

# One name for each concept, as the glossary gives it: (context, message id) -> its Korean.
REQUIRED = {
    (None, "initial meld"): "첫 멜드",
    (None, "{rank} is a closed rank"): "{rank}은(는) 닫힌 숫자입니다",
    (None, "hand"): "판",
    (None, "Hand"): "판",
    (None, "{hands} hands"): "{hands}판",
    (None, "Hand {number} saved."): "{number}번째 판을 저장했습니다.",
    (None, "total"): "누적",
    ("breakdown", "total"): "합계",
    (None, "Running totals"): "누적 점수",
    (None, "Went out"): "나간 팀",
    (None, "went out"): "나간 팀",
    (None, "Result: {winners} share the win."): "결과: {winners} 공동 승리.",
    ("initial_meld.tiers", "Initial-meld minimum by tier: {v}"): "단계별 첫 멜드 최소 점수: {v}",
    (None, "Bundled ruleset id or path to a TOML file."): "내장 규칙 세트 id 또는 TOML 파일 경로.",
    (None, "clean canastas of aces"): "에이스 클린 카나스타 수",
    (None, "clean canastas of sevens"): "7 클린 카나스타 수",
    (None, "Cards in the pile."): "버림 더미의 카드 수.",
    (None, "concealed canastas"): "숨은 카나스타",
    (None, "canastas laid whole from hand"): "숨은 카나스타 수",
    (None, "red threes"): "빨간 3",
    (None, "black threes"): "검은 3",
    (None, "{players} players"): "{players}명",
    (None, "sevens"): "7",
    (None, "deuces"): "2",
    (None, "deuces_mixed"): "조커가 섞인 2",
    (None, "optional"): "선택",
    (None, "optional; the answer binds"): "선택 (물으면 대답에 따라야 합니다)",
    ("rule value", "yes"): "예",
    ("rule value", "no"): "아니오",
}
# Words that name a concept in part of a message: (context, message id) -> a word it holds.
HOLDS = {
    ("go-out.partner-refused", "After the partner says no, the player may not go out this turn"): (
        "이번 차례에"
    ),
    (None, "either colour may be laid face up (with a replacement card), or kept"): "보충 카드",
    (None, "garbage is two four-of-a-kinds and two three-of-a-kinds of different ranks"): "묶음",
    (None, "The game is scored with this snapshot of {ruleset}:"): "스냅숏",
    (None, "give the hand either with --file or in the quick form, not both"): "빠른 형식",
    (
        "meld.one-rank",
        "A group meld holds natural cards of one rank; wild cards stand for that rank",
    ): ("한 숫자의 내추럴 카드"),
}


@pytest.mark.parametrize(("key", "korean"), REQUIRED.items(), ids=[k[1] for k in REQUIRED])
def test_each_concept_has_the_glossary_s_one_korean_name(
    key: tuple[str | None, str], korean: str
) -> None:
    assert KOREAN[key] == korean


@pytest.mark.parametrize(("key", "word"), HOLDS.items(), ids=[k[1] for k in HOLDS])
def test_a_message_names_its_concept_by_the_glossary_word(
    key: tuple[str | None, str], word: str
) -> None:
    assert word in KOREAN[key]


# Words the glossary retired (issue: the players' words, seeds/003): a deal is 판, a rank 숫자,
# a turn 차례, the initial meld 첫 멜드, ...; 핸드 is kept only where it is the hand of Hand and
# Foot or a special hand.
RETIRED = (
    "최초 멜드",
    "랭크",
    "턴",
    "세븐",
    "듀스",
    "우승",
    "구간",
    "기본 규칙 세트",
    "대신 카드",
    "간단한 형식",
    "레드 3",
    "블랙 3",
    "4인",
    "두 벌",
    "규칙 세트 사본",
    "차트",
)
HAND_KEPT = ("핸드와 풋", "핸드 앤드 풋", "핸드나 풋", "핸드 11장과 풋", "특수 핸드", "가비지 핸드")


def test_no_retired_word_appears_anywhere_in_the_catalog() -> None:
    found = [
        (word, msgid)
        for _context, msgid, strings in ENTRIES
        for text in strings
        for word in RETIRED
        if word in text
    ]
    assert found == []


def test_a_deal_is_called_pan_not_haendeu() -> None:
    """핸드 remains only in 핸드와 풋 (Hand and Foot's piles) and 특수 핸드 (a special hand)."""
    found = []
    for _context, msgid, strings in ENTRIES:
        for text in strings:
            for kept in HAND_KEPT:
                text = text.replace(kept, "")
            if "핸드" in text and "(핸드)" not in text:
                found.append(msgid)
    assert found == []


def lines() -> list[tuple[str | None, str, str]]:
    return [
        (context, msgid, line.strip())
        for context, msgid, strings in ENTRIES
        for text in strings
        for line in text.splitlines()
        if line.strip()
    ]


def test_every_sentence_speaks_hapnida_never_handa_haeyo_or_ham() -> None:
    """Rulings, errors, rule texts and prompts in one speech level: a sentence ends in -니다 (or
    asks -니까?), never in the plain -다, in -요 or in a bare -함."""
    wrong = []
    for _context, msgid, line in lines():
        end = line.rstrip(".")
        if re.search(r"[^니]다$", end) or re.search(r"(요|요\?|함|세요)$", end) or "세요" in end:
            wrong.append((msgid, line))
    assert wrong == []


def test_a_rule_text_with_its_value_after_a_colon_is_a_noun_phrase() -> None:
    """``…새 스톡으로 쓰기: 아니오``, never ``…쓴다: 아니오``, which says the opposite of its
    value."""
    wrong = []
    for context, _msgid, strings in ENTRIES:
        if context is None or "." not in context or not strings[0].endswith(": {v}"):
            continue
        before = strings[0].removesuffix(": {v}")
        if re.search(r"(다|함|음|됨)$", before):
            wrong.append((context, strings[0]))
    assert wrong == []


def test_a_reason_states_a_requirement() -> None:
    """Rule texts cited as reasons say what must be, e.g. RULES 3.1's two naturals."""
    rs = load_ruleset("classic")
    with language.speaking(language.KOREAN):
        assert (
            rs.rule_text("meld.min_naturals")
            == "그룹 멜드에는 내추럴 카드가 2장 이상 있어야 합니다"
        )
        assert rs.rule_text("meld.min_cards") == "멜드는 3장 이상이어야 합니다"


def test_the_final_discard_is_optional_or_required_without_the_partner_s_answer() -> None:
    """Classic: going out may end without a discard; Modern American: it must end with one
    (RULES, going out). The partner's answer belongs to go_out.permission only."""
    classic, modern = load_ruleset("classic"), load_ruleset("modern-american")
    assert classic.rule_text("go_out.final_discard") == "A final discard when going out is optional"
    assert modern.rule_text("go_out.final_discard") == "A final discard when going out is required"
    with language.speaking(language.KOREAN):
        assert classic.rule_text("go_out.final_discard") == "나갈 때 마지막 카드 버리기: 선택"
        assert modern.rule_text("go_out.final_discard") == "나갈 때 마지막 카드 버리기: 필수"


def test_numbers_in_korean_rule_texts_are_written_as_the_seeds_write_them() -> None:
    """Classic's target is 5,000 and its tiers start at 1,500 and 3,000 (RULES 5): 5,000점,
    1,500점부터."""
    rs = load_ruleset("classic")
    with language.speaking(language.KOREAN):
        assert rs.rule_text("game.target") == "한 팀이 5,000점에 이르면 게임이 끝납니다"
        tiers = rs.rule_text("initial_meld.tiers")
    assert "1,500점부터: 90점" in tiers and "3,000점부터: 120점" in tiers
    assert (
        load_ruleset("classic").rule_text("game.target") == "The game ends when a side reaches 5000"
    )


def test_a_rule_value_given_by_the_schema_for_one_key_is_said_in_korean() -> None:
    """The values a key reads its own way (``not asked``, ``the whole initial meld``) and a
    sequence's name (``samba``) are translated like every other value."""
    with language.speaking(language.KOREAN):
        samba = load_ruleset("samba").rule_text("canasta.sequence_name")
        modern = load_ruleset("modern-american").rule_text("initial_meld.canasta_band_count")
    assert samba == "완성된 시퀀스의 이름: 삼바"
    assert "the whole" not in modern and "canasta itself" not in modern


GLOSSARY = Path(__file__).parent.parent / "docs" / "ko" / "glossary.md"


def glossary_rows() -> list[list[str]]:
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and not set(cells[1]) <= set("-"):
            rows.append(cells)
    return rows


def test_the_glossary_shows_no_retired_word_and_accepts_one_only_as_typed() -> None:
    """The glossary agrees with the retired words: a retired word (블랙 3, 레드 3) is never in the
    shown column, and where the accepted column names one it says it is typed only (or
    never used)."""
    wrong = []
    for english, shown, accepted in glossary_rows():
        for word in RETIRED:
            if word in shown:
                wrong.append((english, word))
            marked = "typed only" in accepted or "never" in accepted
            if word in accepted and not marked:
                wrong.append((english, word))
    assert wrong == []


def test_the_glossary_shows_black_threes_removed_as_the_catalog_says_it() -> None:
    """black_threes_removed is said 제거된 검은 3 (검은 3, not the retired 블랙 3) in the catalog
    and so in the glossary's shown column."""
    said = KOREAN[(None, "black_threes_removed")]
    assert said.startswith("제거된 검은 3")
    shown = [row[1] for row in glossary_rows() if row[0].startswith("black threes removed")]
    assert shown == ["제거된 검은 3"]
