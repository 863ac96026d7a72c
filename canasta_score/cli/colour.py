"""Colour on a terminal only: LEGAL in green, ILLEGAL in red, warnings in yellow. Never in a
pipe or a file, with ``--json``, when the ``NO_COLOR`` environment variable is set, or on a
terminal that says it shows none (``TERM=dumb``)."""

from __future__ import annotations

import os
from typing import TextIO

CODES = {"green": "32", "red": "31", "yellow": "33"}


def wanted(stream: TextIO) -> bool:
    """Whether text written to ``stream`` may be coloured."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(callable(isatty) and isatty())


def paint(text: str, colour: str, on: bool) -> str:
    """``text`` in ``colour`` (bold) when ``on``, else as it is."""
    return f"\033[1;{CODES[colour]}m{text}\033[0m" if on else text


def verdict(legal: bool, on: bool) -> str:
    return paint("LEGAL", "green", on) if legal else paint("ILLEGAL", "red", on)


def warning(text: str, on: bool) -> str:
    """A warning line: ``warning: ...`` with the word in colour."""
    return f"{paint('warning:', 'yellow', on)} {text}"
