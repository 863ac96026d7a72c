"""Fixing without retyping: `edit N` offers every old answer (Enter keeps it), so changing one
number is that number and a few Enters; the quick form changes only the sides it gives."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

from terminal import Terminal
from terminal import run_ok as run

from canasta_score.cli.asking import Dialogue, answers_from
from canasta_score.games.game import Game, new_game, parse_side, record_hand
from canasta_score.rules.catalog import load_ruleset

# Contract hand 2: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850 (RULES 2.6).
HAND_TWO = ["A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 natural, out"]


def scores(env: dict[str, str]) -> list[int]:
    return [s["score"] for s in json.loads(run(env, "status", "--json"))["sides"]]


def test_changing_one_number_of_hand_2_takes_at_most_12_keystrokes(env: dict[str, str]) -> None:
    """Hand 2's cards left for A go from 40 to 30: A 300 + 300 - 30 = 570, B still 850."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    run(env, "hand", *HAND_TWO)
    run(env, "hand", *HAND_TWO)
    term = Terminal(["edit", "2"], env)
    keys = 0
    for prompt, reply in (
        ("change which side? (A / B, out for who went out, or all) [all]:", "A"),
        ("(c/t) [t]:", ""),
        ("count of all melded cards [300]:", ""),
        ("natural canastas [0]:", ""),
        ("mixed canastas [1]:", ""),
        ("red threes (a count, or cards) [0]:", ""),
        ("count of the cards left in hand [40]:", "30"),
        ("save this hand? (y/n) [y]:", ""),
    ):
        term.answer(prompt, reply)
        keys += len(reply) + 1
    assert term.finish() == 0
    assert keys <= 12
    assert scores(env) == [560 + 570, 850 + 850]


def test_the_quick_form_edit_changes_one_side_and_keeps_the_other(env: dict[str, str]) -> None:
    run(env, "new", "club", "--side", "A", "--side", "B")
    run(env, "hand", *HAND_TWO)
    run(env, "edit", "1", "A: 300 melded, 1 mixed, 30 left")
    assert scores(env) == [570, 850]


def game_with_hand_two() -> tuple[Game, dict[str, Any]]:
    from canasta_score.hands.entry import parse_quick

    rs = load_ruleset("classic")
    game = new_game("club", "2025-01-01T20:00:00", rs, [parse_side("A"), parse_side("B")])
    record = parse_quick(HAND_TWO, ["A", "B"], rs=rs)
    game, _done = record_hand(game, record)
    return game, record


def test_enter_at_every_question_gives_the_hand_back_unchanged() -> None:
    game, record = game_with_hand_two()
    enters = [""] * 20
    shown = io.StringIO()
    talk = Dialogue(inp=io.StringIO("\n".join(enters) + "\n"), out=shown)
    again = talk.hand(game, game.rules(), 1, (0, 0), game.hands[0])
    assert again == record
    assert "Now: A: 300 melded, 1 mixed, 40 left; B: 250 melded, 1 natural, out" in shown.getvalue()


def test_changing_who_went_out_alone() -> None:
    """Nobody went out instead of B: B loses the 100 for going out (RULES 2.6): 750."""
    from canasta_score.games.game import play

    game, _record = game_with_hand_two()
    talk = Dialogue(inp=io.StringIO("out\nnobody\ny\n"), out=io.StringIO())
    again = talk.hand(game, game.rules(), 1, (0, 0), game.hands[0])
    played, _ = play(game, game.rules(), again, 1, (0, 0))
    assert [s.total for s in played.score.sides] == [560, 750]


def test_old_answers_are_the_answers_that_give_the_record() -> None:
    side = {
        "name": "A",
        "melds": ["Q Q Q Q Q Q Q"],
        "red_threes": ["3H", "3D"],
        "in_hand": ["", "9C 4D JK"],
        "went_out": True,
        "concealed": True,
    }
    assert answers_from(side) == {
        "mode": ["c"],
        "melds": ["Q Q Q Q Q Q Q"],
        "red_threes": ["3H 3D"],
        "in_hand.0": [""],
        "in_hand.1": ["9C 4D JK"],
        "concealed": ["y"],
    }


def test_a_side_named_after_its_players_is_headed_once_issue_item_14() -> None:
    """A side called "Ann & Bob" is headed "Ann & Bob", not "Ann & Bob (Ann & Bob)"; a side
    with its own name still shows its players ("us (Cy & Di)")."""
    rs = load_ruleset("classic")
    sides = [parse_side("Ann & Bob"), parse_side("us: Cy & Di")]
    game = new_game("club", "2025-01-01T20:00:00", rs, sides)
    shown = io.StringIO()
    talk = Dialogue(inp=io.StringIO("nobody\n" + "\n" * 40), out=shown)
    with contextlib.suppress(Exception):  # the answers may run out: the headings are shown
        talk.hand(game, game.rules(), 1, (0, 0), None)
    lines = shown.getvalue().splitlines()
    assert "Ann & Bob" in lines and "Ann & Bob (Ann & Bob)" not in lines
    assert "us (Cy & Di)" in lines
