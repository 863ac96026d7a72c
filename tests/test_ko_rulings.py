"""Rulings, rule texts and ``rules`` in Korean: the same verdicts, numbers and rule ids as in
English, with the Korean terms of docs/ko/glossary.md; ``--json`` byte-identical in both
languages. Numbers are worked out from the classic rules (docs/rules/classic.md): K counts 10,
a two 20, an ace 20, a joker 50, 7 to 4 count 5; a meld needs 2 natural cards and more natural
than wild cards; the initial-meld minimum is 15 below 0, 50 from 0, 90 from 1,500, 120 from
3,000; one canasta (7 cards) to go out; red threes are never discarded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import Cli
from helpers import run_main as run

from canasta_score.core import language
from canasta_score.judging.initial import min_meld
from canasta_score.output import widths as display
from canasta_score.rules.ruleset import Ruleset


def both(cli: Cli, *args: str) -> tuple[int, str, str]:
    """The Korean run's exit code and output, and the English output; both runs agree on the
    exit code (legal 0, illegal 1)."""
    ko, en = cli("--lang", "ko", *args), cli("--lang", "en", *args)
    assert ko.code == en.code
    return ko.code, ko.out, en.out


def numbers(text: str) -> list[str]:
    """What must not change with the language: the rule ids a ruling cites and the numbers of
    what else it reports (its lines without a dash), in order."""
    found = re.findall(r"\[[a-z0-9.-]+\]", text)
    for line in text.splitlines()[1:]:
        if not line.startswith("  - "):
            found += re.findall(r"\d+(?:,\d{3})*", line.split(":", 1)[-1])
    return found


# ---------------------------------------------------------------- rulings


def test_meld_k_k_2_is_legal_under_meld_wild_ratio_and_counts_40_in_korean(cli: Cli) -> None:
    """K K 2: two natural cards and one wild card (2 > 1); 10 + 10 + 20 = 40."""
    code, ko, en = both(cli, "check", "meld", "K K 2")
    assert code == 0
    assert ko.startswith("허용: K K 2\n")
    assert "K 멜드, 3장, 내추럴 2장과 와일드 1장  [classic.meld.wild-ratio]" in ko
    assert "점수: 40" in ko
    assert numbers(ko) == numbers(en)


def test_meld_k_2_2_breaks_min_naturals_and_wild_ratio_in_korean(cli: Cli) -> None:
    """K 2 2: one natural card (at least 2 needed) and not more natural than wild; 10+20+20=50."""
    code, ko, en = both(cli, "check", "meld", "K 2 2")
    assert code == 1
    assert ko.startswith("불가: K 2 2\n")
    assert "그룹 멜드에는 내추럴 카드가 2장 이상 있어야 합니다  [classic.meld.min-naturals]" in ko
    assert "내추럴 카드가 와일드 카드보다 많아야 합니다 (내추럴 1장, 와일드 2장)" in ko
    assert "[classic.meld.wild-ratio]" in ko
    assert "점수: 50" in ko
    assert numbers(ko) == numbers(en)


def test_pickup_with_a_natural_pair_cites_pile_natural_pair_and_its_assumption_in_korean(
    cli: Cli,
) -> None:
    """KS KH meet the top KD. Had the side not opened, K K K counts 30, below the minimum of 50
    at a score of 0: the ruling says what it assumed."""
    code, ko, en = both(cli, "check", "pickup", "--top", "KD", "--hand", "KS KH 5C")
    assert code == 0
    assert "손의 KS KH가 맨 위 KD와 맞습니다  [classic.pile.natural-pair]" in ko
    assert "방법: 내추럴 페어" in ko
    assert "카드: KS, KH" in ko
    assert "가정: 팀이 이미 첫 멜드를 했습니다 (--not-opened를 주면 답이 달라집니다)" in ko
    assert numbers(ko) == numbers(en)


def test_pickup_by_an_unopened_side_at_2000_falls_short_of_90_in_korean(cli: Cli) -> None:
    """At 2,000 the minimum is 90; the best initial meld with the top KD is K K K (30) and
    5 5 5 (15): 45."""
    args = ("check", "pickup", "--top", "KD", "--hand", "KS KH 5C 5D 5H", "--not-opened")
    code, ko, en = both(cli, *args, "--score", "2000")
    assert code == 1
    assert "(KS KH KD; 5C 5D 5H)는 45점으로, 최소 점수 90점에 못 미칩니다" in ko
    assert "[classic.initial-meld.minimum]" in ko
    assert "최소 점수: 90" in ko
    assert numbers(ko) == numbers(en)


def test_discarding_a_red_three_cites_discard_red_three_in_korean(cli: Cli) -> None:
    code, ko, en = both(cli, "check", "discard", "3H", "--hand", "3H KC")
    assert code == 1
    assert ko == "불가: 3H\n  - 빨간 3은 버릴 수 없습니다  [classic.discard.red-three]\n"
    assert numbers(ko) == numbers(en)


def test_discarding_a_king_is_legal_under_discard_in_hand_in_korean(cli: Cli) -> None:
    code, ko, _en = both(cli, "check", "discard", "KC", "--hand", "AS 7D KC JK", "--pile-empty")
    assert code == 0
    assert ko == "허용: KC\n  - KC를 버릴 수 있습니다  [classic.discard.in-hand]\n"


def test_going_out_without_a_canasta_cites_go_out_canastas_in_korean(cli: Cli) -> None:
    """Classic asks one canasta to go out; K K K is none."""
    code, ko, en = both(cli, "check", "go-out", "--table", "K K K")
    assert code == 1
    assert "나가려면 팀에 카나스타 1개가 필요한데, 팀에는 0개가 있습니다" in ko
    assert "[classic.go-out.canastas]" in ko
    assert "카나스타 수: 0" in ko
    assert numbers(ko) == numbers(en)


def test_going_out_with_seven_queens_names_a_natural_canasta_in_korean(cli: Cli) -> None:
    code, ko, en = both(cli, "check", "go-out", "--table", "Q Q Q Q Q Q Q", "--table", "K K K")
    assert code == 0
    assert "팀의 카나스타 1개: 내추럴  [classic.go-out.canastas]" in ko
    assert numbers(ko) == numbers(en)


def test_initial_meld_of_110_at_1600_meets_the_minimum_of_90_in_korean(cli: Cli) -> None:
    """7 7 7 7 counts 20; A A JK counts 20 + 20 + 50 = 90; together 110, at least 90."""
    code, ko, en = both(cli, "check", "initial-meld", "7 7 7 7", "A A JK", "--score", "1600")
    assert code == 0
    assert "멜드는 110점이고 최소 점수는 90점입니다  [classic.initial-meld.minimum]" in ko
    assert "점수: 110" in ko
    assert numbers(ko) == numbers(en)


def test_initial_meld_of_45_at_0_is_below_the_minimum_of_50_in_korean(cli: Cli) -> None:
    """K K K (30) and 5 5 5 (15): 45, below the 50 a side at 0 needs."""
    code, ko, en = both(cli, "check", "initial-meld", "K K K", "5 5 5")
    assert code == 1
    assert "멜드는 45점으로, 최소 점수 50점에 못 미칩니다  [classic.initial-meld.minimum]" in ko
    assert numbers(ko) == numbers(en)


def test_min_meld_at_1500_is_90_and_its_rule_reads_in_korean(cli: Cli, classic: Ruleset) -> None:
    """From 1,500 the minimum is 90 (classic initial-meld tiers)."""
    code, ko, en = both(cli, "min-meld", "--score", "1500")
    assert code == 0
    assert "90" in ko and "[classic.initial-meld.tiers]" in ko
    assert numbers(ko) == numbers(en)
    with language.speaking("ko"):
        need = min_meld(classic, 1500)
    assert need.minimum == 90
    assert need.rule.text == "첫 멜드는 적어도 90점이어야 합니다"
    with language.speaking("en"):
        assert min_meld(classic, 1500).rule.text == "The initial meld must count at least 90"


def test_a_bad_card_count_names_the_deck_rule_in_korean(cli: Cli) -> None:
    """Two packs hold 8 kings: nine are too many (deck.decks)."""
    code, ko, en = both(cli, "check", "meld", "K K K K K K K K K")
    assert code == 1
    assert "K 카드를 9장 적었지만 클래식 카나스타 덱 (2벌)에는 8장뿐입니다" in ko
    assert "[classic.deck.decks]" in ko
    assert numbers(ko) == numbers(en)


def test_an_unknown_house_rule_key_is_named_in_korean(cli: Cli) -> None:
    run = cli("--lang", "ko", "check", "meld", "K K K", "--rule", "meld.bogus=1")
    assert run.code == 2
    assert "하우스 룰 meld.bogus: 알 수 없는 규칙 세트 키입니다" in run.err


# ---------------------------------------------------------------- rule texts


def test_rule_texts_follow_the_language_without_mixing_the_cache(classic: Ruleset) -> None:
    """A ruleset keeps the text of each rule it cited in each language apart."""
    with language.speaking("ko"):
        korean = classic.cite("meld.min_cards").text
    assert korean == "멜드는 3장 이상이어야 합니다"
    with language.speaking("en"):
        assert classic.cite("meld.min_cards").text == "A meld has at least 3 cards"
    with language.speaking("ko"):
        assert classic.cite("meld.min_cards").text == korean
        assert classic.rule_text("go_out.bonus") == "나가면 100점을 얻습니다"
        assert classic.rule_text("discard.red-three") == "빨간 3은 버릴 수 없습니다"


def test_a_korean_rule_text_drops_its_zero_note_as_the_english_does(classic: Ruleset) -> None:
    """``(0 = ...)`` explains a zero only: classic's unlimited meld keeps it, a house rule of
    at most 8 cards reads without it; classic plays to 5,000."""
    from canasta_score.rules.catalog import load_ruleset

    eight = load_ruleset("classic", overrides=["meld.max_cards=8"])
    with language.speaking("en"):
        assert classic.rule_text("meld.max_cards") == "A meld has at most 0 cards (0 = no limit)"
        assert eight.rule_text("meld.max_cards") == "A meld has at most 8 cards"
    with language.speaking("ko"):
        assert (
            classic.rule_text("meld.max_cards") == "멜드는 0장까지만 될 수 있습니다 (0 = 제한 없음)"
        )
        assert eight.rule_text("meld.max_cards") == "멜드는 8장까지만 될 수 있습니다"
        assert classic.rule_text("game.target") == "한 팀이 5,000점에 이르면 게임이 끝납니다"


def test_rules_explain_tiers_in_korean(cli: Cli) -> None:
    """Classic tiers: 15 below 0, 50 from 0, 90 from 1,500, 120 from 3,000."""
    run = cli("--lang", "ko", "rules", "explain", "classic.initial-meld.tiers")
    assert run.code == 0
    assert run.out.startswith("classic.initial-meld.tiers\n")
    assert (
        "단계별 첫 멜드 최소 점수: 0점 미만: 15점; 0점부터: 50점; "
        "1,500점부터: 90점; 3,000점부터: 120점" in (run.out)
    )
    assert "하우스 룰: --rule initial_meld.tiers=VALUE" in run.out
    assert "설명: docs/ko/rules/classic.md#initial-meld" in run.out


def test_rules_explain_choices_in_korean(cli: Cli) -> None:
    run = cli("--lang", "ko", "rules", "explain", "classic.meld.wild-ratio")
    assert "그룹 멜드의 와일드 카드 비율: 내추럴 카드가 와일드 카드보다 많아야 합니다" in run.out
    assert '값: meld.wild_ratio = "naturals_gt_wilds"' in run.out
    assert "  선택지:\n    none: 위의 제한 말고는 없음\n" in run.out
    fixed = cli("--lang", "ko", "rules", "explain", "classic.pile.natural-pair")
    assert "값: 없음 (설정이 아니라 게임의 고정 규칙입니다)" in fixed.out
    wrong = cli("--lang", "ko", "rules", "explain", "classic.meld.wild-ration")
    assert wrong.code == 2
    assert '"classic.meld.wild-ratio"를 뜻하셨습니까?' in wrong.err


def test_rules_validate_lists_problems_in_korean(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "classic"\nid = "x"\n[meld]\nmin_cards = "three"\n')
    code, _out, err = run(capsys, "--lang", "ko", "rules", "validate", str(bad))
    assert code == 2
    assert err.startswith(f"Error: {bad}: 문제 1개\n")
    assert "meld.min_cards: 정수여야 합니다 (받은 값: 'three')" in err
    good = tmp_path / "house.toml"
    good.write_text('id = "house"\nextends = "classic"\n[go_out]\nbonus = 150\n')
    code, out, _err = run(capsys, "--lang", "ko", "rules", "validate", str(good))
    assert (code, out) == (0, f"{good}: 올바름 (클래식 카나스타, id house)\n")


# ---------------------------------------------------------------- tables in Korean


def column_starts(lines: list[str], words: list[str]) -> list[int]:
    """The display column where the ``words[i]`` of line ``i`` starts."""
    pairs = zip(lines, words, strict=True)
    return [display.width(line[: line.index(word)]) for line, word in pairs]


def test_rules_list_lines_up_with_hangul_headers(cli: Cli) -> None:
    run = cli("--lang", "ko", "rules", "list")
    lines = run.out.splitlines()
    assert lines[0].split() == ["id", "이름", "인원", "상태"]
    rows = [line for line in lines[2:] if line]
    status = [line.split()[-1] for line in rows]
    assert set(status) <= {"완성", "부분", "참고"}
    starts = column_starts([lines[0], *rows], ["상태", *status])
    assert len(set(starts)) == 1
    names = column_starts([lines[0], *rows], ["이름", *(r.split()[1] for r in rows)])
    assert len(set(names)) == 1


def test_rules_show_fits_the_terminal_width_in_korean(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a table (160 columns) and as blocks (60 columns), no line is wider than the terminal
    (a Hangul syllable takes two columns), and the table's columns line up."""
    monkeypatch.setenv("COLUMNS", "160")
    wide = cli("--lang", "ko", "rules", "show", "classic").out.splitlines()
    head = next(i for i, line in enumerate(wide) if line.startswith("규칙 "))
    assert all(display.width(line) <= 160 for line in wide[head:])
    rows = [line for line in wide[head + 2 :] if line.startswith("classic.") and "Pagat" in line]
    assert len(set(column_starts([wide[head], *rows], ["출처", *["Pagat"] * len(rows)]))) == 1
    monkeypatch.setenv("COLUMNS", "60")
    narrow = cli("--lang", "ko", "rules", "show", "classic").out.splitlines()
    assert "    기본 인원은 4명입니다" in narrow
    assert all(display.width(line) <= 60 for line in narrow[2:])


