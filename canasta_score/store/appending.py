"""Appending a hand to a game file without writing the whole file out again.

When a change only adds one hand at the end, the new file is the old one up to its ``[end]``
table, then the new ``[[hand]]`` table and a new ``[end]``: the very bytes a full write gives,
at the cost of one hand. Only a file this program wrote itself (its bytes known to be the full
write of ``before``) may be extended this way; anything else is written out in full.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta_score.game import Game

END = b"\n[end]\n"
HAND = b"\n[[hand]]\n"


def appended(raw: bytes, before: Game, after: Game, end: dict[str, Any]) -> bytes | None:
    """The bytes of ``after`` (whose [end] table is ``end``) made from ``raw``, the full write
    of ``before``, when ``after`` is ``before`` with one hand added; else None."""
    if before.undone or after.undone or not before.hands:
        return None
    if len(after.hands) != len(before.hands) + 1 or after.hands[:-1] != before.hands:
        return None
    if replace(after, hands=before.hands) != before:
        return None
    return spliced(raw, dict(after.hands[-1]), end)


def spliced(raw: bytes, hand: dict[str, Any], end: dict[str, Any]) -> bytes | None:
    """``raw``, the full write of a game with at least one hand and no undone hands, with
    ``hand`` added and ``end`` as its [end] table: the bytes of a full write of that game; None
    when they cannot be made this way."""
    import tomli_w

    if HAND not in raw:
        return None  # the hands are not [[hand]] tables: the layout may change as a whole
    cut = raw.rfind(END) + 1
    if cut <= 0 or not raw[:cut].endswith(b"\n\n"):
        return None
    text = tomli_w.dumps({"hand": [hand]})
    if not text.startswith("[[hand]]\n"):
        return None  # a hand short enough to be written inline
    return raw[:cut] + (text + "\n" + tomli_w.dumps({"end": end})).encode("utf-8")
