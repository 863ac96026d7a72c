"""Every hand's breakdown as plain data, so a game's log can be cached beside its file and read
back without scoring any hand again (the store keys it by the file's bytes and the program)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta_score.game import Game, Log, Outcome, Played


def log_to_data(log: Log) -> dict[str, Any]:
    """What :func:`log_from_data` needs besides the game: each hand scored, and the outcome."""
    hands = [
        [
            p.dealer,
            p.score.ruleset,
            [[s.name, s.total, s.canastas, s.went_out, items(s.items)] for s in p.score.sides],
            [[m.minimum, m.requires, m.rule.rule, m.rule.text, m.canasta] for m in p.minimums],
            list(p.totals),
        ]
        for p in log.played
    ]
    o = log.outcome
    return {"hands": hands, "outcome": [o.finished, list(o.winners), o.ended_by]}


def items(found: Any) -> list[list[Any]]:
    return [[i.rule, i.label, i.points] for i in found]


def log_from_data(game: Game, data: Any) -> Log:
    """The log of ``game`` from :func:`log_to_data`; data that does not fit raises
    ``ValueError``, ``TypeError``, ``KeyError`` or ``IndexError``."""
    from canasta_score.game import Log

    if len(data["hands"]) != len(game.hands):
        raise ValueError("the cached log holds another number of hands")
    return Log(game, game.rules(), played_from_data(game, data), outcome_from_data(data))


def outcome_from_data(data: Any) -> Outcome:
    from canasta_score.game import Outcome

    finished, winners, ended_by = data["outcome"]
    return Outcome(finished, tuple(winners), ended_by)


def played_from_data(game: Game, data: Any) -> tuple[Played, ...]:
    """The first hands of ``game`` as :func:`log_to_data` kept them (as many as it holds)."""
    from canasta_score.game import Played
    from canasta_score.minimum import Minimum
    from canasta_score.ruleset import RuleRef
    from canasta_score.scoring import HandScore, Item, SideScore

    hands = data["hands"]
    if len(hands) > len(game.hands):
        raise ValueError("the cached log holds more hands than the game")
    return tuple(
        Played(
            number,
            dealer,
            record,
            HandScore(
                ruleset,
                tuple(
                    SideScore(name, total, tuple(Item(*i) for i in found), canastas, out)
                    for name, total, canastas, out, found in sides
                ),
            ),
            tuple(Minimum(m, list(r), RuleRef(rule, text), c) for m, r, rule, text, c in needs),
            tuple(totals),
        )
        for number, (record, (dealer, ruleset, sides, needs, totals)) in enumerate(
            zip(game.hands, hands, strict=False), 1
        )
    )
