"""Tables for the terminal: tabulate, measuring cells by display width so Hangul lines up, and
its "simple" layout written directly for plain text.

tabulate measures wide characters with the ``wcwidth`` library when it can import it, and
``wcwidth`` (which the play session's line editor brings along) takes longer to import than
most commands take to run. Tables here measure with :mod:`canasta_score.output.widths` instead, so
tabulate is imported without it.

A score sheet of a long game has thousands of rows, and tabulate's per-cell type and width
checks cost more than the rest of ``status`` together. For cells of printable ASCII text the
"simple" layout is plain (each column as wide as its widest cell, and at least its heading and
two spaces; cells stripped; columns two spaces apart; no trailing spaces), so :func:`simple`
writes it itself (and so needs no tabulate at all) and leaves any other table to tabulate.
"""

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


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str] | str = (), **options: Any) -> str:
    """``tabulate(rows, headers, **options)``, with wide characters taking two columns."""
    shown = headers if isinstance(headers, str) else list(headers)
    rows = [list(row) for row in rows]
    if not rows:
        options.pop("colalign", None)  # tabulate 0.9 cannot align the columns of no rows
    text: str = tabulate_module().tabulate(rows, headers=shown, **options)
    return text


GAP = "  "
MIN_PADDING = 2  # tabulate's extra width of a heading in the "simple" format


def simple(rows: Sequence[Sequence[str]], head: Sequence[str], align: Sequence[str]) -> str:
    """``tabulate(rows, headers=head, disable_numparse=True, colalign=align)``, the same text
    (wide characters two columns wide); ``align`` holds "left" or "right" for each column."""
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
    """Every cell and heading printable ASCII text, every row as long as the headings, and
    every column aligned left or right."""
    if any(a not in ("left", "right") for a in align) or len(align) != len(head):
        return False
    if any(len(row) != len(head) for row in rows):
        return False
    try:
        text = "".join(chain.from_iterable(rows)) + "".join(head)
    except TypeError:
        return False  # a cell that is not text
    return text.isascii() and text.isprintable()
