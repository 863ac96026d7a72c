"""The interactive hand entry, driven in a real pseudo-terminal: wrong answers are explained and
asked again, the breakdown is shown, and nothing is saved without a yes."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from helpers import stored
from terminal import Terminal
from terminal import run_ok as run

from canasta_score.cli.asking import Dialogue, Left
from canasta_score.games.game import Game, new_game, parse_side, play
from canasta_score.rules.catalog import load_ruleset


def test_a_classic_hand_card_by_card_and_in_totals_with_corrections(env: dict[str, str]) -> None:
    """C5: A card by card 1,240; B as totals 95 melded, two red threes, 70 left: 225."""
    run(env, "new", "club", "--side", "A: Ann & Bob", "--side", "B: Cy & Di")
    term = Terminal(["hand"], env)
    term.expect("Hand 1 of club, dealt by Ann")
    term.answer("who went out? (A / B / nobody):", "Ann")
    term.answer("card by card or totals? (c/t) [c]:", "x")
    term.answer("card by card or totals? (c/t) [c]:", "c")
    assert "answer c (card by card) or t (totals)" in term.seen
    term.answer("meld 1: cards", "QS QH QD QC QS QH QD")
    term.answer("meld 2: cards", "K K 2 2")
    shown = term.answer("meld 2: cards", "8S 8H 8D 8C 8S 2C JK")
    assert "not a legal meld" in shown and "outnumber" in shown
    term.answer("meld 3: cards", "5S 5H 5D")
    term.answer("meld 4: cards", "")
    term.answer("red threes (a count, or cards) [0]:", "3H 3D")
    term.answer("cards left in Ann's hand (empty if none):", "")
    term.answer("cards left in Bob's hand (empty if none):", "9C 4D JKX")
    shown = term.answer("cards left in Bob's hand (empty if none):", "9C 4D JK")
    assert 'unknown card "JKX"' in shown
    term.answer("concealed (the whole hand in one turn)? (y/n) [n]:", "")
    term.answer("card by card or totals? (c/t) [c]:", "t")
    term.answer("count of all melded cards [0]:", "ninety-five")
    shown = term.answer("count of all melded cards [0]:", "95")
    assert '"ninety-five" is not a whole number' in shown
    term.answer("natural canastas [0]:", "")
    term.answer("mixed canastas [0]:", "")
    term.answer("red threes (a count, or cards) [0]:", "2")
    shown = term.answer("count of the cards left in hand [0]:", "70")
    assert "did B go out" not in term.seen
    shown = term.answer("save this hand? (y/n) [y]:", "y")
    assert "+1,240" in shown and "+225" in shown
    assert term.finish() == 0
    assert "Next: hand 2, dealt by Cy." in term.seen
    status = json.loads(run(env, "status", "--json"))
    assert [s["score"] for s in status["sides"]] == [1240, 225]


def test_a_side_that_breaks_a_rule_is_asked_again_at_once_with_its_answers(
    env: dict[str, str],
) -> None:
    """RULES 2.4: going out needs a canasta. Side A is asked again before side B, its answers
    offered in brackets; declining the hand and leaving with q saves nothing (exit 2)."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    before = stored(env["CANASTA_SCORE_HOME"])
    term = Terminal(["hand"], env)
    term.answer("who went out? (A / B / nobody):", "A")
    term.answer("card by card or totals? (c/t) [c]:", "t")
    term.answer("count of all melded cards [0]:", "300")
    term.answer("natural canastas [0]:", "0")
    term.answer("mixed canastas [0]:", "0")
    term.answer("red threes (a count, or cards) [0]:", "0")
    term.answer("count of the cards left in hand [0]:", "40")
    term.answer("concealed", "n")
    shown = term.answer("card by card or totals? (c/t) [t]:", "")
    assert 'side "A" went out, but' in shown and "Enter A again" in shown
    assert "\nB\n" not in shown
    term.answer("count of all melded cards [300]:", "")
    term.answer("natural canastas [0]:", "")
    term.answer("mixed canastas [0]:", "1")
    term.answer("red threes (a count, or cards) [0]:", "")
    term.answer("count of the cards left in hand [40]:", "0")
    term.answer("concealed (the whole hand in one turn)? (y/n) [n]:", "")
    term.answer("card by card or totals? (c/t) [c]:", "t")
    term.answer("count of all melded cards [0]:", "300")
    term.answer("natural canastas [0]:", "0")
    term.answer("mixed canastas [0]:", "0")
    term.answer("red threes (a count, or cards) [0]:", "0")
    term.answer("count of the cards left in hand [0]:", "40")
    shown = term.answer("save this hand? (y/n) [y]:", "n")
    assert "+700" in shown and "+260" in shown  # A 300 + 300 + 100 out; B 300 - 40
    term.answer("re-enter which side? (A / B, out for who went out, or q to quit):", "q")
    assert term.finish() == 2
    assert "Error: left with q; nothing was saved" in term.seen
    assert stored(env["CANASTA_SCORE_HOME"]) == before


