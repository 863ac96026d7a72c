"""How wide text is on a terminal: Hangul and other East Asian wide characters take two
columns, combining marks and invisible format characters (zero-width space, joiner) none.
Tables, the score sheet and the chart line up by this width."""

from __future__ import annotations

from unicodedata import category, combining, east_asian_width

WIDE = frozenset(("W", "F"))
SOFT_HYPHEN = "\u00ad"


def width(text: str) -> int:
    """The number of terminal columns ``text`` takes."""
    if text.isascii():
        return len(text)
    return sum(char_width(ch) for ch in text)


def char_width(ch: str) -> int:
    """A character's columns: none for a combining mark or an invisible format character (a
    zero-width space or joiner), two for a wide one, else one."""
    if combining(ch) or (category(ch) == "Cf" and ch != SOFT_HYPHEN):
        return 0
    return 2 if east_asian_width(ch) in WIDE else 1


def wcswidth(text: str) -> int:
    """:func:`width` under the name the wcwidth library gives it (tabulate calls it so)."""
    return width(text)


def ljust(text: str, columns: int) -> str:
    """``text`` padded on the right to ``columns`` terminal columns."""
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    """``text`` padded on the left to ``columns`` terminal columns."""
    return " " * max(0, columns - width(text)) + text


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


def wrap(
    text: str,
    columns: int,
    initial_indent: str = "",
    subsequent_indent: str = "",
    break_on_hyphens: bool = True,
) -> list[str]:
    """``textwrap.wrap`` measuring by terminal columns: the same lines for ASCII text, and for
    wide text lines of at most ``columns`` columns (a word too long for a line is cut)."""
    if (text + initial_indent + subsequent_indent).isascii():
        import textwrap

        return textwrap.wrap(
            text,
            columns,
            initial_indent=initial_indent,
            subsequent_indent=subsequent_indent,
            break_on_hyphens=break_on_hyphens,
        )
    import re

    lines: list[str] = []
    line, used, words = initial_indent, width(initial_indent), False

    def finish() -> None:
        nonlocal line, used, words
        lines.append(line.rstrip())
        line, used, words = subsequent_indent, width(subsequent_indent), False

    for chunk in re.findall(r"\s+|\S+", text.expandtabs()):
        if chunk.isspace():
            if words:
                line, used = line + " " * len(chunk), used + len(chunk)
            continue
        size = width(chunk)
        if used + size > columns and words:
            finish()
        while used + size > columns:  # a word longer than a whole line: cut it
            room, head = max(1, columns - used), ""
            for ch in chunk:
                if width(head + ch) > room and head:
                    break
                head += ch
            line, chunk = line + head, chunk[len(head) :]
            words = True
            finish()
            size = width(chunk)
            if not chunk:
                break
        if chunk:
            line, used, words = line + chunk, used + size, True
    if words:
        lines.append(line.rstrip())
    return lines
