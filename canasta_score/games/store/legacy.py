"""Game files of earlier versions, and the game data that exports and those files share.

Before the game database, each game was one TOML file in the game home (``NAME.toml``, with an
``[end]`` table that counts the hands and checksums the rest).
:meth:`canasta_score.games.store.Store.import_legacy` imports a home's files once, reading each as
any game file named by path is read, and then puts them away.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, BinaryIO

from canasta_score.core.errors import CanastaError, GameError
from canasta_score.core.language import N_, _, ngettext
from canasta_score.rules import DEFAULT_RULESET

if TYPE_CHECKING:
    from pathlib import Path

    from canasta_score.games.game import Game, Side

FORMAT = "canasta-score game"
VERSION = 2
SUFFIX = ".toml"


# ---------------------------------------------------------------- the file format
#
# Version 2 (this one): the game's keys, then [[side]], [ruleset] (complete: every key the
# program reads), [[hand]], and last [end] with the hand count and a checksum of the rest.
# Version 1 had no [end], and its ruleset snapshot could lack keys added to the program later.
# A new ruleset key or a new game key means a new version and a step in ``migrate``.


def checksum(data: dict[str, Any]) -> str:
    """A checksum of a game file's data, [end] left out (independent of layout and comments):
    of its JSON, keys sorted, no spaces."""
    kept = {k: v for k, v in data.items() if k != "end"}
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_game(name: str, data: Any) -> Game:
    """A game from its file's data, of any version this program reads: checked to be whole,
    migrated to the current version, and validated."""
    check_format(name, data)
    version = data.get("version")
    if version == VERSION:
        check_whole(name, data)
        if lacks_keys(data.get("ruleset"), ADDED_SINCE_2):
            data = migrate(data, ADDED_SINCE_2)
    elif version == 1:
        data = migrate(data)
    else:
        raise GameError(
            _(
                'game "{game}": version {version} is not one this program reads (1 or {newest})'
            ).format(game=name, version=repr(version), newest=VERSION)
        )
    return game_from_data(name, {k: v for k, v in data.items() if k not in ("version", "end")})


def check_whole(name: str, data: dict[str, Any]) -> None:
    """The [end] table is there, counts every hand and matches the rest of the file."""
    end = data.get("end")
    hands = data.get("hand", [])
    held = len(hands) if isinstance(hands, list) else 0
    if not isinstance(end, dict):
        raise GameError(
            ngettext(
                'game "{game}": the file is cut short or damaged: the [end] table that closes '
                "every game file is missing ({held} hand is left)",
                'game "{game}": the file is cut short or damaged: the [end] table that closes '
                "every game file is missing ({held} hands are left)",
                held,
            ).format(game=name, held=held)
        )
    unknown = set(end) - {"hands", "checksum"}
    if unknown:
        raise GameError(
            _('game "{game}": [end]: unknown key {key}').format(game=name, key=sorted(unknown)[0])
        )
    count = end.get("hands")
    if not isinstance(count, int) or isinstance(count, bool) or count != held:
        raise GameError(
            _(
                'game "{game}": the file is cut short or damaged: [end] says hands = {count}, '
                "but the file holds {held} hand(s)"
            ).format(game=name, count=repr(count), held=held)
        )
    if "checksum" in end and end["checksum"] != checksum(data):
        raise GameError(
            _(
                'game "{game}": the file is damaged or was changed outside canasta-score: its '
                "contents do not match the checksum in its [end] table (if you changed it on "
                "purpose, delete the checksum line)"
            ).format(game=name)
        )


# Ruleset keys the schema gained after version 2 files were first written: a version 2
# snapshot without them takes them from the bundled ruleset, as a version 1 snapshot takes every
# key it lacks. Any other key missing from a version 2 snapshot is still refused.
ADDED_SINCE_2 = ("meld.dirty_aces_ordinary", "initial_meld.canasta_band_count")


def lacks_keys(snapshot: Any, keys: tuple[str, ...]) -> bool:
    """Whether a ruleset snapshot lacks one of ``keys``."""
    if not isinstance(snapshot, dict):
        return False
    for key in keys:
        section, name = key.split(".", 1)
        table = snapshot.get(section)
        if isinstance(table, dict) and name not in table:
            return True
    return False


def migrate(data: dict[str, Any], only: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Version 1 data as version 2 (or, with ``only``, a version 2 snapshot given just those
    keys): the ruleset snapshot gets every key it lacks from the
    bundled ruleset of the same id (else classic), each such key's source saying so. The file
    itself is rewritten in version 2 at its next change."""
    from canasta_score.rules.catalog import bundled_ids, load_ruleset
    from canasta_score.rules.ruleset import META_KEYS

    snapshot = data.get("ruleset")
    if not isinstance(snapshot, dict):
        return data
    ident = snapshot.get("id")
    table = snapshot.get("table")
    players = table.get("players") if isinstance(table, dict) else None
    base_id = ident if isinstance(ident, str) and ident in bundled_ids() else DEFAULT_RULESET
    try:
        base = load_ruleset(base_id, players=players if isinstance(players, int) else None)
    except CanastaError:
        base = load_ruleset(DEFAULT_RULESET)
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in snapshot.items()}
    sources = dict(out.get("sources", {}))
    for section, keys in base.data.items():
        if section in META_KEYS or not isinstance(keys, dict):
            continue
        have = out.setdefault(section, {})
        if not isinstance(have, dict):
            continue
        for key, value in keys.items():
            if key not in have and (only is None or f"{section}.{key}" in only):
                have[key] = value
                sources[f"{section}.{key}"] = f"bundled {base_id} (key added after the game began)"
    out["sources"] = sources
    return {**data, "ruleset": out, "version": VERSION}


