"""Cache files of a few lines: a first line of JSON saying what the file is, then lines of text,
with a checksum of those lines in the first, so a damaged file is never read as another."""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from pathlib import Path
from typing import Any

from canasta_score.errors import GameError
from canasta_score.store.files import write_atomic


def read(
    target: Path, expected: dict[str, Any], count: int
) -> tuple[dict[str, Any], list[bytes]] | None:
    """The first line's data and the ``count`` lines after it, if the first line holds every
    key and value of ``expected`` and the lines match its checksum; else None."""
    try:
        raw = target.read_bytes()
        head, _, body = raw.partition(b"\n")
        about: Any = json.loads(head)
        if not isinstance(about, dict) or any(about.get(k) != v for k, v in expected.items()):
            return None
        if about.get("text") != hashlib.sha256(body).hexdigest():
            return None
        lines = body.split(b"\n")
        return (about, lines) if len(lines) == count else None
    except (OSError, ValueError, RecursionError):
        return None  # a damaged cache is worked out again


def write(target: Path, about: dict[str, Any], lines: list[str]) -> None:
    """Write a cache file; a cache is only a shortcut, so failing to is fine."""
    with suppress(OSError, GameError):
        body = "\n".join(lines).encode("utf-8")
        about = about | {"text": hashlib.sha256(body).hexdigest()}
        head = json.dumps(about, separators=(",", ":")).encode()
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, head + b"\n" + body, durable=False)