@pytest.mark.parametrize(("key", "name"), [("\x03", "Ctrl-C"), ("\x04", "Ctrl-D")])
def test_ctrl_c_or_ctrl_d_at_a_question_saves_nothing_exit_2_contract_4(
    env: dict[str, str], key: str, name: str
) -> None:
    """CONTRACT 4: exit 1 belongs to check commands; leaving without saving is exit 2 with
    an Error: line, and the game file is left as it was."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    before = stored(env["CANASTA_SCORE_HOME"])
    term = Terminal(["hand"], env)
    term.answer("who went out?", "nobody")
    term.answer("card by card or totals? (c/t) [c]:", "t")
    term.expect("count of all melded cards [0]:")
    os.write(term.fd, key.encode("ascii"))
    assert term.finish() == 2, name
    assert "Error: interrupted; nothing was saved" in term.seen
    assert "Aborted" not in term.seen and "Traceback" not in term.seen
    assert stored(env["CANASTA_SCORE_HOME"]) == before


def test_hand_json_on_a_terminal_prints_only_the_json_object_contract_4(
    env: dict[str, str], tmp_path: Path
) -> None:
    """CONTRACT 4: with --json, standard output holds exactly one JSON object; the questions
    go to standard error. Contract hand 2: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    out = tmp_path / "stdout.txt"
    term = Terminal(["hand", "--json"], env, stdout=out)
    term.answer("who went out?", "B")
    for side, melded, natural, mixed, left in (
        ("A", "300", "0", "1", "40"),
        ("B", "250", "1", "0", "0"),
    ):
        term.answer("card by card or totals? (c/t) [c]:", "t")
        term.answer("count of all melded cards [0]:", melded)
        term.answer("natural canastas [0]:", natural)
        term.answer("mixed canastas [0]:", mixed)
        term.answer("red threes (a count, or cards) [0]:", "")
        term.answer("count of the cards left in hand [0]:", left)
        if side == "B":
            term.answer("concealed", "")
    term.answer("save this hand? (y/n) [y]:", "")
    assert term.finish() == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("\n") == 1 and text.startswith("{")
    assert [s["total"] for s in json.loads(text)["score"]["sides"]] == [560, 850]


def test_modern_held_aces_come_from_the_cards_each_player_holds_m4(env: dict[str, str]) -> None:
    """RULES M4: side B card by card; Bea holds A A A K, so the -1,500 is charged: -5,510."""
    run(env, "new", "m", "-r", "modern-american", "--side", "A: Al & Ed", "--side", "B: Bea & Bo")
    term = Terminal(["hand"], env)
    term.answer("who went out?", "A")
    term.answer("card by card or totals? (c/t) [c]:", "t")
    for prompt, reply in (
        ("count of all melded cards", "215"),
        ("natural canastas", "1"),
        ("mixed canastas", "1"),
        ("clean canastas of sevens", "1"),
        ("clean canastas of aces", ""),
        ("wild-card canastas of seven twos", ""),
        ("wild-card canastas with all four jokers", ""),
        ("other wild-card canastas", ""),
        ("incomplete special melds", ""),
        ("red threes laid down", "2"),
        ("black threes laid down", "1"),
        ("count of the cards left in hand", "15"),
        ("players left holding three or more aces", "0"),
    ):
        term.answer(prompt, reply)
    term.answer("card by card or totals? (c/t) [c]:", "c")
    for prompt, reply in (
        ("meld 1:", "J J J J J 2 JK"),
        ("meld 2:", "AS AH AD"),
        ("meld 3:", "2C 2H JK"),
        ("meld 4:", ""),
        ("red threes laid down", "1"),
        ("black threes laid down", "3S 3C"),
        ("cards left in Bea's hand", "AC AD AH KS"),
        ("cards left in Bo's hand", "6H 4S"),
    ):
        term.answer(prompt, reply)
    shown = term.answer("save this hand? (y/n) [y]:", "y")
    assert "1 player holding three aces or sevens" in shown and "-1,500" in shown
    assert term.finish() == 0
    status = json.loads(run(env, "status", "--json"))
    assert [s["score"] for s in status["sides"]] == [4000, -5510]


