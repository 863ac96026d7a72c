"""``canasta-score rules ...``: list, show and validate rulesets."""

from __future__ import annotations

from typing import Annotated

import typer

from canasta_score.cli.commands import SETTINGS, Command, Group
from canasta_score.cli.common import JsonOpt, PlayersOpt, RuleOpt, complete_ruleset, emit_json, load
from canasta_score.core.errors import RulesetError
from canasta_score.core.language import _, ngettext, pgettext

app = typer.Typer(
    cls=Group, help="List, show and validate rulesets.", no_args_is_help=True, **SETTINGS
)


@app.command("list", cls=Command)
def list_cmd(json: JsonOpt = False) -> None:
    """List the bundled rulesets.  Example: rules list"""
    from canasta_score.cli.tables import table
    from canasta_score.rules.catalog import list_bundled

    found = list_bundled()
    if json:
        listed = [
            {"id": r.id, "name": r.name, "players": list(r.table.player_counts), "status": r.status}
            for r in found
        ]
        emit_json({"rulesets": listed})
        return
    rows = [
        (r.id, r.shown_name, ", ".join(map(str, r.table.player_counts)), status_word(r.status))
        for r in found
    ]
    headers = (
        pgettext("rules list", "id"),
        pgettext("rules list", "name"),
        pgettext("rules list", "players"),
        pgettext("rules list", "status"),
    )
    typer.echo(table(rows, headers=headers))


def status_word(status: str) -> str:
    """A ruleset's status (complete, partial, reference) in the language in use."""
    words = {
        "complete": pgettext("ruleset status", "complete"),
        "partial": pgettext("ruleset status", "partial"),
        "reference": pgettext("ruleset status", "reference"),
    }
    return words.get(status, status)


@app.command("show", cls=Command)
def show_cmd(
    ruleset: Annotated[
        str,
        typer.Argument(
            metavar="RULESET",
            autocompletion=complete_ruleset,
            help="Bundled ruleset id or path to a TOML file.",
        ),
    ],
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """Show a resolved ruleset: every rule with its id, text and source, wrapped to the
    terminal's width (COLUMNS). Example: rules show classic --players 2"""
    from canasta_score.rules.rulebook import plain_value, said_source
    from canasta_score.rules.ruleset import schema_keys

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
                        "value": plain_value(rs.value(k)),
                        "text": rs.rule_text(k),
                        "source": rs.rule_source(k),
                        **({"unsourced": rs.rule_unsourced(k)} if rs.rule_unsourced(k) else {}),
                    }
                    for k in schema_keys()
                ],
                "settings": {k: v for k, v in rs.data.items() if k != "sources"},
            }
        )
        return
    width = terminal_width()
    head = _("{name} ({ruleset}), {players} players, {status}")
    typer.echo(
        head.format(
            name=rs.shown_name, ruleset=rs.id, players=rs.players, status=status_word(rs.status)
        )
    )
    if rs.description:
        typer.echo(wrap(rs.shown_description, width))
    marks = {rs.rule_id(k): why for k, why in rs.unsourced.items()}
    unsourced = _("{source} [no source gives this value: {why}]")
    rows = [
        (rid, text, unsourced.format(source=said_source(source), why=marks[rid]))
        if rid in marks
        else (rid, text, said_source(source))
        for rid, text, source in rs.all_rules()
    ]
    typer.echo(rules_table(rows, width))


def terminal_width() -> int:
    """The terminal's width (COLUMNS wins), never below 40."""
    import shutil

    return max(40, shutil.get_terminal_size((100, 24)).columns)


