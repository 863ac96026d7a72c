"""Exports kept beside the game: the text is the text the writers make from the game itself,
whether it comes from the cache, from a game that changed since, or past a damaged cache."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from canasta_score.catalog import load_ruleset
from canasta_score.export import export, read_log
from canasta_score.exported import exported
from canasta_score.game import Game, add_hand, new_game, parse_side, record_hand, replay
from canasta_score.safe_text import clean
from canasta_score.store import Store
from canasta_score.summary import Summary

KINDS = [
    ("json", False, False),
    ("toml", False, False),
    ("csv", False, False),
    ("csv", True, False),
    ("md", False, False),
    ("md", False, True),
    ("html", False, False),
]


@pytest.fixture
def varied(c5: dict[str, Any], hand_two: dict[str, Any], c5_unmelded: dict[str, Any]) -> Game:
    """A game with odd names (markup, quotes, a formula start, a control character), a house
    rule, and hands of every shape the fixtures hold (RULES 2.7 C5, its unmelded form, the
    contract's hand 2)."""
    rs = load_ruleset("classic", overrides=["go_out.concealed_bonus=150"])
    sides = [parse_side('=A <b>"x"</b>: Ann & Bob'), parse_side("B|é\u202e: Cy & Di")]
    game = new_game("odd night", "2025-01-01T20:00:00", rs, sides)
    names = [s.name for s in game.sides]
    for data in (c5, hand_two, c5_unmelded, hand_two):
        renamed = {"side": [dict(s, name=n) for s, n in zip(data["side"], names, strict=True)]}
        game, _p, _s = add_hand(game, {**renamed, "entered": "2025-01-01T20:15:00"})
    return game


def direct(game: Game, fmt: str, detail: bool, full: bool) -> bytes:
    """What the writers make of the game, scored afresh (no cache involved)."""
    return export(replay(game), fmt, detail=detail, full=full).encode("utf-8")


@pytest.mark.parametrize(("fmt", "detail", "full"), KINDS)
def test_an_export_from_the_cache_is_the_text_the_writer_makes(
    tmp_path: Path, varied: Game, fmt: str, detail: bool, full: bool
) -> None:
    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    first = exported(store, path, fmt, detail, full)
    again = exported(Store(tmp_path / "home"), path, fmt, detail, full)
    assert first == again
    assert first[0] == direct(varied, fmt, detail, full)
    # Plain: nothing a terminal acts on. The names hold a right-to-left override, which JSON
    # and TOML write escaped and a CSV sheet keeps as it is (the terminal drops it).
    text = first[0].decode("utf-8")
    assert first[1] is (clean(text) == text)
    assert first[1] or fmt not in ("json", "toml")
    assert not first[1] or fmt != "csv"


@pytest.mark.parametrize(("fmt", "detail", "full"), KINDS)
def test_an_export_after_a_new_hand_holds_the_new_hand(
    tmp_path: Path, varied: Game, c5: dict[str, Any], fmt: str, detail: bool, full: bool
) -> None:
    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    exported(store, path, fmt, detail, full)
    names = [s.name for s in varied.sides]
    hand = {"side": [dict(s, name=n) for s, n in zip(c5["side"], names, strict=True)]}

    def record(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
        changed, done = record_hand(g, hand, s)
        return changed, done.summary, changed

    after = store.update(path, record)
    assert len(after.hands) == 5
    assert exported(Store(tmp_path / "home"), path, fmt, detail, full)[0] == direct(
        after, fmt, detail, full
    )


def kept(home: Path, kind: str) -> Path:
    (found,) = (home / ".cache").glob(f"*.export-{kind}-*.txt")
    return found


def test_a_damaged_export_cache_is_written_again_not_read(tmp_path: Path, varied: Game) -> None:
    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    exported(store, path, "csv")
    cache = kept(tmp_path / "home", "csv")
    raw = cache.read_bytes()
    cache.write_bytes(raw.replace(b"+", b"-"))  # every sign flipped, the first line kept
    assert exported(store, path, "csv")[0] == direct(varied, "csv", False, False)
    cache.write_bytes(raw[: len(raw) // 2])  # cut short
    assert exported(store, path, "csv")[0] == direct(varied, "csv", False, False)
    cache.write_bytes(b"\xff\xfe not json\n")
    assert exported(store, path, "csv")[0] == direct(varied, "csv", False, False)


def test_an_export_cache_of_another_program_or_game_is_not_read(
    tmp_path: Path, varied: Game
) -> None:
    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    exported(store, path, "md")
    cache = kept(tmp_path / "home", "md")
    line, _, _text = cache.read_bytes().partition(b"\n")
    for key, value in (("program", "0" * 40), ("game", "other"), ("digest", "0" * 64)):
        meta = json.loads(line)
        forged = b"# forged\n"
        meta[key] = value
        meta["text"] = hashlib.sha256(forged).hexdigest()
        cache.write_bytes(json.dumps(meta).encode() + b"\n" + forged)
        assert exported(store, path, "md")[0] == direct(varied, "md", False, False)


def test_an_export_from_the_cache_imports_again(tmp_path: Path, varied: Game) -> None:
    """Export -> import -> export gives the same log, through the cache too."""
    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    for fmt in ("json", "toml"):
        exported(store, path, fmt)
        text = exported(store, path, fmt)[0].decode("utf-8")
        game, notes = read_log(text, f"log.{fmt}")
        assert notes == []
        assert game.hands == varied.hands
        assert direct(game, fmt, False, False) == text.encode("utf-8")
