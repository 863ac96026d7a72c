"""``canasta-score check ...``: rulings at the table (CONTRACT section 5).

Each subcommand is built from the check's one description in :mod:`canasta_score.checks`
(which ``check --batch`` uses too): its options, their help and defaults, and the library call.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any

import typer

from canasta_score.checks import CHECKS, Check, Option, convert
from canasta_score.cli import batch
from canasta_score.cli.common import JsonOpt, PlayersOpt, RuleOpt, RulesetOpt, load, show_ruling
from canasta_score.errors import InputError

app = typer.Typer(
    help="Is this play legal? Exit 0 legal, 1 illegal, 2 bad input.", no_args_is_help=True
)
batch.register(app)


class Answer(StrEnum):
    yes = "yes"
    no = "no"


# The Python type of each kind of option on the command line.
CLI_TYPES: dict[str, Any] = {
    "bool": bool,
    "int": int,
    "int?": int | None,
    "cards": str,
    "cards?": str | None,
    "card": str,
    "card?": str | None,
    "melds": list[str] | None,
    "ranks": list[str] | None,
    "answer": Answer | None,
}
COMMON = ("ruleset", "players", "rule", "json")
# The placeholder help shows for each kind of option's value (the others: N, yes|no).
METAVARS = {
    "cards": "CARDS",
    "cards?": "CARDS",
    "card": "CARD",
    "card?": "CARD",
    "melds": "CARDS",
    "ranks": "RANK",
}


def parameter(option: Option) -> inspect.Parameter:
    """The command-line parameter of one option of a check."""
    kind = CLI_TYPES[option.kind]
    if option.argument:
        kind = list[str] if option.kind == "melds" else str
        info: Any = typer.Argument(metavar=METAVARS.get(option.kind), help=option.help)
        default: Any = inspect.Parameter.empty
    else:
        info = typer.Option(*option.flags, metavar=METAVARS.get(option.kind), help=option.help)
        default = inspect.Parameter.empty if option.required else cli_default(option)
        if option.assumed and kind in (bool, int):
            kind = kind | None  # not given: the ruling says what it assumed
    return inspect.Parameter(
        option.param,
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[kind, info],
    )


def cli_default(option: Option) -> Any:
    """The default the command line shows: repeatable options start empty (None), and so do
    options whose absence a ruling reports as an assumption."""
    return None if option.kind in ("melds", "ranks") or option.assumed else option.default


def common_parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def parsed(option: Option, value: Any) -> Any:
    """An option's value parsed; a bad value is reported with the flag that gave it."""
    if option.kind in ("melds", "ranks") and value is None:
        return option.default
    try:
        return convert(option, value)
    except InputError as exc:
        if option.argument:
            raise
        raise InputError(f"{option.flags[0].split('/')[0]}: {exc}") from None


def show(answer: Any, as_json: bool, title: str) -> None:
    """Print a ruling and exit 0 (legal) or 1 (illegal)."""
    show_ruling(answer, as_json, title)


def command_for(
    check: Check, render: Callable[[Any, bool, str], None] = show
) -> Callable[..., None]:
    """The Typer command of a check, its signature built from the check's options; ``render``
    prints the answer (``--json`` or not; the title is the card or cards checked)."""

    def command(**values: Any) -> None:
        rs = load(values["ruleset"], values["players"], values["rule"])
        given = [o for o in check.options if values[o.param] is not None]
        args = {o.key: parsed(o, values[o.param]) for o in given}
        first = check.options[0]
        title = values[first.param] if first.argument and first.kind in ("card", "cards") else ""
        render(check.answer(rs, args), values["json"], title)

    first = [o for o in check.options if o.argument or o.required]
    rest = [o for o in check.options if not (o.argument or o.required)]
    params = [parameter(o) for o in first]
    params.append(common_parameter("ruleset", RulesetOpt, "classic"))
    params += [parameter(o) for o in rest]
    params += [
        common_parameter("players", PlayersOpt, None),
        common_parameter("rule", RuleOpt, None),
        common_parameter("json", JsonOpt, False),
    ]
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__doc__ = check.help
    command.__name__ = f"{check.name.replace('-', '_')}_cmd"
    return command


for _name in ("meld", "initial-meld", "pickup", "discard", "go-out"):
    app.command(_name)(command_for(CHECKS[_name]))
