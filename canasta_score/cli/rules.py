"""``canasta-score rules ...``: list, show and validate rulesets."""

from __future__ import annotations

from typing import Annotated

import typer

from canasta_score.cli.common import JsonOpt, PlayersOpt, RuleOpt, emit_json, load

app = typer.Typer(help="List, show and validate rulesets.", no_args_is_help=True)


@app.command("list")
def list_cmd(json: JsonOpt = False) -> None:
    """List the bundled rulesets.  Example: rules list"""
    from tabulate import tabulate

    from canasta_score.catalog import list_bundled

    found = list_bundled()
    if json:
        emit_json(
            {
                "rulesets": [
                    {
                        "id": r.id,
                        "name": r.name,
                        "players": list(r.table.player_counts),
                        "status": r.status,
                    }
                    for r in found
                ]
            }
        )
        return
    rows = [(r.id, r.name, ", ".join(map(str, r.table.player_counts)), r.status) for r in found]
    typer.echo(tabulate(rows, headers=("id", "name", "players", "status")))


@app.command("show")
def show_cmd(
    ruleset: Annotated[str, typer.Argument(help="Bundled ruleset id or path to a TOML file.")],
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """Show a resolved ruleset: every rule with its id, text and source.
    Example: rules show classic --players 2"""
    from tabulate import tabulate

    from canasta_score.ruleset import schema_keys

    rs = load(ruleset, players, rule)
    if json:
        emit_json(
            {
                "id": rs.id,
                "name": rs.name,
                "description": rs.description,
                "status": rs.status,
                "players": rs.players,
                "rules": [
                    {
                        "id": rs.rule_id(k),
                        "key": k,
                        "value": _plain(rs.value(k)),
                        "text": rs.rule_text(k),
                        "source": rs.rule_source(k),
                    }
                    for k in schema_keys()
                ],
                "settings": {k: v for k, v in rs.data.items() if k != "sources"},
            }
        )
        return
    typer.echo(f"{rs.name} ({rs.id}), {rs.players} players, {rs.status}")
    if rs.description:
        typer.echo(rs.description)
    rows = [(rid, text, source) for rid, text, source in rs.all_rules()]
    typer.echo(tabulate(rows, headers=("rule", "text", "source")))


def _plain(value: object) -> object:
    from dataclasses import asdict, is_dataclass

    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {k: v for k, v in asdict(value).items() if v not in (None, "")}
    return value


@app.command("validate")
def validate_cmd(
    file: Annotated[str, typer.Argument(help="A ruleset TOML file (it may extend a bundled one).")],
    json: JsonOpt = False,
) -> None:
    """Check a ruleset file and report every problem with its key.
    Example: rules validate house.toml"""
    from canasta_score.catalog import validate_file
    from canasta_score.errors import RulesetError

    try:
        rs = validate_file(file)
    except RulesetError as exc:
        if json:
            emit_json({"valid": False, "problems": exc.problems})
        typer.echo(f"Error: {file}: {len(exc.problems)} problem(s)", err=True)
        for problem in exc.problems:
            typer.echo(f"  - {problem}", err=True)
        raise typer.Exit(2) from None
    if json:
        emit_json({"valid": True, "id": rs.id, "name": rs.name, "problems": []})
    else:
        typer.echo(f"{file}: valid ({rs.name}, id {rs.id})")
