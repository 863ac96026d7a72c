"""Game files: where they live, reading and writing them safely, and the current game.

One TOML file per game, ``NAME.toml``, in the game home: ``$CANASTA_SCORE_HOME`` if set, else a
folder the caller names. Every change happens under an exclusive lock on the game, and a file is
replaced atomically (temporary file in the same folder, flushed and synced, then renamed), so a
reader sees the old game or the new one, never half of either, and two writers never lose a hand.
A file that does not read as a valid game is refused and left untouched.

Summaries (running totals and the rest of ``status``) are cached in ``.cache/`` under the home,
keyed by a digest of the game file's bytes; a cache that does not match is simply recomputed.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from canasta_score import __version__
from canasta_score.errors import GameError
from canasta_score.summary import Summary

if TYPE_CHECKING:
    from canasta_score.game import Game, Log

HOME_ENV = "CANASTA_SCORE_HOME"
SUFFIX = ".toml"
CURRENT = "current"
CACHE_DIR = ".cache"
CACHE_FORMAT = 1
HEADER = (
    "# A canasta-score game. Every hand is kept as it was entered; totals are worked out from\n"
    "# the hands with the ruleset below. A file edited into something invalid is refused (and\n"
    "# never overwritten) until it is put right.\n"
)

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
    folder = Path(__file__).parent
    stamp = [__version__]
    with suppress(OSError):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                info = entry.stat()
                stamp.append(f"{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha1("|".join(stamp).encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- safe file operations


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows it)."""
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: temp file in the same folder, fsync, rename, fsync."""
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of the game at ``path`` (a ``.NAME.toml.lock`` file beside it)."""
    lock = path.parent / f".{path.name}.lock"
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise GameError(f"{path}: cannot lock the game ({exc.strerror})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise GameError(f"{path}: no such game file") from None
    except OSError as exc:
        raise GameError(f"{path}: cannot be read ({exc.strerror})") from None


# ---------------------------------------------------------------- TOML


def encode(game: Game) -> bytes:
    """A game as the bytes of its TOML file."""
    import tomli_w

    return (HEADER + tomli_w.dumps(game.to_data())).encode("utf-8")


def decode(name: str, raw: bytes, where: Path | str) -> Game:
    """Read a game from the bytes of its file; any problem is a :class:`GameError`."""
    from canasta_score.errors import InputError
    from canasta_score.game import Game
    from canasta_score.limits import parse_toml

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameError(f"{where}: not a text file (UTF-8)") from None
    try:
        data = parse_toml(text, str(where))
    except InputError as exc:
        raise GameError(f"{exc}; the file was left as it is") from None
    try:
        return Game.from_data(name, data)
    except GameError as exc:
        raise GameError(f"{where}: {exc}; the file was left as it is") from None


# ---------------------------------------------------------------- the store


class Store:
    """The games in one home folder (and game files named by path)."""

    def __init__(self, home: Path) -> None:
        self.home = home

    # -------------------------------------------------------------- finding games

    def path_of(self, name: str) -> Path:
        return self.home / f"{name}{SUFFIX}"

    @staticmethod
    def name_of(path: Path) -> str:
        return path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name

    def locate(self, ref: str | None) -> Path:
        """The file of a game given by name or path; without one, the current game."""
        if ref is None:
            return self.current()
        ref = ref.strip()
        if not ("/" in ref or os.sep in ref or ref.endswith(SUFFIX)):
            path = self.path_of(ref)
            if path.is_file():
                return path
            raise GameError(f'no game named "{ref}" in {self.home} (see "canasta-score games")')
        for candidate in (Path(ref).expanduser(), self.home / ref):
            if candidate.is_file():
                return candidate.resolve()
        raise GameError(f"{ref}: no such game file")

    def current(self) -> Path:
        """The most recently created or used game."""
        pointer = self.home / CURRENT
        try:
            ref = pointer.read_text(encoding="utf-8").strip()
        except OSError:
            ref = ""
        if not ref:
            raise GameError(
                'no current game: start one with "canasta-score new", or give --game NAME'
            )
        path = Path(ref) if os.sep in ref or "/" in ref else self.path_of(ref)
        if not path.is_file():
            raise GameError(
                f'the current game "{ref}" no longer exists; give --game NAME '
                '(see "canasta-score games")'
            )
        return path

    def use(self, path: Path) -> None:
        """Make the game at ``path`` the current game."""
        inside = path.parent.resolve() == self.home.resolve() and path.name.endswith(SUFFIX)
        ref = self.name_of(path) if inside else str(path.resolve())
        pointer = self.home / CURRENT
        with suppress(OSError):
            if pointer.read_text(encoding="utf-8").strip() == ref:
                return
        self.home.mkdir(parents=True, exist_ok=True)
        write_atomic(pointer, (ref + "\n").encode("utf-8"))

    def free_name(self, stem: str) -> str:
        """``stem``, or ``stem-2``, ``stem-3``... whichever no game uses yet."""
        name, n = stem, 1
        while self.path_of(name).exists():
            n += 1
            name = f"{stem}-{n}"
        return name

    def paths(self) -> list[Path]:
        """Every game file in the home, by name."""
        if not self.home.is_dir():
            return []
        return sorted(p for p in self.home.glob(f"*{SUFFIX}") if not p.name.startswith("."))

    # -------------------------------------------------------------- reading

    def load(self, path: Path) -> Game:
        """The game stored at ``path`` (validated)."""
        return decode(self.name_of(path), read_bytes(path), path)

    def log(self, path: Path) -> Log:
        """The game at ``path``, every hand scored."""
        from canasta_score.game import replay

        return replay(self.load(path))

    def summary(self, path: Path) -> Summary:
        """The game's summary, from the cache when it matches the file, else computed."""
        raw = read_bytes(path)
        from_cache = self.cached(path, digest(raw))
        if from_cache is not None:
            return from_cache
        summary = self.replayed(path, decode(self.name_of(path), raw, path))
        self.save_cache(path, digest(raw), summary)
        return summary

    def checked(self, path: Path, raw: bytes) -> tuple[Game, Summary]:
        """The game in ``raw`` with its summary: from the cache if it matches, else every hand
        is scored again (so a hand edited into something invalid is found and named)."""
        game = decode(self.name_of(path), raw, path)
        summary = self.cached(path, digest(raw))
        return game, summary if summary is not None else self.replayed(path, game)

    @staticmethod
    def replayed(path: Path, game: Game) -> Summary:
        from canasta_score.game import replay

        try:
            return replay(game).summary()
        except GameError as exc:
            raise GameError(f"{path}: {exc}; the file was left as it is") from None

    # -------------------------------------------------------------- writing

    def create(self, game: Game, taken_hint: str) -> Path:
        """Store a new game under its name and make it current; never replaces a game."""
        try:
            self.home.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = exc.strerror
            raise GameError(f"{self.home}: cannot create the game folder ({why})") from None
        path = self.path_of(game.name)
        with locked(path):
            if path.exists():
                raise GameError(f'a game named "{game.name}" already exists; {taken_hint}')
            from canasta_score.game import replay

            summary = replay(game).summary()
            raw = encode(game)
            write_atomic(path, raw)
            self.save_cache(path, digest(raw), summary)
        self.use(path)
        return path

    def update(self, path: Path, change: Callable[[Game, Summary], tuple[Game, Summary, R]]) -> R:
        """Read-modify-write a game under its lock. ``change`` gets the game and its summary and
        returns the changed game, its summary and a result. If ``change`` raises (or the file
        does not hold a valid game), the file is not touched."""
        with locked(path):
            raw = read_bytes(path)
            game, current = self.checked(path, raw)
            changed, summary, result = change(game, current)
            new_raw = encode(changed)
            write_atomic(path, new_raw)
            self.save_cache(path, digest(new_raw), summary)
        return result

    # -------------------------------------------------------------- the summary cache

    def cache_path(self, path: Path) -> Path:
        folder = self.home / CACHE_DIR
        if path.parent.resolve() == self.home.resolve():
            return folder / f"{path.name}.json"
        key = hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:16]
        return folder / f"elsewhere-{key}.json"

    def cached(self, path: Path, key: str) -> Summary | None:
        """The cached summary of the file whose bytes have digest ``key``, if there is one."""
        try:
            data: Any = json.loads(self.cache_path(path).read_bytes())
            if (
                data.get("cache") != CACHE_FORMAT
                or data.get("program") != program_stamp()
                or data.get("digest") != key
            ):
                return None
            summary = Summary.from_data(data["summary"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # a damaged cache is worked out again
        return summary if summary.game == self.name_of(path) else None

    def save_cache(self, path: Path, key: str, summary: Summary) -> None:
        """Remember a summary; the cache is only a shortcut, so failing to write it is fine."""
        data = {
            "cache": CACHE_FORMAT,
            "program": program_stamp(),
            "digest": key,
            "summary": summary.to_data(),
        }
        target = self.cache_path(path)
        with suppress(OSError):
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, json.dumps(data, separators=(",", ":")).encode("utf-8"))


def list_games(store: Store) -> list[tuple[str, Summary | GameError]]:
    """Every game in the home with its summary, or the problem that stops reading it."""
    out: list[tuple[str, Summary | GameError]] = []
    for path in store.paths():
        try:
            out.append((store.name_of(path), store.summary(path)))
        except GameError as exc:
            out.append((store.name_of(path), exc))
    return out
