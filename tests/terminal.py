"""The program on a pseudo-terminal, for tests that type at it as a person would."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

PROGRAM = Path(sys.executable).parent / "canasta-score"


class Terminal:
    """The program running on a pseudo-terminal, read and answered like a person would."""

    def __init__(self, args: list[str], env: dict[str, str], stdout: Path | None = None) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program (its stdout sent to a file if given)
            try:
                if stdout is not None:
                    os.dup2(os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 1)
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


def run_ok(env: dict[str, str], *args: str) -> str:
    """Run the installed program; it must succeed. Returns what it printed on stdout."""
    done = subprocess.run([str(PROGRAM), *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout
