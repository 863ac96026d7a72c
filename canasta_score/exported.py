"""A stored game exported, through the cache of exports kept beside it (see
:mod:`canasta_score.store.rendered`): exporting a game that has not changed since its last
export of the same kind, by the same program, copies that text instead of writing it again."""

from __future__ import annotations

from pathlib import Path

from canasta_score import language
from canasta_score.store import Store, program_stamp, rendered


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
    from canasta_score.export import export
    from canasta_score.safe_text import clean
    from canasta_score.store import lined

    log = store.scored(path, raw, key)
    with lined.bulk():
        text = export(log, fmt, detail=detail, full=full)
    data, plain = text.encode("utf-8"), clean(text) == text
    if known:
        rendered.keep(target, program_stamp(), name, key, data, plain)
    return data, plain
