"""A stored game exported, through the caches of exports kept beside it (see
:mod:`canasta_score.store.rendered` and :mod:`canasta_score.store.parted`): exporting a game
that has not changed since its last export of the same kind, by the same program, copies that
text instead of writing it again; after a change, the parts of the hands that did not change
are copied from it and only the others are written."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from canasta_score import language
from canasta_score.store import Store, parted, program_stamp, rendered
from canasta_score.store.parted import Index

if TYPE_CHECKING:
    from canasta_score.game import Log

# At most this many hands changed since the last export: they are scored on their own (from
# the running totals before them); more, and the game's log is read from its cache.
FEW = 50


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
    with lined.bulk():
        how = (fmt, detail, full)
        made = in_parts(store, path, key, target, how) if fmt in PARTED else None
        if made is None:
            log = store.scored(path, raw, key)  # every hand scored (and the log cache kept)
            made = in_parts(store, path, key, target, how, log) if fmt in PARTED else None
    if made is None:
        data = export(log, fmt, detail, full).encode("utf-8")
        plain = clean(text := data.decode("utf-8")) == text
        rendered.keep(target, program_stamp(), name, key, data, plain)
        return data, plain
    data, check, index, plain = made
    rendered.keep(target, program_stamp(), name, key, data, plain, check)
    # After the export, so that it never names one that is not there.
    parted.write(parts_path(target), program_stamp(), name, check, index)
    return data, plain


def in_parts(
    store: Store,
    path: Path,
    key: str,
    target: Path,
    how: tuple[str, bool, bool],
    whole: Log | None = None,
) -> tuple[bytes, str, Index, bool] | None:
    """The export put together from the parts of the last one kept that still hold, and the
    parts of the other hands written anew; None when the game has no hands, its caches are not
    there, more than :data:`FEW` hands changed (without ``whole``) or the export cannot be
    split (it is then written whole); with the digest of its text, where each hand's part lies
    in it, and whether it is plain text. ``whole``: the game's log, every hand scored (else
    the hands that changed are scored here)."""
    import hashlib

    from canasta_score.game import Log, Outcome, play_from
    from canasta_score.parts import pieces
    from canasta_score.safe_text import clean

    known = store.cached_game(path, key)
    summary = store.cached(path, key) if whole is None else whole.summary()
    if known is None or summary is None or not known[0].hands:
        return None
    if len(summary.lines) != len(known[0].hands):
        return None
    game, cache = known
    name = store.name_of(path)
    side = parts_path(target)
    before = rendered.read_any(target, program_stamp(), name)
    index = parted.read(side, program_stamp(), name, before[1]) if before else None
    try:
        keys, ends, same = parted.keys_of(cache, index)
    except (ValueError, TypeError):
        return None
    if whole is not None:
        later = whole.played[same:]
    elif len(game.hands) - same <= FEW:
        # Only the hands since: scored from the running totals the summary gives before them.
        totals = summary.lines[same - 1].totals if same else (0,) * len(game.sides)
        later = play_from(game, game.rules(), same, totals, Outcome())[0]
    else:
        return None  # many hands changed: scored with the log cache's help
    log = Log(game, game.rules(), later, Outcome())  # only the hands from ``same`` on
    found = pieces(log, *how, start=same, summary=summary, count=len(game.hands))
    if found is None:
        return None
    fresh = [found.frame[0]]  # the text written now (the rest is copied)
    chunks: list[bytes | memoryview] = [found.frame[0].encode("utf-8")]
    starts, sizes = [], []
    for run, (parts, join) in enumerate(zip(found.runs, found.joins, strict=True)):
        starts.append(sum(len(chunk) for chunk in chunks))
        glue = join.encode("utf-8")
        kept: list[int] = []
        if same and before is not None and index is not None:
            kept = index.sizes[run][:same]
            begin = index.starts[run]
            end = begin + sum(kept) + len(glue) * (same - 1)
            if end > len(before[0]):
                return None  # an index that does not fit its export: written whole
            chunks.append(before[0][begin:end])
        made = [part.encode("utf-8") for part in parts]
        if kept and made:
            chunks.append(glue)
        chunks += [glue.join(made), found.frame[run + 1].encode("utf-8")]
        fresh += [*parts, found.frame[run + 1]]
        sizes.append(kept + [len(part) for part in made])
    data = b"".join(chunks)
    text = "".join(fresh)
    # Plain text stays plain put together: only what was written now needs looking at, unless
    # the export copied from was not plain.
    plain = clean(text) == text and (before is None or before[2] or not same)
    if not plain and same and before is not None and not before[2]:
        whole_text = data.decode("utf-8")
        plain = clean(whole_text) == whole_text
    return data, hashlib.sha256(data).hexdigest(), parted.Index(keys, ends, starts, sizes), plain


def parts_path(target: Path) -> Path:
    return target.with_name(target.name.removesuffix(".txt") + ".parts.json")
