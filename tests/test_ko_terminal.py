"""Korean at the table, on a pseudo-terminal: a whole hand answered in Korean, an edit, and a
``play`` session. The prompts are Korean and the totals are the English run's (worked out by
hand from docs/rules, RULES 2.6 and example C5)."""

from __future__ import annotations

import json
import os

import pytest
from terminal import Terminal
from terminal import run_ok as run

SIDES = ("--side", "우리: 민수 & 지영", "--side", "그들: 철수 & 영희")


@pytest.fixture
def ko_env(env: dict[str, str]) -> dict[str, str]:
    """The program's environment, speaking Korean through CANASTA_SCORE_LANG."""
    return {**env, "CANASTA_SCORE_LANG": "ko"}


def scores(env: dict[str, str]) -> list[int]:
    return [s["score"] for s in json.loads(run(env, "status", "--json"))["sides"]]


def enter_c5_in_korean(term: Terminal) -> None:
    """Example C5 answered in Korean: 우리 (side A) card by card, 그들 (side B) as totals."""
    term.expect("클럽의 1번째 판, 딜러 민수")
    term.answer("누가 나갔습니까? (우리 / 그들 / 없음):", "민수")
    term.answer("카드별로 입력하시겠습니까, 합계로 입력하시겠습니까? (c/t) [c]:", "카드")
    term.answer("멜드 1: 카드", "QS QH QD QC QS QH QD")
    term.answer("멜드 2: 카드", "K K 2 2")
    shown = term.answer("멜드 2: 카드", "8S 8H 8D 8C 8S 2C JK")
    assert "허용되지 않는 멜드입니다" in shown and "다시 입력하십시오" in shown
    term.answer("멜드 3: 카드", "5S 5H 5D")
    term.answer("멜드 4: 카드", "")
    term.answer("빨간 3 (개수 또는 카드) [0]:", "3H 3D")
    term.answer("민수의 손에 남은 카드 (없으면 빈칸):", "")
    term.answer("지영의 손에 남은 카드 (없으면 빈칸):", "9C 4D JK")
    term.answer(
        "숨은 나가기였습니까 (한 번에 모두 내려놓고 나가기)? (예/아니오) [아니오]:", "어쩌면"
    )
    shown = term.answer(
        "숨은 나가기였습니까 (한 번에 모두 내려놓고 나가기)? (예/아니오) [아니오]:", "아니요"
    )
    assert '"어쩌면": 예 또는 아니오' in shown
    term.answer("카드별로 입력하시겠습니까, 합계로 입력하시겠습니까? (c/t) [c]:", "합계")
    term.answer("멜드한 카드 전체의 카드 점수 [0]:", "95점")
    term.answer("내추럴 카나스타 수 [0]:", "")
    term.answer("믹스드 카나스타 수 [0]:", "0")
    term.answer("빨간 3 (개수 또는 카드) [0]:", "2")
    term.answer("손에 남은 카드의 카드 점수 [0]:", "70")


def test_a_whole_hand_answered_in_korean_scores_c5_a_1240_b_225(ko_env: dict[str, str]) -> None:
    """RULES 2.7 C5: side A (우리) card by card 205 + 1,100 - 65 = 1,240; side B (그들) as
    totals 95 + 200 - 70 = 225, as in English."""
    run(ko_env, "new", "클럽", *SIDES)
    term = Terminal(["hand"], ko_env)
    enter_c5_in_korean(term)
    shown = term.answer("이 판을 저장하시겠습니까? (예/아니오) [예]:", "네")
    assert "+1,240" in shown and "+225" in shown
    assert term.finish() == 0
    assert scores(ko_env) == [1240, 225]


