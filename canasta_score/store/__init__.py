"""Game files: the file format, where games live, reading and writing them safely.

One TOML file per game, ``NAME.toml``, in the game home: ``$CANASTA_SCORE_HOME`` if set, else a
folder the caller names. Every change happens under an exclusive lock on the game, and a file is
replaced atomically (see :mod:`canasta_score.store.files`), so a reader sees the old game or the new
one, never half of either, and two writers never lose a hand. Before each replace the previous
good version is kept as ``NAME.toml.bak``.

A game file ends with an ``[end]`` table holding the number of hands and a checksum of
everything above it, so a file that was cut short or damaged is refused, never read as a shorter
game. A file that does not read as a whole, valid game is refused and left untouched.

Summaries (running totals and the rest of ``status``) are cached in ``.cache/`` under the home,
keyed by a hash of the game file's bytes; a cache that does not match is simply recomputed. So
is the data of each file this program wrote, which a change reads instead of the TOML and which
lets a new hand be appended to the file without writing it all again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import sys
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from canasta_score import __version__
from canasta_score.errors import CanastaError, GameError
from canasta_score.language import _
from canasta_score.store.appending import spliced
from canasta_score.store.files import fitted, keeping, sibling, sweep_temps
from canasta_score.store.files import write_atomic as write_atomic  # for the callers that use it
from canasta_score.store.gamecache import Kept, canonical, kept
from canasta_score.store.locking import DEFAULT_TIMEOUT, hold
from canasta_score.summary import Summary

if TYPE_CHECKING:
    from canasta_score.game import Game, Log, Side

HOME_ENV = "CANASTA_SCORE_HOME"
SUFFIX = ".toml"
BACKUP = ".bak"
CURRENT = "current"
CACHE_DIR = ".cache"
CACHE_FORMAT = 2
LOG_CACHE = 2
FORMAT = "canasta-score game"
VERSION = 2
HEADER = (
    "# A canasta-score game. Every hand is kept as it was entered; totals are worked out from\n"
    "# the hands with the ruleset below. The [end] table at the bottom lets canasta-score tell\n"
    "# that the file is whole. If you change this file by hand on purpose, delete the checksum\n"
    "# line there too. A file that is cut short or invalid is refused (and never overwritten).\n"
)
SNIFF = re.compile(rb"^\s*format\s*=\s*[\"']canasta-score game[\"']", re.MULTILINE)

R = TypeVar("R")


def game_home(default: Path) -> Path:
    """The folder of game files: ``$CANASTA_SCORE_HOME`` if set, else ``default``."""
    env = os.environ.get(HOME_ENV, "").strip()
    return Path(env).expanduser() if env else default


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def program_stamp() -> str:
    """The program's version and the size and time of its modules: a cached summary made by
    other code (an upgrade, a fix) is not trusted."""
    package = Path(__file__).parent.parent
    stamp = [__version__]
    with suppress(OSError):
        for folder in (package, package / "store", package / "catalog"):
            for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    stamp.append(f"{folder.name}/{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha1("|".join(stamp).encode("utf-8")).hexdigest()


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise GameError(_("{path}: no such game file").format(path=path)) from None
    except OSError as exc:
        raise GameError(
            _("{path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)
        ) from None


def restore_command(backup: Path, path: Path) -> str:
    """The command that puts the kept previous version back."""
    if sys.platform == "win32":
        return f'copy /Y "{backup}" "{path}"'
    return f"cp {shlex.quote(str(backup))} {shlex.quote(str(path))}"


# ---------------------------------------------------------------- the file format
#
# Version 2 (this one): the game's keys, then [[side]], [ruleset] (complete: every key the
# program reads), [[hand]], and last [end] with the hand count and a checksum of the rest.
# Version 1 had no [end], and its ruleset snapshot could lack keys added to the program later.
# A new ruleset key or a new game key means a new version and a step in ``migrate``.


def checksum(data: dict[str, Any]) -> str:
    """A checksum of a game file's data, [end] left out (independent of layout and comments)."""
    return checksum_of(canonical({k: v for k, v in data.items() if k != "end"}))