def wrap(text: str, width: int, indent: str = "", hang: str = "") -> str:
    """``text`` filled to ``width``; continuation lines are indented by ``hang`` more."""
    import textwrap

    if text.isascii():
        return textwrap.fill(
            text,
            width,
            initial_indent=indent,
            subsequent_indent=indent + hang,
            break_on_hyphens=False,
        )
    from canasta_score.output import widths as display

    # Wide characters (Hangul) take two columns: fill word by word by display width.
    lines: list[str] = []
    line = indent
    for word in text.split():
        start = line.strip() == ""
        candidate = line + word if start else f"{line} {word}"
        if start or display.width(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = indent + hang + word
    lines.append(line)
    return "\n".join(lines)


def rules_table(rules: list[tuple[str, str, str]], width: int) -> str:
    """Every rule as a table when the terminal is wide enough, else one block per rule."""
    from canasta_score.output import widths as display

    room = width - max(display.width(r[0]) for r in rules) - 2 * 2  # two-space column gaps
    text_width, source_width = room * 3 // 5, room - room * 3 // 5
    if text_width >= 40 and source_width >= 24:
        from canasta_score.cli.tables import table

        headers = (
            pgettext("rules show", "rule"),
            pgettext("rules show", "text"),
            pgettext("rules show", "source"),
        )
        return table(
            rules,
            headers=headers,
            maxcolwidths=[None, text_width, source_width],
            disable_numparse=True,
        )
    blocks = []
    for rule_id, text, source in rules:
        lines = [wrap(rule_id, width), wrap(text, width, "    ")]
        if source:
            lines.append(wrap(_("source: {source}").format(source=source), width, "    "))
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


@app.command("explain", cls=Command)
def explain_cmd(
    rule_id: Annotated[
        str,
        typer.Argument(
            metavar="RULE_ID",
            help="A rule id as rulings cite it (classic.meld.wild-ratio), or a bare key "
            "(meld.wild_ratio) with --ruleset.",
        ),
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            metavar="RULESET",
            autocompletion=complete_ruleset,
            help="Bundled ruleset id or TOML file (default: the one the id names, else classic).",
        ),
    ] = None,
    players: PlayersOpt = None,
    rule: RuleOpt = None,
    json: JsonOpt = False,
) -> None:
    """Explain one rule: its text, its value, its source and the docs/rules page about it.
    Example: rules explain samba.meld.max-wilds"""
    from canasta_score.rules.catalog import explain
    from canasta_score.rules.rulebook import plain_value, said_source, toml_value
    from canasta_score.rules.ruleset import describe_choice

    found = explain(rule_id, ruleset, players=players, overrides=list(rule or []))
    if json:
        emit_json(found.as_dict())
        return
    width = terminal_width()

    def say(text: str) -> None:
        typer.echo(wrap(text, width, "  "))

    typer.echo(found.id)
    say(found.text)
    if found.setting:
        value = toml_value(plain_value(found.value))
        say(_("value: {key} = {value}").format(key=found.key, value=value))
    else:
        say(_("value: none; a fixed rule of the game, not a setting"))
    if found.choices:
        typer.echo("  " + _("choices:"))
        for choice in found.choices:
            typer.echo(wrap(f"{choice}: {describe_choice(found.key, choice)}", width, "    ", "  "))
    if found.setting:
        say(_("house rule: --rule {key}=VALUE").format(key=found.key))
    source = said_source(found.source) if found.source else _("none given")
    say(_("source: {source}").format(source=source))
    if found.unsourced:
        say(_("no source gives this value: {why}").format(why=found.unsourced))
    say(_("explained in: {page}").format(page=found.page))


@app.command("validate", cls=Command)
def validate_cmd(
    file: Annotated[
        str,
        typer.Argument(metavar="FILE", help="A ruleset TOML file (it may extend a bundled one)."),
    ],
    json: JsonOpt = False,
) -> None:
    """Check a ruleset file and report every problem with its key.
    Example: rules validate house.toml"""
    from canasta_score.rules.catalog import validate_file

    try:
        rs = validate_file(file)
    except RulesetError as exc:
        if json:
            emit_json({"valid": False, "problems": exc.problems})
        count = len(exc.problems)
        text = ngettext("{file}: {count} problem", "{file}: {count} problems", count)
        typer.echo("Error: " + text.format(file=file, count=count), err=True)
        for problem in exc.problems:
            typer.echo(f"  - {problem}", err=True)
        raise typer.Exit(2) from None
    if json:
        emit_json({"valid": True, "id": rs.id, "name": rs.name, "problems": []})
    else:
        text = _("{file}: valid ({name}, id {ruleset})")
        typer.echo(text.format(file=file, name=rs.shown_name, ruleset=rs.id))