def test_an_edit_in_korean_changes_one_side_c5_b_with_40_left_scores_255(
    ko_env: dict[str, str],
) -> None:
    """RULES 2.6 on C5: side B (그들) left with 40 instead of 70 scores 95 + 200 - 40 = 255;
    side A keeps 1,240. Only 그들 is asked, its answers offered (Enter keeps one)."""
    run(ko_env, "new", "클럽", *SIDES)
    term = Terminal(["hand"], ko_env)
    enter_c5_in_korean(term)
    term.answer("이 판을 저장하시겠습니까? (예/아니오) [예]:", "")
    assert term.finish() == 0
    term = Terminal(["edit", "1"], ko_env)
    shown = term.expect(
        "어느 팀을 바꾸시겠습니까? (우리 / 그들, 나간 팀을 바꾸려면 나감, 또는 전체) [전체]:"
    )
    assert "지금: 우리: 나감; 그들: 95 멜드, 2 빨간 3, 70 남은" in shown
    os.write(term.fd, "그\n".encode())
    term.answer("카드별로 입력하시겠습니까, 합계로 입력하시겠습니까? (c/t) [t]:", "")
    term.answer("멜드한 카드 전체의 카드 점수 [95]:", "")
    term.answer("내추럴 카나스타 수 [0]:", "")
    term.answer("믹스드 카나스타 수 [0]:", "")
    term.answer("빨간 3 (개수 또는 카드) [2]:", "")
    term.answer("손에 남은 카드의 카드 점수 [70]:", "40")
    shown = term.answer("이 판을 저장하시겠습니까? (예/아니오) [예]:", "예")
    assert "+1,240" in shown and "+255" in shown
    assert term.finish() == 0
    assert scores(ko_env) == [1240, 255]


def test_a_play_session_in_korean_two_hands_korean_commands_and_help(
    ko_env: dict[str, str],
) -> None:
    """Contract hand 2 in the Korean quick form (RULES 2.6): 우리 300 + 300 - 40 = 560, 그들
    250 + 500 + 100 = 850; then a hand by the questions: 우리 250 + 500 + 100 = 850, 그들 95.
    Commands by their Korean names (핸드, 멜드, 도움말, 종료)."""
    run(ko_env, "new", "클럽", *SIDES)
    term = Terminal(["play"], ko_env)
    shown = term.expect("플레이> ")
    assert "명령 목록은 help(도움말), 끝내려면 quit(종료)를 입력하십시오." in shown
    quick = "핸드 우리: 300 멜드, 1 믹스드, 40 남은; 그들: 250 멜드, 1 내추럴 카나스타, 나감"
    os.write(term.fd, (quick + "\n").encode())
    shown = term.answer("플레이> ", "핸드")
    assert "+560" in shown and "+850" in shown
    term.answer("누가 나갔습니까? (우리 / 그들 / 없음):", "우")
    for melded, natural in (("250", "1"), ("95", "0")):
        term.answer("카드별로 입력하시겠습니까, 합계로 입력하시겠습니까? (c/t) [c]:", "t")
        term.answer("멜드한 카드 전체의 카드 점수 [0]:", melded)
        term.answer("내추럴 카나스타 수 [0]:", natural)
        term.answer("믹스드 카나스타 수 [0]:", "")
        term.answer("빨간 3 (개수 또는 카드) [0]:", "")
        term.answer("손에 남은 카드의 카드 점수 [0]:", "")
        if melded == "250":
            term.answer("숨은 나가기", "")
    shown = term.answer("이 판을 저장하시겠습니까? (예/아니오) [예]:", "y")
    assert "+850" in shown and "+95" in shown
    term.answer("플레이> ", "멜드 K K 2")
    shown = term.answer("플레이> ", "도움말")
    assert "K K 2" in shown
    shown = term.answer("플레이> ", "종료")
    assert "명령 (앞부분만 써도 됩니다" in shown and "hand (판)" in shown
    assert term.finish() == 0
    assert scores(ko_env) == [560 + 850, 850 + 95]


def test_undo_in_korean_asks_with_the_korean_default(ko_env: dict[str, str]) -> None:
    """Every Korean yes-or-no question shows its default as 예 or 아니오; undo's is 아니오."""
    run(ko_env, "new", "클럽", *SIDES)
    run(ko_env, "hand", "우리: 285 멜드, 1 내추럴, 나감", "그들: 95 멜드")
    term = Terminal(["undo"], ko_env)
    shown = term.answer("redo로 되돌릴 수 있습니다) [아니오]:", "")
    assert "이 판을 지우시겠습니까? (예/아니오" in shown and "[n]" not in shown
    assert term.finish() == 2
