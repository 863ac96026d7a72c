"""The caches that let a long game grow at the cost of one hand: the game cache's two texts of
the hands (one of them what the file's checksum reads) and the summary cache's hand lines are
extended, not written again; a damaged or stale one is never read.

Every hand is the contract scenario's hand 2: A 560, B 850."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_store import HAND, append, by_hand, make

import canasta_score.store as store_module
from canasta_score.errors import CanastaError
from canasta_score.game import Game, Recorded, add_hand, record_hand, replay, undo_hand
from canasta_score.store import Store, canonical, checksum, decode, encode, game_data
from canasta_score.store.gamecache import Kept, checksum_text, kept, texts
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
    hands, _sorted = texts(store.game_cache_path(path))
    damage(hands, b"300", b"400")
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


# ---------------------------------------------------------------- recording a hand (Store.add)


def record(store: Store, path: Path, data: dict[str, Any] = HAND) -> Recorded:
    """Record a hand as the hand command does."""

    def change(g: Game, s: Summary) -> tuple[Game, Summary, Recorded]:
        changed, done = record_hand(g, data, s)
        return changed, done.summary, done

    return store.add(path, change)


def test_recording_a_hand_reads_no_earlier_hand_and_writes_a_full_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the second hand on, the hands are not read from the cache at all; every file is
    the bytes of a full write, and hand n brings A to 560 n and B to 850 n."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)  # the first hand is written in full
    with monkeypatch.context() as patch:

        def unread(self: Kept) -> list[Any]:
            raise AssertionError("the earlier hands were read")

        patch.setattr(Kept, "hands", unread)
        for n in range(2, 6):
            done = record(Store(tmp_path), path)
            assert done.played.number == n
            assert [s.score for s in done.summary.sides] == [560 * n, 850 * n]
            assert path.read_bytes() == full_write(path)
    assert len(store.load(path).hands) == 5


def test_recording_after_a_change_outside_the_program_reads_the_file(tmp_path: Path) -> None:
    """Hand 1 edited by hand to A 400 melded (A 660): the cache of the old bytes is not used;
    the new hand follows the edited one and the file is written out in full."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    text = path.read_text(encoding="utf-8").replace("meld_points = 300", "meld_points = 400", 1)
    path.write_text("# kept by hand\n" + by_hand(text), encoding="utf-8")
    done = record(Store(tmp_path), path)
    assert [s.score for s in done.summary.sides] == [660 + 2 * 560, 3 * 850]
    assert b"# kept by hand" not in path.read_bytes()
    assert path.read_bytes() == full_write(path)


def test_recording_after_an_undo_clears_the_undone_hands(tmp_path: Path) -> None:
    """Two hands, one undone: recording a hand drops the undone one (no redo after a new
    hand); the game holds two hands, A 1,120 and B 1,700."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    store.update(path, lambda g, s: (*undo_parts(g, s), None))
    record(Store(tmp_path), path)
    game = store.load(path)
    assert (len(game.hands), game.undone) == (2, ())
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [1120, 1700]
    assert path.read_bytes() == full_write(path)


def undo_parts(g: Game, s: Summary) -> tuple[Game, Summary]:
    changed, done = undo_hand(g, s)
    return changed, done.summary


def test_a_refused_hand_leaves_the_file_and_its_caches_as_they_were(tmp_path: Path) -> None:
    """A record naming an unknown side is refused before anything is written."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    before = {p: p.read_bytes() for p in files}
    bad = {"side": [dict(HAND["side"][0], name="Z"), HAND["side"][1]]}
    with pytest.raises(CanastaError):
        record(Store(tmp_path), path, bad)
    after = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert after == files
    assert {p: p.read_bytes() for p in after} == before


