"""Options shared by several commands, and the output helpers."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from canasta_score.core.errors import CanastaError
from canasta_score.core.language import _, pgettext
from canasta_score.core.safe_text import json_text as json_text

if TYPE_CHECKING:
    from canasta_score.games.game import Shortfall
    from canasta_score.judging.ruling import Ruling
    from canasta_score.rules.minimum import Minimum
    from canasta_score.rules.ruleset import Ruleset


def complete_ruleset(incomplete: str) -> list[str]:
    """Shell completion: the bundled ruleset ids starting with what is typed."""
    from canasta_score.rules.catalog import bundled_ids

    return [i for i in bundled_ids() if i.startswith(incomplete)]


def complete_game(incomplete: str) -> list[str]:
    """Shell completion: the names of the games in the game home starting with what is typed
    (where there are no games, nothing is made)."""
    from canasta_score.cli.stores import has_games, home_folder

    home = home_folder()
    if not has_games(home):
        return []
    from canasta_score.games.store import Store

    store = Store(home)
    try:
        names = store.names()
    except CanastaError:
        return []
    finally:
        store.close()
    return [n for n in names if n.startswith(incomplete)]


def ruleset_option(help: str) -> Any:
    """``--ruleset``/``-r``, its help said by the command that takes it."""
    return typer.Option(
        "--ruleset", "-r", metavar="RULESET", autocompletion=complete_ruleset, help=help
    )


RulesetOpt = Annotated[str, ruleset_option("Bundled ruleset id or path to a TOML file.")]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players", "-p", metavar="N", help="Number of players (default: the ruleset's)."
    ),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="KEY=VALUE",
        help="House rule SECTION.KEY=VALUE (repeatable), e.g. go_out.bonus=200.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
# The game a game command works on.
GameOpt = Annotated[
    str | None,
    typer.Option(
        "--game",
        "-g",
        metavar="NAME",
        autocompletion=complete_game,
        help="Game name or game file (default: the current game).",
    ),
]


def load(ruleset: str, players: int | None, rule: Sequence[str] | None) -> Ruleset:
    """Load a ruleset for a command."""
    from canasta_score.rules.catalog import load_ruleset

    return load_ruleset(ruleset, players=players, overrides=list(rule or []))


def warning(doubt: Shortfall) -> str:
    """A hand's shortfall as the warning every command and ``play`` give of it."""
    return _("warning: {problem}").format(problem=doubt.text)


def emit_json(data: Any) -> None:
    sys.stdout.write(json_text(data) + "\n")


def emit_answer(answer: Ruling | Minimum) -> None:
    """A check's answer as its one JSON text (the same a batch line is)."""
    from canasta_score.judging.checks import answer_json

    sys.stdout.write(answer_json(answer) + "\n")


def verdict(ruling: Ruling) -> str:
    """The first word of a ruling: LEGAL or ILLEGAL, in the language in use."""
    return _("LEGAL") if ruling.legal else _("ILLEGAL")


def detail_label(key: str) -> str:
    """The label of something else a ruling reports (a key of its JSON object)."""
    labels = {
        "points": pgettext("ruling detail", "points"),
        "canasta": pgettext("ruling detail", "canasta"),
        "canastas": pgettext("ruling detail", "canastas"),
        "way": pgettext("ruling detail", "way"),
        "cards": pgettext("ruling detail", "cards"),
        "melds": pgettext("ruling detail", "melds"),
        "discard": pgettext("ruling detail", "discard"),
        "minimum": pgettext("ruling detail", "minimum"),
        "takes": pgettext("ruling detail", "takes"),
    }
    return labels.get(key, key.replace("_", " "))


def detail_value(key: str, value: Any) -> Any:
    """A value a ruling reports, as a person reads it (a pickup's way, a canasta's kind)."""
    from canasta_score.rules.kinds import shown_name

    if key == "canasta" and isinstance(value, str):
        return shown_name(value)
    ways = {
        "natural_pair": pgettext("pickup way", "natural_pair"),
        "natural_plus_wild": pgettext("pickup way", "natural_plus_wild"),
        "add_to_meld": pgettext("pickup way", "add_to_meld"),
    }
    if key == "way" and isinstance(value, str):
        return ways.get(value, value)
    return value


def ruling_text(ruling: Ruling, title: str = "") -> str:
    """A ruling as lines of text: the verdict, each reason with its rule, what else it says."""
    lead = verdict(ruling)
    lines = [_("{verdict}: {title}").format(verdict=lead, title=title) if title else lead]
    lines += [f"  - {reason.text}  [{reason.rule}]" for reason in ruling.cited]
    for key, value in ruling.extra.items():
        if value not in (None, [], ""):
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            lines.append(f"  {detail_label(key)}: {detail_value(key, shown)}")
    for assumed in ruling.assumptions:
        text = _("assumed: {assumption} ({change} changes the answer)")
        lines.append("  " + text.format(assumption=_(assumed.text), change=assumed.change))
    return "\n".join(lines)


def show_ruling(ruling: Ruling, as_json: bool, title: str = "") -> None:
    """Print a ruling and exit 0 (legal) or 1 (illegal)."""
    if as_json:
        emit_answer(ruling)
    else:
        from canasta_score.cli.colour import echo, wanted

        lead = verdict(ruling)
        colour = "green" if ruling.legal else "red"
        echo(ruling_text(ruling, title), lead, colour, wanted(sys.stdout))
    raise typer.Exit(0 if ruling.legal else 1)
