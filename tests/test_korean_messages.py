"""Messages a Korean table meets that were built, or shown, outside the catalog: each one said
in Korean, in 합니다체, with the bundled ruleset's Korean name (docs/ko/glossary.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import Cli, run_main


def test_sides_that_fit_no_player_count_name_the_ruleset_in_korean(cli: Cli) -> None:
    """RULES 2 and CONTRACT 3: Classic is played by 2, 3, 4 or 6; one side fits none of them.
    The refusal names the ruleset as the Korean help does (클래식 카나스타), never in English."""
    refused = cli("--lang", "ko", "new", "club", "--side", "철수 & 영희")
    assert refused.code == 2
    assert refused.err.strip().splitlines()[-1] == (
        "Error: 팀 1개는 클래식 카나스타에 맞지 않습니다 (플레이어 수: 2, 3, 4, 6). "
        "팀을 확인하거나 플레이어 수를 주십시오"
    )
    english = cli("new", "club", "--side", "Ann & Bob")
    assert "1 sides do not fit Classic Canasta (players: 2, 3, 4, 6)" in english.err


@pytest.fixture
def korean_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Korean terminal: LANG=ko_KR.UTF-8 and nothing that names another language."""
    for name in ("CANASTA_SCORE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")


def test_a_language_not_spoken_is_refused_in_the_language_of_the_locale(
    cli: Cli, korean_locale: None
) -> None:
    """README: --lang, else CANASTA_SCORE_LANG, else the locale. A --lang the program does not
    speak is refused (exit 2) in the language the locale chooses, as every other refusal is."""
    refused = cli("--lang", "한국", "games")
    assert refused.code == 2
    assert refused.err.strip() == (
        "Error: --lang '한국'은 이 프로그램이 쓰는 언어가 아닙니다 (en 또는 ko 중에서 고르십시오)"
    )
    missing = cli("games", "--lang")
    assert missing.err.strip() == "Error: --lang에는 언어를 주어야 합니다: ko 또는 en"


