"""Writing an output file (``--output``) whole or not at all: a temporary file beside it,
flushed, given its permissions and renamed over it. A symlink is written through; a pipe, a
device or a folder is refused; every failure is a :class:`GameError` naming the file, which is
left as it was."""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

from canasta_score.core.errors import GameError
from canasta_score.core.language import _, system_reason
from canasta_score.games.store.legacy import kind_of

NAME_MAX = 255  # bytes in one file name on the common file systems (ext4, APFS, NTFS)
TEMP_TAIL = ".tmp"


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows it)."""
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def regular_target(path: Path) -> tuple[Path, int | None]:
    """The file a write to ``path`` should replace (a symlink's target, followed to the end)
    and its permission bits (``None`` if it does not exist yet). Refuses anything but a
    regular file."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target, None
    except OSError as exc:
        raise GameError(
            _("{path}: cannot be written ({reason})").format(path=path, reason=system_reason(exc))
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise GameError(
            _("{path}: is {kind}, not a regular file; not written").format(
                path=path, kind=kind_of(info.st_mode)
            )
        )
    return target, stat.S_IMODE(info.st_mode)


def temp_beside(target: Path) -> tuple[int, Path]:
    """A new temporary file beside ``target``, open to write: ``.NAME.XXXXXXXX.tmp`` (8 random
    characters), ``NAME`` shortened (and a short hash of it added) when the whole would be too
    long."""
    name, room = target.name, NAME_MAX - len(f"..XXXXXXXX{TEMP_TAIL}")
    if len(os.fsencode(name)) > room:
        tag = "~" + hashlib.sha1(os.fsencode(name)).hexdigest()[:8]
        while len(os.fsencode(name)) > room - len(tag):
            name = name[:-1]
        name += tag
    fd, made = tempfile.mkstemp(TEMP_TAIL, f".{name}.", target.parent)
    return fd, Path(made)


def default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` (or the file its symlink points to) with ``data``, atomically; the data
    and the rename are flushed to disk before returning."""
    try:
        target, mode = regular_target(path)
        fd, tmp = temp_beside(target)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, default_mode() if mode is None else mode)
            os.replace(tmp, target)
        except BaseException:
            with suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        why = system_reason(exc)
        raise GameError(
            _("{path}: cannot be written ({reason}); it was left as it was").format(
                path=path, reason=why
            )
        ) from None
    fsync_dir(target.parent)
