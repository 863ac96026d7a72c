"""The game cache: the data of a game file as this program last read or wrote it, kept beside it
and tied to the file's bytes, so that a change reads no TOML and a new hand extends it.

The cache file (see :mod:`canasta_score.store.lined`) says what it is (its format, the program,
the digest of the game file's bytes, whether the program wrote those bytes itself, the number
of hands), then holds three lines: the game's data without its hands, as JSON; the hands as
JSON, one after another (comma separated); and the hands as the file's checksum reads them
(keys sorted). A new hand adds one hand to each
of the last two lines, so neither the game nor the checksum needs every hand written out again.
"""

from __future__ import annotations

import json
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta_score.store import lined

FORMAT = 2


def canonical(value: Any) -> str:
    """``value`` as the checksum reads it: JSON, keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def plain(value: Any) -> str:
    """``value`` as the cache keeps it: JSON, keys in their order, no spaces."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Kept:
    """A game file's data as cached: ``head`` (every key but ``hand``), the hands, whether this
    program wrote the file's bytes, and the hands' two texts (see the module's docstring)."""

    head: dict[str, Any]
    hands: list[Any]
    written: bool
    hands_text: str
    sorted_text: str

    def data(self) -> dict[str, Any]:
        """The file's data, its keys in the file's order (``hand`` before ``undone``)."""
        out = {k: v for k, v in self.head.items() if k not in ("undone", "end")}
        out["hand"] = self.hands
        out |= {k: v for k, v in self.head.items() if k in ("undone", "end")}
        return out

    def grown(self, hand: Any) -> Kept:
        """The same data with ``hand`` added at the end (``head`` is kept as it is)."""
        comma = "," if self.hands else ""
        return Kept(
            self.head,
            [*self.hands, hand],
            self.written,
            self.hands_text + comma + plain(hand),
            self.sorted_text + comma + canonical(hand),
        )


def kept(data: dict[str, Any], written: bool) -> Kept:
    """The cache of a game file's data."""
    hands = data.get("hand", [])
    head = {k: v for k, v in data.items() if k != "hand"}
    return Kept(
        head,
        hands,
        written,
        ",".join(plain(h) for h in hands),
        ",".join(canonical(h) for h in hands),
    )


def read(target: Path, program: str, key: str) -> Kept | None:
    """The cached data of the game file whose bytes have digest ``key``, made by ``program``."""
    found = lined.read(target, {"cache": FORMAT, "program": program, "digest": key}, 3)
    if found is None:
        return None
    about, (head, hands, ordered) = found
    try:
        data: Any = json.loads(head)
        listed: Any = json.loads(b"[" + hands + b"]")
        if not isinstance(data, dict) or len(listed) != about.get("hands"):
            return None
        return Kept(data, listed, about.get("written") is True, hands.decode(), ordered.decode())
    except (ValueError, TypeError, RecursionError):
        return None  # a damaged cache is worked out again


def write(target: Path, program: str, key: str, game: Kept) -> None:
    """Keep the data of a game file; the cache is only a shortcut, so failing to is fine."""
    about = {"cache": FORMAT, "program": program, "digest": key, "written": game.written}
    about["hands"] = len(game.hands)
    with suppress(TypeError, ValueError, RecursionError):
        lined.write(target, about, [plain(game.head), game.hands_text, game.sorted_text])


def checksum_text(head: dict[str, Any], sorted_hands: str) -> str:
    """The text the checksum of a game file's data reads (its ``end`` left out), from the data
    without its hands (``head``) and the hands' sorted text: the same as :func:`canonical` of
    the whole data."""
    body = {k: v for k, v in head.items() if k not in ("end", "hand")}
    before = canonical({k: v for k, v in body.items() if k < "hand"})[:-1]
    after = canonical({k: v for k, v in body.items() if k > "hand"})[1:]
    comma = "," if len(before) > 1 else ""
    rest = "," + after if len(after) > 1 else after
    return f'{before}{comma}"hand":[{sorted_hands}]{rest}'