def test_a_variable_naming_no_language_is_refused_in_the_locale_s_language(
    cli: Cli, korean_locale: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CANASTA_SCORE_LANG=de under a Korean locale: refused, in Korean (the locale's); under
    --json, whose output is for programs, in English."""
    monkeypatch.setenv("CANASTA_SCORE_LANG", "de")
    refused = cli("games")
    assert refused.err.strip() == (
        "Error: CANASTA_SCORE_LANG 'de'는 이 프로그램이 쓰는 언어가 아닙니다 "
        "(en 또는 ko 중에서 고르십시오)"
    )
    machine = cli("games", "--json")
    assert machine.err.strip() == (
        "Error: CANASTA_SCORE_LANG 'de' is not a language the program speaks (choose en or ko)"
    )


def test_italian_deuce_canastas_are_shown_by_their_glossary_names_and_typed_either_way(
    cli: Cli,
) -> None:
    """RULES 14 (Italian): a canasta of seven 2s scores 3,000 and a mixed deuce canasta 2,000
    for the side going out; natural canastas 500 (Samba's), going out 300. docs/ko/glossary.md:
    they are shown 2 / 조커가 섞인 2 (2 카나스타), 듀스 is typed only, never shown.
    500 + 2 x 500 + 3,000 + 2,000 + 300 = 6,800."""
    cli("new", "club", "-r", "italian", "--side", "우리", "--side", "그들")
    wrong = cli("--lang", "ko", "hand", "우리: 1 없는것", "그들: 0 멜드")
    assert "N 내추럴 / 믹스드 / 삼바 / 2 / 조커가 섞인 2 (카나스타" in wrong.err
    assert "듀스" not in wrong.err
    said = cli(
        "--lang", "ko", "hand", "우리: 500 멜드, 2 내추럴, 1 2, 1 조커가 섞인 2, 나감",
        "그들: 100 멜드", "--yes",
    )  # fmt: skip
    assert said.code == 0, said.err
    assert "합계                        +6,800" in said.out
    cli("undo", "--yes")
    typed = cli(
        "--lang", "ko", "hand", "우리: 500 멜드, 2 내추럴, 1 듀스, 1 조커 든 듀스, 나감",
        "그들: 100 멜드", "--yes",
    )  # fmt: skip
    assert typed.out == said.out


def test_new_s_help_names_standard_error_as_the_other_help_names_standard_input(
    cli: Cli,
) -> None:
    """One word for one thing: the Korean help says 표준 입력 and 표준 출력 for - (stdin, stdout),
    so new's details go to 표준 오류, never the English stderr."""
    for args in (["new", "--help"], ["--help"]):
        shown = cli("--lang", "ko", *args).out
        assert "(자세한 것: 표준 오류)" in shown, args
        assert "stderr" not in shown, args


@pytest.mark.parametrize(
    ("args", "said", "not_said"),
    [
        (["stats", "--help"], "플레이어와 팀별 수치", "파트너십"),
        (["stats", "--help"], "두 플레이어 또는 두 팀의 상대 전적", "맞대결"),
        (["stats", "--help"], "이 팀의 게임만", "파트너십"),
        (["new", "--help"], "첫 딜러 (플레이어 또는 팀)", "딜하는"),
    ],
)
def test_the_help_says_a_side_head_to_head_and_the_dealer_as_the_glossary_does(
    cli: Cli, args: list[str], said: str, not_said: str
) -> None:
    """docs/ko/glossary.md: a side (a player or a partnership) is 팀, head to head 상대 전적 (as
    stats' own refusal says it), the dealer 딜러 (첫 딜러, as new prints it)."""
    shown = " ".join(cli("--lang", "ko", *args).out.split())
    assert said in shown
    assert not_said not in shown


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--help"],
            "카나스타 게임의 점수를 계산하고 규칙 문제를 판정합니다. 모든 변형을 다룹니다.",
        ),
        (["check", "go-out", "--help"], "마지막으로 버린 카드 (있으면)."),
    ],
)
def test_help_sentences_end_in_the_polite_form_or_are_noun_phrases(
    cli: Cli, args: list[str], said: str
) -> None:
    """docs/ko/glossary.md (one voice): a sentence ends in -니다; help that is not a sentence is
    a noun phrase, never a dangling clause (모든 변형에 대해., 있다면.)."""
    shown = " ".join(cli("--lang", "ko", *args).out.split())
    assert said in shown
    assert "모든 변형에 대해." not in shown and "있다면." not in shown


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["stauts"], "'stauts' 명령은 없습니다. 'stats', 'status'를 말씀하신 것입니까?"),
        (["status", "--bogus"], "--bogus 옵션은 없습니다"),
        (["status", "--chrt"], "--chrt 옵션은 없습니다 (비슷한 옵션: --chart)"),
        (["edit"], "'N' 인자가 빠졌습니다"),
        (["new", "--target"], "'--target' 옵션에는 값이 필요합니다"),
        (["undo", "--yes=3"], "'--yes' 옵션은 값을 받지 않습니다"),
        (["min-meld", "--score", "abc"], "'--score'의 값이 올바르지 않습니다: 정수를 주십시오"),
        (["games", "one", "two"], "필요 없는 인자가 더 있습니다 (one two)"),
    ],
)
def test_a_usage_error_is_said_in_korean_with_where_to_find_help(
    cli: Cli, args: list[str], error: str
) -> None:
    """CONTRACT 4: bad usage exits 2 with a message starting Error: on stderr. In Korean the
    message and the pointer to the help are Korean too; only Error: stays, as the contract
    has it in every language."""
    shown = cli("--lang", "ko", *args)
    assert shown.code == 2
    assert shown.err.splitlines()[-1] == f"Error: {error}"
    assert "Try" not in shown.err
    if "--target" not in args and "--yes=3" not in args:  # parse errors Click shows bare
        assert re.search(r"^도움말은 '.+ -h'로 볼 수 있습니다\.$", shown.err, re.MULTILINE)


