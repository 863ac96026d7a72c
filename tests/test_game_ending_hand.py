"""A hand that ends the game is saved only on an explicit yes: in the quick form and from a
file too, on the command line (`hand`) and in `play`; `--yes` says it beforehand; input that
is not a terminal, without `--yes`, saves nothing and says to give `--yes` (docs/games.md).
`undo` in `play` asks first on a terminal, as the command does.

The game: classic, target 2,500 (RULES 2.1 game.target). ENDING gives A 1,000 melded + two
natural canastas (2 x 500) + one mixed (300) + all four red threes (800) + going out (100) =
3,200, at least 2,500, so the hand ends the game; B scores 0."""

from __future__ import annotations

import io
from pathlib import Path

from helpers import Cli
from terminal import Terminal

from canasta_score.cli.asking import Dialogue
from canasta_score.cli.shell import Session
from canasta_score.games.store import Store

ENDING = ["A: 1000 melded, 2 natural, 1 mixed, 4 red, out", "B: 0 melded"]
# A 300 + 300 - 40 = 560, B 250 + 500 + 100 = 850 (CONTRACT's hand 2): the game goes on.
ORDINARY = ["A: 300 melded, 1 mixed, 40 left", "B: 250 melded, 1 natural, out"]


def start(cli: Cli) -> None:
    made = cli("new", "club", "--side", "A", "--side", "B", "--target", "2500")
    assert made.code == 0, made.err


def hands(cli: Cli) -> int:
    count: int = cli("status", "--json").json()["hands"]
    return count


def test_the_quick_form_off_a_terminal_without_yes_saves_nothing_and_names_yes(
    cli: Cli,
) -> None:
    start(cli)
    refused = cli("hand", *ENDING)
    assert refused.code == 2
    assert "hand 1 ends the game" in refused.err and "--yes" in refused.err
    assert hands(cli) == 0


def test_a_record_file_off_a_terminal_needs_yes_too(cli: Cli, tmp_path: Path) -> None:
    start(cli)
    record = tmp_path / "hand.toml"
    record.write_text(
        '[[side]]\nname = "A"\nmeld_points = 1000\ncanastas = { natural = 2, mixed = 1 }\n'
        'red_threes = 4\nwent_out = true\n\n[[side]]\nname = "B"\nmeld_points = 0\n',
        encoding="utf-8",
    )
    assert cli("hand", "--file", str(record)).code == 2
    assert hands(cli) == 0
    assert cli("hand", "--file", str(record), "--yes").code == 0
    assert hands(cli) == 1


def test_yes_saves_the_hand_that_ends_the_game(cli: Cli) -> None:
    start(cli)
    done = cli("hand", *ENDING, "--yes", "--json")
    assert done.code == 0, done.err
    status = done.json()["status"]
    assert status["finished"] is True and status["winner"] == "A"
    assert [s["score"] for s in status["sides"]] == [3200, 0]


def test_a_hand_that_does_not_end_the_game_is_saved_without_asking(cli: Cli) -> None:
    start(cli)
    assert cli("hand", *ORDINARY).code == 0
    assert hands(cli) == 1


def test_on_a_terminal_the_quick_form_asks_and_only_yes_saves(env: dict[str, str]) -> None:
    term = Terminal(["new", "club", "--side", "A", "--side", "B", "--target", "2500"], env)
    assert term.finish() == 0
    term = Terminal(["hand", *ENDING], env)
    term.answer("this hand ends the game; save it?", "")
    assert term.finish() == 2  # Enter does not save
    term = Terminal(["hand", *ENDING], env)
    shown = term.answer("this hand ends the game; save it?", "y")
    assert "+3,200" in shown  # the breakdown is shown before the question
    assert term.finish() == 0
    term = Terminal(["status"], env)
    assert "Game over: A wins by 3,200." in term.expect("3,200.")
    term.finish()


# ---------------------------------------------------------------- play


