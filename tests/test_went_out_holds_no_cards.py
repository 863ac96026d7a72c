"""RULES 1.8: the player who goes out gets rid of every card in hand. A record whose side went
out while every player of it still holds cards is refused by ``score-hand`` and its batch as it
is by ``hand`` (CONTRACT 6: a record that breaks the rules is an input error)."""

from __future__ import annotations

import json

import pytest
from helpers import Cli

from canasta_score.hands.score_data import HandBatch

MESSAGE = (
    'side "A" went out, but every player of it still holds cards (the player who goes out '
    "holds none)"
)


def record(in_hand: str, players: int = 4) -> str:
    melds = '"K K K K K K K", "Q Q Q Q Q Q Q"'
    return (
        f'ruleset = "classic"\nplayers = {players}\n[[side]]\nname = "A"\nmelds = [{melds}]\n'
        f'in_hand = [{in_hand}]\nwent_out = true\n[[side]]\nname = "B"\nmeld_points = 0\n'
    )


@pytest.mark.parametrize(
    ("in_hand", "players"), [('"9C", "4D"', 4), ('"9C"', 2), ('"9C", "4D", "5S"', 6)]
)
def test_every_player_of_the_side_that_went_out_holding_cards_is_refused(
    cli: Cli, in_hand: str, players: int
) -> None:
    run = cli("score-hand", "-", stdin=record(in_hand, players))
    assert run.code == 2
    assert f"Error: {MESSAGE}" in run.err
    line = json.dumps({"record": record(in_hand, players)})
    _text, code, problem = HandBatch().answer_text(line, 1)
    assert (code, problem) == (2, MESSAGE)


def test_a_partner_holding_cards_is_scored(cli: Cli) -> None:
    """RULES 2.6 (example C5's shape): the partner's 9C 4D count against the side: melds
    70 + 70, two natural canastas 1,000, going out 100, cards left -15 = 1,225."""
    run = cli("score-hand", "-", "--json", stdin=record('"", "9C 4D"'))
    assert run.code == 0
    assert json.loads(run.out)["sides"][0]["total"] == 1225
