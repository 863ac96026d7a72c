"""A game's log as plain data: the ruleset snapshot, the sides, every hand as entered with every
breakdown item, each side's minimum and the running totals. The JSON and TOML logs and the game
page all start from it."""

from __future__ import annotations

from typing import Any

from canasta_score.game import Game, Log, Played, entered_at, record_of
from canasta_score.summary import Summary

LOG_FORMAT = "canasta-score game log"
LOG_VERSION = 1


def log_data(
    log: Log, hands: list[Any] | None = None, summary: Summary | None = None
) -> dict[str, Any]:
    """The whole game as plain data (the JSON log); ``hands`` stands for its hands and
    ``summary`` is the game's summary when given (see :mod:`canasta_score.parts`)."""
    game, rs = log.game, log.rs
    summary = log.summary() if summary is None else summary
    size = rs.table.side_size
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game.name,
        "created": game.created,
        "ruleset": {
            "id": rs.id,
            "name": rs.name,
            "players": rs.players,
            "target": rs.game.target,
            "snapshot": game.ruleset,
        },
        "sides": [{"name": s.name, "players": list(s.players)} for s in game.sides],
        "seats": [p for p in seats_of(game, size)],
        "first_dealer": game.first_dealer,
        "hands": [hand_data(hand) for hand in log.played] if hands is None else hands,
        "totals": [{"name": s.name, "score": s.score} for s in summary.sides],
        "finished": summary.finished,
        "winner": summary.winner,
        "winners": list(summary.winners),
        "margin": summary.margin,
        "ended_by": summary.ended_by or None,
        "next": None
        if summary.finished
        else {
            "hand": summary.hands + 1,
            "dealer": summary.next_dealer,
            "minimums": [
                {"name": s.name, "minimum": s.next_minimum, "requires": list(s.next_requires)}
                for s in summary.sides
            ],
        },
    }


def seats_of(game: Game, size: int) -> tuple[str, ...]:
    from canasta_score.game import seating

    return seating(game.sides, size)


def hand_data(hand: Played) -> dict[str, Any]:
    """One hand of the log: as entered, every side's breakdown, minimum and running total."""
    sides = []
    for side, need, total in zip(hand.score.sides, hand.minimums, hand.totals, strict=True):
        sides.append(
            {
                "name": side.name,
                "minimum": need.minimum,
                "requires": list(need.requires),
                "items": [i.as_dict() for i in side.items],
                "score": side.total,
                "total": total,
            }
        )
    return {
        "number": hand.number,
        "entered": entered_at(hand.record) or None,
        "dealer": hand.dealer,
        "went_out": hand.went_out or None,
        "record": record_of(hand.record),
        "sides": sides,
    }
