"""A compiled cache of bundled rulesets, so a command does not parse and validate TOML each run.

A bundled ruleset, resolved for a player count and house rules, is kept as one file in the
user's cache folder (:func:`folder`). Its fingerprint (in the file's name, and whole in the
file) holds the program version and the size and modification time of every bundled ruleset and
of the modules that build one, so an edited ruleset or a new program never meets an old entry.
An entry is a digest of its contents, then plain data in :mod:`marshal` form; it is used only
when whole and when the ruleset it gives passes a ruleset file's checks (a value changed inside
it, such as a going-out bonus of 7 or "lots", is never scored with). Anything else (a folder
that cannot be written, an entry missing, not a regular file, damaged or foreign) is no entry:
the ruleset is built from its TOML as usual.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import stat
import zlib
from pathlib import Path
from typing import Any

from canasta_score import __version__
from canasta_score.core.frozen import fields
from canasta_score.rules.ruleset import Ruleset, cross_checks, section_types
from canasta_score.rules.schema import Tier

CACHE_ENV = "CANASTA_SCORE_CACHE"
# The modules whose code decides what a resolved ruleset holds.
BUILDERS = (
    "rules/catalog.py",
    "rules/rulecache.py",
    "core/frozen.py",
    "core/limits.py",
    "rules/ruleset.py",
    "rules/schema.py",
)


def folder() -> Path:
    """Where cached rulesets live: ``$CANASTA_SCORE_CACHE``, else ``canasta-score`` in
    ``$XDG_CACHE_HOME``, else in ``~/.cache``."""
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


# An entry is far smaller than this; a larger file is not one of ours.
MAX_ENTRY = 1 << 20
DIGEST = 32


def read(path: Path, key: str) -> Ruleset | None:
    """The cached ruleset, or None when there is none that can be used."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY:
            return None  # a pipe or a device is never opened, a large file never read
        raw = path.read_bytes()
        data = raw[DIGEST:]
        if seal(data) != raw:
            return None
        found, payload = marshal.loads(data)
        if found != key:
            return None
        rs = decode(payload)
        return rs if sound(rs) else None
    except Exception:  # a missing, unreadable, damaged or foreign entry is no entry
        return None


# What a value of each annotation of the schema is (a tuple: of what each item is).
KINDS: dict[str, tuple[type, type | None]] = {
    "int": (int, None),
    "bool": (bool, None),
    "str": (str, None),
    "tuple[int, ...]": (tuple, int),
    "tuple[str, ...]": (tuple, str),
    "tuple[Tier, ...]": (tuple, Tier),
}


def sound(rs: Ruleset) -> bool:
    """Whether a ruleset read from the cache is one a ruleset file could give: each value of
    its key's type, and no problem with the checks that span keys, ranges and points."""
    sections: dict[str, Any] = {}
    for name, cls in section_types().items():
        section = getattr(rs, name)
        if type(section) is not cls:
            return False
        hints = cls.__annotations__
        for f in fields(cls):
            kind, item = KINDS[hints[f.name]]
            value: Any = getattr(section, f.name)
            if type(value) is not kind:  # exactly: a bool is no count
                return False
            members: tuple[Any, ...] = getattr(section, f.name) if item is not None else ()
            if not all(type(v) is item for v in members):
                return False
        sections[name] = section
    if not isinstance(rs.sources, dict):
        return False
    return not cross_checks(sections, "cache", rs.sources, stored=True)


def write(path: Path, key: str, rs: Ruleset) -> None:
    """Keep ``rs`` for later runs; any failure leaves the cache as it was (see :func:`put`)."""
    try:
        data = marshal.dumps((key, encode(rs)))
    except ValueError:  # a value marshal cannot hold: such a ruleset is simply not kept
        return
    put(path, data)


def seal(data: bytes) -> bytes:
    """``data`` after its digest, as an entry of the cache is kept."""
    return hashlib.blake2b(data, digest_size=DIGEST).digest() + data


def put(path: Path, data: bytes) -> None:
    """Keep ``data`` sealed (:func:`seal`) at ``path``; any failure leaves the cache as it was.
    The entry is written to a new file of its own (never through a link planted at its name)
    and renamed into place; what a process killed while writing left behind is swept here."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep(path.parent)
        fd, name = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(seal(data))
        os.replace(name, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name)


TEMP_PREFIX = ".ruleset-writing-"
# The most entries the folder keeps (each is a few KiB); an entry's name (:func:`entry`).
MAX_ENTRIES = 256
ENTRY_NAME = ("ruleset-", ".marshal")
# A temporary file older than this was left by a process killed while writing it.
STALE_AFTER = 3600


def sweep(cache: Path) -> None:
    """Remove the temporary files that processes killed while writing an entry left behind,
    and the oldest entries beyond :data:`MAX_ENTRIES` (room for the one about to be written),
    so the folder stays bounded whatever house rules and versions have been used."""
    import time

    now = time.time()
    entries: list[tuple[float, str]] = []
    with contextlib.suppress(OSError), os.scandir(cache) as listing:
        for found in listing:
            if found.name.startswith(TEMP_PREFIX) and found.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    if now - found.stat(follow_symlinks=False).st_mtime > STALE_AFTER:
                        os.unlink(found.path)
            elif found.name.startswith(ENTRY_NAME[0]) and found.name.endswith(ENTRY_NAME[1]):
                with contextlib.suppress(OSError):
                    entries.append((found.stat(follow_symlinks=False).st_mtime, found.path))
    if len(entries) >= MAX_ENTRIES:
        entries.sort()
        for _mtime, old in entries[: len(entries) - MAX_ENTRIES + 1]:
            with contextlib.suppress(OSError):
                os.unlink(old)


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