def game_from_data(name: str, data: Any) -> Game:
    """A game from its data (the file's keys without ``version`` and ``end``, or an imported
    log's); a problem is a :class:`GameError` naming it."""
    from canasta_score.games.game import Game, check_setup, is_moment

    bad = problem_of(name)
    check_format(name, data)
    unknown = set(data) - {"format", "version", "created", "first_dealer", "side"}
    unknown -= {"ruleset", "hand", "undone"}
    if unknown:
        raise bad(_("unknown key {key}").format(key=sorted(unknown)[0]))
    created = data.get("created", "")
    if not is_moment(created):
        raise bad(
            _(
                "created must be a date and time written as a string (ISO 8601, such as "
                "2025-01-03T19:00:00)"
            )
        )
    raw_sides = data.get("side")
    if not isinstance(raw_sides, list) or not raw_sides:
        raise bad(_("[[side]] tables are missing"))
    sides = tuple(side_from_data(bad, i, s) for i, s in enumerate(raw_sides, 1))
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, dict):
        raise bad(_("the [ruleset] table is missing"))
    hands = data.get("hand", [])
    if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
        raise bad(_("hands must be [[hand]] tables"))
    undone = data.get("undone", [])
    if not isinstance(undone, list) or not all(isinstance(h, dict) for h in undone):
        raise bad(_("undone hands must be [[undone]] tables"))
    dealer = data.get("first_dealer", "")
    if not isinstance(dealer, str):
        raise bad(_("first_dealer must be a player's name"))
    game = Game(name, created, ruleset, sides, dealer, tuple(hands), tuple(undone))
    check_setup(game, game.rules())
    return game


def problem_of(name: str) -> Callable[[str], GameError]:
    """The error naming a problem of game ``name``."""
    return lambda what: GameError(_('game "{game}": {problem}').format(game=name, problem=what))


def check_format(name: str, data: Any) -> None:
    """Refuse data that is not a canasta-score game's."""
    if not isinstance(data, dict):
        raise problem_of(name)(_("the file is not a table of keys"))
    if data.get("format") != FORMAT:
        text = _('format = "{format}" is missing; this is not a canasta-score game file')
        raise problem_of(name)(text.format(format=FORMAT))


def side_from_data(bad: Callable[[str], GameError], index: int, data: Any) -> Side:
    from canasta_score.games.game import Side

    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"]:
        raise bad(_("[[side]] number {number} needs a name").format(number=index))
    players = data.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise bad(_('side "{side}": players must be a list of names').format(side=data["name"]))
    extra = set(data) - {"name", "players"}
    if extra:
        raise bad(
            _('side "{side}": unknown key {key}').format(side=data["name"], key=sorted(extra)[0])
        )
    return Side(data["name"], tuple(players))


# ---------------------------------------------------------------- the files of a home

KEPT_FOLDER = "earlier-version"
CURRENT_FILE = "current"
CACHE_FOLDER = ".cache"


