"""Text that is safe to show: user-supplied names without terminal control sequences.

Side, player and game names are the users' own text, and a game file or an import can hold
anything. :func:`clean` drops escape sequences and control characters (what a terminal acts on
instead of showing); :func:`escape_strings` writes them as ``\\uXXXX`` escapes inside JSON or
TOML text, which keeps the data exactly.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from json import JSONEncoder

# Escape sequences (ESC or its one-byte C1 form): CSI ... final, OSC/DCS/PM/APC ... terminator,
# and any other ESC + one character.
SEQUENCE = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
)
# Characters a terminal acts on instead of showing: C0 controls but tab and line ends (a line
# feed, or a carriage return right before one), DEL, C1 controls, bidirectional overrides and
# isolates, and the Unicode line separators. None of them is printable (str.isprintable), which
# gives a quick first look without a regular expression.
C0_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f"
OTHER_CONTROLS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
UNSAFE = f"[{C0_CONTROLS}{OTHER_CONTROLS}]|\r(?!\n)"
# What json.dumps (with ensure_ascii=False) and the TOML writer (output.export) leave raw: all
# but the C0 controls.
RAW_IN_STRINGS = f"[{OTHER_CONTROLS}]"


@cache
def pattern(source: str) -> re.Pattern[str]:
    """A pattern compiled when first needed (those above, and the labels')."""
    return re.compile(source)


def clean(text: str) -> str:
    """``text`` without escape sequences and control characters (tabs and line ends stay)."""
    if text.replace("\n", "").replace("\t", "").isprintable():
        return text
    if not pattern(UNSAFE).search(text):
        return text
    return pattern(UNSAFE).sub("", pattern(SEQUENCE).sub("", text))


def escape_strings(text: str) -> str:
    """JSON or TOML text (from ``json.dumps`` or the TOML writer) with the characters they leave
    raw inside strings written as ``\\uXXXX`` escapes: the same data, nothing raw to print."""
    if text.isascii():
        return text
    return pattern(RAW_IN_STRINGS).sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def json_text(data: Any) -> str:
    """One line of JSON, as ``json.dumps(data, ensure_ascii=False)`` writes it, with the
    characters a terminal would act on escaped (``\\u009b``)."""
    return escape_strings(json_encoder().encode(data))


@cache
def json_encoder() -> JSONEncoder:
    """The encoder ``json.dumps(data, ensure_ascii=False)`` uses, made once; the data shown is
    made afresh and never holds itself, so it is not searched for loops."""
    import json

    return json.JSONEncoder(ensure_ascii=False, check_circular=False)
