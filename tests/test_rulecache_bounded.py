"""The compiled ruleset cache keeps a bounded number of entries (docs/reliability.md, "Hostile
input": neither memory nor time grows without bound): a batch or a user naming ever new house
rules leaves at most ``MAX_ENTRIES`` files, the newest kept and giving its own ruleset."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta_score.rules import catalog, rulecache


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(rulecache.CACHE_ENV, str(tmp_path))
    # A bound of 8 stands for the real one: the mechanism is the same, the test quicker.
    monkeypatch.setattr(rulecache, "MAX_ENTRIES", 8)
    return tmp_path


def entries(cache: Path) -> list[Path]:
    return [p for p in cache.iterdir() if p.name.startswith("ruleset-")]


def test_the_cache_folder_keeps_at_most_its_bound_of_entries(cache: Path) -> None:
    """RULES 2.1 (classic going-out bonus 100) changed by house rules go_out.bonus = 5 n, one
    entry each: past the bound the oldest are removed; the newest entry gives its own bonus."""
    extra = 20
    for n in range(rulecache.MAX_ENTRIES + extra):
        catalog.load_ruleset("classic", overrides=[f"go_out.bonus={5 * n}"])
    assert len(entries(cache)) == rulecache.MAX_ENTRIES
    last = [f"go_out.bonus={5 * (rulecache.MAX_ENTRIES + extra - 1)}"]
    key = rulecache.fingerprint(catalog.bundled_dir(), "classic", None, last)
    kept = rulecache.read(rulecache.entry(key), key)
    assert kept is not None and kept.go_out.bonus == 5 * (rulecache.MAX_ENTRIES + extra - 1)


def test_the_oldest_entries_go_first_and_other_files_stay(cache: Path) -> None:
    """Entries written long ago are the ones removed; a file that is not an entry is left."""
    mine = cache / "notes.txt"
    mine.write_text("keep me")
    for n in range(rulecache.MAX_ENTRIES):
        old = cache / f"ruleset-{n:08x}-1.marshal"
        old.write_bytes(b"old")
        os.utime(old, (1e9 + n, 1e9 + n))
    catalog.load_ruleset("classic")
    names = {p.name for p in entries(cache)}
    assert len(names) == rulecache.MAX_ENTRIES
    assert f"ruleset-{0:08x}-1.marshal" not in names
    assert f"ruleset-{1:08x}-1.marshal" in names
    assert mine.read_text() == "keep me"
