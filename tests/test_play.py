"""``canasta-score play``: a session on one game, driven line by line and in a pseudo-terminal.
Hands are recorded and fixed, rulings use the game's ruleset and each side's score, and Ctrl-C
cancels only what is being entered."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from helpers import stored
from terminal import PROGRAM, Terminal

from canasta_score.cli.asking import Dialogue
from canasta_score.cli.shell import (
    DISPATCH,
    KOREAN,
    RULINGS,
    Quit,
    Session,
    command_of,
    completions,
)
from canasta_score.core import language
from canasta_score.core.errors import InputError
from canasta_score.games.store import Store


def run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PROGRAM), *args], env=env, input=stdin, capture_output=True, text=True
    )


def scores(env: dict[str, str]) -> list[int]:
    done = run(env, "status", "--json")
    return [s["score"] for s in json.loads(done.stdout)["sides"]]


# Contract hand 2 in the quick form: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850.
HAND_A560_B850 = "hand A: 300 melded, 1 mixed, 40 left; B: 250 melded, 1 natural, out"


def test_play_session_in_a_terminal_two_hands_two_rulings_and_ctrl_c(env: dict[str, str]) -> None:
    """Two hands (quick form, then the questions), a meld and a pickup ruling, and Ctrl-C in
    the middle of a hand: that hand is not saved and the session goes on. RULES 1.3 counts,
    1.5 canastas, 2.2 tiers: hand 1 A 560, B 850; hand 2 A 250 + 500 + 100 = 850, B 95."""
    assert run(env, "new", "club", "--side", "A", "--side", "B").returncode == 0
    term = Terminal(["play"], env)
    assert "No hands yet." in term.expect("play> ")
    os.write(term.fd, (HAND_A560_B850 + "\n").encode())
    term.answer("Next: hand 2", "hand")
    term.answer("who went out? (A / B / nobody):", "A")
    term.answer("(c/t) [c]:", "t")
    term.expect("count of all melded cards [0]:")
    os.write(term.fd, b"\x03")  # Ctrl-C: this hand is dropped, the session stays
    assert "nothing was saved" in term.expect("play> ")
    os.write(term.fd, b"hand\n")
    term.answer("who went out? (A / B / nobody):", "A")
    for melded, natural in (("250", "1"), ("95", "0")):
        term.answer("(c/t) [c]:", "t")
        term.answer("count of all melded cards [0]:", melded)
        term.answer("natural canastas [0]:", natural)
        term.answer("mixed canastas [0]:", "")
        term.answer("red threes (a count, or cards) [0]:", "")
        term.answer("count of the cards left in hand [0]:", "")
        if melded == "250":
            term.answer("concealed", "")
    term.answer("save this hand? (y/n)", "y")
    term.answer("play> ", "meld K K 2")
    shown = term.answer("play> ", "pickup KD with KS KH 5C 5D 5H by A unopened")
    assert "LEGAL: K K 2" in shown and "ILLEGAL" not in shown
    shown = term.answer("play> ", "quit")
    # A has 1,410 (below 1,500: minimum 50); K K K + 5 5 5 counts 45 (RULES 2.2).
    assert "ILLEGAL" in shown and "below the minimum of 50" in shown
    assert term.finish() == 0
    assert scores(env) == [560 + 850, 850 + 95]


def test_play_reads_plain_lines_when_not_on_a_terminal(env: dict[str, str]) -> None:
    """Scripted: the session reads standard input; a wrong line is answered and skipped, the
    others are carried out, and the session exits 2 naming the line that failed."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    done = run(env, "play", stdin=f"nonsense\n{HAND_A560_B850}\nstatus\n")
    assert done.returncode == 2 and "line 1 of the session failed" in done.stderr
    assert '"nonsense" is not a command here' in done.stdout
    assert "Next: hand 2" in done.stdout
    assert scores(env) == [560, 850]


def test_play_with_game_does_not_change_the_current_game_contract_7(env: dict[str, str]) -> None:
    run(env, "new", "first", "--side", "A", "--side", "B")
    run(env, "new", "second", "--side", "A", "--side", "B")
    run(env, "play", "--game", "first", stdin=HAND_A560_B850 + "\n")
    assert scores(env) == [0, 0]  # the current game is still "second"
    done = run(env, "status", "--json", "--game", "first")
    assert [s["score"] for s in json.loads(done.stdout)["sides"]] == [560, 850]


