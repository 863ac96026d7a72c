"""Entering a hand at the table: each answer is checked as it is typed, in the words of its
question; who went out is one question; the quick form takes thousands separators and short
words and explains itself with the game's own words; a hand that ends the game is saved only on
an explicit yes."""

from __future__ import annotations

import json
import os

import pytest
from helpers import stored
from terminal import Terminal
from terminal import run_ok as run

from canasta_score.core.errors import InputError
from canasta_score.hands.entry import (
    parse_count,
    parse_quick,
    points_parser,
    side_parser,
    threes_parser,
)
from canasta_score.rules.catalog import load_ruleset


def scores(env: dict[str, str]) -> list[int]:
    return [s["score"] for s in json.loads(run(env, "status", "--json"))["sides"]]


class Counting(Terminal):
    """A terminal that counts the keys pressed (each reply and its Enter)."""

    keys = 0

    def answer(self, prompt: str, reply: str) -> str:
        self.keys += len(reply) + 1
        return super().answer(prompt, reply)


def test_a_typical_hand_as_totals_takes_at_most_45_keystrokes(env: dict[str, str]) -> None:
    """Contract hand 2, both sides as totals: A 300 melded, a mixed canasta, 2 red threes, 40
    left: 300 + 300 + 200 - 40 = 760 (RULES 2.6); B went out: 250 + 500 + 100 = 850."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    term = Counting(["hand"], env)
    for prompt, reply in (
        ("who went out? (A / B / nobody):", "B"),
        ("(c/t) [c]:", "t"),
        ("count of all melded cards [0]:", "300"),
        ("natural canastas [0]:", ""),
        ("mixed canastas [0]:", "1"),
        ("red threes (a count, or cards) [0]:", "2"),
        ("count of the cards left in hand [0]:", "40"),
        ("(c/t) [c]:", "t"),
        ("count of all melded cards [0]:", "250"),
        ("natural canastas [0]:", "1"),
        ("mixed canastas [0]:", ""),
        ("red threes (a count, or cards) [0]:", ""),
        ("count of the cards left in hand [0]:", ""),
        ("concealed (the whole hand in one turn)? (y/n) [n]:", ""),
        ("save this hand? (y/n) [y]:", ""),
    ):
        term.answer(prompt, reply)
    assert term.finish() == 0
    assert term.keys <= 45
    assert scores(env) == [760, 850]


@pytest.mark.parametrize(
    ("prompt", "bad", "words"),
    [
        ("count of all melded cards [0]:", "97", '"97" is not a multiple of 5'),
        ("count of all melded cards [0]:", "-5", '"-5" is not a whole number of 0 or more'),
        ("natural canastas [0]:", "-1", '"-1" is not a whole number of 0 or more'),
        ("red threes (a count, or cards) [0]:", "-1", '"-1" is not a whole number of 0 or more'),
        ("red threes (a count, or cards) [0]:", "5", '"5": the deck holds only 4 red threes'),
        ("count of the cards left in hand [0]:", "12", '"12" is not a multiple of 5'),
    ],
)
def test_a_bad_answer_is_refused_at_its_question_in_its_words(
    env: dict[str, str], prompt: str, bad: str, words: str
) -> None:
    """RULES 1.3: every card counts 5, 10, 20 or 50, so every count is a multiple of 5; two
    packs hold four red threes (RULES 2.1). The same question is asked again at once."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    term = Terminal(["hand"], env)
    term.answer("who went out?", "nobody")
    term.answer("(c/t) [c]:", "t")
    order = [
        "count of all melded cards [0]:",
        "natural canastas [0]:",
        "mixed canastas [0]:",
        "red threes (a count, or cards) [0]:",
        "count of the cards left in hand [0]:",
    ]
    for question in order[: order.index(prompt)]:
        term.answer(question, "")
    term.answer(prompt, bad)
    shown = term.expect(prompt)
    assert words in shown
    assert not any(q in shown for q in order if q != prompt)  # no other question came between
    os.write(term.fd, b"q\n")
    assert term.finish() == 2