def checksum_of(text: str) -> str:
    """The checksum of a game file's data, from the text of its data (see :func:`checksum`)."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_data(game: Game) -> dict[str, Any]:
    """The game file's data (the name is the file's name, so it is not stored)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "created": game.created,
        "first_dealer": game.first_dealer,
        "side": [{"name": s.name, "players": list(s.players)} for s in game.sides],
        "ruleset": game.ruleset,
        "hand": [dict(h) for h in game.hands],
    }
    if game.undone:
        data["undone"] = [dict(h) for h in game.undone]
    # The count comes last: a file cut anywhere, even in its last line, is found out.
    data["end"] = {"checksum": checksum(data), "hands": len(game.hands)}
    return data


def encode(game: Game) -> bytes:
    """A game as the bytes of its TOML file."""
    import tomli_w

    return (HEADER + tomli_w.dumps(game_data(game))).encode("utf-8")


def decode(name: str, raw: bytes, where: Path | str) -> Game:
    """Read a game from the bytes of its file; any problem is a :class:`GameError`."""
    from canasta_score.errors import InputError
    from canasta_score.limits import parse_toml

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(
            _("{path}: not a text file (UTF-8); the file was left as it is").format(path=where)
        ) from None
    try:
        data = parse_toml(text, str(where))
    except InputError as exc:
        raise GameError(_("{problem}; the file was left as it is").format(problem=exc)) from None
    try:
        return read_game(name, data)
    except GameError as exc:
        raise GameError(
            _("{path}: {problem}; the file was left as it is").format(path=where, problem=exc)
        ) from None


