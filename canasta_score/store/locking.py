"""An exclusive lock on a file that works on Linux, macOS and Windows.

One small interface, :func:`hold`, over two ways of locking: ``fcntl.flock`` where ``fcntl``
exists (Linux, macOS, the BSDs) and ``msvcrt.locking`` on Windows. Both locks belong to the open
file, so the operating system drops them when a process ends, however it ends: a killed writer
never leaves a game locked. Waiting is done by trying again every few milliseconds, so a waiter
can say that it is waiting and give up after a timeout.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from canasta_score.errors import GameError
from canasta_score.language import _

TIMEOUT_ENV = "CANASTA_SCORE_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 30.0
NOTICE_AFTER = 1.0


class Backend(Protocol):
    """A way to take (without waiting) and release an exclusive lock on an open file."""

    def try_lock(self, fd: int) -> bool: ...

    def unlock(self, fd: int) -> None: ...


class PosixLock:
    """``flock`` (Linux, macOS, BSD)."""

    def __init__(self) -> None:
        import fcntl

        self.fcntl = fcntl

    def try_lock(self, fd: int) -> bool:
        try:
            self.fcntl.flock(fd, self.fcntl.LOCK_EX | self.fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def unlock(self, fd: int) -> None:
        self.fcntl.flock(fd, self.fcntl.LOCK_UN)


class WindowsLock:
    """``msvcrt.locking`` on the file's first byte (Windows)."""

    def __init__(self) -> None:
        import importlib

        self.msvcrt: Any = importlib.import_module("msvcrt")

    def try_lock(self, fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            self.msvcrt.locking(fd, self.msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def unlock(self, fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        self.msvcrt.locking(fd, self.msvcrt.LK_UNLCK, 1)


def backend() -> Backend:
    """The platform's lock: ``flock`` if the platform has it, else Windows' ``locking``."""
    for kind in (PosixLock, WindowsLock):
        try:
            return kind()
        except ImportError:
            continue
    raise GameError(_("this platform offers no way to lock a file, so games cannot be changed"))


def timeout_from_env() -> float:
    """Seconds a writer waits for a lock: ``$CANASTA_SCORE_LOCK_TIMEOUT``, else 30."""
    text = os.environ.get(TIMEOUT_ENV, "").strip()
    if not text:
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise GameError(
            _('{variable}="{text}": give a number of seconds from 0 to 86400').format(
                variable=TIMEOUT_ENV, text=text
            )
        )
    return value


@contextmanager
def hold(
    lock: Path,
    what: str,
    timeout: float = DEFAULT_TIMEOUT,
    on_wait: Callable[[str], None] | None = None,
) -> Iterator[None]:
    """Hold the exclusive lock on the file ``lock`` (created if missing) for ``what``.

    If another process holds it, try again until ``timeout`` seconds have passed, then raise a
    :class:`GameError`; ``on_wait`` is told once, after about a second, that we are waiting."""
    how = backend()
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise GameError(
            _("{path}: cannot lock it ({reason}: {lock})").format(
                path=what, reason=exc.strerror, lock=lock
            )
        ) from None
    try:
        wait_for(how, fd, what, timeout, on_wait)
        try:
            yield
        finally:
            how.unlock(fd)
    finally:
        os.close(fd)


def wait_for(
    how: Backend, fd: int, what: str, timeout: float, on_wait: Callable[[str], None] | None
) -> None:
    start = time.monotonic()
    told = False
    pause = 0.001
    while not how.try_lock(fd):
        waited = time.monotonic() - start
        if waited >= timeout:
            raise GameError(
                _(
                    "{path}: another command has kept it locked for {waited:.1f} s; gave up, "
                    "nothing was changed. Try again, or wait longer with {variable}=SECONDS"
                ).format(path=what, waited=waited, variable=TIMEOUT_ENV)
            )
        if not told and waited >= NOTICE_AFTER and on_wait is not None:
            on_wait(
                _(
                    "{path}: another command is changing it; waiting (up to {timeout:g} s)..."
                ).format(path=what, timeout=timeout)
            )
            told = True
        time.sleep(min(pause, max(timeout - waited, 0.0)))
        pause = min(pause * 2, 0.02)
