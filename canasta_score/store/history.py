"""Reading every game of the home for the statistics, with a cache of each game's facts.

A game's facts (see :mod:`canasta_score.stats`) are kept in ``.cache/stats/`` under the home,
keyed by the digest of the game file's bytes and by the program's stamp (its version and
modules): a game file changed in any way, or a program changed in any way, is scored again, so
a cached figure is never stale. A game that cannot be read is reported with the reason, never
dropped in silence.

A game's date is the date it was created, as its file records it; a file without one is dated
by the time it was last changed.
"""

from __future__ import annotations

import json
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from canasta_score.errors import CanastaError
from canasta_score.stats import FACTS_FORMAT, GameFacts, Skipped
from canasta_score.store import (
    CACHE_DIR,
    Store,
    decode,
    digest,
    program_stamp,
    read_bytes,
    write_atomic,
)

FOLDER = "stats"


def cache_file(store: Store, path: Path) -> Path:
    return store.home / CACHE_DIR / FOLDER / f"{path.name}.json"


def cached(target: Path, key: str, stamp: str) -> GameFacts | None:
    try:
        data: Any = json.loads(target.read_bytes())
        if (
            data.get("cache") != FACTS_FORMAT
            or data.get("program") != stamp
            or data.get("digest") != key
        ):
            return None
        return GameFacts.from_data(data["facts"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # a damaged cache is worked out again


def remember(target: Path, key: str, stamp: str, facts: GameFacts) -> None:
    """Keep the facts; the cache is only a shortcut, so failing to write it is fine."""
    data = {"cache": FACTS_FORMAT, "program": stamp, "digest": key, "facts": facts.to_data()}
    with suppress(OSError, CanastaError):
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(data, separators=(",", ":")).encode("utf-8"))


def game_day(facts: GameFacts, path: Path) -> str:
    """The game's date: from its ``created`` time, else from the file's time."""
    with suppress(ValueError):
        return datetime.fromisoformat(facts.created).date().isoformat()
    with suppress(OSError):
        return datetime.fromtimestamp(path.stat().st_mtime).date().isoformat()
    return ""


def read_facts(store: Store, path: Path, stamp: str) -> GameFacts:
    """One game's facts, from the cache when it matches the file, else by scoring it."""
    from dataclasses import replace

    from canasta_score.game import replay
    from canasta_score.stats import game_facts

    raw = read_bytes(path)
    key = digest(raw)
    target = cache_file(store, path)
    facts = cached(target, key, stamp)
    if facts is None or facts.name != store.name_of(path):
        facts = game_facts(replay(decode(store.name_of(path), raw, path)))
        remember(target, key, stamp, facts)
    return replace(facts, day=game_day(facts, path))


def read_all(store: Store) -> tuple[list[GameFacts], list[Skipped]]:
    """The facts of every game in the home, and the games that could not be read."""
    stamp = program_stamp()
    games: list[GameFacts] = []
    skipped: list[Skipped] = []
    for path in store.paths():
        try:
            games.append(read_facts(store, path, stamp))
        except CanastaError as exc:
            skipped.append(Skipped(store.name_of(path), str(exc)))
    return games, skipped
