"""Bounds on what the tool reads: how much text, how deep, how large a number. Every document
read from a user (a hand record, a game file, an import, a ruleset, a ``--rule`` value, a batch
line) is read within a size limit and parsed by :func:`parse_json` or :func:`parse_toml`: any
parser failure becomes the project's own error, and past :data:`MAX_DEPTH` levels of nesting
or ±:data:`MAX_INT` the input is refused with a message naming the limit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import IO, Any

from canasta_score.core.errors import InputError
from canasta_score.core.language import N_, _
from canasta_score.core.safe_text import pattern as compiled

KIB = 1024
MIB = 1024 * KIB

# Largest size of each kind of input, in bytes (a real one is a small fraction of it).
MAX_LINE = 1 * MIB  # one request of ``check --batch``
MAX_RECORD = 1 * MIB  # one hand record (``score-hand``, ``hand --file``, standard input)
MAX_IMPORT = 64 * MIB  # one exported game log (a log of 10,000 hands is about 20 MiB)
MAX_RULESET = 1 * MIB  # one ruleset file
# Tables and lists inside one another: a game log needs about 6 levels.
MAX_DEPTH = 64
# The largest whole number anywhere in an input: 2**53 - 1, the largest every JSON reader
# keeps exactly. No count or score of a card game comes near it.
MAX_INT = 2**53 - 1
# At most this many ``extends`` steps from a ruleset file to a bundled one.
MAX_EXTENDS = 32


def size_text(limit: int) -> str:
    """``1 MiB (1,048,576 bytes)``."""
    if limit % MIB == 0:
        return _("{mib} MiB ({bytes:,} bytes)").format(mib=limit // MIB, bytes=limit)
    return _("{kib} KiB ({bytes:,} bytes)").format(kib=limit // KIB, bytes=limit)


def too_large(where: str, what: str, limit: int) -> InputError:
    """``what`` (marked with ``N_``, shown translated) read from ``where`` is too large."""
    return InputError(
        _("{where}: {what} is larger than the limit of {size}").format(
            where=where, what=_(what), size=size_text(limit)
        )
    )


def read_limited(stream: IO[bytes], limit: int, where: str, what: str) -> bytes:
    """Read a whole stream, refusing it once it holds more than ``limit`` bytes."""
    parts: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(1 << 16, limit + 1 - size))
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        size += len(chunk)
        if size > limit:
            raise too_large(where, what, limit)


def decode_utf8(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(_("{where}: not a text file (UTF-8)").format(where=where)) from None


class TooLarge(ValueError):
    """A whole number beyond :data:`MAX_INT`, met while parsing JSON."""


def json_int(digits: str) -> int:
    """A JSON whole number, refused beyond :data:`MAX_INT` (a long one is never converted)."""
    if len(digits) <= 20:
        value = int(digits)
        if abs(value) <= MAX_INT:
            return value
    raise TooLarge(digits[:20])


@cache
def json_decoder() -> Any:
    """The JSON decoder with the limit on numbers (the json module is imported on first use)."""
    import json

    return json.JSONDecoder(parse_int=json_int)


BOM = b"\xef\xbb\xbf"


# A batch line's answer: the object to print and its code (2: the error object of a line that
# could not be answered).
Answer = tuple[dict[str, Any], int]


def answer_line(answer: Callable[[Any, int], Answer], text: str | bytes, line: int) -> Answer:
    """The answer to one batch line: its request parsed within the limits, then answered by
    ``answer`` (a line that is not JSON gets its error object; ``line`` numbers it)."""
    try:
        request = parse_json(text, "")
    except InputError as exc:
        return error(line, str(exc))
    return answer(request, line)


def error(line: int, message: str) -> Answer:
    """The error object of a batch line that could not be answered."""
    return {"line": line, "error": message}, 2


def parse_json(text: str | bytes, where: str) -> Any:
    """A JSON document within the limits; a problem is an :class:`InputError` naming ``where``."""
    try:
        # Bytes as the "utf-8-sig" codec reads them (a byte order mark is dropped), but faster.
        words = text if isinstance(text, str) else text.removeprefix(BOM).decode("utf-8")
        data = json_decoder().decode(words)
    except RecursionError:
        raise InputError(f"{at(where)}{nested_text()}") from None
    except TooLarge:
        raise InputError(f"{at(where)}{number_text()}") from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8
        problem = _("not valid JSON ({problem})").format(problem=parse_problem(exc))
        raise InputError(f"{at(where)}{problem}") from None
    # Nesting deeper than the limit takes more openings than that: most text is not walked.
    if words.count("[") + words.count("{") > MAX_DEPTH:
        check_document(data, where)
    return data


def parse_toml(text: str, where: str, invalid: str = N_("not valid TOML")) -> dict[str, Any]:
    """A TOML document within the limits; a problem is an :class:`InputError` (``invalid``,
    marked with ``N_``, says what a syntax error is called)."""
    import tomllib

    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write one
    dotted_keys_within_limits(text, where)
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise InputError(f"{at(where)}{nested_text()}") from None
    except ValueError as exc:  # TOMLDecodeError, a number too long to convert
        problem = _("{invalid} ({problem})").format(invalid=_(invalid), problem=parse_problem(exc))
        raise InputError(f"{at(where)}{problem}") from None
    # A level of nesting takes a bracket, a brace or a dot, and a number beyond the limit a run
    # of at least 14 digits (hexadecimal): most text is not walked.
    nesting = text.count("[") + text.count("{") + text.count(".")
    if nesting >= MAX_DEPTH or compiled(LONG_NUMBER).search(text):
        check_document(data, where)
    return data


# What a whole number beyond MAX_INT looks like in TOML: 16 decimal digits or more, or 14 or
# more hexadecimal ones (underscores may come between them).
LONG_NUMBER = "[0-9A-Fa-f_]{14}"
# The parts of one dotted key (``a.b.c`` has three) and of every key of a document, at most:
# the standard parser takes time and memory that grow with the square of a key's parts.
MAX_KEY_PARTS = MAX_DEPTH
MAX_DOCUMENT_PARTS = 100_000


def dotted_keys_within_limits(text: str, where: str) -> None:
    """Refuse, in one pass before parsing, TOML keys with too many dotted parts."""
    if text.count(".") <= MAX_KEY_PARTS:
        return
    total = 0
    for line in text.splitlines():
        head = line.lstrip()
        if not head or head[0] == "#":
            continue
        if head[0] == "[":
            key = head.split("]", 1)[0]
        elif "=" in head:
            key = head.split("=", 1)[0]
        else:
            continue
        parts = key.count(".") + 1
        total += parts
        if parts > MAX_KEY_PARTS:
            said = _("a key with more than {limit:,} dotted parts (the limit)")
            raise InputError(at(where) + said.format(limit=MAX_KEY_PARTS))
        if total > MAX_DOCUMENT_PARTS:
            said = _("keys with more than {limit:,} dotted parts in all (the limit)")
            raise InputError(at(where) + said.format(limit=MAX_DOCUMENT_PARTS))


def parse_problem(exc: ValueError) -> str:
    """A parser's complaint in plain words (Python's own advice about its limits left out)."""
    text = str(exc)
    return number_text() if "integer string conversion" in text else text


def nested_text() -> str:
    return _("nested more than {depth} levels deep (the limit)").format(depth=MAX_DEPTH)


def check_document(data: Any, where: str) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` or holding a whole number beyond
    ±:data:`MAX_INT`; the message names the place (``side[0].meld_points``)."""
    # Each entry: (value, depth, (key, parent entry)); the path is spelled only on a problem.
    stack: list[tuple[Any, int, Any]] = [(data, 0, None)]
    while stack:
        value, depth, trail = stack.pop()
        if isinstance(value, dict):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
                raise InputError(f"{at(where, trail)}{number_text()}")
            continue
        if depth >= MAX_DEPTH:
            raise InputError(f"{at(where, trail)}{nested_text()}")
        stack.extend((v, depth + 1, (k, trail)) for k, v in items)


def at(where: str, trail: Any = None) -> str:
    """``FILE: side[0].meld_points: `` from the input's name and a trail of (key, parent
    trail); empty for an unnamed input at the top."""
    keys: list[Any] = []
    while trail is not None:
        key, trail = trail
        keys.append(key)
    path = ""
    for key in reversed(keys):
        path += f"[{key}]" if isinstance(key, int) else (f".{key}" if path else str(key))
    if where and path.startswith("["):  # --rule threes.red_values[1]
        return f"{where}{path}: "
    return "".join(f"{part}: " for part in (where, path) if part)


def number_text() -> str:
    return _("a whole number beyond ±{limit:,} (the limit)").format(limit=MAX_INT)