# ---------------------------------------------------------------- the session, line by line


def session(tmp_path: Path, answers: tuple[str, ...] = ()) -> tuple[Session, list[str]]:
    """A session on a new two-side classic game, its answers collected in a list."""
    from canasta_score.games.game import new_game, parse_side
    from canasta_score.rules.catalog import load_ruleset

    store = Store(tmp_path)
    game = new_game(
        "club", "2025-01-01T20:00:00", load_ruleset("classic"), [parse_side("A"), parse_side("B")]
    )
    path = store.create(game, "")
    shown: list[str] = []
    talk = Dialogue(inp=io.StringIO("".join(a + "\n" for a in answers)), out=io.StringIO())
    return Session(store, path, talk, shown.append), shown


def test_undo_then_redo_puts_the_same_hand_back(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    before = stored(s.store.home, s.path.name)
    s.run("undo")
    assert s.summary().hands == 0 and "redo puts it back" in shown[-1]
    s.run("redo")
    assert stored(s.store.home, s.path.name) == before
    s.run("redo")
    assert shown[-1].startswith("Error: nothing to redo")


def test_redo_with_more_words_is_refused_and_puts_nothing_back(tmp_path: Path) -> None:
    """``canasta-score redo 2`` is a usage error that changes nothing; so is ``redo 2`` in a
    session, as ``undo now`` is: the undone hand stays undone (before, the words were dropped
    and the hand was put back)."""
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    s.run("undo")
    before = stored(s.store.home, s.path.name)
    assert not s.run("redo 2")
    assert shown[-1] == 'Error: redo takes nothing more, not "2"'
    assert stored(s.store.home, s.path.name) == before
    assert s.run("redo") and s.summary().hands == 1


def test_a_new_hand_ends_what_redo_can_put_back(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    s.run("undo")
    s.run("hand A: 50 melded; B: 100 melded")
    s.run("redo")
    assert shown[-1].startswith("Error: nothing to redo")
    assert [x.score for x in s.summary().sides] == [50, 100]


def test_edit_in_the_quick_form_rescores_the_hand(tmp_path: Path) -> None:
    """Hand 1 becomes A 300 + 300 - 30 = 570 (RULES 1.3), B still 850."""
    s, _shown = session(tmp_path)
    s.run(HAND_A560_B850)
    s.run("edit 1 A: 300 melded, 1 mixed, 30 left; B: 250 melded, 1 natural, out")
    assert [x.score for x in s.summary().sides] == [570, 850]


def test_edit_warns_of_the_edited_hands_own_shortfall_as_the_edit_command_does_rules_2_2(
    tmp_path: Path,
) -> None:
    """After hand 1 A is at 4,300 (6 natural canastas 3,000 + 4 red threes 800 + 500 melded)
    and B at 3,300: both need 120 in hand 2 (RULES 2.2). Hand 2 edited to "A: 20 melded" is
    kept, with the warning the ``edit`` command gives (RULES 1.6: 20 cannot hold 120)."""
    s, shown = session(tmp_path)
    s.run("hand A: 6 natural, 4 red, 500 melded; B: 6 natural, 300 melded")
    s.run("hand A: 120 melded; B: 120 melded")
    assert not any("warning" in line for line in shown)
    s.run("edit 2 A: 20 melded; B: 120 melded")
    warning = 'warning: hand 2: "A" melded a count of 20, below its initial-meld minimum of 120'
    assert any(line.startswith(warning) for line in shown), shown
    assert [x.score for x in s.summary().sides] == [4320, 3420]


def test_edit_of_a_missing_hand_is_refused_in_the_words_of_the_edit_command(
    tmp_path: Path,
) -> None:
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    s.run("edit 2")
    assert shown[-1] == 'Error: game "club" has 1 hand; there is no hand 2'


def test_a_refused_line_changes_nothing(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    before = stored(s.store.home, s.path.name)
    for line in (
        "hand A: 297 melded; B: 0 melded",
        "edit 4",
        "undo",
        "pickup KD",
        "meld",
        "go-out",
    ):
        s.run(line)
        assert shown[-1].startswith("Error:"), line
    assert stored(s.store.home, s.path.name) == before


def test_pickup_by_a_side_uses_its_score_for_the_minimum_rules_2_2(tmp_path: Path) -> None:
    """A at 1,600 needs 90; K K K + 7 7 7 + 5 5 5 counts 30 + 15 + 15 = 60: refused for A,
    allowed for B (at 180, minimum 50)."""
    s, shown = session(tmp_path)
    s.run("hand A: 400 melded, 2 natural, 1 red, out; B: 250 melded, 70 left")
    assert [x.score for x in s.summary().sides] == [1600, 180]
    s.run("pickup KD with KS KH 5C 5D 5H 7S 7H 7D by A unopened")
    assert shown[-1].startswith("ILLEGAL: A (score 1,600)") and "minimum of 90" in shown[-1]
    s.run("pickup KD with KS KH 5C 5D 5H 7S 7H 7D by B unopened")
    assert shown[-1].startswith("LEGAL: B (score 180)")
    s.run("pickup KD with KS KH 5C 5D 5H 7S 7H 7D unopened")
    assert shown[-1] == "Error: say which side is asking: by A / by B"


def test_go_out_needs_a_canasta_rules_2_4(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    s.run("go-out K K K / Q Q Q discard 5C")
    assert shown[-1].startswith("ILLEGAL")
    s.run("go-out Q Q Q Q Q Q Q / K K K discard 5C")
    assert shown[-1].startswith("LEGAL") and "The side has 1 canasta: " in shown[-1]


def test_hand_by_the_questions_and_leaving_with_q_saves_nothing(tmp_path: Path) -> None:
    s, shown = session(tmp_path, ("t", "q"))
    before = stored(s.store.home, s.path.name)
    s.run("hand")
    assert shown[-1] == "Cancelled: left with q; nothing was saved."
    assert stored(s.store.home, s.path.name) == before


def test_quit_and_commands_by_their_beginning() -> None:
    assert command_of("st") == "status" and command_of("exit") == "quit"
    with pytest.raises(InputError, match='"h" could be hand or history or help'):
        command_of("h")
    s = Session.__new__(Session)
    with pytest.raises(Quit):
        s.run("quit")


def test_completion_of_commands_sides_and_cards() -> None:
    sides = ["us", "them"]
    assert completions("pi", sides) == ["pickup"]
    assert completions("hand ", sides) == ["us:", "them:"]
    assert completions("hand us: 285 mel", sides) == ["melded"]
    assert completions("hand us: 1 nat; t", sides) == ["them:"]
    assert completions("meld K", sides) == ["KS", "KH", "KD", "KC"]
    assert "JK" in completions("meld K K J", sides)
    assert completions("pickup KD w", sides) == ["with"]
    assert completions("pickup KD with KS by th", sides) == ["them"]
    assert completions("status x", sides) == []


def test_completion_offers_every_command_the_session_dispatches_on() -> None:
    """Completion takes play's command names from the table the session dispatches on, so a
    command added there is offered too: each name (and each Korean name, which must name a
    dispatched command) completes from its first letter, and nothing else is offered."""
    for name in DISPATCH:
        assert name in completions(name[0], [])
    assert set(KOREAN.values()) <= set(DISPATCH) and set(RULINGS) <= set(DISPATCH)
    for korean in KOREAN:
        assert korean in completions(korean[0], [])
    offered = {
        word for letter in {n[0] for n in (*DISPATCH, *KOREAN)} for word in completions(letter, [])
    }
    assert offered == {*DISPATCH, *KOREAN}


def test_a_completed_command_is_followed_by_a_space() -> None:
    """Tab after "ha" gives "hand " (so "ca" typed next is a word of its own); a side name
    or card completed later gets no space added."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from canasta_score.cli.play import shell_completer

    completer = shell_completer(["us", "them"])
    first = [c.text for c in completer.get_completions(Document("ha"), CompleteEvent())]
    assert first == ["hand "]
    later = [c.text for c in completer.get_completions(Document("hand u"), CompleteEvent())]
    assert later == ["us:"]


# ---------------------------------------------------------------- every ruling of the commands

# A: 1,000 melded + 500 (a natural canasta) + 200 (two red threes) + 100 out = 1,800, so its
# next minimum is 90 (RULES 2.1 initial_meld.tiers, 1,500-2,995); B: 100 melded, minimum 50.
HAND_A1800_B100 = "hand A: 1000 melded, 1 natural, 2 red, out; B: 100 melded"


def test_play_has_every_ruling_the_commands_have_with_their_options(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    assert s.run(HAND_A1800_B100)
    assert s.run("min A")
    assert shown[-1].startswith("Initial meld minimum for A (score 1,800): 90")
    assert s.run("min --side b")
    assert shown[-1].startswith("Initial meld minimum for B (score 100): 50")
    # 7 7 7 counts 15 and A A JK 20 + 20 + 50 = 90: 105, at least A's 90 (RULES 1.3).
    assert s.run("initial 7 7 7 / A A JK by A")
    assert shown[-1].startswith("LEGAL") and "minimum: 90" in shown[-1]
    # K K K counts 30: below A's 90.
    assert s.run("initial K K K --side A")
    assert shown[-1].startswith("ILLEGAL") and "minimum: 90" in shown[-1]
    # Classic: any card may be discarded, onto an empty pile too (RULES 2.1 discard).
    assert s.run("discard KC with AS 7D KC JK --pile-empty")
    assert shown[-1].startswith("LEGAL: KC")
    assert s.run("discard 5C with AS 7D KC JK")
    assert shown[-1].startswith("ILLEGAL: 5C") and "not in the hand" in shown[-1]
    # The hand: the 2 goes on the eights, the queens stay a natural canasta.
    assert s.run("go-out Q Q Q Q Q Q Q / 8 8 8 --hand 8 5 5 5 2 9")
    assert shown[-1].startswith("LEGAL") and "melds: Q Q Q Q Q Q Q, " in shown[-1]
    assert "discard: 9" in shown[-1]
    assert s.run("meld 2 --to K K K")
    assert shown[-1].startswith("LEGAL: 2")
    assert not s.run("meld K K --bogus")
    assert "--bogus is not an option of meld" in shown[-1]


def test_play_rulings_call_the_check_commands_own_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One path: each ruling of play is answered by Check.answer, as `check` and `min-meld`
    are."""
    from canasta_score.judging.checks import Check

    asked: list[str] = []
    answer = Check.answer

    def spy(self: Check, *args: object, **kwargs: object) -> object:
        asked.append(self.name)
        return answer(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Check, "answer", spy)
    s, _shown = session(tmp_path)
    for line in (
        "meld K K 2",
        "pickup KD with KS KH 5C",
        "discard KC with AS 7D KC JK",
        "initial 7 7 7 / A A JK",
        "min",
        "go-out Q Q Q Q Q Q Q / K K K",
    ):
        assert s.run(line), line
    assert asked == ["meld", "pickup", "discard", "initial-meld", "min-meld", "go-out"]


def test_play_help_lists_every_ruling_with_an_example(tmp_path: Path) -> None:
    s, shown = session(tmp_path)
    s.run("help")
    for example in (
        "meld K K 2",
        "pickup KD with KS KH 5C",
        "discard KC with AS 7D KC JK",
        "initial 7 7 7 / A A JK",
        "min us",
        "go-out Q Q Q Q Q Q Q / K K K",
        "--hand 8 5 5 5 2 9",
    ):
        assert example in shown[-1], example


def test_korean_commands_and_ruling_words_are_read_however_the_keyboard_composes_hangul(
    tmp_path: Path,
) -> None:
    """A command's Korean name and the rulings' Korean words are read decomposed (NFD) as they
    are composed, as side names are: 더미 ... 손 ... 팀 A 첫멜드전 is the same pickup question.
    A at 1,600 needs 90 (RULES 2.2); K K K + 5 5 5 + 7 7 7 counts 30 + 15 + 15 = 60: illegal."""
    import unicodedata

    def nfd(text: str) -> str:
        return unicodedata.normalize("NFD", text)

    assert nfd("상태") != "상태"
    assert [command_of(nfd(w)) for w in ("상태", "더미", "종료")] == ["status", "pickup", "quit"]
    s, shown = session(tmp_path)
    s.run("hand A: 400 melded, 2 natural, 1 red, out; B: 250 melded, 70 left")
    line = "더미 KD 손 KS KH 5C 5D 5H 7S 7H 7D 팀 A 첫멜드전"
    assert s.run(nfd(line))
    assert shown[-1].startswith("ILLEGAL: A (score 1,600)") and "minimum of 90" in shown[-1]
    assert s.run(line)
    assert shown[-1] == shown[-2]


def test_a_ruling_given_a_score_uses_it_as_the_check_command_does_rules_2_2(
    tmp_path: Path,
) -> None:
    """``--score 2000`` in a ruling is the number the check command reads: from 1,500 to 2,999
    the minimum is 90 (RULES 2.2), so K K K + 5 5 5 (30 + 15 = 45) cannot take the pile
    unopened. A value that is not a whole number is refused, naming the option."""
    s, shown = session(tmp_path)
    assert s.run("min --score 2000")
    assert shown[-1] == "Initial meld minimum: 90  [classic.initial-meld.tiers]"
    assert s.run("pickup KD with KS KH 5C 5D 5H --score 2000 unopened")
    assert shown[-1].startswith("ILLEGAL") and "below the minimum of 90" in shown[-1]
    assert not s.run("min --score 2x")
    assert shown[-1] == "Error: --score: expected a whole number, got '2x'"


def test_a_ruling_for_each_side_names_no_one_sides_score_rules_2_2(tmp_path: Path) -> None:
    """After hand 1 A has 560 and B 850: both need 50 (RULES 2.2), so a ruling that names no
    side is for each side, and shows neither side's score as if it were both's. K K K + 5 5 5
    counts 30 + 15 = 45, below 50. A score given with --score is no side's: no title."""
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    assert s.run("min")
    assert shown[-1] == "Initial meld minimum for each side: 50  [classic.initial-meld.tiers]"
    assert s.run("pickup KD with KS KH 5C 5D 5H unopened")
    assert shown[-1].startswith("ILLEGAL: each side, not yet opened\n")
    assert s.run("pickup KD with KS KH 5C 5D 5H by B unopened")
    assert shown[-1].startswith("ILLEGAL: B (score 850), not yet opened\n")
    assert s.run("pickup KD with KS KH 5C 5D 5H --score 2000 unopened")
    assert shown[-1].startswith("ILLEGAL\n")
    with language.speaking("ko"):
        assert s.run("더미 KD 손 KS KH 5C 5D 5H 첫멜드전")
    assert shown[-1].startswith("불가: 각 팀, 첫 멜드 전\n")


def test_min_names_its_side_with_by_as_the_other_rulings_do_rules_2_2(tmp_path: Path) -> None:
    """The lines "min by B" and "최소 팀 B" name side B as "pickup ... by B" does; B at 850 needs 50
    (RULES 2.2)."""
    s, shown = session(tmp_path)
    s.run(HAND_A560_B850)
    expected = "Initial meld minimum for B (score 850): 50  [classic.initial-meld.tiers]"
    for line in ("min B", "min by B", "최소 팀 B"):
        assert s.run(line), shown[-1]
        assert shown[-1] == expected, line


def test_a_refused_ruling_in_korean_gives_its_example_in_korean_words(tmp_path: Path) -> None:
    """In Korean each refusal's example is a line in the session's Korean words (as 멜드 K K 2
    and 더미 KD 손 KS KH 5C are): a Korean command name, no English ruling word (with, by)."""
    import re

    from canasta_score.hands.entry import PLAY_ITEMS

    english = {w for en, _ko in PLAY_ITEMS.values() for w in en}
    s, shown = session(tmp_path)
    for line in ("멜드", "더미 KD", "버리기 KC", "나가기", "첫멜드 팀 A", "수정"):
        with language.speaking("ko"):
            assert not s.run(line)
        example = re.search(r'예: "([^"]+)"', shown[-1])
        assert example is not None, shown[-1]
        words = example[1].split()
        assert words[0] in KOREAN and not english & set(words), shown[-1]


# ---------------------------------------------------------------- who went out, edited


def players_session(tmp_path: Path, answers: tuple[str, ...]) -> tuple[Session, list[str]]:
    """A session on a classic game of A (Ann & Bob) against B (Cy & Di)."""
    from canasta_score.games.game import new_game, parse_side
    from canasta_score.rules.catalog import load_ruleset

    store = Store(tmp_path)
    sides = [parse_side("A: Ann & Bob"), parse_side("B: Cy & Di")]
    game = new_game("club", "2025-01-01T20:00:00", load_ruleset("classic"), sides)
    path = store.create(game, "")
    shown: list[str] = []
    talk = Dialogue(inp=io.StringIO("".join(a + "\n" for a in answers)), out=io.StringIO())
    return Session(store, path, talk, shown.append), shown


def went_out_sides(s: Session) -> list[dict[str, object]]:
    game = s.store.load(s.path)
    return list(game.hands[0]["side"])


def test_a_side_answered_again_that_still_went_out_keeps_the_player_who_went_out(
    tmp_path: Path,
) -> None:
    """Hand 1: B went out by Cy (quick form ``out Cy``). Editing B through the questions,
    every answer kept (Enter), leaves Cy as the player who went out: B 250 + 500 + 100 = 850
    (RULES 1.3, 1.5, 1.7)."""
    s, shown = players_session(tmp_path, ("B", *[""] * 12))
    s.run("hand A: 300 melded, 1 mixed, 40 left; B: 250 melded, 1 natural, out Cy")
    assert s.run("edit 1"), shown
    b = went_out_sides(s)[1]
    assert b["went_out"] is True and b["went_out_player"] == "Cy"
    assert [x.score for x in s.summary().sides] == [560, 850]


def test_who_went_out_changed_in_an_edit_drops_the_player_of_the_side_that_no_longer_did(
    tmp_path: Path,
) -> None:
    """Hand 1: B went out by Cy. The edit says A went out instead: the hand is scored (not
    refused for a player of a side that did not go out): A 300 + 300 + 100 = 700, B 250 +
    500 = 750 (RULES 1.3, 1.5, 1.7), and nobody is named as the player who went out."""
    s, shown = players_session(tmp_path, ("out", "A", "y"))
    s.run("hand A: 300 melded, 1 mixed; B: 250 melded, 1 natural, out Cy")
    assert s.run("edit 1"), shown
    assert not any("cannot be scored" in line for line in shown)
    a, b = went_out_sides(s)
    assert a["went_out"] is True and "went_out_player" not in a
    assert "went_out" not in b and "went_out_player" not in b
    assert [x.score for x in s.summary().sides] == [700, 750]


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
@pytest.mark.parametrize(
    "lines",
    [
        b"hand A: 50 melded; B: 50 melded\nst\xffatus\n",
        b"hand A: 50 melded; B: 50 melded\nhand\n\xff\n",
    ],
    ids=["command", "answer"],
)
def test_a_session_line_that_is_not_utf8_is_refused_never_a_traceback(
    cli: Any, errors: str, lines: bytes
) -> None:
    """CONTRACT 4 (no traceback on bad input): a scripted session reads text, as `hand` reads
    a record on standard input, whatever the locale makes of other bytes (a UTF-8 locale
    decodes standard input strictly, the C locale escapes such bytes). A command line that is
    not UTF-8 ends the session with the error `hand` gives; an answer that is not is answered
    as any wrong answer. The lines before stand; the hand being asked about is not saved."""
    cli("new", "club", "--side", "A", "--side", "B")
    stdin = io.TextIOWrapper(io.BytesIO(lines), encoding="utf-8", errors=errors)
    run = cli("play", stdin=stdin)
    assert run.code == 2
    if lines.endswith(b"atus\n"):
        assert run.err.splitlines()[-1] == "Error: standard input: not a text file (UTF-8)"
    assert cli("status", "--json").json()["hands"] == 1
