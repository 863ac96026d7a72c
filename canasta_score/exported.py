"""A stored game exported, through the caches of exports kept beside it (see
:mod:`canasta_score.store.rendered` and :mod:`canasta_score.store.parted`): exporting a game
that has not changed since its last export of the same kind, by the same program, copies that
text instead of writing it again; after a change, the parts of the hands that did not change
are copied from it and only the others are written."""

from __future__ import annotations

from pathlib import Path

from canasta_score import language
from canasta_score.game import Log
from canasta_score.store import Store, parted, program_stamp, rendered
from canasta_score.store.parted import Index


def exported(
    store: Store, path: Path, fmt: str, detail: bool = False, full: bool = False
) -> tuple[bytes, bool]:
    """The game at ``path`` exported (see :func:`canasta_score.export.export`), as UTF-8, and
    whether that is plain text (nothing :func:`canasta_score.safe_text.clean` drops)."""
    raw, key = store.fingerprint(path)
    name = store.name_of(path)
    kind = f"{rendered.kind(fmt, detail, full)}-{language.current()}"  # in case it is translated
    target = store.variant_path(path, f".export-{kind}.txt")
    known = fmt.isascii() and fmt.isalnum()  # else the format is refused below
    found = rendered.read(target, program_stamp(), name, key) if known else None
    if found is not None:
        return found
    from canasta_score.export import check_kind, export
    from canasta_score.parts import PARTED
    from canasta_score.safe_text import clean
    from canasta_score.store import lined

    check_kind(fmt, detail, full)
    log = store.scored(path, raw, key)
    with lined.bulk():
        made = None
        if fmt in PARTED and log.played:
            made = in_parts(store, path, key, target, log, (fmt, detail, full))
        data = made[0] if made is not None else export(log, fmt, detail, full).encode("utf-8")
    plain = clean(text := data.decode("utf-8")) == text
    rendered.keep(target, program_stamp(), name, key, data, plain)
    if made is not None:  # after the export, so it never names one that is not there
        parted.write(parts_path(target), program_stamp(), name, made[1], made[2])
    return data, plain


def in_parts(
    store: Store, path: Path, key: str, target: Path, log: Log, how: tuple[str, bool, bool]
) -> tuple[bytes, str, Index] | None:
    """The export put together from the parts of the last one kept that still hold, and the
    parts of the other hands written anew; None when the game's cache is not there or the
    export cannot be split (it is then written whole)."""
    import hashlib

    from canasta_score.parts import pieces
    from canasta_score.store import gamecache

    cache = gamecache.read(store.game_cache_path(path), program_stamp(), key)
    if cache is None or cache.count != len(log.played):
        return None
    name = store.name_of(path)
    side = parts_path(target)
    before = rendered.read_any(target, program_stamp(), name)
    index = parted.read(side, program_stamp(), name, before[1]) if before else None
    try:
        keys, ends, same = parted.keys_of(cache, index)
    except (ValueError, TypeError):
        return None
    found = pieces(log, *how, start=same)
    if found is None:
        return None
    out = bytearray(found.frame[0].encode("utf-8"))
    starts, sizes = [], []
    for run, (parts, join) in enumerate(zip(found.runs, found.joins, strict=True)):
        starts.append(len(out))
        glue = join.encode("utf-8")
        kept: list[int] = []
        if same and before is not None and index is not None:
            kept = index.sizes[run][:same]
            begin = index.starts[run]
            out += before[0][begin : begin + sum(kept) + len(glue) * (same - 1)]
        made = [part.encode("utf-8") for part in parts]
        if kept and made:
            out += glue
        out += glue.join(made)
        sizes.append(kept + [len(part) for part in made])
        out += found.frame[run + 1].encode("utf-8")
    data = bytes(out)
    return data, hashlib.sha256(data).hexdigest(), parted.Index(keys, ends, starts, sizes)


def parts_path(target: Path) -> Path:
    return target.with_name(target.name.removesuffix(".txt") + ".parts.json")
