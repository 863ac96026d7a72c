"""Safe output: names typed by users (or held by an imported file) never reach a terminal as
control or escape sequences, which could clear the screen or make a line read differently.
All text passes :class:`CleanText`, which drops them (tabs and line ends stay); JSON and TOML
have them escaped (``\\u001b``), so they pass through unchanged."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

from canasta_score.core.safe_text import clean


class CleanText(io.TextIOWrapper):
    """A text stream that writes :func:`clean` text."""

    def write(self, text: str) -> int:
        super().write(clean(text))
        return len(text)

    def write_escaped(self, text: str) -> int:
        """Write JSON text whose strings are escaped already: nothing to drop, so not looked at."""
        return super().write(text)


def write_escaped(stream: TextIO, text: str) -> None:
    """Write escaped JSON text (see :meth:`CleanText.write_escaped`) to ``stream``."""
    if isinstance(stream, CleanText):
        stream.write_escaped(text)
    else:
        stream.write(text)


@contextmanager
def clean_output() -> Iterator[None]:
    """Standard output and standard error write :func:`clean` text while inside."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = cleaning(saved[0]), cleaning(saved[1])
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, CleanText):
                with suppress(OSError, ValueError):
                    stream.flush()
                with suppress(OSError, ValueError):
                    stream.detach()  # leaves the bytes underneath open
        sys.stdout, sys.stderr = saved


def cleaning(stream: TextIO) -> TextIO:
    """A :class:`CleanText` stream over ``stream``'s bytes (``stream`` if it has none)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return stream
    stream.flush()
    return CleanText(
        buffer,
        encoding=stream.encoding or "utf-8",
        # A character the terminal's encoding lacks (a Latin-1 or EUC-KR locale) is written
        # as an escape, never a crash: the output of a change comes after it is saved.
        errors="backslashreplace",
        line_buffering=bool(getattr(stream, "line_buffering", False)),
        write_through=True,
    )