# What a file that is not a regular file is, in plain words (for refusing it).
KINDS = (
    (stat.S_ISLNK, N_("a symbolic link")),
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is (see :data:`KINDS`)."""
    return next((_(kind) for test, kind in KINDS if test(mode)), _("not a regular file"))


def open_regular(path: Path, limit: int, follow: bool = True) -> BinaryIO:
    """The regular file at ``path``, open for reading, if it holds at most ``limit`` bytes;
    anything else is a :class:`GameError` naming the file. A named pipe or a device is never
    waited on (it is opened without blocking and refused), and without ``follow`` a symbolic
    link is refused rather than followed. A file past the limit is refused by its size, before
    any of it is read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
        with suppress(OSError):
            check_regular(path, os.lstat(path), limit)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise GameError(_("{path}: no such game file").format(path=path)) from None
    except OSError as exc:
        raise GameError(
            _("{path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)
        ) from None
    file = os.fdopen(fd, "rb")
    try:
        check_regular(path, os.fstat(file.fileno()), limit)
    except BaseException:
        file.close()
        raise
    return file


def check_regular(path: Path, info: os.stat_result, limit: int) -> None:
    """Refuse what is not a regular file, or one past the limit."""
    if not stat.S_ISREG(info.st_mode):
        raise GameError(
            _("{path}: is {kind}, not a regular file; not read").format(
                path=path, kind=kind_of(info.st_mode)
            )
        )
    if info.st_size > limit:
        raise too_large(path, limit)


def too_large(path: Path, limit: int) -> GameError:
    from canasta_score.core.limits import size_text

    return GameError(
        _("{path}: larger than the limit of {size} for a game file").format(
            path=path, size=size_text(limit)
        )
    )


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``, without a leading UTF-8
    byte-order mark); anything else is a :class:`GameError` naming the file. A named pipe or a
    device is refused before it is read, a file past the limit by its size."""
    with open_regular(path, limit) as file:
        raw = file.read(limit + 1)
    if len(raw) > limit:  # grew while it was read
        raise too_large(path, limit)
    return raw.removeprefix(b"\xef\xbb\xbf")


# How much of a ``*.toml`` file of the home is read to see whether it is a game file.
SNIFF = 4096


def game_files(home: Path, limit: int) -> tuple[list[Path], list[str]]:
    """The game files of an earlier version in ``home`` (regular ``*.toml`` files that say in
    their first bytes that they are canasta-score games), and why each other ``*.toml`` entry
    that might have been one was skipped: a symbolic link, a named pipe or anything else that
    is not a regular file is never opened, and a file larger than ``limit`` is never read.
    Of any other file only its first bytes are read."""
    found: list[Path] = []
    skipped: list[str] = []
    try:
        with os.scandir(home) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError:
        return [], []
    for entry in entries:
        if not entry.name.endswith(SUFFIX) or entry.name.startswith("."):
            continue
        path = home / entry.name
        try:
            with open_regular(path, limit, follow=False) as file:
                start = file.read(SNIFF)
        except GameError as exc:
            skipped.append(str(exc))
            continue
        if FORMAT.encode() in start:
            found.append(path)
    return found, skipped


def current_name(home: Path) -> str:
    """The current game an earlier version named in the home's ``current`` file, or ""."""
    try:
        with open_regular(home / CURRENT_FILE, SNIFF, follow=False) as file:
            text = file.read(SNIFF).decode("utf-8").strip()
    except (GameError, UnicodeDecodeError):
        return ""
    return "" if "/" in text else text


def put_away(home: Path, imported: list[Path]) -> Path:
    """Move the imported game files (and the copies kept beside them) into a folder of their
    own, drop the earlier version's lock and cache files and its current-game file; returns
    the folder."""
    import shutil

    kept = home / KEPT_FOLDER
    kept.mkdir(exist_ok=True)
    for path in imported:
        for companion in (path, path.with_name(path.name + ".bak")):
            with suppress(OSError):
                if companion.is_file() and not companion.is_symlink():
                    os.replace(companion, kept / companion.name)
        with suppress(OSError):
            lock = path.with_name(f".{path.name}.lock")
            if lock.is_file() and not lock.is_symlink():
                lock.unlink()
    cache = home / CACHE_FOLDER
    with suppress(OSError):
        if cache.is_dir() and not cache.is_symlink():
            shutil.rmtree(cache)
    with suppress(OSError):
        pointer = home / CURRENT_FILE
        if pointer.is_file() and not pointer.is_symlink():
            os.replace(pointer, kept / CURRENT_FILE)
    return kept