def test_who_went_out_is_one_question_with_the_sides_as_choices(env: dict[str, str]) -> None:
    run(env, "new", "club", "--side", "us: Ann & Bob", "--side", "them: Cy & Di")
    term = Terminal(["hand"], env)
    term.answer("who went out? (us / them / nobody):", "x")
    shown = term.answer("who went out? (us / them / nobody):", "q")
    assert '"x": answer us, them or nobody' in shown
    assert term.finish() == 2


def test_a_hand_that_ends_the_game_needs_an_explicit_yes(env: dict[str, str]) -> None:
    """Target 500: B's 850 (250 + 500 + 100, RULES 2.6) ends the game. Enter alone at the
    confirmation saves nothing and asks again; n then q leaves the game as it was."""
    run(env, "new", "club", "--side", "A", "--side", "B", "--target", "500")
    before = stored(env["CANASTA_SCORE_HOME"])
    term = Terminal(["hand"], env)
    term.answer("who went out?", "B")
    for reply in ("t", "0", "", "", "", ""):
        term.answer(": ", reply)
    for reply in ("t", "250", "1", "", "", "", ""):
        term.answer(": ", reply)
    ends = "this hand ends the game; save it? (y/n, Enter does not save):"
    term.answer(ends, "")
    shown = term.answer(ends, "n")
    assert "answer y or n" in shown
    term.answer("re-enter which side?", "q")
    assert term.finish() == 2
    assert stored(env["CANASTA_SCORE_HOME"]) == before


# ---------------------------------------------------------------- the answers and the quick form


def test_counts_take_thousands_separators() -> None:
    assert parse_count("1,420") == 1420 and parse_count("1_420") == 1420
    with pytest.raises(InputError, match='"1,42" is not a whole number of 0 or more'):
        parse_count("1,42")


def test_points_and_threes_are_checked_in_words_rules_1_3() -> None:
    assert points_parser(5)("1,005") == 1005
    with pytest.raises(InputError, match='"97" is not a multiple of 5'):
        points_parser(5)("97")
    assert threes_parser(True, 4)("3H 3D") == ["3H", "3D"]
    with pytest.raises(InputError, match="the deck holds only 4 red threes"):
        threes_parser(True, 4)("3H 3D 3H 3D 3H")


def test_who_went_out_takes_a_side_a_player_or_nobody() -> None:
    parse = side_parser(["us", "them"], {"us": ("Ann", "Bob"), "them": ("Cy", "Di")})
    assert (parse("them"), parse("Ann"), parse("nobody"), parse("t")) == ("them", "us", "", "them")


def test_the_quick_form_takes_thousands_and_short_words() -> None:
    """1,420 melded, 2 natural (1,000), 1 mixed (300), 3 red, 10 left, concealed."""
    rs = load_ruleset("classic")
    record = parse_quick(
        ["us: 1,420 melded, 2 nat, 1 mix, 3 red, 10 left, conc", "them: 1,005 melded, 2 nat"],
        ["us", "them"],
        rs=rs,
    )
    assert record["side"][0] == {
        "name": "us",
        "meld_points": 1420,
        "canastas": {"natural": 2, "mixed": 1},
        "red_threes": 3,
        "in_hand_points": 10,
        "went_out": True,
        "concealed": True,
    }
    assert record["side"][1]["meld_points"] == 1005
    assert parse_quick(["us: 285 melded, out", "them: 5 left"], ["us", "them"], rs=rs)


def test_quick_form_errors_list_only_the_words_of_the_games_ruleset() -> None:
    with pytest.raises(InputError) as classic:
        parse_quick(["us: 2 bogus", "them: 0 melded"], ["us", "them"], rs=load_ruleset("classic"))
    text = str(classic.value)
    assert "natural / mixed" in text and "N red" in text
    for other in ("samba", "escalera", "acaba", "bolivia", "held", "special"):
        assert other not in text
    with pytest.raises(InputError) as samba:
        parse_quick(["us: 2 bogus", "them: 0 melded"], ["us", "them"], rs=load_ruleset("samba"))
    assert "samba" in str(samba.value) and "acaba" not in str(samba.value)
