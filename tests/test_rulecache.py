"""The compiled ruleset cache gives exactly the ruleset built from the TOML, and is never used
once a ruleset file changes (issue: start-up speed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canasta_score import catalog
from canasta_score.catalog import rulecache


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
