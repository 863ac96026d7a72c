"""The compiled ruleset cache gives exactly the ruleset built from the TOML, and is never used
once a ruleset file changes (issue: start-up speed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta_score.rules import catalog, rulecache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(rulecache.CACHE_ENV, str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("ident", catalog.bundled_ids())
def test_every_bundled_ruleset_from_the_cache_equals_the_one_built(ident: str, cache: Path) -> None:
    for players in catalog.load_ruleset(ident).table.player_counts:
        for rules in ([], ["go_out.bonus=200"]):
            built = catalog.build_file(ident, catalog.locate(ident), players, rules)
            catalog.load_ruleset(ident, players=players, overrides=rules)  # now kept
            kept = catalog.load_ruleset(ident, players=players, overrides=rules)
            assert kept == built and repr(kept) == repr(built)


def test_an_edited_ruleset_file_is_not_answered_from_the_cache(cache: Path) -> None:
    """The fingerprint holds each ruleset file's size and time: a changed file misses."""
    bundled = catalog.bundled_dir()
    before = rulecache.fingerprint(bundled, "classic", None, [])
    path = bundled / "classic.toml"
    stat = path.stat()
    try:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
        assert rulecache.fingerprint(bundled, "classic", None, []) != before
    finally:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_another_request_has_another_fingerprint() -> None:
    bundled = catalog.bundled_dir()
    keys = {
        rulecache.fingerprint(bundled, "classic", None, []),
        rulecache.fingerprint(bundled, "classic", 2, []),
        rulecache.fingerprint(bundled, "classic", None, ["go_out.bonus=200"]),
        rulecache.fingerprint(bundled, "samba", None, []),
    }
    assert len(keys) == 4


def test_a_changed_or_strange_entry_is_never_used_and_the_ruleset_is_built_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """RULES 2.1: Classic's going-out bonus is 100. An entry whose bonus was changed (to 1,000,
    7 or "lots"), one cut short, and one that is a named pipe are never used: the ruleset is
    built from its TOML (a pipe is never opened, so nothing hangs)."""
    import marshal
    import os

    from canasta_score.rules import catalog, rulecache

    monkeypatch.setenv("CANASTA_SCORE_CACHE", str(tmp_path))
    assert catalog.load_ruleset("classic").go_out.bonus == 100  # builds and keeps the entry
    [entry] = [p for p in tmp_path.iterdir() if p.suffix == ".marshal"]
    raw = entry.read_bytes()
    key, payload = marshal.loads(raw[rulecache.DIGEST :])
    assert rulecache.read(entry, key) is not None  # the entry as written is used

    def with_bonus(value: object, redigest: bool) -> bytes:
        rs = rulecache.decode(payload)
        changed = rulecache.encode(rs)
        names = list(rulecache.section_types())
        sections = list(changed[0])
        go_out = list(sections[names.index("go_out")])
        fields = [f.name for f in rulecache.fields(rulecache.section_types()["go_out"])]
        go_out[fields.index("bonus")] = value
        sections[names.index("go_out")] = tuple(go_out)
        data = marshal.dumps((key, (tuple(sections), *changed[1:])))
        if not redigest:
            return raw[: rulecache.DIGEST] + data
        import hashlib

        return hashlib.blake2b(data, digest_size=rulecache.DIGEST).digest() + data

    for bad in (
        with_bonus(1000, redigest=False),  # changed: its digest no longer matches
        with_bonus(7, redigest=True),  # whole, but not a multiple of 5 (RULES 0.2)
        with_bonus("lots", redigest=True),  # whole, but not a number
        raw[: len(raw) // 2],  # cut short
    ):
        entry.write_bytes(bad)
        assert rulecache.read(entry, key) is None
        assert catalog.load_ruleset("classic").go_out.bonus == 100
    entry.unlink()
    os.mkfifo(entry)
    assert rulecache.read(entry, key) is None
    assert catalog.load_ruleset("classic").go_out.bonus == 100


def test_an_entry_is_never_written_through_a_link_and_killed_writes_are_swept(
    cache: Path,
) -> None:
    """Links planted at the entry's name and at a temporary name a writer could have used
    leave the files they point at as they were; a temporary file a killed writer left a day
    ago is swept, one being written now is left. RULES 2.1: the entry still gives Classic's
    going-out bonus of 100."""
    key = rulecache.fingerprint(catalog.bundled_dir(), "classic", None, [])
    path = rulecache.entry(key)
    victims = [cache.parent / "victim-1.txt", cache.parent / "victim-2.txt"]
    for victim in victims:
        victim.write_bytes(b"keep me")
    path.symlink_to(victims[0])
    path.with_name(f".{path.name}.{os.getpid()}.tmp").symlink_to(victims[1])
    stale, fresh = cache / f"{rulecache.TEMP_PREFIX}killed", cache / f"{rulecache.TEMP_PREFIX}now"
    for left in (stale, fresh):
        left.write_bytes(b"half")
    os.utime(stale, (1e9, 1e9))
    catalog.load_ruleset("classic")  # builds and keeps the entry
    assert [v.read_bytes() for v in victims] == [b"keep me", b"keep me"]
    assert not path.is_symlink()
    kept = rulecache.read(path, key)
    assert kept is not None and kept.go_out.bonus == 100
    assert not stale.exists() and fresh.exists()