def test_a_usage_error_in_english_is_click_s_own(cli: Cli) -> None:
    """The English messages stay as Click writes them (output byte for byte as before)."""
    shown = cli("status", "--bogus")
    lines = shown.err.splitlines()
    assert lines[0].startswith("Usage: ") and lines[0].endswith(" status [OPTIONS]")
    assert lines[1].startswith("Try '") and lines[1].endswith(" status -h' for help.")
    assert lines[2:] == ["", "Error: No such option: --bogus"]


def test_a_side_that_went_out_without_its_canasta_is_refused_in_one_sentence(cli: Cli) -> None:
    """RULES 2 (classic): a side needs one canasta to go out. The refusal says so as a
    statement and its reason, not as a clause left hanging on a colon (나갔지만:)."""
    cli("new", "club", "--side", "우리", "--side", "그들")
    refused = cli("--lang", "ko", "hand", "우리: 100 멜드", "그들: 50 멜드, 나감")
    assert refused.code == 2
    assert refused.err.splitlines()[-1] == (
        'Error: 팀 "그들"이 나갔다고 했지만 나갈 수 없습니다: '
        "나가려면 팀에 카나스타 1개가 필요한데, 팀에는 0개가 있습니다"
    )


def test_the_chart_is_called_a_graph_everywhere(cli: Cli) -> None:
    """docs/ko/glossary.md: the chart of running totals is 그래프 (as README and the print
    option say), never 차트 beside it."""
    cli("new", "club", "--side", "우리", "--side", "그들")
    cli("hand", "우리: 285 melded, 1 natural, out", "그들: 95 melded, 70 left")
    chart = cli("--lang", "ko", "status", "--chart").out
    assert "목표 점수 5,000 (그래프 위쪽)" in chart
    shown = " ".join(cli("--lang", "ko", "export", "--help").out.split())
    assert "(점수표, 그래프, 모든 점수 내역)" in shown
    assert "차트" not in chart + shown


def test_an_assumption_names_the_option_that_changes_it_with_the_particle_that_fits(
    cli: Cli,
) -> None:
    """RULES 6 discard.wild: a wild card is discarded only when going out (modern American); the
    ruling says what it assumed and the option that changes it: --going-out is read 고잉아웃,
    so it takes 을."""
    ruled = cli(
        "--lang", "ko", "check", "discard", "2C", "--hand", "2C KC", "-r", "modern-american"
    )  # fmt: skip
    assert "(--going-out을 주면 답이 달라집니다)" in ruled.out


def test_a_group_named_alone_shows_its_help_in_korean_not_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`check` without a check exits 2 showing the group's help, as Click does: the Korean help
    itself, never wrapped in a second usage line and Error:."""
    code, _out, err = run_main(capsys, "--lang", "ko", "check")
    assert code == 2
    assert err.startswith("사용법: ") and "이 플레이는 허용됩니까?" in err
    assert "Error:" not in err and "도움말은" not in err


def test_why_a_file_cannot_be_read_or_written_is_said_in_korean(cli: Cli, tmp_path: Path) -> None:
    """The system gives its reasons in English; a Korean refusal says the usual ones in Korean
    (a folder given for a file, a folder that does not exist), and English keeps the system's."""
    cli("new", "club", "--side", "우리", "--side", "그들")
    folder = tmp_path / "folder"
    folder.mkdir()
    read = cli("--lang", "ko", "import", str(folder))
    assert read.err.strip() == f"Error: {folder}: 읽을 수 없습니다 (파일이 아닌 폴더)"
    missing = tmp_path / "nowhere" / "x.json"
    written = cli("--lang", "ko", "export", "-o", str(missing))
    assert written.err.strip() == (
        f"Error: {missing}: 쓸 수 없습니다 (그런 파일이나 폴더가 없음). 그대로 두었습니다"
    )
    english = cli("import", str(folder))
    assert english.err.strip() == f"Error: {folder}: cannot be read (Is a directory)"