def session(tmp_path: Path, answers: tuple[str, ...] = (), asking: bool = False) -> Session:
    """A session on a new classic game to 2,500 between A and B; ``asking``: as on a
    terminal, its questions answered by ``answers``."""
    from canasta_score.games.game import new_game, parse_side
    from canasta_score.rules.catalog import load_ruleset

    store = Store(tmp_path)
    rs = load_ruleset("classic")
    sides = [parse_side("A"), parse_side("B")]
    game = new_game("club", "2025-01-01T20:00:00", rs, sides, None, 2500)
    path = store.create(game, "")
    talk = Dialogue(inp=io.StringIO("".join(a + "\n" for a in answers)), out=io.StringIO())
    shown: list[str] = []
    s = Session(store, path, talk, shown.append)
    s.asking = asking
    return s


def test_play_off_a_terminal_refuses_the_ending_hand_without_yes(tmp_path: Path) -> None:
    s = session(tmp_path)
    assert not s.run("hand " + "; ".join(ENDING))
    assert s.summary().hands == 0
    assert s.run("hand " + "; ".join(ENDING) + " --yes")
    assert s.summary().finished


def test_play_yes_says_yes_for_every_line(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.yes = True
    assert s.run("hand " + "; ".join(ENDING))
    assert s.summary().finished


def test_play_on_a_terminal_asks_before_saving_the_ending_hand(tmp_path: Path) -> None:
    s = session(tmp_path, answers=("n", "y"), asking=True)
    assert not s.run("hand " + "; ".join(ENDING))  # "n": nothing saved
    assert s.summary().hands == 0
    assert s.run("hand " + "; ".join(ENDING))  # "y"
    assert s.summary().finished


def test_undo_in_play_on_a_terminal_asks_as_the_command_does(tmp_path: Path) -> None:
    s = session(tmp_path, answers=("n", "y"), asking=True)
    assert s.run("hand " + "; ".join(ORDINARY))
    assert not s.run("undo")  # "n": nothing removed
    assert s.summary().hands == 1
    assert s.run("undo")  # "y"
    assert s.summary().hands == 0
    assert s.run("redo")
    assert s.run("undo --yes")  # no question: no answer is read
    assert s.summary().hands == 0


def test_the_session_off_a_terminal_exits_2_and_saves_nothing(env: dict[str, str]) -> None:
    import subprocess

    from terminal import PROGRAM

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(PROGRAM), *args], env=env, input=stdin, capture_output=True, text=True
        )

    run("new", "club", "--side", "A", "--side", "B", "--target", "2500")
    done = run("play", stdin="hand " + "; ".join(ENDING) + "\n")
    assert done.returncode == 2 and "--yes" in done.stdout
    assert '"hands": 0' in run("status", "--json").stdout
    done = run("play", "--yes", stdin="hand " + "; ".join(ENDING) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Game over: A wins by 3,200." in done.stdout


# The questions for ENDING, side by side: who went out, then A by totals (1,000 melded, two
# natural canastas, one mixed, four red threes, nothing left, not concealed), then B (nothing).
QUESTIONS = ("A", "t", "1000", "2", "1", "4", "0", "n", "t", "0", "0", "0", "0", "0")


def test_yes_skips_the_questions_own_question_too(tmp_path: Path) -> None:
    """With --yes the questions' "this hand ends the game; save it?" is not asked: the answers
    end before it, and the hand is saved."""
    s = session(tmp_path, answers=QUESTIONS)
    assert s.run("hand --yes")
    assert s.summary().finished
    assert [x.score for x in s.summary().sides] == [3200, 0]


def test_without_yes_the_questions_ask_before_saving_the_ending_hand(tmp_path: Path) -> None:
    s = session(tmp_path, answers=QUESTIONS)
    assert not s.run("hand")  # the answers end at the question: nothing is saved
    assert s.summary().hands == 0
