"""How wide text is on a terminal: Hangul and other East Asian wide characters take two
columns, combining marks none. Tables, the score sheet and the chart line up by this width."""

from __future__ import annotations

from unicodedata import combining, east_asian_width

WIDE = frozenset(("W", "F"))


def width(text: str) -> int:
    """The number of terminal columns ``text`` takes."""
    if text.isascii():
        return len(text)
    return sum(0 if combining(ch) else 2 if east_asian_width(ch) in WIDE else 1 for ch in text)


def wcswidth(text: str) -> int:
    """:func:`width` under the name the wcwidth library gives it (tabulate calls it so)."""
    return width(text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded on the right to ``columns`` terminal columns."""
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    """``text`` padded on the left to ``columns`` terminal columns."""
    return " " * max(0, columns - width(text)) + text


def center(text: str, columns: int) -> str:
    """``text`` centred in ``columns`` terminal columns (the odd space on the right)."""
    room = max(0, columns - width(text))
    return " " * (room // 2) + text + " " * (room - room // 2)


def clip(text: str, columns: int, mark: str = "…") -> str:
    """``text`` cut to at most ``columns`` terminal columns, ending in ``mark`` when cut."""
    if width(text) <= columns:
        return text
    room = columns - width(mark)
    out, used = [], 0
    for ch in text:
        w = width(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out) + mark