# ---------------------------------------------------------------- the dialogue, line by line


def dialogue(answers: list[str]) -> tuple[Dialogue, io.StringIO]:
    """A dialogue reading ``answers`` (one a line) and writing to a buffer."""
    shown = io.StringIO()
    return Dialogue(inp=io.StringIO("".join(a + "\n" for a in answers)), out=shown), shown


def two_sides(rs_ref: str = "classic") -> Game:
    rs = load_ruleset(rs_ref)
    return new_game("club", "2025-01-01T20:00:00", rs, [parse_side("A"), parse_side("B")])


# B went out. Side A (classic, totals): 300 melded, one mixed canasta, 40 left; side B: 250
# melded, one natural canasta, out, not concealed. Contract hand 2: A 300 + 300 - 40 = 560;
# B 850.
WHO = "B"
A_TOTALS = ["t", "300", "0", "1", "0", "40"]
B_TOTALS = ["t", "250", "1", "0", "0", "0", "n"]


@pytest.mark.parametrize("at", range(len(A_TOTALS + B_TOTALS) + 2))
def test_q_leaves_at_every_question_contract_4(at: int) -> None:
    """Whichever question is answered with q (save this hand? included), the entry ends
    without a record: the command then exits 2 with an Error: line."""
    answers = [WHO, *A_TOTALS, *B_TOTALS, "y"]
    answers[at] = "q"
    talk, _shown = dialogue(answers)
    g = two_sides()
    with pytest.raises(Left, match="left with q; nothing was saved"):
        talk.hand(g, g.rules(), 1, (0, 0))


def test_q_leaves_when_choosing_the_side_to_enter_again_contract_4() -> None:
    """Each side lays three jokers: fine on its own, but two packs hold four (RULES 2.1), so
    the whole hand is refused and the side to enter again is asked; q leaves there too."""
    g = two_sides()
    jokers = ["c", "K K K JK JK", "Q Q Q JK", "", "0", "", ""]
    talk, shown = dialogue(["nobody", *jokers, *jokers, "q"])
    with pytest.raises(Left, match="left with q"):
        talk.hand(g, g.rules(), 1, (0, 0))
    assert "This hand cannot be scored: the record holds 6 jokers" in shown.getvalue()
    assert "re-enter which side? (A / B, out for who went out, or q to quit)" in shown.getvalue()


def test_a_q_that_is_also_an_answer_is_asked_about_first() -> None:
    """A lone queen left in hand may be written q: the entry asks before leaving. RULES 1.3
    counts: A melds 8 x 5 = 50 + 2 (20) + joker (50) = 120 and 5 x 4 = 20, a mixed canasta
    300, and holds a queen (-10) and four nines (-40): 390. B 250 + 500 + 100 out = 850."""
    g = two_sides()
    a_cards = ["c", "8S 8H 8D 8C 8S 2C JK", "5S 5H 5D 5C", "", "0", "q", "n", "9S 9H 9D 9C"]
    talk, shown = dialogue([WHO, *a_cards, *B_TOTALS, "y"])
    record = talk.hand(g, g.rules(), 1, (0, 0))
    assert 'leave without saving? (y, or n to take "q" as the answer)' in shown.getvalue()
    assert record["side"][0]["in_hand"] == ["q", "9S 9H 9D 9C"]
    played, _ = play(g, g.rules(), record, 1, (0, 0))
    assert [s.total for s in played.score.sides] == [120 + 20 + 300 - 10 - 40, 850]


