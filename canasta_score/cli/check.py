"""``canasta-score check ...``: rulings at the table (CONTRACT section 5), each subcommand built
from its check in :mod:`canasta_score.judging.checks`, which ``check --batch`` uses too."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from canasta_score.cli import batch
from canasta_score.cli.commands import SETTINGS, Commands, one_command
from canasta_score.cli.common import JsonOpt, PlayersOpt, RuleOpt, RulesetOpt, load, show_ruling
from canasta_score.core.errors import GameError, InputError
from canasta_score.core.language import _
from canasta_score.judging.checks import CHECKS, FROM_GAME, Check, Option, convert
from canasta_score.rules import DEFAULT_RULESET

if TYPE_CHECKING:
    from canasta_score.rules.ruleset import Ruleset


# Each kind of option: its Python type on the command line, and the word help shows for its
# value (a flag shows none).
KINDS: dict[str, tuple[Any, str | None]] = {
    "bool": (bool, None),
    "int": (int, "N"),
    "int?": (int | None, "N"),
    "cards": (str, "CARDS"),
    "cards?": (str | None, "CARDS"),
    "card": (str, "CARD"),
    "card?": (str | None, "CARD"),
    "melds": (list[str] | None, "CARDS"),
    "ranks": (list[str] | None, "RANK"),
    "answer": (str | None, "[yes|no]"),  # 예 and 아니오 too
    "text": (str | None, "NAME"),
}


def parameter(option: Option) -> inspect.Parameter:
    """The command-line parameter of one option of a check."""
    kind, metavar = KINDS[option.kind]
    if option.argument:
        kind = list[str] if option.kind == "melds" else str
        info: Any = typer.Argument(metavar=metavar, help=option.help)
        default: Any = inspect.Parameter.empty
    else:
        info = typer.Option(*option.flags, metavar=metavar, help=option.help)
        default = inspect.Parameter.empty if option.required else cli_default(option)
        if option.assumed and kind in (bool, int):
            kind = kind | None  # not given: the ruling says what it assumed
    return keyword(option.param, Annotated[kind, info], default)


def keyword(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def cli_default(option: Option) -> Any:
    """The default the command line shows: repeatable options start empty (None), and so do
    options whose absence a ruling reports as an assumption or that a game can give."""
    unset = option.kind in ("melds", "ranks") or option.assumed or option.key in FROM_GAME
    return None if unset else option.default


def parsed(option: Option, value: Any) -> Any:
    """An option's value parsed; a bad value is reported with the flag that gave it."""
    try:
        return convert(option, value)
    except InputError as exc:
        if option.argument:
            raise
        raise InputError(f"{option.flags[0].split('/')[0]}: {exc}") from None


def from_game(
    check: Check, values: dict[str, Any], args: dict[str, Any]
) -> tuple[Ruleset, dict[str, Any], str]:
    """The ruleset of the game (``--game``, else the current one), the request with what the
    game says about ``--side`` (its score and its next hand number), and the side named with
    its score (``A (score 1,240)``)."""
    from canasta_score.cli.stores import open_game
    from canasta_score.games.table_facts import game_ruleset, side_facts, side_named, with_facts

    store, ref = open_game(values.get("game"))
    game = store.load(ref)
    given = None
    if values["ruleset"] is not None:
        given = load(named_ruleset(values), values["players"], None)
        if values["players"] is None and given.id == game.rules().id:
            given = None  # the game's own ruleset, at the game's own player count
    rs = same_players(game_ruleset(game, given, values["rule"]), values, ref.name)
    summary = store.summary(ref)
    facts = side_facts(summary, values["side"])
    named = _("{side} (score {score:,})").format(
        side=side_named(summary, values["side"]), score=facts["score"]
    )
    return rs, with_facts(args, facts, {o.key for o in check.options}), named


def named_ruleset(values: dict[str, Any]) -> str:
    """The ruleset ``--ruleset`` names, classic when it is not given (an empty name is an
    unknown ruleset, as in a batch line)."""
    ruleset: str | None = values["ruleset"]
    return DEFAULT_RULESET if ruleset is None else ruleset


