"""Tables for the terminal: tabulate, measuring cells by display width so Hangul lines up.

tabulate measures wide characters with the ``wcwidth`` library when it can import it, and
``wcwidth`` (which the play session's line editor brings along) takes longer to import than
most commands take to run. Tables here measure with :mod:`canasta_score.display` instead, so
tabulate is imported without it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

from canasta_score import display


def tabulate_module() -> ModuleType:
    """The tabulate module, measuring by :func:`canasta_score.display.width`."""
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
    text: str = tabulate_module().tabulate([list(row) for row in rows], headers=shown, **options)
    return text
