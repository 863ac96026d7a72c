"""The game cache: the data of a game file as this program last read or wrote it, kept beside it
and tied to the file's bytes, so that a change reads no TOML and a new hand extends it.

Three files: ``NAME.toml.game.json`` (see :mod:`canasta_score.store.lined`) says what the cache
is (its format, the program, the digest of the game file's bytes, whether the program wrote
those bytes itself, the number of hands, and the length and checksum of the other two) and
holds the game's data without its hands, as JSON; ``NAME.toml.hands.json`` holds the hands as
JSON, one after another (comma separated); ``NAME.toml.sorted.json`` the hands as the file's
checksum reads them (keys sorted). A new hand is added at the end of the last two and the first
is written again, so recording a hand writes a few hundred bytes, not every hand again. Only
the lengths the first file names are read, and only when their checksums match.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from canasta_score.errors import GameError
from canasta_score.store import lined
from canasta_score.store.files import write_atomic

FORMAT = 3


def canonical(value: Any) -> str:
    """``value`` as the checksum reads it: JSON, keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def plain(value: Any) -> str:
    """``value`` as the cache keeps it: JSON, keys in their order, no spaces."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Kept:
    """A game file's data as cached: ``head`` (every key but ``hand``), whether this program
    wrote the file's bytes, the number of hands and their two texts in UTF-8 (see the module's
    docstring). The hands are read from their text only when asked for (:meth:`hands`).
    ``stored``: the lengths of the two texts as the cache files hold them, when this data is
    those files' data with hands added (so the files can be extended), and ``hashes`` the
    SHA-256 states of those stored texts."""

    head: dict[str, Any]
    written: bool
    count: int
    hands_text: bytes
    sorted_text: bytes
    stored: tuple[int, int] | None = field(default=None, compare=False)
    hashes: tuple[Any, Any] | None = field(default=None, compare=False)  # of the stored texts

    def hands(self) -> list[Any]:
        """The hands; ``ValueError`` if their text does not hold ``count`` of them."""
        found = lined.loads(b"[" + self.hands_text + b"]")
        if not isinstance(found, list) or len(found) != self.count:
            raise ValueError("the cached hands do not match their count")
        return found

    def data(self, hands: list[Any] | None = None) -> dict[str, Any]:
        """The file's data, its keys in the file's order (``hand`` before ``undone``); the
        hands are read unless given."""
        out = {k: v for k, v in self.head.items() if k not in ("undone", "end")}
        out["hand"] = self.hands() if hands is None else hands
        out |= {k: v for k, v in self.head.items() if k in ("undone", "end")}
        return out

    def grown(self, hand: Any, end: dict[str, Any]) -> Kept:
        """The data with ``hand`` added at the end and ``end`` as its [end] table."""
        comma = b"," if self.count else b""
        return Kept(
            self.head | {"end": end},
            self.written,
            self.count + 1,
            self.hands_text + comma + plain(hand).encode("utf-8"),
            self.sorted_text + comma + canonical(hand).encode("utf-8"),
            self.stored,
            self.hashes,
        )

    def end_after(self, hand: Any) -> dict[str, Any]:
        """The [end] table of the file once ``hand`` is added."""
        before, after = checksum_frame(self.head)
        check = hashlib.sha256(before.encode("utf-8"))
        check.update(self.sorted_text)
        check.update((b"," if self.count else b"") + canonical(hand).encode("utf-8"))
        check.update(after.encode("utf-8"))
        return {"checksum": f"sha256:{check.hexdigest()}", "hands": self.count + 1}


def kept(data: dict[str, Any], written: bool) -> Kept:
    """The cache of a game file's data."""
    hands = data.get("hand", [])
    head = {k: v for k, v in data.items() if k != "hand"}
    return Kept(
        head,
        written,
        len(hands),
        ",".join(plain(h) for h in hands).encode("utf-8"),
        ",".join(canonical(h) for h in hands).encode("utf-8"),
    )


def texts(target: Path) -> tuple[Path, Path]:
    """The files of the hands' two texts beside the cache file ``target``."""
    stem = target.name[: -len(".game.json")] if target.name.endswith(".game.json") else target.name
    return target.with_name(stem + ".hands.json"), target.with_name(stem + ".sorted.json")


def read(target: Path, program: str, key: str) -> Kept | None:
    """The cached data of the game file whose bytes have digest ``key``, made by ``program``
    (the hands still as text)."""
    found = lined.read(target, {"cache": FORMAT, "program": program, "digest": key}, 1)
    if found is None:
        return None
    about, (head,) = found
    try:
        data: Any = json.loads(head)
        count = about.get("hands")
        if not isinstance(data, dict) or not isinstance(count, int):
            return None
        parts, hashes = [], []
        for path, name in zip(texts(target), ("hands", "sorted"), strict=True):
            size = about.get(f"{name}_size")
            text = path.read_bytes()[:size] if isinstance(size, int) else b""
            check = hashlib.sha256(text)
            if len(text) != size or check.hexdigest() != about.get(f"{name}_sha"):
                return None
            parts.append(text)
            hashes.append(check)
        hands, ordered = parts
        stored = (len(hands), len(ordered))
        written = about.get("written") is True
        return Kept(data, written, count, hands, ordered, stored, (hashes[0], hashes[1]))
    except (OSError, ValueError, TypeError, RecursionError):
        return None  # a damaged cache is worked out again


def write(target: Path, program: str, key: str, game: Kept) -> None:
    """Keep the data of a game file; the cache is only a shortcut, so failing to is fine. Data
    grown from the cache files (see :attr:`Kept.stored`) is added at their end; else they are
    written whole. The first file is written last, so it never names text that is not there."""
    about: dict[str, Any] = {"cache": FORMAT, "program": program, "digest": key}
    about |= {"written": game.written, "hands": game.count}
    pairs = zip(
        texts(target), (game.hands_text, game.sorted_text), ("hands", "sorted"), strict=True
    )
    with suppress(OSError, GameError, TypeError, ValueError, RecursionError):
        for index, (path, text, name) in enumerate(pairs):
            if game.stored is None or game.hashes is None:
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, text, durable=False)
                check = hashlib.sha256(text)
            else:
                kept = game.stored[index]
                with path.open("r+b") as out:
                    out.seek(kept)
                    out.truncate()
                    out.write(text[kept:])
                check = game.hashes[index].copy()
                check.update(text[kept:])
            about |= {f"{name}_size": len(text), f"{name}_sha": check.hexdigest()}
        lined.write(target, about, [plain(game.head)])


def checksum_frame(head: dict[str, Any]) -> tuple[str, str]:
    """The text the checksum of a game file's data reads before and after its hands' sorted
    text, from the data without its hands (``head``; ``end`` is left out)."""
    body = {k: v for k, v in head.items() if k not in ("end", "hand")}
    before = canonical({k: v for k, v in body.items() if k < "hand"})[:-1]
    after = canonical({k: v for k, v in body.items() if k > "hand"})[1:]
    comma = "," if len(before) > 1 else ""
    rest = "," + after if len(after) > 1 else after
    return f'{before}{comma}"hand":[', f"]{rest}"


def checksum_text(head: dict[str, Any], sorted_hands: str) -> str:
    """The whole text the checksum reads (see :func:`checksum_frame`): the same as
    :func:`canonical` of the data without ``end``."""
    before, after = checksum_frame(head)
    return before + sorted_hands + after
