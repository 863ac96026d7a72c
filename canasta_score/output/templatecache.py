"""Compiled page templates kept between runs (the files behind
:class:`canasta_score.output.page.TemplateCache`, Jinja2's bytecode cache), in the ruleset
cache's folder, so that a page does not compile its templates each time.

An entry is sealed as the ruleset cache's are (:func:`canasta_score.rules.rulecache.seal`) and
holds its fingerprint (the program and Jinja2 versions, the template's name and file, the size
and time of the module that sets the environment's options) and Jinja2's bucket (whose magic
number names the Python version, and whose checksum the template's source). It is given back
only when it is a regular file of this user's that no one else may write, whole, with the same
fingerprint; anything else is no entry, and the template is compiled as usual.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import stat
from pathlib import Path

from canasta_score import __version__
from canasta_score.rules.rulecache import DIGEST, MAX_ENTRY, folder, put, seal

# The module whose code sets the template environment's options (escaping, trimming, finalize).
OPTIONS = Path(__file__).with_name("page.py")


def fingerprint(jinja: str, template: str) -> str:
    """What compiled code is made from: the versions, the template (Jinja2's key for its name
    and file) and the environment's options."""
    options = os.stat(OPTIONS)
    stamp = f"{OPTIONS.name}:{options.st_size}:{options.st_mtime_ns}"
    return "\n".join([__version__, jinja, template, stamp])


def entry(key: str) -> Path:
    return (
        folder() / f"template-{hashlib.blake2b(key.encode(), digest_size=16).hexdigest()}.marshal"
    )


def read(key: str) -> bytes | None:
    """The kept bucket for ``key``, or None when there is none that can be used."""
    user = getattr(os, "getuid", None)
    if user is None:
        return None  # no user ids to check an entry's owner by: nothing is read back
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        with open(os.open(entry(key), flags), "rb") as file:
            info = os.fstat(file.fileno())
            if (
                not stat.S_ISREG(info.st_mode)
                or info.st_size > MAX_ENTRY
                or info.st_uid != user()
                or info.st_mode & 0o022
            ):
                return None  # a pipe, a device, a large file or another's file is never read
            raw = file.read(MAX_ENTRY + 1)
        if seal(raw[DIGEST:]) != raw:
            return None
        found, bucket = marshal.loads(raw[DIGEST:])
    except Exception:  # a missing, unreadable, damaged or foreign entry is no entry
        return None
    return bucket if found == key and type(bucket) is bytes else None


def write(key: str, bucket: bytes) -> None:
    """Keep ``bucket``; any failure leaves the cache as it was (see :func:`rulecache.put`)."""
    put(entry(key), marshal.dumps((key, bucket)))
