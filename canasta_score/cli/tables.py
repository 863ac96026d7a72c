"""Tables for the terminal: tabulate, measuring cells by display width so Hangul lines up
(with :mod:`canasta_score.output.widths`: importing ``wcwidth`` takes longer than most commands
run), and its "simple" layout written directly for printable ASCII cells, since tabulate's
per-cell checks cost more than the rest of ``status`` on a long game."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from itertools import chain
from types import ModuleType
from typing import Any

from canasta_score.output import widths as display


def tabulate_module() -> ModuleType:
    """The tabulate module, measuring by :func:`canasta_score.output.widths.width`."""
    blocked = "tabulate" not in sys.modules and "wcwidth" not in sys.modules
    if blocked:
        sys.modules["wcwidth"] = None  # type: ignore[assignment]  # to tabulate: not installed
    try:
        import tabulate
    finally:
        if blocked and sys.modules.get("wcwidth") is None:
            del sys.modules["wcwidth"]
    module: Any = tabulate
    module.wcwidth = display
    module.WIDE_CHARS_MODE = True
    return tabulate


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str] = (), **options: Any) -> str:
    """``tabulate(rows, headers, **options)``, with wide characters taking two columns."""
    rows = [list(row) for row in rows]
    if not rows:
        options.pop("colalign", None)  # tabulate 0.9 cannot align the columns of no rows
    text: str = tabulate_module().tabulate(rows, headers=list(headers), **options)
    return text


GAP = "  "
MIN_PADDING = 2  # tabulate's extra width of a heading in the "simple" format


def simple(rows: Sequence[Sequence[str]], head: Sequence[str], align: Sequence[str]) -> str:
    """``tabulate(rows, headers=head, disable_numparse=True, colalign=align)``, the same text;
    ``align``: "left" or "right" for each column."""
    if not rows or not plain(rows, head, align):
        return table(rows, head, disable_numparse=True, colalign=align)
    cols = [[cell.strip() for cell in col] for col in zip(*rows, strict=True)]
    widths = [
        max(len(h) + MIN_PADDING, max(map(len, col))) for h, col in zip(head, cols, strict=True)
    ]
    pads = [str.rjust if a == "right" else str.ljust for a in align]
    lines = [GAP.join(pad(h, w) for pad, h, w in zip(pads, head, widths, strict=True)).rstrip()]
    lines.append(GAP.join("-" * w for w in widths))
    padded = [[pad(c, w) for c in col] for pad, col, w in zip(pads, cols, widths, strict=True)]
    lines += [GAP.join(row).rstrip() for row in zip(*padded, strict=True)]
    return "\n".join(lines)


def plain(rows: Sequence[Sequence[str]], head: Sequence[str], align: Sequence[str]) -> bool:
    """Whether :func:`simple` can lay the table out itself."""
    if any(a not in ("left", "right") for a in align) or len(align) != len(head):
        return False
    if any(len(row) != len(head) for row in rows):
        return False
    text = "".join(chain.from_iterable(rows)) + "".join(head)
    return text.isascii() and text.isprintable()


# ---------------------------------------------------------------- tables that fit the terminal

NARROWEST = 40  # the narrowest terminal a table is laid out for (a phone over SSH)
SHORTEST_TEXT = 8  # a text column is wrapped no narrower than this (or its longest word)


def terminal_columns() -> int | None:
    """``$COLUMNS``, else the terminal's width; None for output to a file or a pipe."""
    import os

    given = os.environ.get("COLUMNS", "")
    if given.isascii() and given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return None


