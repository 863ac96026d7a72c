"""The caches that let a long game grow at the cost of one hand: the game cache's two texts of
the hands (one of them what the file's checksum reads) and the summary cache's hand lines are
extended, not written again; a damaged or stale one is never read.

Every hand is the contract scenario's hand 2: A 560, B 850."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_store import append, make

import canasta_score.store as store_module
from canasta_score.store import Store, canonical, checksum, decode, encode, game_data
from canasta_score.store.gamecache import checksum_text, kept
from canasta_score.summary import Summary


def full_write(path: Path) -> bytes:
    return encode(decode(Store.name_of(path), path.read_bytes(), path))


def test_the_checksum_from_the_cached_hands_is_the_checksum_of_the_whole_data(
    tmp_path: Path,
) -> None:
    """Checked with and without undone hands (which sort after the hands)."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    for _ in range(3):
        append(store, path)
    game = store.load(path)
    for undone in ((), game.hands[:1]):
        data = game_data(game.__class__(**{**game.__dict__, "undone": undone}))
        cache = kept(data, True)
        body = {k: v for k, v in data.items() if k != "end"}
        assert checksum_text(cache.head, cache.sorted_text.decode()) == canonical(body)
        assert data["end"]["checksum"] == checksum(data)


def test_a_long_run_of_appended_hands_keeps_every_file_a_full_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the first hand (written in full), no append works out the checksum from the whole
    data; still each file equals a full write (so its checksum is right), and the totals are
    560 and 850 per hand."""
    whole: list[int] = []
    real = store_module.checksum

    def counted(data: dict[str, object]) -> str:
        whole.append(1)
        return real(data)

    store = Store(tmp_path)
    path = make(store, target=100000)
    for n in range(1, 7):
        with monkeypatch.context() as patch:
            patch.setattr(store_module, "checksum", counted)
            append(Store(tmp_path), path)
        assert path.read_bytes() == full_write(path)
        assert [s.score for s in Store(tmp_path).summary(path).sides] == [560 * n, 850 * n]
    assert len(whole) == 1


def damage(cache: Path, old: bytes, new: bytes) -> None:
    raw = cache.read_bytes()
    assert old in raw
    cache.write_bytes(raw.replace(old, new))


def test_a_damaged_game_cache_never_makes_a_wrong_checksum(tmp_path: Path) -> None:
    """A cached hand changed (A's 300 melded made 400) is not read: the next append writes the
    file in full from its TOML, and the file reads back whole."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    append(store, path)
    damage(store.game_cache_path(path), b"300", b"400")
    append(Store(tmp_path), path)
    assert path.read_bytes() == full_write(path)
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [3 * 560, 3 * 850]


def test_a_damaged_summary_cache_is_worked_out_again(tmp_path: Path) -> None:
    """Hand lines in the cache changed (every 560 made 999) are not read: status shows the
    totals worked out from the hands, 1,120 and 1,700, and so does the next append's."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    append(store, path)
    damage(store.cache_path(path), b"560", b"999")
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [1120, 1700]
    damage(store.cache_path(path), b"1120", b"9999")
    append(Store(tmp_path), path)
    summary = Store(tmp_path).summary(path)
    assert [s.score for s in summary.sides] == [1680, 2550]
    assert [line.scores for line in summary.lines] == [(560, 850)] * 3


def test_a_cache_of_another_program_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Caches made by another version (its stamp differs) are worked out again."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    append(store, path)
    for cache in (store.cache_path(path), store.game_cache_path(path)):
        raw = cache.read_bytes()
        cache.write_bytes(re.sub(rb'"program":"[0-9a-f]+"', b'"program":"0"', raw, count=1))
    seen: list[Summary] = []
    real = store_module.Store.replayed

    def counted(path: Path, game: store_module.Game) -> Summary:
        seen.append(real(path, game))
        return seen[-1]

    monkeypatch.setattr(store_module.Store, "replayed", staticmethod(counted))
    append(Store(tmp_path), path)
    assert len(seen) == 1  # the summary was worked out from the hands, not read
    assert path.read_bytes() == full_write(path)
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [1120, 1700]
