"""Where each hand's part lies in an export kept by :mod:`canasta_score.store.rendered`, so that
the export after a change copies the parts of the hands that did not change.

Beside ``NAME.toml.export-KIND-LANG.txt``, ``NAME.toml.export-KIND-LANG.parts.json`` (see
:mod:`canasta_score.store.lined`) names the program, the game and the digest of the export's
text, and holds each hand's key and where each run of parts starts and how long each part is.
A hand's key is a digest of the game's setup (its data but its hands, undone hands and [end])
and of every hand up to it as the game file's checksum reads them: a hand's part depends on
those alone (its running totals and minimums on the hands before it), so a part whose key
still matches is copied, and every other part is written again."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta_score.store import lined
from canasta_score.store.gamecache import Kept, canonical

FORMAT = 1


@dataclass(frozen=True)
class Index:
    """The parts of a kept export: each hand's key and end in the hands' sorted text, and for
    each run where it starts in the export and each part's length (UTF-8 bytes)."""

    keys: list[str]
    ends: list[int]
    starts: list[int]
    sizes: list[list[int]]


def setup_key(cache: Kept) -> Any:
    """The hash state a game's hand keys start from: its setup."""
    setup = {k: v for k, v in cache.head.items() if k not in ("end", "undone")}
    return hashlib.sha256(canonical(setup).encode("utf-8"))


def keys_of(cache: Kept, known: Index | None) -> tuple[list[str], list[int], int]:
    """Every hand's key and end in the sorted text of ``cache``, and how many first hands have
    the keys ``known`` gives them (their parts can be copied)."""
    text = cache.sorted_text.decode("utf-8")
    check = setup_key(cache)
    keys: list[str] = []
    ends: list[int] = []
    at = 0
    if known and known.keys and whole(text, known.ends[-1]):
        # Each key covers every hand before it: when the last one holds, they all do.
        last = setup_key(cache)
        last.update(text[: known.ends[-1]].encode("utf-8"))
        if last.hexdigest()[:32] == known.keys[-1]:
            keys, ends, at = list(known.keys), list(known.ends), known.ends[-1]
            known = None
    for key, end in zip(known.keys, known.ends, strict=True) if known else ():
        if not whole(text, end):
            break
        check.update(text[at:end].encode("utf-8"))
        if check.copy().hexdigest()[:32] != key:
            break
        keys.append(key)
        ends.append(end)
        at = end
    same = len(keys)
    check = setup_key(cache)  # again: a key that did not match was added to it
    check.update(text[:at].encode("utf-8"))
    decoder = json.JSONDecoder()
    while at < len(text):
        start = at + 1 if keys else at
        _, end = decoder.raw_decode(text, start)
        check.update(text[at:end].encode("utf-8"))
        keys.append(check.copy().hexdigest()[:32])
        ends.append(end)
        at = end
    if len(keys) != cache.count:
        raise ValueError("the cached hands do not match their count")
    return keys, ends, same


def whole(text: str, end: int) -> bool:
    """Whether the hands' sorted text may end a hand at ``end``."""
    return 0 < end <= len(text) and text[end : end + 1] in ("", ",")


def read(target: Path, program: str, game: str, export: str) -> Index | None:
    """The index of the kept export whose text has digest ``export``, if it is whole."""
    expected = {"cache": FORMAT, "program": program, "game": game, "export": export}
    found = lined.read(target, expected, 1)
    if found is None:
        return None
    try:
        data = json.loads(found[1][0])
        index = Index(data["keys"], data["ends"], data["starts"], data["sizes"])
        if not all(len(run) == len(index.keys) for run in index.sizes):
            return None
        if len(index.ends) != len(index.keys) or len(index.starts) != len(index.sizes):
            return None
        return index
    except (ValueError, KeyError, TypeError):
        return None  # a damaged cache is worked out again


def write(target: Path, program: str, game: str, export: str, index: Index) -> None:
    """Keep the index of an export just kept; failing to is fine."""
    about = {"cache": FORMAT, "program": program, "game": game, "export": export}
    body = {"keys": index.keys, "ends": index.ends, "starts": index.starts, "sizes": index.sizes}
    lined.write(target, about, [json.dumps(body, separators=(",", ":"))])
