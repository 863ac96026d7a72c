"""Cache files of a few lines: a first line of JSON saying what the file is, then lines of text,
with a checksum of those lines in the first, so a damaged file is never read as another."""

from __future__ import annotations

import gc
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from canasta_score.errors import GameError
from canasta_score.store.files import write_atomic


@contextmanager
def bulk() -> Iterator[None]:
    """Build a long game's data without the cycle collector: its many new lists and tables hold
    no cycles and live as long as the command, so collecting over and over as they are made (and
    once more after) costs more than reading them. What was made is left out of later
    collections (``gc.freeze``)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if paused:
            gc.enable()


def loads(raw: bytes | str) -> Any:
    """JSON data (see :func:`bulk`)."""
    with bulk():
        return json.loads(raw)


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


def write(target: Path, about: dict[str, Any], lines: list[str | bytes]) -> None:
    """Write a cache file (its lines as text or UTF-8); a cache is only a shortcut, so failing
    to is fine."""
    with suppress(OSError, GameError):
        body = b"\n".join(x.encode("utf-8") if isinstance(x, str) else x for x in lines)
        about = about | {"text": hashlib.sha256(body).hexdigest()}
        head = json.dumps(about, separators=(",", ":")).encode()
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, head + b"\n" + body, durable=False)