def fitted(
    rows: Sequence[Sequence[str]],
    head: Sequence[str],
    align: Sequence[str],
    width: int | None = None,
    optional: Sequence[int] = (),
) -> str:
    """The table as :func:`simple` lays it out when it fits in ``width`` columns (default: the
    terminal's). Else the first that fits: its headings wrapped; the same without each of the
    ``optional`` columns in turn; its text cells wrapped too, without the optional columns,
    then with them; else one record per block."""
    width = terminal_columns() if width is None else width
    text = simple(rows, head, align)
    if width is None or not rows or widest(text) <= width:
        return text
    every = list(range(len(head)))
    fewer = [[i for i in every if i not in optional[:n]] for n in range(len(optional) + 1)]
    for columns, cells in [*((c, False) for c in fewer), (fewer[-1], True), (every, True)]:
        laid = wrapped_table(
            [[row[i] for i in columns] for row in rows],
            [head[i] for i in columns],
            [align[i] for i in columns],
            width,
            cells,
        )
        if laid is not None:
            return laid
    return blocks(rows, head, max(width, NARROWEST // 2))


def widest(text: str) -> int:
    return max((display.width(line) for line in text.splitlines()), default=0)


def longest_word(text: str) -> int:
    return max((display.width(w) for w in text.split()), default=0)


def wrapped_table(
    rows: Sequence[Sequence[str]],
    head: Sequence[str],
    align: Sequence[str],
    width: int,
    cells_too: bool = True,
) -> str | None:
    """The table within ``width`` columns, its headings wrapped first, then (``cells_too``)
    its text cells; None if it cannot fit."""
    count = len(head)
    cols = [[row[i].strip() for row in rows] for i in range(count)]
    cells = [max(display.width(c) for c in col) for col in cols]
    # A column is at least as wide as its widest number (numbers are never wrapped) or its
    # longest word, and its heading's longest word.
    least = [
        max(
            longest_word(head[i]),
            cells[i] if align[i] == "right" else min(cells[i], SHORTEST_TEXT),
            max(longest_word(c) for c in cols[i]) if align[i] == "left" else 0,
            1,
        )
        for i in range(count)
    ]
    least = [min(n, width) for n in least]
    # No cell wrapped, and no heading over more than two lines.
    whole = [max(cells[i], least[i], two_lines(head[i])) for i in range(count)]
    want = [max(whole[i], display.width(head[i])) for i in range(count)]
    room = width - len(GAP) * (count - 1)
    if sum(least if cells_too else whole) > room:
        return None
    sizes = list(want)
    for floor in (whole, least):
        while sum(sizes) > room and any(sizes[j] > floor[j] for j in range(count)):
            # narrow the widest column that can give a column up
            i = max((j for j in range(count) if sizes[j] > floor[j]), key=lambda j: (sizes[j], -j))
            sizes[i] -= 1
    pads = [display.rjust if a == "right" else display.ljust for a in align]

    def split(texts: Sequence[str]) -> list[list[str]]:
        pairs = zip(texts, sizes, strict=True)
        return [display.wrap(t, n, break_on_hyphens=False) or [""] for t, n in pairs]

    def joined(parts: Sequence[str]) -> str:
        return GAP.join(p(x, n) for p, x, n in zip(pads, parts, sizes, strict=True)).rstrip()

    heads = split(head)
    depth = max(map(len, heads))  # headings sit on their last lines, as tabulate puts them
    lines = [joined([([""] * (depth - len(h)) + h)[k] for h in heads]) for k in range(depth)]
    lines.append(GAP.join("-" * n for n in sizes))
    for row in zip(*cols, strict=True):
        parts = split(row)
        height = max(map(len, parts))
        lines += [joined([s[k] if k < len(s) else "" for s in parts]) for k in range(height)]
    return "\n".join(lines)


def two_lines(text: str) -> int:
    """The fewest columns in which ``text`` wraps over at most two lines."""
    size = display.width(text)
    for columns in range(max(1, longest_word(text)), size + 1):
        if len(display.wrap(text, columns, break_on_hyphens=False)) <= 2:
            return columns
    return size


def blocks(rows: Sequence[Sequence[str]], head: Sequence[str], width: int) -> str:
    """One record per block: each heading and its value on a line; empty values left out."""
    out: list[list[str]] = []
    for row in rows:
        lines: list[str] = []
        mark = ""  # the value of a column without a heading (a mark such as "*") leads the next
        for name, value in zip(head, row, strict=True):
            value = value.strip()
            if not value:
                continue
            if not name.strip():
                mark += value + " "
                continue
            text = f"{mark}{name}: {value}"
            mark = ""
            lines += display.wrap(text, width, subsequent_indent="    ", break_on_hyphens=False)
        if mark:
            lines.append(mark.rstrip())
        out.append(lines)
    return "\n\n".join("\n".join(lines) for lines in out)


def wrapped(text: str, width: int | None = None) -> str:
    """A paragraph wrapped to ``width`` columns (default: :func:`terminal_columns`)."""
    width = terminal_columns() if width is None else width
    if width is None or display.width(text) <= width:
        return text
    return "\n".join(display.wrap(text, max(width, 1), break_on_hyphens=False))
