"""The breakdowns the store keeps beside a game's lines are read back only as scoring writes
them; anything else is damage, and the hand is scored again from its record."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from helpers import Cli, change_stored


def kept_scores(home: Path) -> list[str]:
    db = sqlite3.connect(home / "games.db")
    try:
        return [row[0] for row in db.execute("SELECT score FROM lines ORDER BY number")]
    finally:
        db.close()


def test_a_kept_breakdown_with_a_value_scoring_never_gives_is_scored_again(
    cli: Cli, home: Path
) -> None:
    """RULES 2.6: 300 melded + 500 (one natural canasta) + 100 (going out) = 900. A kept
    breakdown whose count of natural canastas reads ``true`` instead of 1 (changed outside the
    program) is damage: the hand is scored again, and its line still says one natural canasta,
    in Korean too."""
    cli("new", "club", "--side", "a", "--side", "b")
    assert cli("hand", "a: 300 melded, 1 natural, out", "b: 50 melded").code == 0
    items = cli("export").json()["hands"][0]["sides"][0]["items"]
    assert [i["points"] for i in items] == [300, 500, 100]
    shown = cli("--lang", "ko", "history", "--detail").out
    assert "내추럴 카나스타 1개" in shown

    change_stored(home, """UPDATE lines SET score = replace(score, '["n",1]', '["n",true]')""")
    assert any('["n",true]' in score for score in kept_scores(home))
    assert cli("--lang", "ko", "history", "--detail").out == shown
    assert not any('["n",true]' in score for score in kept_scores(home))
