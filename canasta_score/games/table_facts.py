"""Rulings that know the game: what a side's score, its next hand number and the game's ruleset
say, put in place of options the scorekeeper would otherwise type (``check pickup --side us``).

A value also given on the command line must agree with the game; one that does not is an error
naming both, never silently replaced."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta_score.core.errors import InputError
from canasta_score.core.language import _

if TYPE_CHECKING:
    from canasta_score.games.game import Game
    from canasta_score.games.summary import Summary
    from canasta_score.rules.ruleset import Ruleset


def side_named(summary: Summary, side: str) -> str:
    """The game's side ``side`` means, as ``hand`` and ``play`` read one: a side's name in any
    case, a player's name, or the unique beginning of a side's name (see
    :func:`canasta_score.hands.entry.match_side`)."""
    from canasta_score.hands.entry import match_side

    names = [s.name for s in summary.sides]
    players = {s.name: s.players for s in summary.sides}
    try:
        return match_side(side, names, players)
    except InputError as exc:
        text = _('side "{side}": game "{game}": {problem}')
        raise InputError(text.format(side=side, game=summary.game, problem=exc)) from None


def side_facts(summary: Summary, side: str) -> dict[str, int]:
    """What the game says about ``side`` for its next hand: its score before the hand (as
    ``score``) and the hand's number (as ``hand-number``, for rulesets whose minimum goes by
    hand)."""
    name = side_named(summary, side)
    score = next(s.score for s in summary.sides if s.name == name)
    return {"score": score, "hand-number": summary.hands + 1}


def game_ruleset(game: Game, given: Ruleset | None, rules: list[str] | None) -> Ruleset:
    """The game's ruleset; ``given`` (a ruleset named on the command line) must be the same
    one, and house rules cannot be added to a game's ruleset here."""
    rs = game.rules()
    if rules:
        text = _(
            "house rule {rule}: a game's side plays by the game's own rules; leave out the "
            "house rule"
        )
        raise InputError(text.format(rule=rules[0]))
    if given is not None and (given.id, given.players) != (rs.id, rs.players):
        text = _(
            'ruleset {given} ({given_players} players): game "{game}" is played under '
            "{ruleset} ({players} players); leave out the ruleset or give the game's"
        )
        raise InputError(
            text.format(
                given=given.id,
                given_players=given.players,
                game=game.name,
                ruleset=rs.id,
                players=rs.players,
            )
        )
    return rs


def with_facts(args: dict[str, Any], facts: dict[str, int], keys: set[str]) -> dict[str, Any]:
    """The request's values with the game's facts added (only those the check takes,
    ``keys``); a value given that the game contradicts is an error naming both."""
    out = dict(args)
    for key, value in facts.items():
        if key not in keys:
            continue
        if key in args and args[key] != value:
            text = _("--{option} {given}: the game says {value} for this side")
            raise InputError(
                text.format(option=key, given=grouped(args[key]), value=grouped(value))
            )
        out[key] = value
    return out


def grouped(value: Any) -> Any:
    """A whole number with thousands separators (``2,470``), to be read; else as it is."""
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else value