def read_game(name: str, data: Any) -> Game:
    """A game from its file's data, of any version this program reads: checked to be whole,
    migrated to the current version, and validated."""
    if not isinstance(data, dict):
        raise GameError(_('game "{game}": the file is not a table of keys').format(game=name))
    if data.get("format") != FORMAT:
        raise GameError(
            _(
                'game "{game}": format = "{format}" is missing; this is not a canasta-score game '
                "file"
            ).format(game=name, format=FORMAT)
        )
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
            _(
                'game "{game}": the file is cut short or damaged: the [end] table that closes '
                "every game file is missing ({held} hand(s) are left)"
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
    from canasta_score.catalog import bundled_ids, load_ruleset
    from canasta_score.ruleset import META_KEYS

    snapshot = data.get("ruleset")
    if not isinstance(snapshot, dict):
        return data
    ident = snapshot.get("id")
    table = snapshot.get("table")
    players = table.get("players") if isinstance(table, dict) else None
    base_id = ident if isinstance(ident, str) and ident in bundled_ids() else "classic"
    try:
        base = load_ruleset(base_id, players=players if isinstance(players, int) else None)
    except CanastaError:
        base = load_ruleset("classic")
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
    from canasta_score.game import Game, check_setup

    def bad(what: str) -> GameError:
        return GameError(_('game "{game}": {problem}').format(game=name, problem=what))

    if not isinstance(data, dict):
        raise bad(_("the file is not a table of keys"))
    if data.get("format") != FORMAT:
        raise bad(
            _('format = "{format}" is missing; this is not a canasta-score game file').format(
                format=FORMAT
            )
        )
    unknown = set(data) - {"format", "version", "created", "first_dealer", "side"}
    unknown -= {"ruleset", "hand", "undone"}
    if unknown:
        raise bad(_("unknown key {key}").format(key=sorted(unknown)[0]))
    created = data.get("created", "")
    if not isinstance(created, str):
        raise bad(_("created must be a date and time written as a string"))
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


def side_from_data(bad: Callable[[str], GameError], index: int, data: Any) -> Side:
    from canasta_score.game import Side

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


# ---------------------------------------------------------------- the store


class Store:
    """The games in one home folder (and game files named by path).

    ``timeout`` is how long a change waits for another command's lock on the same game, and
    ``on_wait`` (if given) is told once, after about a second, that it is waiting."""

    def __init__(
        self,
        home: Path,
        timeout: float = DEFAULT_TIMEOUT,
        on_wait: Callable[[str], None] | None = None,
    ) -> None:
        self.home = home
        self.timeout = timeout
        self.on_wait = on_wait
        self.seen: dict[tuple[Path, str], Summary] = {}  # summaries read or saved, by digest
        self.lines_text: dict[tuple[Path, str], str] = {}  # their hand lines as cached

    # -------------------------------------------------------------- finding games

    def path_of(self, name: str) -> Path:
        return self.home / f"{name}{SUFFIX}"

    @staticmethod
    def name_of(path: Path) -> str:
        return path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name

    def locate(self, ref: str | None) -> Path:
        """The file of a game given by name or path; without one, the current game. A bare
        name (``club`` or ``club.toml``) is looked for in the home first."""
        if ref is None:
            return self.current()
        ref = ref.strip()
        bare = not any(sep in ref for sep in ("/", os.sep, os.altsep or "/"))
        if bare and not ref.endswith(SUFFIX):
            path = self.path_of(ref)
            if is_present(path):
                return checked_regular(path)
            raise GameError(
                _('no game named "{game}" in {home} (see "canasta-score games")').format(
                    game=ref, home=self.home
                )
            )
        candidates = [self.home / ref, Path(ref)] if bare else [Path(ref).expanduser()]
        for candidate in candidates:
            if is_present(candidate):
                return checked_regular(candidate).absolute()
        raise GameError(_("{path}: no such game file").format(path=ref))

    def current(self) -> Path:
        """The most recently created or used game."""
        pointer = self.home / CURRENT
        try:
            ref = pointer.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError):
            ref = ""
        if not ref:
            raise GameError(_("no current game: start a new game or name the game to use"))
        path = Path(ref) if os.sep in ref or "/" in ref else self.path_of(ref)
        if not path.is_file():
            raise GameError(
                _('the current game "{game}" no longer exists; name the game to use').format(
                    game=ref
                )
            )
        return path

    def use(self, path: Path) -> None:
        """Make the game at ``path`` the current game."""
        inside = path.parent.resolve() == self.home.resolve() and path.name.endswith(SUFFIX)
        ref = self.name_of(path) if inside else str(path.resolve())
        pointer = self.home / CURRENT
        with suppress(OSError, UnicodeDecodeError):
            if pointer.read_text(encoding="utf-8").strip() == ref:
                return
        self.make_home()
        write_atomic(pointer, (ref + "\n").encode("utf-8"))

    def make_home(self) -> None:
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = exc.strerror
            raise GameError(
                _("{path}: cannot create the game folder ({reason})").format(
                    path=self.home, reason=why
                )
            ) from None

    def free_name(self, stem: str) -> str:
        """``stem``, or ``stem-2``, ``stem-3``... whichever no game uses yet."""
        name, n = stem, 1
        while is_present(self.path_of(name)):
            n += 1
            name = f"{stem}-{n}"
        return name

    def paths(self) -> list[Path]:
        """Every game file in the home, by name."""
        if not self.home.is_dir():
            return []
        return sorted(p for p in self.home.glob(f"*{SUFFIX}") if not p.name.startswith("."))

    # -------------------------------------------------------------- reading

    def decoded(self, path: Path, raw: bytes) -> Game:
        """The game in ``raw`` (the bytes of ``path``); a damaged file's error says how to go
        back to the last good version, when one was kept."""
        try:
            return decode(self.name_of(path), raw, path)
        except GameError as exc:
            backup = backup_of(path)
            if not backup.is_file():
                raise
            raise GameError(
                _(
                    "{problem}. The last good version is kept in {backup}; to go back to it, "
                    "run: {command}"
                ).format(problem=exc, backup=backup, command=restore_command(backup, path))
            ) from None

    def load(self, path: Path) -> Game:
        """The game stored at ``path`` (validated)."""
        raw = read_bytes(path)
        return self.game_in(path, raw, digest(raw))

    def game_in(self, path: Path, raw: bytes, key: str) -> Game:
        """The game in ``raw`` (the bytes of ``path``, whose digest is ``key``)."""
        known = self.cached_game(path, key)
        if known is not None:
            return known[0]
        game = self.decoded(path, raw)
        self.save_game(path, key, game_data(game), written=False)
        return game

    def fingerprint(self, path: Path) -> tuple[bytes, str]:
        """The bytes of the game file at ``path`` and their digest (what the caches are tied
        to)."""
        raw = read_bytes(path)
        return raw, digest(raw)

    def log(self, path: Path) -> Log:
        """The game at ``path``, every hand scored: from the cache when it matches the file and
        the program, else scored again (and cached)."""
        raw = read_bytes(path)
        return self.scored(path, raw, digest(raw))

    def scored(self, path: Path, raw: bytes, key: str) -> Log:
        """The log of the game in ``raw`` (the bytes of ``path``, whose digest is ``key``): from
        the log cache when it matches the file and the program; when it was made for the same
        game with fewer hands (before a hand was recorded), only the later hands are scored."""
        from canasta_score.game import replay
        from canasta_score.store import lined
        from canasta_score.store.logcache import (
            log_from_data,
            log_to_data,
            outcome_from_data,
            played_from_data,
        )

        known = self.cached_game(path, key)
        game = known[0] if known is not None else self.game_in(path, raw, key)
        cache = known[1] if known is not None else None
        target = self.variant_path(path, ".log.json")
        expected = {"cache": LOG_CACHE, "program": program_stamp()}
        found = lined.read(target, expected, 1)
        log = None
        with suppress(ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
            if found is not None and found[0].get("digest") == key:
                with lined.bulk():
                    return log_from_data(game, json.loads(found[1][0]))
            if found is not None and cache is not None and starts(cache, found[0]):
                with lined.bulk():
                    data = json.loads(found[1][0])
                    done = played_from_data(game, data)
                log = replay(game, done, outcome_from_data(data))
        if log is None:
            log = replay(game)
        about = {"cache": LOG_CACHE, "program": program_stamp(), "digest": key}
        if cache is not None:
            about |= {"size": len(cache.sorted_text), "start": opening(cache)}
        with suppress(TypeError, ValueError), lined.bulk():
            lined.write(target, about, [json.dumps(log_to_data(log), separators=(",", ":"))])
        return log

    def summary(self, path: Path) -> Summary:
        """The game's summary, from the cache when it matches the file, else computed."""
        raw = read_bytes(path)
        from_cache = self.cached(path, digest(raw))
        if from_cache is not None:
            return from_cache
        summary = self.replayed(path, self.decoded(path, raw))
        self.save_cache(path, digest(raw), summary)
        return summary

    def checked(self, path: Path, raw: bytes) -> tuple[Game, Summary]:
        """The game in ``raw`` with its summary: from the cache if it matches, else every hand
        is scored again (so a hand edited into something invalid is found and named)."""
        game = self.decoded(path, raw)
        summary = self.cached(path, digest(raw))
        return game, summary if summary is not None else self.replayed(path, game)

    @staticmethod
    def replayed(path: Path, game: Game) -> Summary:
        from canasta_score.game import replay

        try:
            return replay(game).summary()
        except GameError as exc:
            raise GameError(
                _("{path}: {problem}; the file was left as it is").format(path=path, problem=exc)
            ) from None

    # -------------------------------------------------------------- writing

    def locked(self, path: Path) -> Any:
        """The exclusive lock of the game at ``path`` (``.NAME.toml.lock`` beside the file
        itself, a symlink followed)."""
        target = Path(os.path.realpath(path))
        return hold(sibling(target, ".", ".lock"), str(path), self.timeout, self.on_wait)

    def create(self, game: Game, taken_hint: str) -> Path:
        """Store a new game under its name and make it current; never replaces a game."""
        from canasta_score.game import replay

        summary = replay(game).summary()
        raw = encode(game)
        self.make_home()
        path = self.path_of(game.name)
        if is_present(path):
            raise GameError(
                _('a game named "{game}" already exists; {hint}').format(
                    game=game.name, hint=taken_hint
                )
            )
        with self.locked(path):
            if is_present(path):
                raise GameError(
                    _('a game named "{game}" already exists; {hint}').format(
                        game=game.name, hint=taken_hint
                    )
                )
            write_atomic(path, raw)
            self.save_cache(path, digest(raw), summary)
            self.save_game(path, digest(raw), game_data(game))
        self.use(path)
        return path

    def update(self, path: Path, change: Callable[[Game, Summary], tuple[Game, Summary, R]]) -> R:
        """Read-modify-write a game under its lock. ``change`` gets the game and its summary and
        returns the changed game, its summary and a result. If ``change`` raises (or the file
        does not hold a valid game), the file is not touched. The version replaced is kept as
        ``NAME.toml.bak``."""
        self.sniff(path)
        with self.locked(path):
            return self.changed(path, change)

    def add(self, path: Path, change: Callable[[Game, Summary], tuple[Game, Summary, R]]) -> R:
        """:meth:`update` for a change that adds one hand at the end of the game and nothing
        else (recording a hand): ``change`` gets the game *without its earlier hands* (the
        summary counts them) and returns it with just the new hand. A game file this program
        wrote, and whose cache matches it, is then extended at the cost of that one hand;
        anything else takes :meth:`update`'s way, ``change`` getting the whole game."""
        self.sniff(path)
        with self.locked(path):
            sweep_temps(Path(os.path.realpath(path)))
            raw = read_bytes(path)
            key = digest(raw)
            cache = self.cached_head(path, key)
            current = self.cached(path, key) if cache is not None else None
            if cache is None or current is None or current.hands != cache.count:
                return self.changed(path, change, raw)
            try:
                body = {k: v for k, v in cache.data([]).items() if k not in ("version", "end")}
                head = game_from_data(self.name_of(path), body)
            except CanastaError:
                return self.changed(path, change, raw)  # a cache that does not read as a game
            changed, summary, result = change(head, current)
            if len(changed.hands) != 1 or replace(changed, hands=()) != head:
                return self.changed(path, change, raw)
            hand = dict(changed.hands[0])
            end = cache.end_after(hand)
            new_raw = spliced(raw, hand, end)
            if new_raw is None:
                return self.changed(path, change, raw)
            self.replace_file(path, raw, new_raw, summary, key, cache.grown(hand, end), [hand])
        return result

    def changed(
        self,
        path: Path,
        change: Callable[[Game, Summary], tuple[Game, Summary, R]],
        raw: bytes | None = None,
    ) -> R:
        """:meth:`update`'s work, under the lock (``raw``: the file's bytes, if read)."""
        if raw is None:
            sweep_temps(Path(os.path.realpath(path)))
            raw = read_bytes(path)
        key = digest(raw)
        known = self.cached_game(path, key)
        game = known[0] if known is not None else self.decoded(path, raw)
        current = self.cached(path, key)
        if current is None:
            current = self.replayed(path, game)
        changed, summary, result = change(game, current)
        # A file this program wrote whose game gained one hand is extended (the same bytes as a
        # full write), its checksum worked out from the cached text of the hands.
        if known is not None and known[1].written and one_more(game, changed):
            hand = dict(changed.hands[-1])
            end = known[1].end_after(hand)
            fast = spliced(raw, hand, end) if game.hands else None
            if fast is not None:
                grown = known[1].grown(hand, end)
                self.replace_file(path, raw, fast, summary, key, grown, [hand])
                return result
        import tomli_w

        data = game_data(changed)
        new_raw = (HEADER + tomli_w.dumps(data)).encode("utf-8")
        self.replace_file(path, raw, new_raw, summary, "", data, None)
        return result

    def replace_file(
        self,
        path: Path,
        raw: bytes,
        new_raw: bytes,
        summary: Summary,
        grown: str,
        data: dict[str, Any] | Kept,
        new: Any,
    ) -> None:
        """Replace the file's bytes ``raw`` with ``new_raw`` (keeping the old as the backup) and
        cache its summary and data (``grown``, ``new``: see :meth:`save_cache` and
        :meth:`save_game`)."""
        with keeping(Path(os.path.realpath(path)), backup_of(path), raw):
            write_atomic(path, new_raw)
        new_key = digest(new_raw)
        self.save_cache(path, new_key, summary, grown)
        self.save_game(path, new_key, data, new)

    def sniff(self, path: Path) -> None:
        """Refuse a file that is not a game before a lock file is made beside it."""
        checked_regular(path)
        try:
            with path.open("rb") as file:
                start = file.read(4096)
        except OSError as exc:
            raise GameError(
                _("{path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)
            ) from None
        if not SNIFF.search(start):
            self.load(path)  # names what is wrong; a game laid out by hand gets through

    # -------------------------------------------------------------- the summary cache

    def cache_path(self, path: Path) -> Path:
        folder = self.home / CACHE_DIR
        if path.parent.resolve() == self.home.resolve():
            return folder / fitted(path.name, "", ".json")
        key = hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:16]
        return folder / f"elsewhere-{key}.json"

    def variant_path(self, path: Path, tail: str) -> Path:
        """Another cache file of the game at ``path``: its summary cache's name, ``.json``
        replaced by ``tail``."""
        summary = self.cache_path(path)
        return summary.with_name(summary.name[: -len(".json")] + tail)

    def cached(self, path: Path, key: str) -> Summary | None:
        """The cached summary of the file whose bytes have digest ``key``, if there is one."""
        from canasta_score.store import lined

        if (path, key) in self.seen:
            return self.seen[path, key]
        expected = {"cache": CACHE_FORMAT, "program": program_stamp(), "digest": key}
        found = lined.read(self.cache_path(path), expected, 2)
        if found is None:
            return None
        head, lines = found[1]
        try:
            data: Any = json.loads(head)
            with lined.bulk():
                data["lines"] = json.loads(b"[" + lines + b"]")
                summary = Summary.from_data(data)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # a damaged cache is worked out again
        if summary.game != self.name_of(path):
            return None
        self.seen[path, key] = summary
        self.lines_text[path, key] = lines.decode()
        return summary

    def save_cache(self, path: Path, key: str, summary: Summary, grown: str = "") -> None:
        """Remember a summary; the cache is only a shortcut, so failing to write it is fine.
        ``grown``: the digest of the file before a hand was added, whose summary (read before)
        is this one without its last line."""
        from canasta_score.store import lined
        from canasta_score.summary import line_data

        self.seen[path, key] = summary
        before = self.seen.get((path, grown)) if grown else None
        text = self.lines_text.get((path, grown)) if grown else None
        if before is not None and text is not None and summary.lines[:-1] == before.lines:
            comma = "," if before.lines else ""
            lines = text + comma + json.dumps(line_data(summary.lines[-1]), separators=(",", ":"))
            data = summary.to_data(lines=False)
        else:
            data = summary.to_data()
            lines = json.dumps(data.pop("lines"), separators=(",", ":"))[1:-1]
        self.lines_text[path, key] = lines
        about = {"cache": CACHE_FORMAT, "program": program_stamp(), "digest": key}
        with suppress(TypeError, ValueError):
            lined.write(
                self.cache_path(path), about, [json.dumps(data, separators=(",", ":")), lines]
            )

    # -------------------------------------------------------------- the game cache
    #
    # Beside the summary, the data of a file this program wrote is kept, keyed by the hash of
    # the file's bytes: a change reads it instead of the TOML, and may then append to the file
    # (see :mod:`canasta_score.store.appending`), since its bytes are known to be a full write.

    def game_cache_path(self, path: Path) -> Path:
        summary = self.cache_path(path)
        return summary.with_name(summary.name[: -len(".json")] + ".game.json")

    def cached_head(self, path: Path, key: str) -> Kept | None:
        """The cache of the file whose bytes have digest ``key``, if it is there and whole,
        this program wrote those bytes, and the game has no undone hands (what :meth:`add`
        extends)."""
        from canasta_score.store import gamecache

        found = gamecache.read(self.game_cache_path(path), program_stamp(), key)
        if found is None or not found.written or found.head.get("undone"):
            return None
        head = found.head
        if head.get("version") != VERSION or lacks_keys(head.get("ruleset"), ADDED_SINCE_2):
            return None
        return found

    def cached_game(self, path: Path, key: str) -> tuple[Game, Kept] | None:
        """The game in the file whose bytes have digest ``key``, from the cache, if it is there
        and whole, and the cache itself (which says whether this program wrote those bytes)."""
        from canasta_score.store import gamecache

        found = gamecache.read(self.game_cache_path(path), program_stamp(), key)
        if found is None:
            return None
        try:
            head = found.head
            if head.get("version") != VERSION or lacks_keys(head.get("ruleset"), ADDED_SINCE_2):
                return None
            # Written with its checksum by this program, and the file's bytes match it.
            body = {k: v for k, v in found.data().items() if k not in ("version", "end")}
            return game_from_data(self.name_of(path), body), found
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # a damaged cache is worked out again
        except CanastaError:
            return None

    def save_game(
        self,
        path: Path,
        key: str,
        game: dict[str, Any] | Kept,
        new: Any = None,
        written: bool = True,
    ) -> None:
        """Remember the data of a file just written (or, not ``written``, just read), if JSON
        gives ``new`` (the part not read from a file or this cache; by default all of it) back
        as it is."""
        from canasta_score.store import gamecache

        with suppress(TypeError, ValueError, RecursionError):
            fresh = game if new is None else new
            if isinstance(fresh, Kept):
                fresh = fresh.data()
            if json.loads(json.dumps(fresh, ensure_ascii=False)) != fresh:
                return
            cache = game if isinstance(game, Kept) else kept(game, written)
            gamecache.write(self.game_cache_path(path), program_stamp(), key, cache)


def opening(cache: Kept, size: int | None = None) -> str:
    """A digest of a game's data but its [end] table and all but the first hands (the first
    ``size`` bytes of the hands' sorted text; by default all of it)."""
    setup = canonical({k: v for k, v in cache.head.items() if k != "end"}).encode("utf-8")
    text = cache.sorted_text if size is None else cache.sorted_text[:size]
    return hashlib.sha256(setup + b"\n" + text).hexdigest()


def starts(cache: Kept, about: dict[str, Any]) -> bool:
    """Whether the log cache described by ``about`` was made for the game in ``cache`` with
    only its first hands (the same data otherwise)."""
    size = about.get("size")
    if not isinstance(size, int) or not 0 < size < len(cache.sorted_text):
        return False
    return cache.sorted_text[size : size + 1] == b"," and opening(cache, size) == about.get("start")


def one_more(before: Game, after: Game) -> bool:
    """Whether ``after`` is ``before`` with one hand added at the end (no undone hands)."""
    if before.undone or after.undone or len(after.hands) != len(before.hands) + 1:
        return False
    return after.hands[:-1] == before.hands and replace(after, hands=before.hands) == before


def list_games(
    store: Store,
) -> list[tuple[str, Summary | GameError, tuple[str, str] | None]]:
    """Every game in the home with its summary and when it was started and last played (see
    :func:`canasta_score.game.played_dates`), or the problem that stops reading it."""
    from datetime import datetime

    from canasta_score.game import played_dates

    out: list[tuple[str, Summary | GameError, tuple[str, str] | None]] = []
    for path in store.paths():
        try:
            summary = store.summary(path)
            stamp = datetime.fromtimestamp(path.stat().st_mtime)
            dates = played_dates(store.load(path), stamp.isoformat(timespec="seconds"))
            out.append((store.name_of(path), summary, dates))
        except GameError as exc:
            out.append((store.name_of(path), exc, None))
        except OSError as exc:
            out.append((store.name_of(path), GameError(f"{path}: {exc.strerror}"), None))
    return out


def backup_of(path: Path) -> Path:
    """Where the previous good version of the game at ``path`` is kept: ``NAME.toml.bak``
    beside the file itself (a symlink followed)."""
    return sibling(Path(os.path.realpath(path)), "", BACKUP)


def is_present(path: Path) -> bool:
    """Something (or a dangling symlink) is at ``path``."""
    return os.path.lexists(path)


def checked_regular(path: Path) -> Path:
    """``path`` if it is (or links to) a regular file; a folder, pipe or device is refused."""
    import stat

    from canasta_score.store.files import kind_of

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise GameError(_("{path}: no such game file").format(path=path)) from None
    except OSError as exc:
        raise GameError(
            _("{path}: cannot be read ({reason})").format(path=path, reason=exc.strerror)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise GameError(
            _("{path}: is {kind}, not a game file").format(path=path, kind=kind_of(info.st_mode))
        )
    return path
