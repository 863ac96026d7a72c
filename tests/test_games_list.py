"""`games`: every game with its scores, hands, leader or winner, and when it was started and last
played (docs/games.md; dates in ISO 8601). Scores are worked out by hand from the classic rules
(docs/rules/classic.md)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from canasta_score.core.frozen import replace
from canasta_score.games.game import ENTERED, Game, Side, dates_of, new_game
from canasta_score.games.store import Store
from canasta_score.rules.catalog import load_ruleset

# A: 300 melded + 2 natural canastas (2 x 500) + 100 for going out = 1,400; B: 95 - 20 = 75.
FIRST = {
    "side": [
        {"name": "A", "meld_points": 300, "canastas": {"natural": 2}, "went_out": True},
        {"name": "B", "meld_points": 95, "in_hand_points": 20},
    ]
}
# A: 100 melded - 40 in hand = 60 (1,460); B: 200 + 2 x 300 (two mixed canastas, needed to go out
# with two players) + 100 out = 900 (975).
SECOND = {
    "side": [
        {"name": "A", "meld_points": 100, "in_hand_points": 40},
        {"name": "B", "meld_points": 200, "canastas": {"mixed": 2}, "went_out": True},
    ]
}
MODIFIED = "2025-02-01T10:00:00"


def game(created: str, *entered: str) -> Game:
    """A classic game between A and B with the hands above, entered at the given times."""
    rs = load_ruleset("classic", players=2)
    start = new_game("club", created, rs, [Side("A", ("Ann",)), Side("B", ("Bob",))])
    hands = [dict(h) for h in (FIRST, SECOND)[: len(entered)]]
    for hand, when in zip(hands, entered, strict=True):
        if when:
            hand["entered"] = when
    return replace(start, hands=tuple(hands))


def played_dates(game: Game, modified: str) -> tuple[str, str]:
    """When the game was started and last played, as the store lists it."""
    return dates_of(game.created, [h.get(ENTERED) for h in game.hands], modified)


def test_started_is_when_the_game_was_created_and_last_played_its_last_hand() -> None:
    played = game("2025-01-03T19:00:00", "2025-01-03T19:40:00", "2025-01-04T20:15:00")
    assert played_dates(played, MODIFIED) == ("2025-01-03T19:00:00", "2025-01-04T20:15:00")


def test_started_falls_back_to_the_first_dated_hand_then_the_file_time() -> None:
    undated = game("", "", "2025-01-04T20:15:00")
    assert played_dates(undated, MODIFIED) == ("2025-01-04T20:15:00", "2025-01-04T20:15:00")
    assert played_dates(game(""), MODIFIED) == (MODIFIED, MODIFIED)


def test_last_played_falls_back_to_the_file_time_when_the_last_hand_is_undated() -> None:
    played = game("2025-01-03T19:00:00", "2025-01-03T19:40:00", "")
    assert played_dates(played, MODIFIED) == ("2025-01-03T19:00:00", MODIFIED)


def run(home: Path, *args: str) -> str:
    env = {**os.environ, "CANASTA_SCORE_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "200"}
    done = subprocess.run(
        [sys.executable, "-m", "canasta_score", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def listed(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """Two games: "club" (two dated hands) and "empty" (current, no hands, last changed at
    MODIFIED)."""
    store = Store(tmp_path)
    store.create(game("2025-01-03T19:00:00", "2025-01-03T19:40:00", "2025-01-04T20:15:00"), "")
    empty = replace(game(""), name="empty")
    store.create(empty, "")
    store.close()
    db = sqlite3.connect(tmp_path / "games.db")  # as if it was last changed then
    with db:
        db.execute("UPDATE games SET changed = ? WHERE name = 'empty'", (MODIFIED,))
    db.close()
    data = json.loads(run(tmp_path, "games", "--json"))
    return tmp_path, {g["name"]: g for g in data["games"]}


def test_games_json_gives_scores_hands_leader_and_dates(
    listed: tuple[Path, dict[str, Any]],
) -> None:
    _, games = listed
    club = games["club"]
    assert club["scores"] == {"A": 1460, "B": 975} and club["hands"] == 2
    assert club["leader"] == "A" and not club["finished"] and club["winner"] is None
    assert club["started"] == "2025-01-03T19:00:00"
    assert club["last_played"] == "2025-01-04T20:15:00"
    assert not club["current"] and games["empty"]["current"]
    assert games["empty"]["started"] == games["empty"]["last_played"] == MODIFIED


def test_games_text_shows_scores_leader_and_dates(listed: tuple[Path, dict[str, Any]]) -> None:
    home, _ = listed
    line = next(x for x in run(home, "games").splitlines() if " club " in x)
    assert "A 1,460, B 975" in line and " A " in line
    assert "2025-01-03 19:00" in line and "2025-01-04 20:15" in line
