"""The game log format: a game as plain data (the ruleset snapshot, the sides, every hand as
entered with every breakdown item, each side's minimum and the running totals, and the hands
redo can put back), and a JSON or TOML log (or an earlier version's game file) read back into a
game. The JSON and TOML logs, the game page and ``import`` all go through it; importing a log
and exporting it again gives the same log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from canasta_score.core.errors import CanastaError, GameError, InputError
from canasta_score.core.frozen import replace
from canasta_score.core.language import _
from canasta_score.core.safe_text import pattern as compiled  # compiled when first needed
from canasta_score.games.game import ENTERED, Game, Log, Played, entered_at, record_of, replay
from canasta_score.games.summary import Summary

LOG_FORMAT = "canasta-score game log"
LOG_VERSION = 1


def log_data(log: Log, summary: Summary | None = None) -> dict[str, Any]:
    """The whole game as plain data (the JSON log); ``summary`` is the game's summary, when
    known."""
    from canasta_score.games.game import seating

    game, rs = log.game, log.rs
    summary = log.summary() if summary is None else summary
    size = rs.table.side_size
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game.name,
        "uid": game.uid or None,
        "created": game.created,
        "ruleset": {
            "id": rs.id,
            "name": rs.name,
            "players": rs.players,
            "target": rs.game.target,
            "snapshot": game.ruleset,
        },
        "sides": [{"name": s.name, "players": list(s.players)} for s in game.sides],
        "seats": list(seating(game.sides, size)),
        "first_dealer": game.first_dealer,
        "hands": [hand_data(hand) for hand in log.played],
        # The hands undo took back, for redo, most recent last (only when there are any).
        **({"undone": [undone_data(hand) for hand in game.undone]} if game.undone else {}),
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


def hand_data(hand: Played) -> dict[str, Any]:
    """One hand of the log: as entered, every side's breakdown, minimum and running total."""
    sides = [
        {
            "name": side.name,
            "minimum": need.minimum,
            "requires": list(need.requires),
            "items": [i.as_dict() for i in side.items],
            "score": side.total,
            "total": total,
        }
        for side, need, total in zip(hand.score.sides, hand.minimums, hand.totals, strict=True)
    ]
    concealed, player = hand.going_out()
    return {
        "number": hand.number,
        "entered": entered_at(hand.record) or None,
        "dealer": hand.dealer,
        "went_out": hand.went_out or None,
        "concealed": concealed,
        "went_out_player": player or None,
        "record": record_of(hand.record),
        "sides": sides,
    }


def undone_data(hand: Any) -> dict[str, Any]:
    """A hand undo took back, as the log keeps it for redo: its record and when it was
    entered."""
    return {"entered": entered_at(hand) or None, "record": record_of(hand)}


def parse_text(text: str, where: str) -> dict[str, Any]:
    """A JSON or TOML document, within the limits of the tool's input."""
    from canasta_score.core.limits import parse_json, parse_toml

    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write one
    try:
        if text.lstrip().startswith("{"):
            data = parse_json(text, where)
        else:
            data = parse_toml(text, where, "neither JSON nor valid TOML")
    except InputError as exc:
        raise GameError(str(exc)) from None
    if not isinstance(data, dict):
        raise GameError(
            _("{where}: expected a game log (a JSON object or TOML table)").format(where=where)
        )
    return data


