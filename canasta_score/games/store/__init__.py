"""The game store: every game of a game home in one SQLite database.

The database is ``games.db`` in the game home the caller names (the command line's is
``$CANASTA_SCORE_HOME`` if set, else the per-user application folder). Its tables are
described in :mod:`canasta_score.games.store.migrations`, which creates and upgrades them. The
source of truth is each game as it was set up and its hands as they were entered; everything
else is derived from them.

* **One transaction a change.** :meth:`Store.update` reads the game, lets the caller work out
  the change, and writes it, all inside one ``BEGIN IMMEDIATE`` transaction: a change that is
  refused (an exception) writes nothing, two writers take turns and lose nothing, and a
  process killed at any moment leaves the database as it was before or after the change.
* **Derived data, stamped.** Each hand's line of the score sheet and the game's state after the
  last hand (a :class:`~canasta_score.games.summary.Summary`), and the figures the statistics
  add up, are kept beside the game so that reading is fast. They are stamped with the program that
  derived them (:func:`program_stamp`) and with the game's revision, which triggers raise at
  every change of a hand, whoever makes it. Data with another stamp is derived again from the
  game in one transaction; it is never read back into the game.
* **Damage is named.** A file that is not a database, or one SQLite finds damaged, is refused
  with an error naming the file and what to do; it is never read as a game with fewer hands.

A game can also be read from an exported game file (``--game PATH``); such a game is read, never
changed (:class:`Ref`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from canasta_score import __version__
from canasta_score.core.errors import CanastaError, GameError, InputError
from canasta_score.core.frozen import record, replace
from canasta_score.core.language import _, ngettext, system_reason
from canasta_score.core.limits import MAX_IMPORT, parse_json
from canasta_score.games.store.migrations import LATEST, MIGRATIONS
from canasta_score.games.summary import Summary

if TYPE_CHECKING:
    from canasta_score.games.game import Game, Log, Played
    from canasta_score.games.stats import GameFacts, Skipped

TIMEOUT_ENV = "CANASTA_SCORE_LOCK_TIMEOUT"
DEFAULT_TIMEOUT = 30.0
NOTICE_AFTER = 1.0
DATABASE = "games.db"
SQLITE_HEADER = b"SQLite format 3\x00"
CURRENT = "current"
IMPORTED = "imported-files"
COPY_PREFIX = ".games-schema-copy-"
# The column that numbers a game's records in each table of them.
NUMBERED_BY = {"hands": "number", "undone": "position"}

R = TypeVar("R")
Change = Callable[["Game", Summary], tuple["Game", Summary, R]]


def timeout_from_env() -> float:
    """Seconds a change waits for another command's change: ``$CANASTA_SCORE_LOCK_TIMEOUT``,
    else 30."""
    text = os.environ.get(TIMEOUT_ENV, "").strip()
    if not text:
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 86400:
        raise GameError(
            _('{variable}="{text}": give a number of seconds from 0 to 86400').format(
                variable=TIMEOUT_ENV, text=text
            )
        )
    return value


_stamp: str | None = None


def program_stamp() -> str:
    """What derived data is stamped with: the program's version and the size and time of every
    file of the package (code, templates, translation catalogs, bundled rulesets)."""
    global _stamp
    if _stamp is None:
        package = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
        start = len(package) + 1  # a file's path from the package's folder starts here
        parts = [__version__]
        for folder, dirs, files in os.walk(package):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                with suppress(OSError):
                    path = os.path.join(folder, name)
                    info = os.stat(path)
                    parts.append(f"{path[start:]}:{info.st_size}:{info.st_mtime_ns}")
        _stamp = hashlib.sha256("|".join(parts).encode("utf-8")).hexdigest()
    return _stamp


def plain(value: Any) -> Any:
    """A value of a record as JSON holds it (a TOML date or time as its ISO text)."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    raise TypeError(type(value).__name__)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=plain)


class NoCurrentGame(GameError):
    """No game is the current one."""


class GameChanged(GameError):
    """The game changed since the person making a change saw it."""


@record
class Ref:
    """A game: one in the store by its name, or (``file``) an exported game file, which is
    read and never changed."""

    name: str
    file: Path | None = None


@record
class Listed:
    """A game of the store as ``games`` lists it: its summary (or what stops reading it), and
    when it was started and last played (ISO 8601)."""

    name: str
    summary: Summary | GameError
    started: str
    last_played: str


