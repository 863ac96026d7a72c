"""Appending a hand without writing the whole game file again: the file's bytes are the same as
a full write, and only a file this program wrote (and whose cache matches it) is extended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_store import append, by_hand, make

import canasta_score.store as store_module
from canasta_score.export import export
from canasta_score.game import replay
from canasta_score.store import Store, decode, encode
from canasta_score.store.appending import spliced


def full_write(store: Store, path: Path) -> bytes:
    """The bytes a full write of the game in ``path`` gives (read from the TOML, no cache)."""
    return encode(decode(store.name_of(path), path.read_bytes(), path))


def test_an_appended_hand_leaves_the_bytes_of_a_full_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contract scenario hand 2 (A 560, B 850) entered four times: 2,240 against 3,400."""
    done: list[bool] = []

    def counted(*args: Any) -> bytes | None:
        out = spliced(*args)
        done.append(out is not None)
        return out

    monkeypatch.setattr(store_module, "spliced", counted)
    store = Store(tmp_path)
    path = make(store, target=100000)
    for _ in range(4):
        append(store, path)
        assert path.read_bytes() == full_write(store, path)
    assert done == [True, True, True]  # the first hand has no [[hand]] to follow
    assert [s.score for s in store.summary(path).sides] == [4 * 560, 4 * 850]
    assert path.read_bytes().count(b"\n[[hand]]\n") == 4
    assert path.with_name("club.toml.bak").is_file()


def test_the_game_cache_is_read_instead_of_the_file_and_never_when_stale(tmp_path: Path) -> None:
    """A file changed outside the program (checksum line deleted, as the docs say) is read from
    its TOML, not from the cache of the version before, and is then written out in full, even
    once a read has cached it."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    append(store, path)
    text = path.read_text(encoding="utf-8").replace("meld_points = 300", "meld_points = 400", 1)
    path.write_text("# kept by hand\n" + by_hand(text), encoding="utf-8")
    store.load(path)  # caches the game as read, which is not a file this program wrote
    append(store, path)
    assert b"# kept by hand" not in path.read_bytes()
    assert path.read_bytes() == full_write(store, path)
    # Hand 1 now A 400 + 300 - 40 = 660; hands 2 and 3 A 560; B 850 each.
    assert [s.score for s in store.summary(path).sides] == [660 + 2 * 560, 3 * 850]


def test_a_damaged_game_cache_is_worked_out_again(tmp_path: Path) -> None:
    """Contract scenario hand 2 twice: 1,120 against 1,700, whatever the cache holds."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    store.game_cache_path(path).write_text('{"cache": 1, "game": [', encoding="utf-8")
    append(Store(tmp_path), path)
    assert path.read_bytes() == full_write(store, path)
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [1120, 1700]


def test_the_cached_log_exports_exactly_what_scoring_again_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contract scenario hand 2 twice, to a target of 1,500: B (850 + 850) wins after hand 2.
    Every export format from the cached breakdowns equals the one scored again."""
    store = Store(tmp_path)
    path = make(store, target=1500)
    append(store, path)
    append(store, path)
    fresh = replay(store.load(path))
    assert fresh.outcome.winners == ("B",)
    first = store.log(path)  # scores the hands and caches them

    def no_scoring(game: object) -> None:
        raise AssertionError("a hand was scored again")

    monkeypatch.setattr("canasta_score.game.replay", no_scoring)
    cached = Store(tmp_path).log(path)
    for fmt in ("json", "toml", "csv", "md", "html"):
        assert export(cached, fmt) == export(fresh, fmt) == export(first, fmt)
    assert cached == fresh


def test_a_stale_or_damaged_log_cache_is_never_served(tmp_path: Path) -> None:
    """Hand 1 changed by hand to A 400 melded: A 400 + 300 - 40 = 660, then 560: 1,220."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    append(store, path)
    store.log(path)
    text = path.read_text(encoding="utf-8").replace("meld_points = 300", "meld_points = 400", 1)
    path.write_text(by_hand(text), encoding="utf-8")
    assert Store(tmp_path).log(path).totals == (660 + 560, 1700)
    log_cache = store.cache_path(path).with_name("club.toml.log.json")
    log_cache.write_text('{"program": 1, "log": [[', encoding="utf-8")
    assert Store(tmp_path).log(path).totals == (660 + 560, 1700)
