"""Game files: atomic replace, the lock, the current game, refusing broken files, the cache."""

from __future__ import annotations

import multiprocessing
import re
from pathlib import Path
from typing import Any

import pytest

from canasta_score.catalog import load_ruleset
from canasta_score.errors import GameError, RecordError
from canasta_score.game import Game, add_hand, new_game, parse_side
from canasta_score.store import Store, decode, encode, game_home, list_games, write_atomic

# Contract scenario hand 2: A 300 + 300 - 40 = 560; B 250 + 500 + 100 = 850.
HAND: dict[str, Any] = {
    "side": [
        {"name": "A", "meld_points": 300, "canastas": {"mixed": 1}, "in_hand_points": 40},
        {"name": "B", "meld_points": 250, "canastas": {"natural": 1}, "went_out": True},
    ]
}


def by_hand(text: str) -> str:
    """A game file's text as a person changing it on purpose leaves it: without the checksum
    line (docs/games.md), so the change is taken as meant."""
    return re.sub(r"(?m)^checksum = .*\n", "", text)


def make(store: Store, name: str = "club", target: int = 5000) -> Path:
    rs = load_ruleset("classic", overrides=[f"game.target={target}"])
    game = new_game(name, "2025-01-01T20:00:00", rs, [parse_side("A"), parse_side("B")])
    return store.create(game, "choose another name")


def append(store: Store, path: Path, data: dict[str, Any] = HAND) -> Any:
    def change(g: Game, s: Any) -> Any:
        changed, played, summary = add_hand(g, data, s)
        return changed, summary, played

    return store.update(path, change)


def test_home_is_the_environment_variable_when_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CANASTA_SCORE_HOME", str(tmp_path / "games"))
    assert game_home(Path("/elsewhere")) == tmp_path / "games"
    monkeypatch.delenv("CANASTA_SCORE_HOME")
    assert game_home(Path("/elsewhere")) == Path("/elsewhere")


def test_write_atomic_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "g.toml"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in tmp_path.iterdir()] == ["g.toml"]


def test_a_new_game_becomes_current_and_names_are_never_reused(tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = make(store)
    assert store.locate(None) == path
    before = path.read_bytes()
    with pytest.raises(GameError, match='"club" already exists; choose another name'):
        make(store)
    assert path.read_bytes() == before
    assert store.free_name("club") == "club-2"


def test_using_a_game_makes_it_current(tmp_path: Path) -> None:
    store = Store(tmp_path)
    first = make(store, "first")
    make(store, "second")
    assert store.locate(None).name == "second.toml"
    store.use(store.locate("first"))
    assert store.locate(None) == first


def test_a_game_file_elsewhere_is_found_by_path(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    path = make(store)
    moved = tmp_path / "backup.toml"
    moved.write_bytes(path.read_bytes())
    assert store.locate(str(moved)) == moved.resolve()
    assert store.summary(moved).game == "backup"
    with pytest.raises(GameError, match="no such game file"):
        store.locate(str(tmp_path / "missing.toml"))
    with pytest.raises(GameError, match='no game named "nope"'):
        store.locate("nope")


def test_no_current_game_says_how_to_start(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="no current game: start a new game"):
        Store(tmp_path).locate(None)


def test_the_file_keeps_every_hand_as_entered(tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = make(store)
    append(store, path)
    game = store.load(path)
    assert game.hands == (HAND,)
    assert decode("club", encode(game), "x") == game


def test_a_refused_hand_leaves_the_file_byte_for_byte(tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = make(store)
    append(store, path)
    before = path.read_bytes()
    both_out = {"side": [dict(HAND["side"][0], went_out=True), HAND["side"][1]]}
    with pytest.raises(RecordError, match="only one side can go out"):
        append(store, path, both_out)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("meld_points = 300", 'meld_points = "lots"'), "meld_points"),
        (lambda t: t.replace("version = 2", "version = 7"), "version 7"),
        (lambda t: t + "\n[[[", "not valid TOML"),
        (lambda t: t.replace("joker = 50", "joker = -"), "not valid TOML"),
        (
            lambda t: t.replace('first_dealer = "A (player 1)"', 'first_dealer = "Zed"'),
            "first dealer",
        ),
    ],
)
def test_a_hand_edited_broken_file_is_named_and_never_overwritten(
    tmp_path: Path, edit: Any, message: str
) -> None:
    store = Store(tmp_path)
    path = make(store)
    append(store, path)
    path.write_text(edit(by_hand(path.read_text(encoding="utf-8"))), encoding="utf-8")
    broken = path.read_bytes()
    with pytest.raises(GameError, match=message) as info:
        append(store, path)
    assert "left as it is" in str(info.value)
    assert path.read_bytes() == broken
    with pytest.raises(GameError, match=message):
        store.summary(path)


def test_a_valid_hand_edit_is_picked_up_by_the_summary(tmp_path: Path) -> None:
    """Editing the file by hand invalidates the cached summary: 400 + 300 - 40 = 660."""
    store = Store(tmp_path)
    path = make(store)
    append(store, path)
    assert [s.score for s in store.summary(path).sides] == [560, 850]
    text = path.read_text(encoding="utf-8").replace("meld_points = 300", "meld_points = 400")
    path.write_text(by_hand(text), encoding="utf-8")
    assert [s.score for s in store.summary(path).sides] == [660, 850]


def test_a_damaged_cache_is_ignored(tmp_path: Path) -> None:
    store = Store(tmp_path)
    path = make(store)
    append(store, path)
    store.cache_path(path).write_text("{not json", encoding="utf-8")
    assert [s.score for s in store.summary(path).sides] == [560, 850]


def test_games_lists_every_game_and_names_a_broken_one(tmp_path: Path) -> None:
    store = Store(tmp_path)
    make(store, "one")
    append(store, make(store, "two"))
    (tmp_path / "three.toml").write_text("nonsense = [", encoding="utf-8")
    found = {name: summary for name, summary, _dates in list_games(store)}
    assert found["one"].hands == 0  # type: ignore[union-attr]
    assert found["two"].leader == "B"  # type: ignore[union-attr]
    assert isinstance(found["three"], GameError)


def appender(home: str, count: int) -> None:
    store = Store(Path(home))
    path = store.locate("club")
    for _ in range(count):
        append(store, path)


def test_two_processes_appending_at_once_never_lose_a_hand(tmp_path: Path) -> None:
    """2 x 12 hands of 560 / 850 each: 24 hands, A 13,440 and B 20,400."""
    store = Store(tmp_path)
    path = make(store, target=100000)
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=appender, args=(str(tmp_path), 12)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    summary = store.summary(path)
    assert summary.hands == 24
    assert [s.score for s in summary.sides] == [24 * 560, 24 * 850]
    assert len(store.load(path).hands) == 24
