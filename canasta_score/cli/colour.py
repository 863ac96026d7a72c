"""Colour on a terminal only: LEGAL in green, ILLEGAL in red, warnings in yellow. Never in a
pipe or a file, with ``--json``, when the ``NO_COLOR`` environment variable is set, or on a
terminal that says it shows none (``TERM=dumb``)."""

from __future__ import annotations

import os
import sys
from typing import TextIO

CODES = {"green": "32", "red": "31", "yellow": "33"}


def wanted(stream: TextIO) -> bool:
    """Whether text written to ``stream`` may be coloured."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(callable(isatty) and isatty())


def echo(text: str, lead: str = "", colour: str = "", on: bool = False, err: bool = False) -> None:
    """Print ``text``, its first word ``lead`` (the program's own, never a name) in ``colour``
    when ``on``: the colour codes go straight to the bytes under the cleaned stream."""
    stream = sys.stderr if err else sys.stdout
    raw = getattr(stream, "buffer", None)
    if on and lead and colour and raw is not None and text.startswith(lead):
        stream.flush()
        raw.write(f"\033[1;{CODES[colour]}m".encode("ascii"))
        raw.flush()
        stream.write(lead)
        stream.flush()
        raw.write(b"\033[0m")
        raw.flush()
        text = text[len(lead) :]
    stream.write(text + "\n")
    stream.flush()
