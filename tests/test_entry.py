"""The quick one-line form and the answers of the interactive entry produce hand records.

Scores are worked out by hand from RULES.md: the quick form must score exactly like the TOML
record it stands for.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from canasta_score.core.errors import InputError
from canasta_score.hands.entry import (
    answer,
    canasta_kinds,
    describe_side,
    finish_side,
    incomplete_kinds,
    kinds_parser,
    match_side,
    meld_parser,
    parse_count,
    parse_mode,
    parse_quick,
    parse_yes,
    side_questions,
    threes_parser,
)
from canasta_score.hands.record import parse_record
from canasta_score.hands.scoring import score_hand
from canasta_score.rules.ruleset import Ruleset


def totals(rs: Ruleset, data: dict[str, Any]) -> dict[str, int]:
    return {s.name: s.total for s in score_hand(rs, parse_record(data)).sides}


def test_the_issue_example_reads_as_a_summary_record(classic: Ruleset) -> None:
    """285 + 500 natural + 300 mixed + 200 (two red threes) + 100 out - 40 = 1,345."""
    data = parse_quick(
        ["us: 285 melded, 1 natural, 1 mixed, 2 red, 40 left, out", "them: 95 melded, 70 left"],
        ["us", "them"],
    )
    assert data["side"][0] == {
        "name": "us",
        "meld_points": 285,
        "canastas": {"natural": 1, "mixed": 1},
        "red_threes": 2,
        "in_hand_points": 40,
        "went_out": True,
    }
    assert totals(classic, data) == {"us": 1345, "them": 25}


def test_quick_form_scores_like_the_toml_record_contract_scenario(classic: Ruleset) -> None:
    """Contract game.two-hands, hand 2: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850."""
    toml = tomllib.loads(
        """
        [[side]]
        name = "A"
        meld_points = 300
        canastas = { natural = 0, mixed = 1 }
        in_hand_points = 40
        [[side]]
        name = "B"
        meld_points = 250
        canastas = { natural = 1, mixed = 0 }
        went_out = true
        """
    )
    quick = parse_quick(
        ["a: 300 melded, 1 mixed, 40 left", "b: 250 melded, 1 natural, out"], ["A", "B"]
    )
    assert totals(classic, quick) == totals(classic, toml) == {"A": 560, "B": 850}


def test_modern_m4_in_the_quick_form(modern: Ruleset) -> None:
    """RULES M4: A 4,000; B -5,510 (incomplete aces and wild meld, one player held three aces)."""
    data = parse_quick(
        [
            "A: 215 melded, 1 natural, 1 mixed, 1 sevens, 2 red, 1 black, 15 left, out; "
            "B: 270 melded, 1 mixed, incomplete aces, incomplete wild, 1 red, 2 black, 80 left, "
            "1 held"
        ],
        ["A", "B"],
    )
    assert data["side"][1]["incomplete"] == ["aces", "wild"]
    assert data["side"][1]["held_penalties"] == 1
    assert totals(modern, data) == {"A": 4000, "B": -5510}


def test_modern_m5_melds_count_against_without_a_canasta(modern: Ruleset) -> None:
    """M5 (corrected): -160 melded, -300 threes, -45 in hand, -2,500 for the incomplete clean
    A A A with or without a canasta = -3,005 (A: one clean sevens canasta and a mixed one, out)."""
    data = parse_quick(
        [
            "A: 115 melded, 1 sevens, 1 mixed, out",
            "B: 160 melded, incomplete aces, 2 red, 45 left",
        ],
        ["A", "B"],
    )
    assert totals(modern, data)["B"] == -3005


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        ("2 black threes", {"black_threes": 2}),
        ("concealed", {"went_out": True, "concealed": True}),
        ("went out", {"went_out": True}),
        ("incomplete wild four jokers", {"incomplete": ["wild_four_jokers"]}),
        ("2 incomplete sevens", {"incomplete": ["sevens", "sevens"]}),
        ("2 held", {"held_penalties": 2}),
        ("special pairs-27a", {"special_hand": "pairs-27a"}),
        ("garbage hand", {"special_hand": "garbage"}),
        ("acaba", {"acaba": True}),
        ("3 black threes removed", {"black_threes_removed": 3}),
        ("4 removed", {"black_threes_removed": 4}),
        ("1 concealed canasta", {"concealed_canastas": 1}),
        ("1 wild twos", {"canastas": {"wild_twos": 1}}),
        ("1 wild four jokers canasta", {"canastas": {"wild_four_jokers": 1}}),
        ("2 sambas", {"canastas": {"samba": 2}}),
        ("1 escalera", {"canastas": {"escalera": 1}}),
        ("1 bolivia", {"canastas": {"bolivia": 1}}),
        ("1 clean", {"canastas": {"natural": 1}}),
        ("1 dirty canasta", {"canastas": {"mixed": 1}}),
        ("melded 285", {"meld_points": 285}),
        ("left 40", {"in_hand_points": 40}),
        ("nothing", {}),
    ],
)
def test_every_summary_key_has_a_quick_item(item: str, expected: dict[str, Any]) -> None:
    data = parse_quick([f"us: {item}", "them:"], ["us", "them"])
    assert data["side"][0] == {"name": "us", **expected}


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["us: 285 melted", "them:"], '"285 melted" is not understood'),
        (["us: melded", "them:"], "needs a number"),
        (["us: 3 out", "them:"], "takes no number"),
        (["us: -40 left", "them:"], "without a sign"),
        (["us: 1 natural, 2 natural", "them:"], "given twice"),
        (["us: 10 melded, 20 melded", "them:"], "given twice"),
        (["us: incomplete kings", "them:"], "incomplete melds are"),
        (["us: special flush", "them:"], "special hands are"),
        (["us: 285 melded"], 'side "them" is missing'),
        (["us: 1 red", "us: 2 red", "them:"], "given twice"),
        (["you: 1 red", "them:"], "not a side of this game"),
        (["us 285 melded", "them:"], "colon"),
    ],
)
def test_quick_form_mistakes_are_explained(texts: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_quick(texts, ["us", "them"])


@pytest.mark.parametrize(
    ("item", "close"),
    [("1420 meldd", "melded"), ("1 naturl", "natural"), ("2 mixd", "mixed"), ("ot", "out")],
)
def test_a_mistyped_quick_form_word_is_answered_with_the_closest_word(
    item: str, close: str
) -> None:
    """As a mistyped command is answered: the word the item most likely meant."""
    with pytest.raises(InputError, match=f'did you mean "{close}"'):
        parse_quick([f"us: {item}", "them:"], ["us", "them"])


@pytest.mark.parametrize(
    ("item", "said"),
    [
        # RULES 1.3: every card counts a multiple of 5, so every count is one.
        ("303 melded, out", '"303 melded" is not a multiple of 5'),
        ("1 nat, 300 melded, 42 left", '"42 left" is not a multiple of 5'),
        # RULES 1.5: a natural canasta holds seven natural cards, at least 7 x 5 = 35.
        ("20 melded, 1 nat", 'at least 35 points of cards, more than "20 melded"'),
    ],
)
def test_a_quick_form_count_no_cards_make_is_named_in_the_quick_forms_words(
    classic: Ruleset, item: str, said: str
) -> None:
    with pytest.raises(InputError) as caught:
        parse_quick([f"us: {item}", "them: 0 melded"], ["us", "them"], rs=classic)
    assert said in str(caught.value)
    assert "meld_points" not in str(caught.value)
    assert "in_hand_points" not in str(caught.value)


def test_a_quick_form_item_near_no_word_gets_no_guess() -> None:
    with pytest.raises(InputError) as caught:
        parse_quick(["us: zzzz", "them:"], ["us", "them"])
    assert "did you mean" not in str(caught.value)


def test_side_names_match_in_any_case_or_by_a_unique_beginning() -> None:
    names = ["Ann & Bob", "Cy & Di"]
    assert match_side("ann & bob", names) == "Ann & Bob"
    assert match_side("cy", names) == "Cy & Di"
    with pytest.raises(InputError, match="could be"):
        match_side("a", ["Ann", "Andy"])


def test_an_exact_side_or_player_name_wins_over_beginnings() -> None:
    """The label ann begins both "Ann & Bob" and "Annie & Cy", but Ann is a player of one."""
    names = ["Ann & Bob", "Annie & Cy"]
    players = {"Ann & Bob": ("Ann", "Bob"), "Annie & Cy": ("Annie", "Cy")}
    assert match_side("ann", names, players) == "Ann & Bob"
    assert match_side("ANNIE", names, players) == "Annie & Cy"
    assert match_side("bob", names, players) == "Ann & Bob"
    with pytest.raises(InputError, match="could be Ann & Bob or Annie & Cy"):
        match_side("an", names, players)
    # A side's own name wins over another side's player of the same name.
    assert match_side("ann", ["Ann", "us"], {"us": ("Ann", "Bob")}) == "Ann"
    data = parse_quick(["ann: 50 melded", "annie: 60 melded"], names, players)
    assert [s["name"] for s in data["side"]] == names


SUMMARY_SIDE = st.fixed_dictionaries(
    {"name": st.just("us")},
    optional={
        "meld_points": st.integers(0, 2000),
        "canastas": st.dictionaries(
            st.sampled_from(["natural", "mixed", "sevens", "wild_twos", "samba"]),
            st.integers(0, 5),
            min_size=1,
        ),
        "incomplete": st.lists(st.sampled_from(["sevens", "aces", "wild", "sequence"]), max_size=3),
        "red_threes": st.integers(0, 4),
        "black_threes": st.integers(0, 4),
        "in_hand_points": st.integers(0, 500),
        "held_penalties": st.integers(0, 2),
        "went_out": st.just(True),
        "concealed_canastas": st.integers(0, 3),
        "special_hand": st.sampled_from(["straight", "pairs", "pairs-27a", "garbage"]),
        "acaba": st.just(True),
        "black_threes_removed": st.integers(0, 4),
    },
)


@given(SUMMARY_SIDE)
def test_a_summary_side_written_in_the_quick_form_reads_back_the_same(side: dict[str, Any]) -> None:
    text = describe_side(side)
    (back,) = parse_quick([text], ["us"])["side"]
    expected = {k: v for k, v in side.items() if k != "incomplete" or v}
    assert back == expected


# ---------------------------------------------------------------- interactive answers


def test_counts_and_yes_no_answers() -> None:
    assert parse_count(" 285 ") == 285
    with pytest.raises(InputError, match="not a whole number"):
        parse_count("two")
    assert parse_yes("Y") is True and parse_yes("no") is False
    with pytest.raises(InputError, match="answer y or n"):
        parse_yes("maybe")
    assert parse_mode("c") is True and parse_mode("totals") is False


def test_a_hand_question_and_a_partners_answer_read_yes_and_no_alike() -> None:
    """One reading of yes and no: the hand's questions (parse_yes) and a partner's answer to a
    ruling (yes_or_no) take the same words, in any case and spacing, Hangul composed or not."""
    from unicodedata import normalize

    from canasta_score.core.words import yes_or_no

    for typed, meant in ((" YES ", True), ("n", False), (normalize("NFD", "네"), True)):
        assert parse_yes(typed) is meant
        assert yes_or_no(typed) == ("yes" if meant else "no")
    assert yes_or_no(normalize("NFD", "아니요")) == "no"
    assert yes_or_no("maybe") is None


def test_a_meld_answer_is_judged_with_the_reason_d1(classic: Ruleset) -> None:
    """D1: K K 2 is legal, K K 2 2 is not (naturals must outnumber wilds)."""
    parse = meld_parser(classic)
    assert parse("K  K 2") == "K K 2"
    with pytest.raises(InputError, match="outnumber"):
        parse("K K 2 2")
    with pytest.raises(InputError, match="KX"):
        parse("K KX K")


def test_threes_may_be_counted_or_listed(classic: Ruleset) -> None:
    red = threes_parser(True)
    assert red("2") == 2 and red("") == 0
    assert red("3H 3D") == ["3H", "3D"]
    with pytest.raises(InputError, match="not a red three"):
        red("3S")


def test_incomplete_answer_lists_only_what_the_ruleset_charges(modern: Ruleset) -> None:
    allowed = incomplete_kinds(modern)
    assert allowed == ("sevens", "aces", "wild", "wild_four_jokers")
    assert kinds_parser(allowed)("sevens, wild") == ["sevens", "wild"]
    with pytest.raises(InputError, match="give any of"):
        kinds_parser(allowed)("sequence")


def test_classic_asks_no_modern_questions(classic: Ruleset, modern: Ruleset) -> None:
    keys = {q.key for q in side_questions(classic, "us", ("Ann", "Bob"), False, False)}
    assert "held_penalties" not in keys and "incomplete" not in keys
    assert "black_threes" not in keys and "concealed" in keys
    assert [k for k, _ in canasta_kinds(classic)] == ["natural", "mixed"]
    modern_keys = {q.key for q in side_questions(modern, "us", ("Ann", "Bob"), False, False)}
    assert {"held_penalties", "incomplete", "black_threes"} <= modern_keys
    assert "concealed" not in modern_keys
    assert [k for k, _ in canasta_kinds(modern)] == [
        "natural",
        "mixed",
        "sevens",
        "aces",
        "wild_twos",
        "wild_four_jokers",
        "wild",
    ]


def test_card_by_card_asks_each_players_cards_left(modern: Ruleset) -> None:
    qs = side_questions(modern, "us", ("Ann", "Bob"), True, True)
    prompts = [q.prompt for q in qs]
    assert "cards left in Ann's hand (empty if none)" in prompts
    assert "cards left in Bob's hand (empty if none)" in prompts
    assert "went_out" not in {q.key for q in qs}


def test_answers_build_the_card_record_m4_side_b(modern: Ruleset) -> None:
    """RULES M4 side B card by card; B1 holds A A A K: the -1,500 comes from the cards."""
    qs = {q.key: q for q in side_questions(modern, "B", ("B1", "B2"), True, True)}
    side: dict[str, Any] = {"name": "B"}
    for meld in ("J J J J J 2 JK", "AS AH AD", "2C 2H JK"):
        answer(side, qs["melds"], qs["melds"].parse(meld))
    answer(side, qs["red_threes"], qs["red_threes"].parse("1"))
    answer(side, qs["black_threes"], qs["black_threes"].parse("3S 3C"))
    answer(side, qs["in_hand.0"], qs["in_hand.0"].parse("AC AD AH KS"))
    answer(side, qs["in_hand.1"], qs["in_hand.1"].parse("6H 4S"))
    record = finish_side(side, True)
    assert record == {
        "name": "B",
        "melds": ["J J J J J 2 JK", "AS AH AD", "2C 2H JK"],
        "red_threes": 1,
        "black_threes": ["3S", "3C"],
        "in_hand": ["AC AD AH KS", "6H 4S"],
    }
    a = parse_quick(["A: 215 melded, 1 natural, 1 mixed, 1 sevens, 2 red, 1 black, 15 left, out"],
                    ["A"])["side"][0]  # fmt: skip
    assert totals(modern, {"side": [a, record]}) == {"A": 4000, "B": -5510}


def test_every_quick_form_example_in_the_docs_reads() -> None:
    """docs/games.md: each quoted "side: items" example parses."""
    import re
    from pathlib import Path

    from canasta_score.hands.entry import parse_quick_side

    text = (Path(__file__).parent.parent / "docs" / "games.md").read_text(encoding="utf-8")
    found = re.findall(r'"((?:us|them|A|B): [^"]*)"', text)
    examples = [e for e in found if "&" not in e]  # "us: Ann & Bob" names players (new)
    assert len(examples) >= 8
    for example in examples:
        for part in example.split(";"):
            assert parse_quick_side(part, ["us", "them", "A", "B"])["name"]


@pytest.mark.parametrize(
    ("side", "message"),
    [
        # RULES 1.3: every count is a multiple of 5.
        ({"name": "us", "meld_points": 297}, "meld_points = 297 is not a multiple of 5"),
        # RULES 1.5: a natural canasta holds seven natural cards, at least 7 x 5 = 35.
        (
            {"name": "us", "meld_points": 30, "canastas": {"natural": 1}},
            "holds at least 35 points",
        ),
        # RULES 2.4: going out needs a canasta.
        ({"name": "us", "meld_points": 300, "went_out": True}, "went out, but"),
        # Two packs hold four jokers (RULES 2.1).
        ({"name": "us", "melds": ["K K K JK JK", "Q Q Q JK JK", "9 9 9 JK"]}, "5 jokers"),
    ],
)
def test_one_sides_part_is_checked_on_its_own(
    classic: Ruleset, side: dict[str, Any], message: str
) -> None:
    from canasta_score.core.errors import RecordError
    from canasta_score.hands.entry import check_side

    with pytest.raises(RecordError, match=message):
        check_side(classic, side)
    check_side(classic, {"name": "us", "meld_points": 300, "canastas": {"natural": 1}})


def test_italian_canastas_of_twos_in_the_quick_form() -> None:
    """RULES 14 (reference): 300 melded + 2 x 500 + seven 2s 3,000 (side going out) + 300 out."""
    from canasta_score.rules.catalog import load_ruleset

    italian = load_ruleset("italian")
    data = parse_quick(
        ["us: 300 melded, 2 natural, 1 deuces, out", "them: 250 melded, 1 deuces with jokers"],
        ["us", "them"],
    )
    assert data["side"][1]["canastas"] == {"deuces_mixed": 1}
    assert totals(italian, data) == {"us": 4600, "them": 250}  # twos' bonus only going out
    assert ("deuces", "canastas of seven twos") in canasta_kinds(italian)