def read_log(text: str, where: str, name: str | None = None) -> tuple[Game, list[str]]:
    """A game from a JSON or TOML log (or a game file), and notes on any exported score that
    differs from the score worked out again. ``name`` replaces the log's game name."""
    from canasta_score.games.store.legacy import FORMAT, game_from_data, read_game

    data = parse_text(text, where)
    kind = data.get("format")
    if kind == FORMAT:
        game_name = name or where.rsplit("/", 1)[-1].removesuffix(".toml")
        return load_game(game_name, data, where, read_game).game, []
    if kind != LOG_FORMAT:
        raise GameError(
            _('{where}: not a canasta-score game log (format = "{format}")').format(
                where=where, format=LOG_FORMAT
            )
        )
    if data.get("version") != LOG_VERSION:
        raise GameError(
            _("{where}: log version {given} is not {version}").format(
                where=where, given=repr(data.get("version")), version=LOG_VERSION
            )
        )
    try:
        game_data = {
            "format": FORMAT,
            "created": data.get("created", ""),
            "first_dealer": data["first_dealer"],
            "side": data["sides"],
            "ruleset": data["ruleset"]["snapshot"],
            "hand": [stored_hand(h) for h in data.get("hands", [])],
            "undone": [stored_hand(h) for h in data.get("undone", [])],
        }
    except KeyError as exc:
        raise GameError(_("{where}: the log lacks {key}").format(where=where, key=exc)) from None
    except TypeError:
        raise GameError(
            _(
                "{where}: not laid out as a game log: its ruleset, sides, hands and undone "
                "hands must be as an export writes them"
            ).format(where=where)
        ) from None
    exported = data.get("game")
    game_name = name or (exported if isinstance(exported, str) else "")
    if not game_name:
        raise GameError(
            _("{where}: the log has no game name; give the game a name").format(where=where)
        )
    log = load_game(game_name, game_data, where, game_from_data)
    return replace(log.game, uid=identity(data.get("uid"), where)), differences(log, data)


UID = r"[0-9A-Za-z][0-9A-Za-z_-]{0,63}"


def identity(value: Any, where: str) -> str:
    """A log's game identity (its optional ``uid``): letters, digits, ``-`` and ``_``."""
    if value is None:
        return ""
    if not isinstance(value, str) or not compiled(UID).fullmatch(value):
        raise GameError(
            _("{where}: uid {given} is not a game's identity (letters and digits)").format(
                where=where, given=repr(value)[:80]
            )
        )
    return value


def stored_hand(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand of a log as the game stores it: its record, and when it was entered."""
    record = hand["record"]
    entered = hand.get("entered")
    if entered is None or not isinstance(record, dict):
        return record  # type: ignore[no-any-return]
    return {**record, ENTERED: entered}


def load_game(name: str, data: dict[str, Any], where: str, read: Callable[[str, Any], Game]) -> Log:
    """The game in ``data``, read with ``read``, every hand scored."""
    from canasta_score.games.game import check_name

    try:
        return replay(read(check_name(name), data))
    except CanastaError as exc:
        raise GameError(f"{where}: {exc}") from None


def differences(log: Log, data: dict[str, Any]) -> list[str]:
    """Where the log's scores (each hand's, the running totals and the totals at the end)
    differ from the scores worked out from its hands. Scores of the wrong shape are not
    compared: the hands are the truth."""
    notes = []
    hands = data.get("hands")
    for hand, exported in zip(log.played, hands if isinstance(hands, list) else [], strict=False):
        given = given_scores(exported.get("sides") if isinstance(exported, dict) else None)
        for side, total in zip(hand.score.sides, hand.totals, strict=True):
            said = given.get(side.name, {})
            if said.get("score", side.total) != side.total:
                notes.append(
                    _(
                        "hand {number}: the log gives {side} {given}, the hand scores {scored}"
                    ).format(
                        number=hand.number, side=side.name, given=said["score"], scored=side.total
                    )
                )
            if said.get("total", total) != total:
                notes.append(
                    _(
                        "hand {number}: the log gives {side} a total of {given}, the hands add "
                        "up to {scored}"
                    ).format(number=hand.number, side=side.name, given=said["total"], scored=total)
                )
    finals = given_scores(data.get("totals"))
    ends = log.played[-1].totals if log.played else tuple(0 for _side in log.game.sides)
    for name, total in zip((s.name for s in log.game.sides), ends, strict=True):
        final = finals.get(name, {})
        if final.get("score", total) != total:
            notes.append(
                _(
                    "the log gives {side} a total of {given} at the end, the hands add up to "
                    "{scored}"
                ).format(side=name, given=final["score"], scored=total)
            )
    return notes


def given_scores(sides: Any) -> dict[str, dict[str, Any]]:
    """The scores a log gives each side (by its name) in a list of sides, as exported:
    ``score`` and ``total``, where they are whole numbers (anything else is not compared)."""
    out: dict[str, dict[str, Any]] = {}
    for side in sides if isinstance(sides, list) else []:
        if isinstance(side, dict) and isinstance(side.get("name"), str):
            out[side["name"]] = {
                key: side[key]
                for key in ("score", "total")
                if isinstance(side.get(key), int) and not isinstance(side[key], bool)
            }
    return out
