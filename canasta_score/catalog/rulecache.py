"""A compiled cache of bundled rulesets, so a command does not parse and validate TOML each run.

A bundled ruleset, resolved for a player count and house rules, is kept as one file in
the user's cache folder (``$CANASTA_SCORE_CACHE``, else ``$XDG_CACHE_HOME/canasta-score``, else
``~/.cache/canasta-score``). The file's name carries a fingerprint of the program version and of
the size and modification time of every bundled ruleset file and of the modules that build a
ruleset, and the file holds that whole fingerprint too, so an edited ruleset or a new program
never meets an old entry. The file is plain data in :mod:`marshal` form (the section values in
schema order, the ruleset's sources and its resolved data), turned back into the frozen ruleset
without validating again: it was validated when it was built. The cache is only a shortcut: a
folder that cannot be written, a missing, truncated or foreign file are all the same as no
entry, and the ruleset is then built from its TOML as usual.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import zlib
from pathlib import Path
from typing import Any

from canasta_score import __version__
from canasta_score.frozen import fields
from canasta_score.ruleset import Ruleset, section_types
from canasta_score.schema import Tier

CACHE_ENV = "CANASTA_SCORE_CACHE"
# The modules whose code decides what a resolved ruleset holds.
BUILDERS = (
    "catalog/__init__.py",
    "catalog/rulecache.py",
    "frozen.py",
    "limits.py",
    "ruleset.py",
    "schema.py",
)


def folder() -> Path:
    """Where cached rulesets live."""
    own = os.environ.get(CACHE_ENV, "").strip()
    if own:
        return Path(own).expanduser()
    base = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(base) if base else Path.home() / ".cache") / "canasta-score"


def fingerprint(bundled: Path, ref: str, players: int | None, overrides: list[str]) -> str:
    """The program version, the stamps of the files a ruleset is built from, and what is asked."""
    here = os.path.dirname(os.path.dirname(__file__))  # the package
    stamps = [__version__, str(bundled), repr((ref, players, overrides))]
    with os.scandir(bundled) as found:
        rulesets = sorted(e.path for e in found if e.name.endswith(".toml") and e.is_file())
    for path in (*rulesets, *(os.path.join(here, name) for name in BUILDERS)):
        stat = os.stat(path)
        stamps.append(f"{os.path.basename(path)}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(stamps)


def entry(key: str) -> Path:
    """The cache file for a fingerprint (the file holds the whole fingerprint to compare)."""
    return folder() / f"ruleset-{zlib.crc32(key.encode()):08x}-{len(key)}.marshal"


def read(path: Path, key: str) -> Ruleset | None:
    """The cached ruleset, or None when there is none that can be used."""
    try:
        found, payload = marshal.loads(path.read_bytes())
        return decode(payload) if found == key else None
    except Exception:  # a missing, unreadable, damaged or foreign entry is no entry
        return None


def write(path: Path, key: str, rs: Ruleset) -> None:
    """Keep ``rs`` for later runs; any failure leaves the cache as it was."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        data = marshal.dumps((key, encode(rs)))
    except ValueError:  # a value marshal cannot hold: such a ruleset is simply not kept
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def encode(rs: Ruleset) -> tuple[Any, ...]:
    """The ruleset as plain values: each section's values in schema order (tiers as lists)."""
    sections = []
    for name, cls in section_types().items():
        section = getattr(rs, name)
        values = [getattr(section, f.name) for f in fields(cls)]
        sections.append(
            tuple([[tuple(vars(t).values()) for t in v]] if is_tiers(v) else v for v in values)
        )
    rest = tuple(getattr(rs, f.name) for f in fields(Ruleset) if f.name not in section_types())
    return (tuple(sections), *rest)


def is_tiers(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and isinstance(value[0], Tier)


def decode(payload: tuple[Any, ...]) -> Ruleset:
    """The frozen ruleset from :func:`encode`'s values."""
    sections, *rest = payload
    built = []
    for cls, values in zip(section_types().values(), sections, strict=True):
        built.append(
            cls(*(tuple(Tier(*t) for t in v[0]) if type(v) is list else v for v in values))
        )
    return Ruleset(*built, *rest)