class Store:
    """The games of one game home.

    ``timeout`` is how long a change waits for another command's change to the store, and
    ``on_wait`` (if given) is told once, after about a second, that it is waiting; ``on_note``
    is told what happened to the game files of an earlier version when they are imported."""

    def __init__(
        self,
        home: Path,
        timeout: float = DEFAULT_TIMEOUT,
        on_wait: Callable[[str], None] | None = None,
        on_note: Callable[[str], None] | None = None,
    ) -> None:
        self.home = home
        self.path = home / DATABASE
        self.timeout = timeout
        self.on_wait = on_wait
        self.on_note = on_note
        self._db: sqlite3.Connection | None = None
        self._owner: tuple[int, int] | None = None

    # -------------------------------------------------------------- the connection

    @property
    def db(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self.connect()
        return self._db

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    def connect(self) -> sqlite3.Connection:
        """Open the database (creating the home and the database if need be), check that it is
        a database of games, bring its schema up to date, and import the game files of an
        earlier version."""
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise GameError(
                _("{path}: cannot create the game folder ({reason})").format(
                    path=self.home, reason=system_reason(exc)
                )
            ) from None
        self._owner = self.owner_to_keep()
        self.check_file()
        new = not os.path.lexists(self.path)
        try:
            db = sqlite3.connect(
                self.path, timeout=min(self.timeout, NOTICE_AFTER), isolation_level=None
            )
        except sqlite3.Error as exc:
            raise self.failure(exc) from None
        self._db = db
        try:
            self.give(self.path)
        except GameError:
            self.close()
            if new:
                with suppress(OSError):
                    if os.stat(self.path).st_size == 0:
                        os.unlink(self.path)
            raise
        with self.guarded():
            db.execute("PRAGMA foreign_keys = ON")
            # A page whose cells do not fit it is damage, found as the page is read, rather
            # than rows read as empty (a game not current, a hand missing).
            db.execute("PRAGMA cell_size_check = ON")
            # In WAL mode a commit survives a killed process at once; NORMAL leaves only a
            # power cut able to take back the last changes (FULL would flush every commit).
            db.execute("PRAGMA synchronous = NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:  # a new database (or one whose making was cut short)
                db.execute("PRAGMA journal_mode = WAL")  # kept by the file from now on
            if version != LATEST:
                self.migrate(db, version)
        for journal in ("-wal", "-shm"):
            self.give(self.path.with_name(DATABASE + journal))
        with self.guarded():
            # The first command of a new database looks for game files of an earlier version.
            looked = db.execute("SELECT 1 FROM settings WHERE key = ?", (IMPORTED,)).fetchone()
        if looked is None:
            self.import_legacy()
        return db

    def owner_to_keep(self) -> tuple[int, int] | None:
        """The user and group that the files this process makes in the game home are given
        to: the home's owner, when that is another user and this process may give files away
        (it runs as root); otherwise None. A process of another user that could make files
        there, and could not give them away, is refused: the home's owner could no longer
        change the games."""
        geteuid = getattr(os, "geteuid", None)
        if geteuid is None:
            return None
        try:
            info = os.stat(self.home)
        except OSError:
            return None
        me = geteuid()
        if info.st_uid == me:
            return None
        if me == 0:
            return info.st_uid, info.st_gid
        effective = os.access in os.supports_effective_ids
        if os.access(self.home, os.W_OK, effective_ids=effective):
            raise GameError(
                _(
                    "{path}: this game folder belongs to another user (user id {uid}); files "
                    "made in it would be yours, and that user could no longer change the "
                    "games. Nothing was changed: run canasta-score as that user"
                ).format(path=self.home, uid=info.st_uid)
            )
        return None

    def give(self, path: Path) -> None:
        """Give a file this process made in the game home to the home's owner (see
        :meth:`owner_to_keep`); a link is never followed. A file that cannot be given away is
        an error."""
        if self._owner is None:
            return
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise unreadable(path, exc) from None
        if stat.S_ISLNK(info.st_mode) or (info.st_uid, info.st_gid) == self._owner:
            return
        try:
            os.chown(path, *self._owner, follow_symlinks=False)
        except OSError as exc:
            raise GameError(
                _(
                    "{path}: cannot be given to the owner of the game folder (user id {uid}): "
                    "{reason}. Run canasta-score as that user"
                ).format(path=path, uid=self._owner[0], reason=exc.strerror)
            ) from None

    def check_file(self) -> None:
        """Refuse a database file that is not a regular file. (Whether it is an SQLite
        database SQLite says itself: this process never opens the file on its own, since
        closing such a handle would drop the locks SQLite holds on it.)"""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise unreadable(self.path, exc) from None
        if not stat.S_ISREG(info.st_mode):
            raise GameError(
                _("{path}: the game database is not a regular file").format(path=self.path)
            )

    def migrate(self, db: sqlite3.Connection, version: int) -> None:
        """Bring the schema from ``version`` to the latest, in one transaction; an existing
        database is copied first."""
        if version > LATEST:
            raise GameError(
                _(
                    "{path}: the game database was made by a newer version of canasta-score "
                    "(schema {version}; this version reads up to {latest}); upgrade "
                    "canasta-score"
                ).format(path=self.path, version=version, latest=LATEST)
            )
        if version > 0:
            self.keep_copy(db, version)  # outside the transaction, which the copy would wait for
        with self.writing():
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == LATEST:
                return
            for step in MIGRATIONS[version:]:
                step(db)
            db.execute(f"PRAGMA user_version = {LATEST}")

    def keep_copy(self, db: sqlite3.Connection, version: int) -> None:
        """Keep a copy of the database as it is, beside it, before a migration changes it."""
        import tempfile

        copy = self.home / f"games-schema-{version}.db"
        self.sweep_copies()
        # Made under a name of its own and then renamed, so that a link planted at the copy's
        # name is replaced, never written through.
        try:
            fd, name = tempfile.mkstemp(prefix=COPY_PREFIX, dir=self.home)
        except OSError as exc:
            raise self.copy_failed(copy, exc) from None
        os.close(fd)
        made = Path(name)
        try:
            target = sqlite3.connect(made)
            try:
                db.backup(target)
            finally:
                target.close()
            with suppress(OSError):
                os.chmod(made, os.stat(self.path).st_mode & 0o777)
            self.give(made)
            os.replace(made, copy)
        except BaseException as exc:
            with suppress(OSError):
                made.unlink()
            if isinstance(exc, OSError):
                raise self.copy_failed(copy, exc) from None
            raise

    def copy_failed(self, copy: Path, exc: OSError) -> GameError:
        return GameError(
            _("{path}: the copy kept before the tables change cannot be made ({reason})").format(
                path=copy, reason=exc.strerror
            )
        )

    def sweep_copies(self) -> None:
        """Remove the half-made copies that a process killed while copying left behind (any
        over an hour old: a copy being made now is left to its process)."""
        with suppress(OSError), os.scandir(self.home) as listing:
            for entry in listing:
                if entry.name.startswith(COPY_PREFIX) and entry.is_file(follow_symlinks=False):
                    with suppress(OSError):
                        if time.time() - entry.stat(follow_symlinks=False).st_mtime > 3600:
                            os.unlink(entry.path)

    # -------------------------------------------------------------- errors and transactions

    def damaged(self, detail: str) -> GameError:
        return GameError(
            _(
                "{path}: the game database is damaged ({detail}); nothing was read or changed. "
                "Put back a copy of it, or recover what SQLite can read with: sqlite3 {path} "
                '".recover" | sqlite3 recovered.db'
            ).format(path=self.path, detail=detail)
        )

    def failure(self, exc: sqlite3.Error) -> GameError:
        """The error a failed database call becomes: damage is named as damage (after a quick
        check says where), anything else (a full disk, a read-only file) as itself."""
        text = str(exc)
        if not isinstance(exc, sqlite3.DatabaseError):
            return GameError(f"{self.path}: {text}")
        # A text that does not decode was not written by this program: damage the quick check
        # cannot see. Another operational error (a full disk, a read-only file) is damage only
        # when the quick check finds some; waiting for a lock to look is not worth it there.
        malformed = any(word in text for word in ("malformed", "decode")) or not isinstance(
            exc, sqlite3.OperationalError
        )
        found = self.quick_check(timeout=5.0 if malformed else 0.0)
        if not malformed and not found:
            return GameError(
                _("{path}: {reason}; nothing was changed").format(path=self.path, reason=text)
            )
        return self.damaged(f"{text}: {found}" if found else text)

    def quick_check(self, timeout: float) -> str:
        """What SQLite's quick check finds wrong with the database (its first three
        findings), or an empty text when it finds nothing or cannot look."""
        with suppress(sqlite3.Error):
            check = sqlite3.connect(self.path, timeout=timeout)
            try:
                rows = check.execute("PRAGMA quick_check(3)").fetchall()
            finally:
                check.close()
            return "; ".join(" ".join(str(r[0]).split()) for r in rows if r[0] != "ok")
        return ""

    @contextmanager
    def guarded(self) -> Iterator[None]:
        """Database errors become :class:`GameError`."""
        try:
            yield
        except sqlite3.Error as exc:
            raise self.failure(exc) from None

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: everything in it is written, or (on any exception) nothing.
        Waits for another command's write up to the timeout, saying so after a second."""
        db = self.db
        with self.guarded():
            self.begin(db)
            try:
                yield db
            except BaseException:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def begin(self, db: sqlite3.Connection) -> None:
        start = time.monotonic()
        told = False
        while True:
            try:
                db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
            waited = time.monotonic() - start
            if waited >= self.timeout:
                raise GameError(
                    _(
                        "{path}: another command has been changing the games for {waited:.1f} "
                        "s; gave up, nothing was changed. Try again, or wait longer with "
                        "{variable}=SECONDS"
                    ).format(path=self.path, waited=waited, variable=TIMEOUT_ENV)
                )
            if not told and self.on_wait is not None:
                self.on_wait(
                    _(
                        "{path}: another command is changing the games; waiting (up to "
                        "{timeout:g} s)..."
                    ).format(path=self.path, timeout=self.timeout)
                )
                told = True

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query in it sees the same state of the database."""
        db = self.db
        with self.guarded():
            db.execute("BEGIN")
            try:
                yield db
            finally:
                with suppress(sqlite3.Error):
                    db.execute("COMMIT")

    # -------------------------------------------------------------- finding games

    def locate(self, ref: str | None) -> Ref:
        """The game given by name or by the path of a game file; without one, the current
        game."""
        if ref is None:
            return self.current()
        ref = ref.strip()
        bare = not any(sep in ref for sep in ("/", os.sep))
        # A bare "club.toml" names the game "club", as the name given to new does.
        stem = ref[: -len(".toml")].rstrip() if bare and ref.lower().endswith(".toml") else ref
        with self.reading() as db:
            for name in dict.fromkeys((ref, stem)):
                found = db.execute("SELECT name FROM games WHERE name = ?", (name,)).fetchone()
                if found is not None:
                    return Ref(found[0])
        path = Path(ref).expanduser()
        pathlike = not bare or path.suffix in (".toml", ".json")
        if pathlike and os.path.lexists(path):
            try:
                regular = stat.S_ISREG(os.stat(path).st_mode)
            except OSError as exc:
                raise unreadable(ref, exc) from None
            if not regular:
                raise GameError(
                    _("{path}: not a regular file, so not a game file").format(path=ref)
                )
            return Ref(path.name.rsplit(".", 1)[0], path.absolute())
        if pathlike:
            raise GameError(_("{path}: no such game file").format(path=ref))
        raise self.no_game(ref)

    def no_game(self, name: str, held: list[str] | None = None) -> GameError:
        """The error for a game name the home does not hold, with the closest name it holds
        (``held``: its games, read here unless given), if one is close, as a mistyped command
        is answered."""
        import difflib

        names = self.names() if held is None else held
        close = difflib.get_close_matches(name, names, n=1)
        if close:
            return GameError(
                _(
                    'no game named "{game}" in {home}; did you mean "{close}"? (see '
                    '"canasta-score games")'
                ).format(game=name, home=self.home, close=close[0])
            )
        return GameError(
            _('no game named "{game}" in {home} (see "canasta-score games")').format(
                game=name, home=self.home
            )
        )

    def current(self) -> Ref:
        """The current game: the one last started, imported or chosen with ``use``."""
        with self.reading() as db:
            row = db.execute(
                "SELECT games.name FROM settings JOIN games ON games.id = settings.value "
                "WHERE settings.key = ?",
                (CURRENT,),
            ).fetchone()
        if row is None:
            raise NoCurrentGame(_("no current game: start a new game or name the game to use"))
        return Ref(row[0])

    def use(self, ref: Ref) -> None:
        """Make a stored game the current game."""
        self.writable(ref)
        with self.writing() as db:
            self.set_current(db, self.game_id(db, ref.name))

    @staticmethod
    def set_current(db: sqlite3.Connection, game_id: int) -> None:
        db.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (CURRENT, str(game_id)),
        )

    def names(self) -> list[str]:
        """Every game's name, in order."""
        with self.reading() as db:
            return [r[0] for r in db.execute("SELECT name FROM games ORDER BY name")]

    def free_name(self, stem: str) -> str:
        """``stem``, or ``stem-2``, ``stem-3``... whichever no game uses yet."""
        taken = set(self.names())
        name, n = stem, 1
        while name in taken:
            n += 1
            name = f"{stem}-{n}"
        return name

    def owns(self, path: Path) -> bool:
        """Whether writing ``path`` would write over the store: the database (by any name or
        link), its journal files, the copies kept before migrations, or any SQLite
        database."""
        target = Path(os.path.realpath(path))
        home = Path(os.path.realpath(self.home))
        ours = target.name.startswith("games") and target.name.endswith(
            (".db", "-wal", "-shm", "-journal")
        )
        if target.parent == home and ours:
            return True
        try:
            info = os.stat(target)
            if not stat.S_ISREG(info.st_mode):
                return False  # a pipe or a device is not opened here
            with suppress(OSError):
                mine = os.stat(self.path)
                if (info.st_dev, info.st_ino) == (mine.st_dev, mine.st_ino):
                    return True  # never opened: closing it would drop SQLite's locks
            with open(target, "rb") as file:
                return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
        except OSError:
            return False

    # -------------------------------------------------------------- reading

    def game_id(self, db: sqlite3.Connection, name: str) -> int:
        row = db.execute("SELECT id FROM games WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise self.no_game(name, [r[0] for r in db.execute("SELECT name FROM games")])
        return int(row[0])

    def read_game(self, db: sqlite3.Connection, name: str, hands: bool = True) -> Game:
        """The game as stored (without its hands unless ``hands``). Everything is read within
        the limits of any input (nesting, the size of numbers), since anyone who can write the
        file can change it."""
        from canasta_score.games.game import Game, Side, check_setup

        row = db.execute(
            "SELECT id, created, first_dealer, sides, ruleset, uid FROM games WHERE name = ?",
            (name,),
        ).fetchone()
        if row is None:
            self.game_id(db, name)  # names what is missing
        ident, created, dealer, sides, ruleset, uid = row
        where = _('game "{game}"').format(game=name)
        try:
            side_list = tuple(
                Side(s["name"], tuple(s["players"])) for s in parse_json(sides, where)
            )
            snapshot = parse_json(ruleset, where)
            played = self.records(db, "hands", ident, where) if hands else ()
            undone = self.records(db, "undone", ident, where)
            if not isinstance(snapshot, dict) or not isinstance(created, str):
                raise TypeError(_("the ruleset is not a table"))
        except InputError as exc:
            raise GameError(str(exc)) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise self.damaged(
                _('game "{game}" does not read ({reason})').format(game=name, reason=exc)
            ) from None
        game = Game(name, created, snapshot, side_list, dealer, played, undone, str(uid))
        check_setup(game, game.rules())
        return game

    @staticmethod
    def records(
        db: sqlite3.Connection, table: str, ident: int, where: str
    ) -> tuple[dict[str, Any], ...]:
        """The records of a game's hands (or undone hands), numbered from 1 without a gap."""
        number = NUMBERED_BY[table]
        rows = db.execute(
            f"SELECT {number}, record FROM {table} WHERE game = ? ORDER BY {number}", (ident,)
        ).fetchall()
        if [r[0] for r in rows] != list(range(1, len(rows) + 1)):
            raise ValueError(_("its hands are not numbered 1 to {count}").format(count=len(rows)))
        kind = _("hand {number}") if table == "hands" else _("undone hand {number}")
        out = []
        for n, text in rows:
            record = parse_json(text, f"{where}: {kind.format(number=n)}")
            if not isinstance(record, dict):
                raise ValueError(_("{what} is not a table").format(what=kind.format(number=n)))
            out.append(record)
        return tuple(out)

    def load(self, ref: Ref, hands: bool = True) -> Game:
        """The game (a stored one, or the game in an exported game file); without ``hands``, a
        stored game without its hands (its setup and ruleset, for a new hand)."""
        if ref.file is not None:
            return read_file(ref.file)
        with self.reading() as db:
            return self.read_game(db, ref.name, hands)

    def log(self, ref: Ref) -> Log:
        """The game with every hand scored: each hand's breakdown as kept (when the game's
        derived data is stamped by this program and its revision), else scored (and kept,
        where the database can be written)."""
        from canasta_score.games.game import replay

        if ref.file is not None:
            return replay(self.load(ref))
        try:
            with self.writing() as db:
                return self.kept_log(db, ref.name)
        except GameError as exc:
            if not read_only(exc):
                raise
            return replay(self.load(ref))  # the kept breakdowns are only a shortcut

    def kept_log(self, db: sqlite3.Connection, name: str) -> Log:
        """:meth:`log` inside a write transaction."""
        from canasta_score.games.game import Log, Outcome, Played, minimums, score_record
        from canasta_score.hands.scoring import HandScore

        ident = self.game_id(db, name)
        game = self.read_game(db, name)
        summary = self.kept_summary(db, ident)
        if summary is None:
            return self.derive(db, ident, game)
        rs = game.rules()
        kept = dict(db.execute("SELECT number, score FROM lines WHERE game = ?", (ident,)))
        played: list[Played] = []
        fresh: list[Played] = []
        before = tuple(0 for _ in game.sides)
        for line, entered in zip(summary.lines, game.hands, strict=True):
            score = None
            with suppress(ValueError, KeyError, TypeError, RecursionError):
                text = kept.get(line.number)
                score = HandScore.from_data(json.loads(text)) if text else None
            unkept = score is None
            if score is None:
                score = score_record(game, rs, entered, line.number)
            needs = minimums(rs, before, line.number)
            played.append(Played(line.number, line.dealer, entered, score, needs, line.totals))
            if unkept:
                fresh.append(played[-1])
            before = line.totals
        self.keep_scores(db, ident, tuple(fresh))
        outcome = Outcome(summary.finished, summary.winners, summary.ended_by)
        return Log(game, rs, tuple(played), outcome)

    @staticmethod
    def keep_scores(db: sqlite3.Connection, ident: int, played: tuple[Played, ...]) -> None:
        """Keep each hand's breakdown beside its line (inside a write transaction)."""
        db.executemany(
            "UPDATE lines SET score = ? WHERE game = ? AND number = ?",
            [(to_json(p.score.to_data()), ident, p.number) for p in played],
        )

    def summary(self, ref: Ref, last_only: bool = False) -> Summary:
        """The game's summary: as derived before when its stamp is the program's and the
        game's, else derived again (and kept, where the database can be written). With
        ``last_only``, it may hold only the last hand's line (see :meth:`kept_summary`)."""
        if ref.file is None:
            with self.reading() as db:
                found = self.kept_summary(db, self.game_id(db, ref.name), last_only)
            if found is not None:
                return found
        return self.log(ref).summary()

    def kept_summary(
        self, db: sqlite3.Connection, ident: int, last_only: bool = False
    ) -> Summary | None:
        """The summary kept for game ``ident``, if its stamp is the program's and the game's;
        with ``last_only``, holding only the last hand's line (the hands before it counted in
        ``earlier``), which is all that recording the next hand needs."""
        row = db.execute(
            "SELECT summaries.head FROM summaries JOIN games ON games.id = summaries.game "
            "WHERE summaries.game = ? AND summaries.stamp = ? "
            "AND summaries.revision = games.revision",
            (ident, program_stamp()),
        ).fetchone()
        if row is None:
            return None
        try:
            data = json.loads(row[0])
            if last_only:
                last = db.execute(
                    "SELECT number, line FROM lines WHERE game = ? ORDER BY number DESC LIMIT 1",
                    (ident,),
                ).fetchone()
                data["lines"] = [] if last is None else [json.loads(last[1])]
                earlier = 0 if last is None else int(last[0]) - 1
                summary = replace(Summary.from_data(data), earlier=earlier)
            else:
                # One JSON array of every line, put together by SQLite: one parse, not one a
                # hand.
                (lines,) = db.execute(
                    "SELECT json_group_array(json(line)) FROM "
                    "(SELECT line FROM lines WHERE game = ? ORDER BY number)",
                    (ident,),
                ).fetchone()
                data["lines"] = json.loads(lines)
                summary = Summary.from_data(data)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError, sqlite3.DataError):
            return None  # derived data that does not read is derived again
        except sqlite3.OperationalError as exc:
            if "malformed JSON" not in str(exc):
                raise
            return None
        numbers = [x.number for x in summary.lines]
        if numbers != list(range(summary.earlier + 1, summary.hands + 1)):
            return None
        return summary

    def derive(self, db: sqlite3.Connection, ident: int, game: Game) -> Log:
        """Score the game again and keep its summary and breakdowns (inside a write
        transaction); returns the game scored."""
        from canasta_score.games.game import replay

        log = replay(game)
        self.keep_summary(db, ident, log.summary())
        self.keep_scores(db, ident, log.played)
        return log

    @staticmethod
    def keep_summary(
        db: sqlite3.Connection, ident: int, summary: Summary, old: Summary | None = None
    ) -> None:
        """Keep the summary of game ``ident``, stamped (inside a write transaction); ``old``:
        the summary kept so far, whose lines are written again only where they differ (the
        lines before a summary's ``earlier`` are the same in both)."""
        kept = {x.number: x for x in old.lines} if old is not None else {}
        same = summary.earlier
        for line in summary.lines:
            if kept.get(line.number) != line:
                break
            same = line.number
        db.execute("DELETE FROM lines WHERE game = ? AND number > ?", (ident, same))
        db.executemany(
            "INSERT INTO lines (game, number, line) VALUES (?, ?, ?)",
            [(ident, x.number, to_json(x)) for x in summary.lines if x.number > same],
        )
        db.execute(
            "INSERT INTO summaries (game, stamp, revision, head, facts) VALUES (?, ?, ?, ?, NULL)"
            " ON CONFLICT (game) DO UPDATE SET stamp = excluded.stamp, "
            "revision = excluded.revision, head = excluded.head, facts = NULL",
            (ident, program_stamp(), revision_of(db, ident), to_json(summary.to_data())),
        )

    # -------------------------------------------------------------- changing

    def writable(self, ref: Ref) -> None:
        if ref.file is not None:
            raise GameError(
                _(
                    "{path} is a game file: it is read, never changed; to go on with it, "
                    "import it first (canasta-score import {path})"
                ).format(path=ref.file)
            )

    def create(self, game: Game, taken_hint: str, imported: bool = False) -> Ref:
        """Store a new game and make it the current one; a name already taken is refused. A
        game keeps its identity (``game.uid``) or gets a new one; an ``imported`` game that is
        already here (its identity, or for a log without one the same start, sides and first
        dealer) is refused, so that no game is kept, or counted, twice."""
        import uuid

        with self.writing() as db:
            if imported or game.uid:
                self.refuse_twice(db, game)
            if db.execute("SELECT 1 FROM games WHERE name = ?", (game.name,)).fetchone():
                raise GameError(
                    _('a game named "{game}" already exists; {hint}').format(
                        game=game.name, hint=taken_hint
                    )
                )
            self.insert(db, game, game.uid or uuid.uuid4().hex)
        return Ref(game.name)

    @staticmethod
    def refuse_twice(db: sqlite3.Connection, game: Game) -> None:
        """Refuse a game that is already stored: the same identity or, for a game without
        one, the same start, sides and first dealer."""
        if game.uid:
            row = db.execute("SELECT name FROM games WHERE uid = ?", (game.uid,)).fetchone()
        elif game.created:
            row = db.execute(
                "SELECT name FROM games WHERE created = ? AND sides = ? AND first_dealer = ?",
                (game.created, sides_json(game), game.first_dealer),
            ).fetchone()
        else:
            row = None
        if row is not None:
            raise GameError(
                _(
                    'this game is already here, as game "{game}" (the same game, exported from '
                    "here or imported before): it is not imported twice, and stats counts it "
                    'once; go on with it with "canasta-score use {game}"'
                ).format(game=row[0])
            )

    def insert(self, db: sqlite3.Connection, game: Game, uid: str) -> int:
        """Write a new game, its hands and its summary; it becomes the current game."""
        now = datetime.now().isoformat(timespec="seconds")
        try:
            cursor = db.execute(
                "INSERT INTO games (name, uid, created, changed, first_dealer, sides, ruleset) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.name,
                    uid,
                    game.created,
                    now,
                    game.first_dealer,
                    sides_json(game),
                    to_json(game.ruleset),
                ),
            )
            ident = int(cursor.lastrowid or 0)
            self.write_records(db, "hands", ident, game.hands, 0)
            self.write_records(db, "undone", ident, game.undone, 0)
        except (TypeError, ValueError) as exc:
            raise GameError(
                _('game "{game}" cannot be stored ({reason})').format(game=game.name, reason=exc)
            ) from None
        self.derive(db, ident, game)
        self.set_current(db, ident)
        return ident

    @staticmethod
    def write_records(
        db: sqlite3.Connection,
        table: str,
        ident: int,
        records: tuple[dict[str, Any], ...],
        start: int,
    ) -> None:
        """Write ``records`` as numbers ``start + 1`` on, replacing those and any after."""
        number = NUMBERED_BY[table]
        db.execute(f"DELETE FROM {table} WHERE game = ? AND {number} > ?", (ident, start))
        db.executemany(
            f"INSERT INTO {table} (game, {number}, record) VALUES (?, ?, ?)",
            [(ident, n, to_json(r)) for n, r in enumerate(records, start + 1)],
        )

    def revision(self, ref: Ref) -> int:
        """How many times the game's setup or hands have changed (whoever changed them): a
        reader compares it with the one it showed to know whether the game changed since."""
        if ref.file is not None:
            return 0
        with self.reading() as db:
            return revision_of(db, self.game_id(db, ref.name))

    def update(
        self, ref: Ref, change: Change[R], whole: bool = True, revision: int | None = None
    ) -> R:
        """Change a stored game in one transaction. ``change`` gets the game and its summary
        and returns the changed game, its summary and a result. If ``change`` raises, nothing
        is written. Without ``whole``, ``change`` gets the game without its hands (the summary
        counts them) and may only add hands after them (recording a hand in a long game reads
        none of the earlier ones). ``revision``: the game's revision (:meth:`revision`) as the
        person making the change saw it; if the game changed since, nothing is written."""
        self.writable(ref)
        with self.writing() as db:
            ident = self.game_id(db, ref.name)
            if revision is not None and revision_of(db, ident) != revision:
                raise GameChanged(
                    _(
                        'game "{game}" changed since it was shown (a hand was entered, '
                        "edited or taken back meanwhile); nothing was changed"
                    ).format(game=ref.name)
                )
            game = self.read_game(db, ref.name, hands=whole)
            summary = self.kept_summary(db, ident, last_only=not whole)
            if summary is None:
                full = game if whole else self.read_game(db, ref.name)
                summary = self.derive(db, ident, full).summary()
            changed, after, result = change(game, summary)
            same = self.write_change(db, ident, game, changed, whole, summary.hands)
            self.keep_summary(db, ident, after, summary)
            # A line kept because it reads the same may stand for a hand that changed: its
            # breakdown is worked out again when next asked for.
            db.execute("UPDATE lines SET score = NULL WHERE game = ? AND number > ?", (ident, same))
        return result

    def write_change(
        self,
        db: sqlite3.Connection,
        ident: int,
        before: Game,
        after: Game,
        whole: bool,
        count: int,
    ) -> int:
        """Write what differs between ``before`` and ``after`` (a game of ``count`` hands);
        returns how many of its first hands are unchanged."""
        if replace(after, hands=(), undone=()) != replace(before, hands=(), undone=()):
            raise GameError(_("only a game's hands can be changed"))
        same = count
        try:
            if whole:
                same = 0
                for old, new in zip(before.hands, after.hands, strict=False):
                    if old != new:
                        break
                    same += 1
                if same < len(before.hands) or len(after.hands) > same:
                    self.write_records(db, "hands", ident, after.hands[same:], same)
            else:
                self.write_records(db, "hands", ident, after.hands, count)
            if after.undone != before.undone:
                self.write_records(db, "undone", ident, after.undone, 0)
        except (TypeError, ValueError) as exc:
            raise GameError(
                _('game "{game}": the hand cannot be stored ({reason})').format(
                    game=before.name, reason=exc
                )
            ) from None
        now = datetime.now().isoformat(timespec="seconds")
        db.execute("UPDATE games SET changed = ? WHERE id = ?", (now, ident))
        return same

    # -------------------------------------------------------------- every game

    def listed(self) -> list[Listed]:
        """Every game with its summary (or the problem that stops reading it), and when it
        was started and last played (see :func:`canasta_score.games.game.dates_of`)."""
        from canasta_score.games.game import ENTERED, dates_of

        out = []
        with self.reading() as db:
            games = db.execute("SELECT id, name, created, changed FROM games ORDER BY name")
            rows = []
            for ident, name, created, changed in games.fetchall():
                entered = db.execute(
                    "SELECT json_extract(record, ?) FROM hands WHERE game = ? ORDER BY number",
                    (f"$.{ENTERED}", ident),
                ).fetchall()
                rows.append((name, dates_of(created, [e[0] for e in entered], changed)))
        for name, (started, last) in rows:
            try:
                summary: Summary | GameError = self.summary(Ref(name))
            except GameError as exc:
                summary = exc
            out.append(Listed(name, summary, started, last))
        return out

    def facts(self) -> tuple[list[GameFacts], list[Skipped]]:
        """The figures of every game for the statistics, each dated (see :func:`game_day`):
        as derived before when their stamp is the program's and the game's, else derived
        again (and kept)."""
        from canasta_score.games.stats import GameFacts, Skipped, game_facts

        games: list[GameFacts] = []
        skipped: list[Skipped] = []
        with self.reading() as db:
            rows = db.execute(
                "SELECT games.name, games.id, games.changed, summaries.facts FROM games "
                "LEFT JOIN summaries ON summaries.game = games.id AND summaries.stamp = ? "
                "AND summaries.revision = games.revision ORDER BY games.name",
                (program_stamp(),),
            ).fetchall()
        for name, ident, changed, kept in rows:
            figures = None
            with suppress(ValueError, KeyError, TypeError, AttributeError, RecursionError):
                if kept is not None:
                    figures = GameFacts.from_data(json.loads(kept))
            if figures is None:
                try:
                    with self.writing() as db:
                        figures = game_facts(self.kept_log(db, name))
                        db.execute(
                            "UPDATE summaries SET facts = ? WHERE game = ?",
                            (to_json(figures.to_data()), ident),
                        )
                except CanastaError as exc:
                    skipped.append(Skipped(name, str(exc)))
                    continue
            games.append(replace(figures, day=game_day(figures.created, changed)))
        return games, skipped

    # -------------------------------------------------------------- game files of old

    def import_legacy(self) -> None:
        """Import every game file of an earlier version, exactly as it stands (its hands, its
        undone hands, and which game was current), in one transaction; then move the files
        into a folder of their own and say so once."""
        import uuid

        from canasta_score.games.store.legacy import current_name, game_files, put_away

        imported: list[Path] = []
        refused: list[str] = []
        with self.writing() as db:
            if db.execute("SELECT 1 FROM settings WHERE key = ?", (IMPORTED,)).fetchone():
                return
            current = current_name(self.home)
            found, refused = game_files(self.home, MAX_IMPORT)
            for path in found:
                try:
                    game = read_file(path)
                except GameError as exc:
                    refused.append(str(exc))
                    continue
                if db.execute("SELECT 1 FROM games WHERE name = ?", (game.name,)).fetchone():
                    refused.append(
                        _('{path}: a game named "{game}" is already stored').format(
                            path=path, game=game.name
                        )
                    )
                    continue
                self.insert(db, game, uuid.uuid4().hex)
                imported.append(path)
            if current:
                row = db.execute("SELECT id FROM games WHERE name = ?", (current,)).fetchone()
                if row is not None:
                    self.set_current(db, int(row[0]))
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (IMPORTED, "1"))
        kept = put_away(self.home, imported) if imported else None
        if kept is not None:
            self.give(kept)
        if self.on_note is None:
            return
        if kept is not None:
            self.on_note(
                ngettext(
                    "note: {count} game file of an earlier version was imported into the "
                    "game database {path}; the file was moved to {folder} and is no longer "
                    "read (delete it once you are sure)",
                    "note: {count} game files of an earlier version were imported into the "
                    "game database {path}; the files were moved to {folder} and are no longer "
                    "read (delete them once you are sure)",
                    len(imported),
                ).format(count=len(imported), path=self.path, folder=kept)
            )
        for problem in refused:
            self.on_note(
                _("note: not imported, left where it is: {problem}").format(problem=problem)
            )


