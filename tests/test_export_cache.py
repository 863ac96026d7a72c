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


# Exports after a change: the parts of the hands that did not change are copied from the last
# export kept, the others written again; the text is still what the writers make of the game.

PARTED = [k for k in KINDS if k[0] != "html"]


def renamed(game: Game, data: dict[str, Any]) -> dict[str, Any]:
    names = [s.name for s in game.sides]
    return {"side": [dict(s, name=n) for s, n in zip(data["side"], names, strict=True)]}


def parts_of(home: Path, fmt: str) -> Path:
    (found,) = (home / ".cache").glob(f"*.export-{fmt}-*.parts.json")
    return found


@pytest.mark.parametrize(("fmt", "detail", "full"), PARTED)
@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize("few", [50, 0])
def test_exports_after_new_hands_an_edit_and_an_undo_are_the_text_the_writer_makes(
    tmp_path: Path,
    varied: Game,
    c5: dict[str, Any],
    hand_two: dict[str, Any],
    fmt: str,
    detail: bool,
    full: bool,
    code: str,
    few: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RULES 2.7 C5 and the contract's hand 2, added, replaced early and taken back, in English
    and Korean (the CSV and Markdown are translated); the hands changed scored on their own
    (``few``: 50) or the whole log read again (0)."""
    from canasta_score import exported as exporting
    from canasta_score import language
    from canasta_score.game import replace_hand, undo_hand

    monkeypatch.setattr(exporting, "FEW", few)

    store = Store(tmp_path / "home")
    path = store.create(varied, "")
    with language.speaking(code):
        exported(store, path, fmt, detail, full)

        def check(game: Game) -> None:
            got = exported(Store(tmp_path / "home"), path, fmt, detail, full)[0]
            assert got == direct(game, fmt, detail, full)

        def add(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
            changed, done = record_hand(g, renamed(g, c5), s)
            return changed, done.summary, changed

        for _ in range(2):  # two new hands, each exported
            check(store.update(path, add))

        def edit(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
            after = replace_hand(g, 2, renamed(g, hand_two)).after
            return after.game, after.summary(), after.game

        check(store.update(path, edit))

        def undo(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
            changed, _undone = undo_hand(g, s)
            return changed, replay(changed).summary(), changed

        check(store.update(path, undo))
        assert parts_of(tmp_path / "home", rendered_kind(fmt, detail, full)).is_file()


def rendered_kind(fmt: str, detail: bool, full: bool) -> str:
    return fmt + ("-detail" if detail else "") + ("-full" if full else "")


@pytest.mark.parametrize("fmt", ["json", "toml", "csv", "md"])
def test_a_damaged_part_index_or_export_is_written_again_not_read(
    tmp_path: Path, varied: Game, c5: dict[str, Any], fmt: str
) -> None:
    store = Store(tmp_path / "home")
    path = store.create(varied, "")

    def add(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
        changed, done = record_hand(g, renamed(g, c5), s)
        return changed, done.summary, changed

    exported(store, path, fmt)
    index, kept_text = parts_of(tmp_path / "home", fmt), kept(tmp_path / "home", fmt)
    head, _, body = index.read_bytes().partition(b"\n")
    data = json.loads(body)
    data["sizes"][0][0] += 3  # a part's length wrong, the checksum kept
    index.write_bytes(head + b"\n" + json.dumps(data).encode())
    game = store.update(path, add)
    assert exported(store, path, fmt)[0] == direct(game, fmt, False, False)
    # The export kept cut short: its index no longer names it.
    kept_text.write_bytes(kept_text.read_bytes()[:-40])
    game = store.update(path, add)
    assert exported(store, path, fmt)[0] == direct(game, fmt, False, False)
    # An index whose keys are forged (checksum made to match) copies nothing wrong either:
    # the keys are checked against the game's hands.
    head, _, body = index.read_bytes().partition(b"\n")
    data = json.loads(body)
    data["keys"] = ["0" * 32 for _ in data["keys"]]
    text = json.dumps(data, separators=(",", ":")).encode()
    about = json.loads(head) | {"text": hashlib.sha256(text).hexdigest()}
    index.write_bytes(json.dumps(about).encode() + b"\n" + text)

    def undo(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
        from canasta_score.game import undo_hand

        changed, _undone = undo_hand(g, s)
        return changed, replay(changed).summary(), changed

    game = store.update(path, undo)
    assert exported(store, path, fmt)[0] == direct(game, fmt, False, False)


def test_an_export_made_of_parts_imports_again(
    tmp_path: Path, varied: Game, c5: dict[str, Any]
) -> None:
    """JSON and TOML logs put together from kept parts read back as the same game."""
    store = Store(tmp_path / "home")
    path = store.create(varied, "")

    def add(g: Game, s: Summary) -> tuple[Game, Summary, Game]:
        changed, done = record_hand(g, renamed(g, c5), s)
        return changed, done.summary, changed

    for fmt in ("json", "toml"):
        exported(store, path, fmt)
    game = store.update(path, add)
    for fmt in ("json", "toml"):
        text = exported(store, path, fmt)[0].decode("utf-8")
        back, notes = read_log(text, f"log.{fmt}")
        assert notes == []
        assert back.hands == game.hands
