"""Game commands through the command line: new -> hands -> status -> undo -> edit -> export ->
import, exit codes and messages. Every number is worked out by hand from RULES.md."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import THREE, TWO, Cli, Run, stored

# A 300 + 2 x 500 + 200 (two red threes) + 100 out = 1,600; B 95 + 200 - 70 = 225.
BIG_FIRST = """
[[side]]
name = "A"
meld_points = 300
canastas = { natural = 2 }
red_threes = 2
went_out = true

[[side]]
name = "B"
meld_points = 95
red_threes = 2
in_hand_points = 70
"""


class Keyboard(io.StringIO):
    """Standard input from a terminal: answers typed one a line, then Ctrl-D (end of input),
    or Ctrl-C once they run out when ``interrupt`` is set."""

    def __init__(self, answers: list[str], interrupt: bool = False) -> None:
        super().__init__("".join(a + "\n" for a in answers))
        self.interrupt = interrupt

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        line = super().readline(size)
        if not line and self.interrupt:
            raise KeyboardInterrupt
        return line


def scores(run: Run) -> dict[str, int]:
    return {s["name"]: s["score"] for s in run.json()["sides"]}


def minimums(run: Run) -> dict[str, int]:
    return {s["name"]: s["next_minimum"] for s in run.json()["sides"]}


def start(cli: Cli, *extra: str) -> None:
    made = cli("new", "club", "--side", "A: Ann & Bob", "--side", "B: Cy & Di", *extra)
    assert made.code == 0, made.err
    assert made.out.splitlines()[0] == "club"


def test_a_game_from_start_to_export_and_import(
    cli: Cli, home: Path, tmp_path: Path, c5_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    start(cli)
    first = cli("hand", "--file", "-", stdin=c5_text)
    assert first.code == 0, first.err
    assert "Hand 1, dealt by Ann" in first.out and "+1,240" in first.out
    status = cli("status", "--json")
    assert scores(status) == {"A": 1240, "B": 225}
    assert status.json()["hands"] == 1 and status.json()["target"] == 5000

    assert cli("hand", *TWO).code == 0
    status = cli("status", "--json")
    assert scores(status) == {"A": 1800, "B": 1075}
    assert minimums(status) == {"A": 90, "B": 50}
    assert status.json()["next_dealer"] == "Bob"

    third = cli("hand", "--side", THREE[0], "--side", THREE[1], "--json")
    assert third.json()["status"]["sides"][0]["score"] == 2670
    undone = cli("undo")
    assert undone.code == 0 and "Removed hand 3 (dealt by " in undone.out
    assert "): A +870, B +75; redo puts it back" in undone.out
    assert scores(cli("status", "--json")) == {"A": 1800, "B": 1075}
    assert cli("hand", *THREE).code == 0

    # Hand 1 put right: A 1,600, so A's hand-2 minimum rises from 50 to 90 (RULES 2.2).
    edited = cli("edit", "1", "--file", "-", stdin=BIG_FIRST)
    assert edited.code == 0, edited.err
    assert "hand 2: A 50 -> 90" in edited.out
    status = cli("status", "--json")
    assert scores(status) == {"A": 1600 + 560 + 870, "B": 225 + 850 + 75}
    assert minimums(status) == {"A": 120, "B": 50}
    history = cli("history", "--json").json()
    assert [[s["minimum"] for s in h["sides"]] for h in history["hands"]] == [
        [50, 50],
        [90, 50],
        [90, 50],
    ]
    assert [h["dealer"] for h in history["hands"]] == ["Ann", "Cy", "Bob"]

    text = cli("status").out
    assert "Next: hand 4, dealt by Di." in text
    assert "3,030" in text

    assert cli("export", "--format", "json", "--output", "log.json").code == 0
    listed = {g["name"]: g for g in cli("games", "--json").json()["games"]}
    assert listed["club"]["hands"] == 3 and listed["club"]["leader"] == "A"
    # The same game is not imported twice into one game folder, under any name.
    for again in (cli("import", "log.json"), cli("import", "log.json", "--name", "copy")):
        assert again.code == 2 and 'already here, as game "club"' in again.err
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "elsewhere"))
    copied = cli("import", "log.json", "--name", "copy")
    assert copied.code == 0 and copied.out.strip() == "copy"
    assert scores(cli("status", "--json")) == {"A": 3030, "B": 1150}
    again = json.loads(cli("export", "--game", "copy").out)
    original = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    assert again.pop("game") == "copy" and original.pop("game") == "club"
    assert again == original


@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_export_import_export_gives_the_same_log(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fmt: str, c5_text: str
) -> None:
    start(cli, "--rule", "go_out.bonus=200")
    cli("hand", "--file", "-", stdin=c5_text)
    cli("hand", *TWO)
    assert cli("export", "--format", fmt, "-o", f"one.{fmt}").code == 0
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "elsewhere"))
    assert cli("import", f"one.{fmt}").code == 0
    assert cli("export", "--format", fmt, "-o", f"two.{fmt}").code == 0
    assert (tmp_path / f"one.{fmt}").read_bytes() == (tmp_path / f"two.{fmt}").read_bytes()


def test_csv_for_a_spreadsheet(cli: Cli, tmp_path: Path) -> None:
    """Three players (RULES 4), each alone: 50, 60 and 70 melded."""
    assert cli("new", "three", "--side", "Ann", "--side", "Bob", "--side", "Zoë").code == 0
    data = "".join(
        f'[[side]]\nname = "{n}"\nmeld_points = {m}\n'
        for n, m in (("Ann", 50), ("Bob", 60), ("Zoë", 70))
    )
    done = cli("hand", "--file", "-", stdin=data)
    assert done.code == 0, done.err
    assert cli("export", "--format", "csv", "-o", "sheet.csv").code == 0
    raw = (tmp_path / "sheet.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert [(r["Ann total"], r["Bob total"], r["Zoë total"]) for r in rows] == [("50", "60", "70")]
    assert rows[0]["dealer"] == "Ann" and rows[0]["went out"] == ""


def test_output_dash_is_standard_output_as_file_dash_is_standard_input(
    cli: Cli, tmp_path: Path
) -> None:
    """``-o -`` prints the export, as ``--file -`` reads standard input, and writes no file
    named "-": the log is the one ``export`` prints without --output."""
    start(cli)
    cli("hand", *TWO)
    plain = cli("export", "--format", "md")
    dash = cli("export", "--format", "md", "-o", "-")
    assert dash.code == 0 and dash.out == plain.out != ""
    assert not (tmp_path / "-").exists()


def test_six_players_need_three_sides_of_three(cli: Cli) -> None:
    bad = cli("new", "six", "--side", "A", "--side", "B", "--side", "C", "--players", "6")
    assert bad.code == 2 and "sides" in bad.err


def test_a_refused_hand_leaves_the_game_file_as_it_was(cli: Cli, home: Path, c5_text: str) -> None:
    start(cli)
    cli("hand", "--file", "-", stdin=c5_text)
    before = stored(home)
    bad = cli("hand", "a: 300 melded, 40 left, out", "b: 95 melded")
    assert bad.code == 2
    assert bad.err.startswith("Error:") and "went out" in bad.err
    illegal = cli("hand", "--file", "-", stdin=c5_text.replace("6S 6H 6D 2D", "6S 6H 2D 2C"))
    assert illegal.code == 2 and "meld 1" in illegal.err
    assert cli("hand", "a: 1 red", "c: 1 red").code == 2
    assert cli("edit", "1", "a: 1 red, out", "b: 2 red").code == 2
    assert stored(home) == before


def test_a_hand_changed_by_hand_in_the_database_to_break_a_rule_is_named_and_kept(
    cli: Cli, home: Path
) -> None:
    """RULES 2.1: every count is a multiple of 5; a hand changed outside canasta-score (with
    sqlite3) to 42 left in hand is named, and no command changes the game until it is fixed."""
    import sqlite3

    start(cli)
    cli("hand", *TWO)
    db = sqlite3.connect(home / "games.db")
    with db:
        db.execute("UPDATE hands SET record = json_set(record, '$.side[0].in_hand_points', 42)")
    db.close()
    broken = stored(home)
    status = cli("status")
    assert status.code == 2
    assert 'game "club": hand 1' in status.err
    assert "in_hand_points = 42 is not a multiple of 5" in status.err
    assert cli("hand", *TWO).code == 2
    assert cli("undo").code == 2
    assert stored(home) == broken


def test_three_sides_of_classic_play_to_7500_d15(cli: Cli) -> None:
    made = cli("new", "three", "--side", "Ann", "--side", "Bob", "--side", "Cy", "--json")
    assert made.code == 0
    data = made.json()
    assert (data["players"], data["target"], data["next_dealer"]) == (3, 7500, "Ann")


def test_modern_american_next_minimum_and_requirement_m1_m4(cli: Cli) -> None:
    """M4: A 4,000 (tier 155 from 3,000), B -5,510 (tier 125); the clean-or-wild demand."""
    assert cli("new", "m", "-r", "modern-american", "--side", "A", "--side", "B").code == 0
    done = cli(
        "hand",
        "A: 215 melded, 1 natural, 1 mixed, 1 sevens, 2 red, 1 black, 15 left, out",
        "B: 270 melded, 1 mixed, incomplete aces, incomplete wild, 1 red, 2 black, 80 left, 1 held",
    )
    assert done.code == 0, done.err
    status = cli("status", "--json")
    assert scores(status) == {"A": 4000, "B": -5510}
    assert minimums(status) == {"A": 155, "B": 125}
    assert "clean meld" in status.json()["sides"][0]["next_requires"][0]
    assert "also required" in cli("status").out


def test_target_is_a_positive_multiple_of_5(cli: Cli) -> None:
    bad = cli("new", "g", "--target", "1234")
    assert bad.code == 2 and "multiple of 5" in bad.err
    assert cli("new", "g", "--target", "2500", "--json").json()["target"] == 2500


def test_a_name_in_use_is_refused(cli: Cli) -> None:
    start(cli)
    again = cli("new", "club")
    assert again.code == 2 and "already exists" in again.err


def test_default_name_is_dated_and_unique(cli: Cli) -> None:
    one = cli("new").out.splitlines()[0]
    two = cli("new").out.splitlines()[0]
    assert one.startswith("game-") and two == f"{one}-2"


def test_without_a_hand_and_off_a_terminal_it_says_how_to_give_one(cli: Cli) -> None:
    start(cli)
    bare = cli("hand")
    assert bare.code == 2 and "--file" in bare.err
    both = cli("hand", "--file", "x.toml", "a: 1 red")
    assert both.code == 2 and "not both" in both.err


def test_no_game_yet(cli: Cli) -> None:
    assert cli("status").code == 2
    assert "canasta-score new" in cli("status").err
    assert cli("games").out.startswith("No games")


def test_undo_with_no_hand_and_edit_of_a_missing_hand(cli: Cli) -> None:
    start(cli)
    assert "no hand to undo" in cli("undo").err
    assert 'game "club" has 0 hands; there is no hand 2' in cli("edit", "2", *TWO).err


def test_game_over_refuses_another_hand_c8(cli: Cli, c5_text: str) -> None:
    """Target 1,000: C5 ends the game at once, A 1,240 beats B 225 by 1,015."""
    start(cli, "--target", "1000")
    assert "Game over: A wins by 1,015." in cli("hand", "--file", "-", "--yes", stdin=c5_text).out
    status = cli("status", "--json").json()
    assert (status["finished"], status["winner"], status["margin"]) == (True, "A", 1015)
    late = cli("hand", *TWO)
    assert late.code == 2 and "over after hand 1" in late.err


def test_game_option_names_a_game_for_one_command_only(cli: Cli) -> None:
    """CONTRACT 7: --game applies to that one command and never changes the current game."""
    start(cli)
    assert cli("new", "other").code == 0
    assert cli("hand", "--game", "club", *TWO).code == 0
    assert cli("status", "--json", "--game", "club").json()["hands"] == 1
    assert cli("status", "--json").json()["game"] == "other"
    missing = cli("status", "--game", "nope")
    assert missing.code == 2 and 'no game named "nope"' in missing.err


def test_demo_scores_four_hands_and_leaves_games_alone(cli: Cli, home: Path) -> None:
    """The demo ends at C8: us 6,040 beat them 5,175 by 865."""
    demo = cli("demo")
    assert demo.code == 0, demo.err
    assert demo.out.rstrip().splitlines()[-3] == "Game over: us wins by 865."
    assert "Hand 3 replaced." in demo.out
    assert not home.exists()
    quiet = cli("demo", "--json")
    assert quiet.code == 0 and quiet.out.count("\n") == 1
    status = quiet.json()["status"]
    assert (status["winner"], status["margin"], status["hands"]) == ("us", 865, 4)
    assert [s["score"] for s in status["sides"]] == [6040, 5175]
    assert not home.exists()


def test_a_mistyped_game_name_is_answered_with_the_closest_name(cli: Cli) -> None:
    """`use fridya` names the game "friday", as a mistyped command is answered."""
    assert cli("new", "friday", "--side", "A", "--side", "B").code == 0
    for args in (("use", "fridya"), ("status", "--game", "fridya")):
        wrong = cli(*args)
        assert wrong.code == 2
        assert 'no game named "fridya"' in wrong.err
        assert 'did you mean "friday"?' in wrong.err
    far = cli("use", "zzz")
    assert far.code == 2 and "did you mean" not in far.err


def test_the_demo_is_a_game_that_could_have_been_played_no_warning(cli: Cli) -> None:
    """Every side of every demo hand melds at least its initial-meld minimum (RULES 2.1
    initial_meld.tiers): hand 1 at 0 and 0 needs 50 (us 205, them 95); hand 2 at 1,240 and 225
    needs 50 (420, 480); hand 3 at 3,030 and 2,705 needs 120 and 90 (400, 445); hand 4 at 4,800
    and 4,950 needs 120 each (us 205; them 6 6 6 2 + A A A + K K K = 35 + 60 + 30 = 125).
    Hand 4 still scores as C5 for them: 125 + 200 - (10 + 90) = 225, so C8 stands."""
    demo = cli("demo")
    assert demo.code == 0, demo.err
    assert "warning" not in demo.err and "warning" not in demo.out
    assert demo.out.rstrip().splitlines()[-3] == "Game over: us wins by 865."


def test_markdown_and_history_detail(cli: Cli, c5_text: str) -> None:
    start(cli)
    cli("hand", "--file", "-", stdin=c5_text)
    assert "## Score sheet" in cli("export", "--format", "md").out
    detail = cli("history", "--detail").out
    assert "Hand 1, dealt by Ann" in detail and "classic.canasta.natural" in detail


def test_two_commands_appending_at_once_never_lose_a_hand(home: Path, tmp_path: Path) -> None:
    """Two processes record 4 hands each: 8 hands of 560 / 850, A 4,480 and B 6,800."""
    program = Path(sys.executable).parent / "canasta-score"
    env = {"CANASTA_SCORE_HOME": str(home), "PATH": "/usr/bin:/bin"}
    made = [str(program), "new", "club", "--side", "A", "--side", "B", "--target", "100000"]
    subprocess.run(made, env=env, check=True, capture_output=True)
    loop = f"for i in 1 2 3 4; do '{program}' hand '{TWO[0]}' '{TWO[1]}' >/dev/null || exit 1; done"
    procs = [subprocess.Popen(["sh", "-c", loop], env=env) for _ in range(2)]
    assert [p.wait(120) for p in procs] == [0, 0]
    out = subprocess.run(
        [str(program), "status", "--json"], env=env, check=True, capture_output=True, text=True
    )
    status = json.loads(out.stdout)
    assert status["hands"] == 8
    assert [s["score"] for s in status["sides"]] == [8 * 560, 8 * 850]


# ---------------------------------------------------------------- leaving, JSON, warnings


@pytest.mark.parametrize(
    ("answers", "interrupt", "message"),
    [
        (["A", "t", "300", "q"], False, "Error: left with q; nothing was saved"),
        (["A", "t", "300"], False, "Error: interrupted; nothing was saved"),  # Ctrl-D
        (["A", "t", "300"], True, "Error: interrupted; nothing was saved"),  # Ctrl-C
    ],
)
@pytest.mark.parametrize("command", [["hand"], ["hand", "--json"], ["edit", "1"]])
def test_leaving_the_questions_saves_nothing_and_exits_2_contract_4(
    cli: Cli, home: Path, command: list[str], answers: list[str], interrupt: bool, message: str
) -> None:
    """CONTRACT 4: exit 1 is for check commands only; leaving is exit 2 with an Error: line
    on stderr, nothing on stdout, and the game file as it was."""
    start(cli)
    assert cli("hand", *TWO).code == 0
    before = stored(home)
    left = cli(*command, stdin=Keyboard(answers, interrupt))
    assert left.code == 2
    assert left.err.rstrip().endswith(message) and "Aborted" not in left.err
    assert left.out == ""
    assert stored(home) == before


def test_ctrl_c_outside_a_question_exits_2(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while a command works (say, waiting for the game's lock) saves nothing."""
    from canasta_score.cli import stores

    start(cli)

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(stores, "open_store", interrupted)
    stopped = cli("status")
    assert (stopped.code, stopped.err) == (2, "Error: interrupted; nothing was saved\n")