def same_players(
    rs: Ruleset, values: dict[str, Any], game: str, given: str = "--players {count}"
) -> Ruleset:
    """The game's ruleset ``rs``, when ``--players`` (if given) is the game's own count; only
    ``--ruleset`` rules under another ruleset. ``given``: how the count was given."""
    players: int | None = values["players"]
    if players is not None and players != rs.players:
        text = _(
            '{given}: game "{game}" is played by {players} players; leave it out, or give '
            "--ruleset ID to rule under another ruleset"
        )
        said = given.format(count=players)
        raise InputError(text.format(given=said, game=game, players=rs.players))
    return rs


def current_rules(values: dict[str, Any]) -> Ruleset:
    """The ruleset a ruling takes when none is named: the current game's, while it is open
    (its players and house rules, with ``--rule`` on top), said in one line on standard
    error; else classic (for ``--players``, if given)."""
    from canasta_score.cli.stores import has_games, home_folder, open_store

    rules, players = values["rule"], values["players"]
    if not has_games(home_folder()):
        return load(DEFAULT_RULESET, players, rules)  # no games yet: nothing of the store is loaded
    store = open_store()
    try:
        ref = store.current()
        if store.summary(ref, last_only=True).finished:
            return load(DEFAULT_RULESET, players, rules)
        game = store.load(ref, hands=False)
    except GameError:
        return load(DEFAULT_RULESET, players, rules)
    rs = same_players(game.rules(), values, game.name)
    if rules:
        from canasta_score.rules.ruleset import build_ruleset, counted_players

        # A house rule that names the player count names it as --players does, and is
        # weighed against the game's before the rules it would change are read.
        named = counted_players(None, list(rules))
        if named is not None:
            same_players(rs, {"players": named}, game.name, "--rule table.players={count}")
        rs = build_ruleset(rs.data, origin=rs.id, overrides=list(rules))
    said = _("ruleset {ruleset}, from game {game} (--ruleset ID for another)")
    typer.echo(said.format(ruleset=rs.id, game=game.name), err=True)
    return rs


def signature(check: Check) -> inspect.Signature:
    """The command's parameters: the check's arguments and required options, ``--ruleset``,
    its other options, then ``--players``, ``--rule`` and ``--json``."""
    first = [parameter(o) for o in check.options if o.argument or o.required]
    rest = [parameter(o) for o in check.options if not (o.argument or o.required)]
    ruleset = keyword("ruleset", RulesetOpt, None)
    common = [keyword("players", PlayersOpt, None), keyword("rule", RuleOpt, None)]
    return inspect.Signature([*first, ruleset, *rest, *common, keyword("json", JsonOpt, False)])


def command_for(
    check: Check, render: Callable[[Any, bool, str], None] = show_ruling, side_title: bool = False
) -> Callable[..., None]:
    """The Typer command of a check (its parameters: :func:`signature`). ``render`` prints the
    answer (``--json`` or not), headed by the card or cards checked, or with ``side_title``
    by the side ``--side`` names and its score."""

    def command(**values: Any) -> None:
        given = [o for o in check.options if not o.context and values[o.param] is not None]
        args = {o.key: parsed(o, values[o.param]) for o in given}
        side = ""
        if values.get("side") is not None:
            rs, args, side = from_game(check, values, args)
        elif values.get("game") is not None:
            raise InputError(_("--game names the game for --side; give --side NAME too"))
        elif values["ruleset"] is None:
            rs = current_rules(values)
        else:
            rs = load(named_ruleset(values), values["players"], values["rule"])
        first = check.options[0]
        title = values[first.param] if first.argument and first.kind in ("card", "cards") else ""
        render(check.answer(rs, args), values["json"], side if side_title else title)

    command.__doc__ = check.help
    command.__signature__ = signature(check)  # type: ignore[attr-defined]
    return command


def build_check(name: str) -> Any:
    """The Click command of the check called ``name``."""
    return one_command(name, command_for(CHECKS[name]))


class Checks(Commands):
    """The ``check`` subcommands, each built when a command line names it."""

    parts = dict.fromkeys(("meld", "initial-meld", "pickup", "discard", "go-out"), build_check)


app = typer.Typer(
    cls=Checks,
    help="Is this play legal? Exit 0 legal, 1 illegal, 2 bad input.",
    no_args_is_help=True,
    **SETTINGS,
)
batch.register(app)
