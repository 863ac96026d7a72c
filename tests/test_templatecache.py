"""Compiled page templates are kept between runs (issue 20: every export within 1.2x the bare
program) and give exactly the page compiled afresh; an entry that is changed, foreign, writable
by others or not a regular file is never run."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

import pytest

from canasta_score.games.game import replay
from canasta_score.output import page
from canasta_score.rules.rulecache import CACHE_ENV, DIGEST
from tests.sample_games import odd_game


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    return tmp_path


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("template-*.marshal"))


def compiled_fresh(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The templates the next page compiles (the ones not taken from the cache)."""
    import jinja2

    made: list[str] = []
    compile_template = jinja2.Environment.compile

    def counting(self: jinja2.Environment, source: str, name: str | None = None, *a, **k):  # type: ignore[no-untyped-def]
        made.append(name or "")
        return compile_template(self, source, name, *a, **k)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return made


def test_a_kept_template_gives_the_same_page_and_is_not_compiled_again(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = replay(odd_game())
    made = compiled_fresh(monkeypatch)
    first = page.game_page(log)
    assert sorted(made) == ["base.html.j2", "game.html.j2"]
    assert len(entries(cache)) == 2
    made.clear()
    assert page.game_page(log) == first
    assert made == []


@pytest.mark.parametrize(
    "spoil", ["flipped byte", "writable by others", "foreign fingerprint", "named pipe"]
)
def test_a_spoilt_entry_is_never_run_and_the_template_is_compiled(
    spoil: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = replay(odd_game())
    first = page.game_page(log)
    for path in entries(cache):
        raw = path.read_bytes()
        if spoil == "flipped byte":
            path.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
        elif spoil == "writable by others":
            os.chmod(path, 0o666)
        elif spoil == "named pipe":  # never waited on: nothing writes to it
            path.unlink()
            os.mkfifo(path)
        else:
            import hashlib

            key, code = marshal.loads(raw[DIGEST:])
            data = marshal.dumps((key + "x", code))
            path.write_bytes(hashlib.blake2b(data, digest_size=DIGEST).digest() + data)
    made = compiled_fresh(monkeypatch)
    assert page.game_page(log) == first
    assert sorted(made) == ["base.html.j2", "game.html.j2"]


def test_an_unwritable_cache_folder_changes_no_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "cache"))
    log = replay(odd_game())
    assert page.game_page(log) == page.game_page(log)
