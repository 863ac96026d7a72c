"""Plain text tables as ``tabulate`` writes them (its "simple" format), written directly.

A score sheet of a long game has thousands of rows; tabulate's per-cell type and width checks
cost more than the rest of ``status`` together. For cells of printable ASCII text the layout is
simple (each column as wide as its widest cell, and at least its heading and two spaces; cells
stripped; columns two spaces apart; no trailing spaces), so :func:`simple` writes it itself and
leaves any other table (other scripts, wide characters, control codes) to tabulate, measuring
by display width (:mod:`canasta_score.cli.tables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain

GAP = "  "
MIN_PADDING = 2  # tabulate's extra width of a heading in the "simple" format


def simple(rows: Sequence[Sequence[str]], head: Sequence[str], align: Sequence[str]) -> str:
    """``tabulate(rows, headers=head, disable_numparse=True, colalign=align)``, the same text
    (wide characters two columns wide); ``align`` holds "left" or "right" for each column."""
    if not rows or not plain(rows, head, align):
        from canasta_score.cli.tables import table

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