def sides_json(game: Game) -> str:
    """A game's sides as the ``games`` table holds them."""
    return to_json([{"name": s.name, "players": list(s.players)} for s in game.sides])


def unreadable(path: Path | str, exc: OSError) -> GameError:
    return GameError(
        _("{path}: cannot be read ({reason})").format(path=path, reason=system_reason(exc))
    )


def revision_of(db: sqlite3.Connection, ident: int) -> int:
    """Game ``ident``'s revision (see :meth:`Store.revision`)."""
    return int(db.execute("SELECT revision FROM games WHERE id = ?", (ident,)).fetchone()[0])


def read_only(exc: GameError) -> bool:
    """Whether a change failed only because the database cannot be written (derived data is
    then worked out without being kept)."""
    text = str(exc)
    return "readonly" in text or "read-only" in text


def game_day(created: str, changed: str) -> str:
    """A game's date (YYYY-MM-DD): when it was created, else when it was last changed."""
    for when in (created, changed):
        with suppress(ValueError, TypeError):
            return datetime.fromisoformat(when).date().isoformat()
    return ""


def read_file(path: Path) -> Game:
    """The game in an exported game file (JSON or TOML log, or a game file of an earlier
    version), read and never changed."""
    from canasta_score.games.gamefile import read_log
    from canasta_score.games.store.legacy import read_bytes

    raw = read_bytes(path, MAX_IMPORT)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(_("{path}: not a text file (UTF-8)").format(path=path)) from None
    game, _notes = read_log(text, str(path))
    return game
