"""A player count a ruleset does not offer is refused in words that agree with the number
(CONTRACT 3: ``--players N`` picks among the ruleset's counts; classic offers 2, 3, 4 and 6,
RULES 2-5)."""

from __future__ import annotations

from helpers import Cli


def test_one_player_is_refused_in_the_singular(cli: Cli) -> None:
    record = '[[side]]\nname = "us"\nmeld_points = 0\n[[side]]\nname = "them"\nmeld_points = 0\n'
    run = cli("score-hand", "-", "--ruleset", "classic", "--players", "1", stdin=record)
    assert run.code == 2
    assert "Error: classic: 1 player is not offered (choose 2, 3, 4, 6)" in run.err


def test_five_players_are_refused_in_the_plural(cli: Cli) -> None:
    run = cli("check", "meld", "K K K", "--players", "5")
    assert run.code == 2
    assert "Error: classic: 5 players is not offered (choose 2, 3, 4, 6)" in run.err


def test_the_korean_refusal_counts_people(cli: Cli) -> None:
    run = cli("--lang", "ko", "check", "meld", "K K K", "--players", "1")
    assert run.code == 2
    assert "classic: 1명으로는 할 수 없습니다 (2, 3, 4, 6 중에서 고르십시오)" in run.err