def test_a_change_that_is_not_one_new_hand_gets_the_whole_game(tmp_path: Path) -> None:
    """Store.add given a change that adds two hands falls back to the whole game: four hands,
    A 2,240 and B 3,400."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    seen: list[int] = []

    def twice(g: Game, s: Summary) -> tuple[Game, Summary, None]:
        seen.append(len(g.hands))
        g, _p, s = add_hand(g, HAND, s)
        g, _p, s = add_hand(g, HAND, s)
        return g, s, None

    store.add(path, twice)
    assert seen == [0, 2]  # first without the earlier hands, then with them
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [2240, 3400]
    assert path.read_bytes() == full_write(path)


# ---------------------------------------------------------------- the breakdowns after a hand


def counting_play(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The numbers of the hands scored from now on."""
    import canasta_score.game as game_module

    scored: list[int] = []
    real = game_module.play

    def play(game: Game, rs: Any, data: Any, number: int, before: Any) -> Any:
        scored.append(number)
        return real(game, rs, data, number, before)

    monkeypatch.setattr(game_module, "play", play)
    return scored


def test_after_a_new_hand_only_that_hand_is_scored_for_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three hands logged, a fourth recorded: the log scores hand 4 alone, and equals the log
    scored afresh (A 2,240, B 3,400)."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    for _ in range(3):
        record(store, path)
    store.log(path)
    record(Store(tmp_path), path)
    scored = counting_play(monkeypatch)
    log = Store(tmp_path).log(path)
    assert scored == [4]
    assert log.totals == (2240, 3400)
    assert log == replay(store.load(path))
    assert Store(tmp_path).log(path) == log
    assert scored == [4, 1, 2, 3, 4]  # replay() above; the cache now matches the file


def test_a_log_cache_of_a_changed_game_is_not_extended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hand 1 edited by hand (A 400 melded: 660) after the log was kept: every hand is scored
    again, A 660 + 560, B 1,700."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    store.log(path)
    text = path.read_text(encoding="utf-8").replace("meld_points = 300", "meld_points = 400", 1)
    path.write_text(by_hand(text), encoding="utf-8")
    scored = counting_play(monkeypatch)
    assert Store(tmp_path).log(path).totals == (660 + 560, 1700)
    assert scored == [1, 2]


def test_a_damaged_log_cache_is_not_extended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kept breakdowns changed (every 560 made 999): after a third hand all three are
    scored again, A 1,680 and B 2,550."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    store.log(path)
    damage(store.variant_path(path, ".log.json"), b"560", b"999")
    record(store, path)
    scored = counting_play(monkeypatch)
    assert Store(tmp_path).log(path).totals == (1680, 2550)
    assert scored == [1, 2, 3]


def test_recording_a_hand_adds_to_the_cached_hands_in_place(tmp_path: Path) -> None:
    """The hands' texts are extended where they are (the same files, the old bytes first); a
    tail left by an append that was cut off is dropped, never read as a hand."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    files = texts(store.game_cache_path(path))
    before = [(f.stat().st_ino, f.read_bytes()) for f in files]
    record(Store(tmp_path), path)
    for f, (inode, old) in zip(files, before, strict=True):
        assert f.stat().st_ino == inode
        assert f.read_bytes().startswith(old + b",{")
    for f in files:
        f.write_bytes(f.read_bytes() + b',{"cut": "off"')
    record(Store(tmp_path), path)
    assert path.read_bytes() == full_write(path)
    assert all(b"cut" not in f.read_bytes() for f in files)
    game = Store(tmp_path).load(path)
    assert len(game.hands) == 4 and all("cut" not in h for h in game.hands)
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [4 * 560, 4 * 850]


def test_a_damaged_text_of_the_sorted_hands_never_makes_a_wrong_checksum(
    tmp_path: Path,
) -> None:
    """The text the checksum is worked out from, changed (A's 300 made 400): it is not read;
    the next hand still leaves a file that reads back whole."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    record(store, path)
    record(store, path)
    _hands, ordered = texts(store.game_cache_path(path))
    damage(ordered, b"300", b"400")
    record(Store(tmp_path), path)
    assert path.read_bytes() == full_write(path)
    assert [s.score for s in Store(tmp_path).summary(path).sides] == [3 * 560, 3 * 850]
