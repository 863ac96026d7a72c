"""Tables for the terminal: tabulate, measuring cells by display width so Hangul lines up."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from canasta_score import display


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str] | str = (), **options: Any) -> str:
    """``tabulate(rows, headers, **options)``, with wide characters taking two columns."""
    import tabulate as module

    rows = [list(row) for row in rows]
    heads = [headers] if isinstance(headers, str) else list(headers)
    cells = [*heads, *(cell for row in rows for cell in row)]
    if not all(str(cell).isascii() for cell in cells):
        # tabulate measures by ``wcwidth.wcswidth`` when wide-character mode is on.
        module.wcwidth = display  # type: ignore[attr-defined]
        module.WIDE_CHARS_MODE = True
    text: str = module.tabulate(
        rows, headers=headers if isinstance(headers, str) else heads, **options
    )
    return text