# ---------------------------------------------------------------- JSON is the same bytes


@pytest.mark.parametrize(
    "args",
    [
        ("check", "meld", "K K 2"),
        ("check", "meld", "K 2 2"),
        ("check", "pickup", "--top", "KD", "--hand", "KS KH 5C 5D 5H", "--not-opened"),
        ("check", "discard", "3H", "--hand", "3H KC"),
        ("check", "go-out", "--table", "Q Q Q Q Q Q Q", "--table", "K K K"),
        ("check", "initial-meld", "7 7 7 7", "A A JK", "--score", "1600"),
        ("min-meld", "--score", "1500"),
        ("rules", "list"),
        ("rules", "show", "classic"),
        ("rules", "show", "samba"),
        ("rules", "explain", "classic.initial-meld.tiers"),
        ("rules", "explain", "classic.pile.natural-pair"),
    ],
)
def test_json_is_byte_identical_in_korean_and_english(cli: Cli, args: tuple[str, ...]) -> None:
    ko = cli("--lang", "ko", *args, "--json")
    en = cli("--lang", "en", *args, "--json")
    assert (ko.code, ko.out.encode()) == (en.code, en.out.encode())
    assert not re.search("[가-힣]", ko.out)  # the texts are English, whatever the language


def test_rules_validate_json_is_byte_identical(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "classic"\nid = "x"\n[meld]\nmin_cards = "three"\n')
    ko = run(capsys, "--lang", "ko", "rules", "validate", str(bad), "--json")
    en = run(capsys, "--lang", "en", "rules", "validate", str(bad), "--json")
    assert ko[:2] == en[:2] and "expected a whole number" in ko[1]


def test_rulings_name_each_canasta_kind_as_the_glossary_and_the_score_sheet_do(
    cli: Cli,
) -> None:
    """A kind's Korean name in a ruling ("it is a ... canasta") is the one the glossary
    (docs/ko/glossary.md), stats and the pages use: 와일드 2, 와일드 조커 4, 2, 조커가 섞인 2."""
    from canasta_score.rules.kinds import shown_name

    with language.speaking("ko"):
        words = [shown_name(k) for k in ("wild_twos", "wild_four_jokers", "deuces", "deuces_mixed")]
    assert words == ["와일드 2", "와일드 조커 4", "2", "조커가 섞인 2"]
    # Italian melds twos as a rank: seven twos are deuces, six and a joker deuces with jokers.
    deuces = cli("--lang", "ko", "check", "meld", "2 2 2 2 2 2 2", "--ruleset", "italian")
    assert "2 카나스타입니다" in deuces.out
    mixed = cli("--lang", "ko", "check", "meld", "2 2 2 2 2 2 JK", "--ruleset", "italian")
    assert "조커가 섞인 2 카나스타입니다" in mixed.out
