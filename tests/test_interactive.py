"""The interactive hand entry, driven in a real pseudo-terminal: wrong answers are explained and
asked again, the breakdown is shown, and nothing is saved without a yes."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

PROGRAM = Path(sys.executable).parent / "canasta-score"


class Terminal:
    """The program running on a pseudo-terminal, read and answered like a person would."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program
            try:
                os.execve(str(PROGRAM), [str(PROGRAM), *args], env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.seen = ""
        self.pos = 0

    def read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            return False
        self.seen += chunk.decode("utf-8", errors="replace").replace("\r\n", "\n")
        return True

    def expect(self, text: str, timeout: float = 30) -> str:
        """Wait for ``text``; returns everything shown since the last expectation."""
        end = time.monotonic() + timeout
        while text not in self.seen[self.pos :]:
            left = end - time.monotonic()
            if left <= 0 or not self.read(left):
                raise AssertionError(f"never saw {text!r}; the screen shows:\n{self.seen}")
        start = self.pos
        self.pos = self.seen.index(text, self.pos) + len(text)
        return self.seen[start : self.pos]

    def answer(self, prompt: str, reply: str) -> str:
        shown = self.expect(prompt)
        os.write(self.fd, (reply + "\n").encode("utf-8"))
        return shown

    def finish(self, timeout: float = 30) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.read(end - time.monotonic()):
            pass
        _pid, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "CANASTA_SCORE_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
        "TERM": "dumb",
        "COLUMNS": "120",
        "HOME": str(tmp_path),
    }


def run(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([str(PROGRAM), *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_classic_hand_card_by_card_and_in_totals_with_corrections(env: dict[str, str]) -> None:
    """C5: A card by card 1,240; B as totals 95 melded, two red threes, 70 left: 225."""
    run(env, "new", "club", "--side", "A: Ann & Bob", "--side", "B: Cy & Di")
    term = Terminal(["hand"], env)
    term.expect("Hand 1 of club, dealt by Ann")
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
    term.answer("did A go out? (y/n) [n]:", "y")
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
    assert "+1240" in shown and "+225" in shown
    assert term.finish() == 0
    assert "Next: hand 2, dealt by Cy." in term.seen
    status = json.loads(run(env, "status", "--json"))
    assert [s["score"] for s in status["sides"]] == [1240, 225]


def test_a_hand_that_breaks_a_rule_is_re_entered_and_can_be_dropped(env: dict[str, str]) -> None:
    """RULES 2.4: going out needs a canasta. Re-entering side A, then declining, saves nothing."""
    run(env, "new", "club", "--side", "A", "--side", "B")
    before = (Path(env["CANASTA_SCORE_HOME"]) / "club.toml").read_bytes()
    term = Terminal(["hand"], env)
    for side, went_out in (("A", "y"), ("B", None)):
        term.answer("card by card or totals? (c/t) [c]:", "t")
        term.answer("count of all melded cards [0]:", "300")
        term.answer("natural canastas [0]:", "0")
        term.answer("mixed canastas [0]:", "0")
        term.answer("red threes (a count, or cards) [0]:", "0")
        term.answer("count of the cards left in hand [0]:", "40")
        if went_out:
            term.answer(f"did {side} go out? (y/n) [n]:", went_out)
            term.answer("concealed", "n")
    shown = term.answer("re-enter which side? (A / B):", "a")
    assert 'This hand cannot be scored: side "A" went out, but' in shown
    term.answer("card by card or totals? (c/t) [c]:", "t")
    term.answer("count of all melded cards [0]:", "300")
    term.answer("natural canastas [0]:", "0")
    term.answer("mixed canastas [0]:", "1")
    term.answer("red threes (a count, or cards) [0]:", "0")
    term.answer("count of the cards left in hand [0]:", "0")
    term.answer("did A go out? (y/n) [n]:", "y")
    term.answer("concealed", "n")
    shown = term.answer("save this hand? (y/n) [y]:", "n")
    assert "+700" in shown and "+260" in shown  # A 300 + 300 + 100 out; B 300 - 40
    term.answer("re-enter which side? (A / B, or q to quit):", "q")
    assert term.finish() == 1
    assert "Nothing was saved." in term.seen
    assert (Path(env["CANASTA_SCORE_HOME"]) / "club.toml").read_bytes() == before


def test_modern_held_aces_come_from_the_cards_each_player_holds_m4(env: dict[str, str]) -> None:
    """RULES M4: side B card by card; Bea holds A A A K, so the -1,500 is charged: -5,510."""
    run(env, "new", "m", "-r", "modern-american", "--side", "A: Al & Ed", "--side", "B: Bea & Bo")
    term = Terminal(["hand"], env)
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
        ("did A go out?", "y"),
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
    assert "1 player holding three aces or sevens" in shown and "-1500" in shown
    assert term.finish() == 0
    status = json.loads(run(env, "status", "--json"))
    assert [s["score"] for s in status["sides"]] == [4000, -5510]