def test_saying_no_offers_each_earlier_answer_again() -> None:
    """After n at "save this hand?", side A is entered again with its answers in brackets:
    Enter keeps them, so only the count left in hand is typed (40 -> 30): A 300 + 300 - 30 =
    570, B 850 (contract hand 2)."""
    g = two_sides()
    again = ["", "", "", "", "", "30"]
    talk, shown = dialogue([WHO, *A_TOTALS, *B_TOTALS, "n", "a", *again, "y"])
    record = talk.hand(g, g.rules(), 1, (0, 0))
    text = shown.getvalue()
    for prompt in ("(c/t) [t]:", "count of all melded cards [300]:", "mixed canastas [1]:"):
        assert prompt in text
    assert "count of the cards left in hand [40]:" in text
    assert record["side"][0] == {
        "name": "A",
        "meld_points": 300,
        "canastas": {"mixed": 1},
        "in_hand_points": 30,
    }
    played, _ = play(g, g.rules(), record, 1, (0, 0))
    assert [s.total for s in played.score.sides] == [570, 850]


def test_earlier_melds_are_offered_and_a_dash_drops_one() -> None:
    """Card by card: meld 2 of A is dropped with "-" on entering A again, meld 1 kept with
    Enter. RULES C5 counts: Q x 7 = 70 + natural 500; 5 5 5 = 15; B 250 + 500 + 100 = 850."""
    g = two_sides()
    a_cards = ["c", "QS QH QD QC QS QH QD", "KS KH KD", "5S 5H 5D", "", "0", "", ""]
    talk, shown = dialogue(
        [WHO, *a_cards, *B_TOTALS, "n", "A", "", "", "-", "", "", "", "", "", "y"]
    )
    record = talk.hand(g, g.rules(), 1, (0, 0))
    assert "meld 2: cards (e.g. K K K 2); empty line when done [KS KH KD]:" in shown.getvalue()
    assert record["side"][0]["melds"] == ["QS QH QD QC QS QH QD", "5S 5H 5D"]
    played, _ = play(g, g.rules(), record, 1, (0, 0))
    assert [s.total for s in played.score.sides] == [70 + 500 + 15, 850]


@pytest.mark.parametrize(
    ("melded", "natural", "mixed", "reason"),
    [
        ("30", "1", "0", "1 canasta holds at least 35 points"),  # RULES 1.5: 7 x 5
    ],
)
def test_an_impossible_count_is_refused_before_the_next_side(
    melded: str, natural: str, mixed: str, reason: str
) -> None:
    """The side is asked again at once, with the reason, before side B is asked; then
    contract hand 2 (A 560, B 850)."""
    g = two_sides()
    wrong = ["t", melded, natural, mixed, "0", "40"]
    fixed = ["", "300", "0", "1", "", ""]
    talk, shown = dialogue([WHO, *wrong, *fixed, *B_TOTALS, "y"])
    record = talk.hand(g, g.rules(), 1, (0, 0))
    text = shown.getvalue()
    assert reason in text
    assert text.index(reason) < text.index("\nB\n")
    played, _ = play(g, g.rules(), record, 1, (0, 0))
    assert [s.total for s in played.score.sides] == [560, 850]


def test_the_confirmation_warns_of_a_side_below_its_minimum_rules_2_2() -> None:
    """Both sides at 4,800 (tier 120): A melded 15, B 120. The hand is kept; the warning is
    shown with the breakdown, before the question."""
    g = two_sides()
    a = ["t", "15", "0", "0", "0", "0"]
    b = ["t", "120", "0", "0", "0", "0"]
    talk, shown = dialogue(["nobody", *a, *b, "y"])
    record = talk.hand(g, g.rules(), 2, (4800, 4800))
    text = shown.getvalue()
    warning = 'warning: hand 2: "A" melded a count of 15, below its initial-meld minimum of 120'
    assert warning in text and text.index(warning) < text.index("save this hand?")
    assert '"B"' not in text.split("warning:", 1)[1]
    assert record["side"][0]["meld_points"] == 15
