"""Exports as last written, kept beside the game so that exporting an unchanged game again only
copies text.

One file per game, kind of export and language (``NAME.toml.export-json-en.txt`` ...) in the
cache folder: a first line of JSON naming the program, the game, the digest of the game file's
bytes and the digest of the text (and whether the text is plain, see :func:`keep`), then the
text itself. It is used only when all four match (so a changed game, a changed program or a
damaged cache file is exported again, never read), and it is only a shortcut: failing to write
it changes nothing.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from pathlib import Path
from typing import Any

from canasta_score.errors import GameError
from canasta_score.store.files import write_atomic

FORMAT = 1


def kind(fmt: str, detail: bool, full: bool) -> str:
    """The name of one kind of export in its cache file's name (``json``, ``csv-detail``...)."""
    return fmt + ("-detail" if detail else "") + ("-full" if full else "")


def stamp(program: str, game: str, key: str, text: bytes, check: str = "") -> dict[str, Any]:
    return {
        "cache": FORMAT,
        "program": program,
        "game": game,
        "digest": key,
        "text": check or hashlib.sha256(text).hexdigest(),
    }


def read(target: Path, program: str, game: str, key: str) -> tuple[bytes, bool] | None:
    """The export (UTF-8) kept in ``target`` if it was made by ``program`` from the game
    ``game`` whose file's bytes have digest ``key``, and is whole, and whether it is plain text
    (see :func:`keep`); else None."""
    try:
        raw = target.read_bytes()
        line, _, text = raw.partition(b"\n")
        meta: Any = json.loads(line)
        plain = meta.pop("plain")
        if meta.get("digest") != key:  # the game changed: no need to read the text
            return None
        if meta != stamp(program, game, key, text) or not isinstance(plain, bool):
            return None
        return text, plain
    except (OSError, ValueError, RecursionError, AttributeError, KeyError, TypeError):
        return None  # a damaged cache is worked out again


def keep(
    target: Path, program: str, game: str, key: str, body: bytes, plain: bool, check: str = ""
) -> None:
    """Keep an export just made (UTF-8), and whether it is plain text (no control characters
    or escape sequences for a terminal to act on); failing to is fine. ``check``: the digest of
    ``body``, when known."""
    with suppress(OSError, GameError):
        meta = stamp(program, game, key, body, check) | {"plain": plain}
        line = json.dumps(meta, separators=(",", ":")).encode()
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, line + b"\n" + body, durable=False)


def read_any(target: Path, program: str, game: str) -> tuple[memoryview, str, bool] | None:
    """The export kept in ``target`` if it was made by ``program`` from the game ``game`` (as
    it was then, whatever it is now) and is whole, the digest of its text and whether it is
    plain text; else None."""
    try:
        raw = target.read_bytes()
        end = raw.index(b"\n")
        meta: Any = json.loads(raw[:end])
        text = memoryview(raw)[end + 1 :]
        check = hashlib.sha256(text).hexdigest()
        if not isinstance(meta, dict) or meta.get("cache") != FORMAT:
            return None
        if (meta.get("program"), meta.get("game"), meta.get("text")) != (program, game, check):
            return None
        plain = meta.get("plain")
        return (text, check, plain) if isinstance(plain, bool) else None
    except (OSError, ValueError, RecursionError):
        return None  # a damaged cache is worked out again