def test_questions_go_to_stderr_so_json_stdout_is_one_object_contract_4(cli: Cli) -> None:
    """Contract hand 2 answered at the terminal with --json: A 560, B 850."""
    start(cli)
    a = ["t", "300", "0", "1", "0", "40"]
    b = ["t", "250", "1", "0", "0", "0", "n"]
    done = cli("hand", "--json", stdin=Keyboard(["B", *a, *b, "y"]))
    assert done.code == 0, done.err
    assert done.out.count("\n") == 1
    assert [s["total"] for s in done.json()["score"]["sides"]] == [560, 850]
    assert "count of all melded cards" in done.err and "save this hand?" in done.err


def test_new_prints_only_the_name_on_stdout_contract_7(cli: Cli) -> None:
    """Scripts do NAME=$(canasta-score new ...)."""
    made = cli("new", "club", "--side", "A: Ann & Bob", "--side", "B: Cy & Di")
    assert made.out == "club\n"
    assert "first dealer: Ann" in made.err


def test_every_game_command_that_reports_accepts_json_contract_4(cli: Cli, tmp_path: Path) -> None:
    """Each prints exactly one JSON object on stdout and nothing else there."""
    commands = [
        ["new", "club", "--side", "A: Ann & Bob", "--side", "B: Cy & Di"],
        ["hand", *TWO],
        ["hand", *THREE],
        ["status"],
        ["history"],
        ["history", "--detail"],
        ["undo"],
        ["edit", "1", *THREE],
        ["export"],
        ["export", "--format", "csv", "--output", "sheet.csv"],
        ["export", "--output", "log.json"],
        ["games"],
    ]
    for command in commands:
        done = cli(*command, "--json")
        assert done.code == 0, (command, done.err)
        assert isinstance(done.json(), dict), command
    assert cli("new", "other", "--json").json()["game"] == "other"
    # The log as another game folder would have it (club is here already: not imported twice).
    (tmp_path / "elsewhere.json").write_text(
        (tmp_path / "log.json").read_text(encoding="utf-8").replace('"uid": "', '"uid": "x')
    )
    imported = cli("import", "elsewhere.json", "--name", "copy-2", "--json").json()
    assert (imported["game"], imported["notes"]) == ("copy-2", [])
    # Hand 1 is now THREE: A 400 + 500 - 30 = 870; B 95 - 20 = 75.
    assert [s["score"] for s in imported["status"]["sides"]] == [870, 75]
    assert (tmp_path / "sheet.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    mixed = cli("export", "--format", "csv", "--json")
    assert mixed.code == 2 and mixed.err.startswith("Error:") and mixed.out == ""


def test_csv_byte_order_mark_only_in_a_file(cli: Cli, tmp_path: Path) -> None:
    """docs/games.md: the mark is written with --output; on stdout it would get in the way."""
    start(cli)
    cli("hand", *TWO)
    assert cli("export", "--format", "csv").out.startswith("hand,date,dealer")
    assert cli("export", "--format", "csv", "-o", "s.csv").code == 0
    assert (tmp_path / "s.csv").read_bytes().startswith(b"\xef\xbb\xbfhand,date,dealer")


def test_a_hand_below_its_minimum_is_kept_with_a_warning_rules_1_6_2_2(
    cli: Cli, home: Path
) -> None:
    """After hand 1 A is at 4,300 (6 natural canastas 3,000 + 4 red threes 800 + 500 melded)
    and B at 3,300 (6 natural canastas 3,000 + 300 melded; the 800 points melded stay within
    the deck's 1,180): both need 120 (RULES 2.2). "A: 15 melded" cannot hold an initial meld
    of 120 (RULES 1.6); B's 120 can. The hand is saved (A 4,315, B 3,420), with a warning on
    stderr and in the JSON object."""
    start(cli)
    first = ("a: 6 natural, 4 red, 500 melded", "b: 6 natural, 300 melded")
    assert cli("hand", *first).code == 0
    done = cli("hand", "a: 15 melded", "b: 120 melded", "--json")
    assert done.code == 0, done.err
    assert done.err == (
        'warning: hand 2: "A" melded a count of 15, below its initial-meld minimum of 120 '
        "[classic.initial-meld.minimum]\n"
    )
    (warning,) = done.json()["warnings"]
    assert (warning["side"], warning["melded"], warning["minimum"]) == ("A", 15, 120)
    assert scores(cli("status", "--json")) == {"A": 4315, "B": 3420}
    edited = cli("edit", "2", "a: 20 melded", "b: 120 melded")
    assert edited.code == 0 and '"A" melded a count of 20' in edited.err


def test_edit_reports_later_hands_short_of_their_new_minimum_rules_2_2(
    cli: Cli, c5_text: str
) -> None:
    """Hand 2: A melds 100 against 50. Hand 1 edited to A 4,800: A's hand-2 minimum is 120
    and the change report says hand 2 falls short of it."""
    start(cli)
    cli("hand", "--file", "-", stdin=c5_text)
    cli("hand", "a: 100 melded", "b: 95 melded")
    edited = cli("edit", "1", "a: 8 natural, 800 melded", "b: 95 melded")
    assert edited.code == 0, edited.err
    assert "hand 2: A 50 -> 120" in edited.out
    assert (
        'warning: hand 2: "A" melded a count of 100, below its initial-meld minimum of 120'
        in edited.out
    )
    assert edited.err == ""
    # Edited back, hand 2 is fine again; edited once more, with --json.
    assert cli("edit", "1", "--file", "-", stdin=c5_text).out.count("warning") == 0
    as_json = cli("edit", "1", "a: 8 natural, 800 melded", "b: 95 melded", "--json")
    assert [(w["hand"], w["side"]) for w in as_json.json()["warnings"]] == [(2, "A")]
    assert '"A" melded a count of 100' in as_json.err


def test_quick_form_an_exact_player_name_wins_over_a_beginning(cli: Cli) -> None:
    """Sides "Ann & Bob" and "Annie & Cy": ann is Ann's side, annie Annie's."""
    assert cli("new", "g", "--side", "Ann & Bob", "--side", "Annie & Cy").code == 0
    done = cli("hand", "ann: 50 melded", "annie: 60 melded", "--json")
    assert done.code == 0, done.err
    assert [(s["name"], s["total"]) for s in done.json()["score"]["sides"]] == [
        ("Ann & Bob", 50),
        ("Annie & Cy", 60),
    ]


@pytest.mark.parametrize(
    ("sides", "named"),
    [
        (("us", "US"), '"us" and "US"'),
        (("Ann & Bob", "ann & Di"), '"Ann" and "ann"'),
        (("Ann & Bob", "Cy & ANN"), '"Ann" and "ANN"'),
        (("ann & Ann", "Cy & Di"), '"ann" and "Ann"'),
    ],
)
def test_new_refuses_names_that_differ_only_in_case(
    cli: Cli, home: Path, sides: tuple[str, str], named: str
) -> None:
    """docs/games.md: a hand names its sides and players "in any capitalisation", and stats
    takes "ann" and "Ann" for one player; so sides (or players) whose names differ only in case
    could never be told apart: with sides "us" and "US" no quick-form hand could be entered
    ("could be us or US"). `new` refuses them, and makes no game."""
    made = cli("new", "g", "--side", sides[0], "--side", sides[1])
    assert made.code == 2 and named in made.err
    assert cli("games", "--json").json()["games"] == []


GONE_OUT = """
[[side]]
name = "us"
melds = ["Q Q Q Q Q Q Q", "5 5 5"]
in_hand = [{hands}]
went_out = true
{player}

[[side]]
name = "them"
meld_points = 95
in_hand_points = 70
"""


@pytest.mark.parametrize(
    ("hands", "player", "problem"),
    [
        ('"", "9C 4D"', 'went_out_player = "Bob"', "Bob went out, but holds 9C 4D"),
        ('"4C", "9C 4D"', "", "every player of it still holds cards"),
        ('"4C", "9C 4D"', 'went_out_player = "ann"', "Ann went out, but holds 4C"),
    ],
    ids=["player-out-holds-cards", "everyone-holds-cards", "named-in-any-case"],
)
def test_the_player_who_went_out_holds_no_cards_rules_1_8(
    cli: Cli, home: Path, hands: str, player: str, problem: str
) -> None:
    """RULES 1.8: going out, a player gets rid of every card in hand. A record giving each
    player's cards left (CONTRACT 6: one string per player, in the side's order) in which the
    player who went out, or every player of the side that went out, still holds cards breaks
    that rule: it is refused, naming the player and the cards, and nothing is saved."""
    assert cli("new", "club", "--side", "us: Ann & Bob", "--side", "them: Cy & Di").code == 0
    before = stored(home)
    record = GONE_OUT.format(hands=hands, player=player)
    refused = cli("hand", "--file", "-", stdin=record)
    assert refused.code == 2 and problem in refused.err
    assert stored(home) == before


def test_one_string_for_a_partnership_cards_left_is_not_taken_apart(cli: Cli) -> None:
    """CONTRACT 6: in_hand may be one string for the whole side; whose cards they are is not
    said, so a side that went out with cards left in it is scored (Q x7 70 + 5 5 5 15 + 500 +
    100 out - 15 for 9C 4D = 670)."""
    assert cli("new", "club", "--side", "us: Ann & Bob", "--side", "them: Cy & Di").code == 0
    record = GONE_OUT.format(hands='"9C 4D"', player='went_out_player = "Ann"')
    done = cli("hand", "--file", "-", "--json", stdin=record)
    assert done.code == 0, done.err
    assert done.json()["score"]["sides"][0]["total"] == 670


def test_interactive_edit_warns_against_the_minimum_of_that_hand_rules_2_2(cli: Cli) -> None:
    """Hand 1 is played at 0 (tier 50) although A now stands at 5,360 (tier 120): re-entered
    with A melding 40, the warning names the minimum of 50 (RULES 2.2, score before the hand)."""
    start(cli, "--target", "10000")
    cli("hand", *TWO)  # A 560, B 850
    cli("hand", "a: 8 natural, 800 melded", "b: 95 melded")  # A 560 + 4,800 = 5,360
    a = ["t", "40", "0", "0", "0", "0"]
    b = ["t", "95", "0", "0", "0", "0"]
    edited = cli("edit", "1", stdin=Keyboard(["all", "nobody", *a, *b, "y"]))
    assert edited.code == 0, edited.err
    assert '"A" melded a count of 40, below its initial-meld minimum of 50' in edited.err
    assert scores(cli("status", "--json")) == {"A": 40 + 4800, "B": 95 + 95}


def test_a_record_piped_to_hand_is_read_without_file_contract_7(cli: Cli, c5_text: str) -> None:
    """`hand` with the record on standard input and no --file (CONTRACT 7: it takes the record
    on stdin); RULES C5 gives A 1,240 and B 225. Nothing piped is still an error."""
    start(cli)
    assert cli("hand").code == 2
    piped = cli("hand", stdin=c5_text)
    assert piped.code == 0, piped.err
    assert scores(cli("status", "--json")) == {"A": 1240, "B": 225}


def test_the_program_on_its_own_prints_its_help_and_exits_0(cli: Cli) -> None:
    done = cli()
    assert done.code == 0, done.err
    assert done.out.startswith("Usage: ")
    assert "hand" in done.out and "check" in done.out


def test_new_says_a_side_named_by_its_players_once(cli: Cli) -> None:
    done = cli("new", "club", "--side", "Ann & Bob", "--side", "us: Cy & Di")
    assert done.code == 0
    lines = done.err.splitlines()
    assert "  Ann & Bob" in lines and "  us: Cy & Di" in lines
    assert not any("Ann & Bob: Ann & Bob" in line for line in lines)
