"""The stats command: figures per player and partnership over every game, head to head, and
the same figures as a page (--html)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from canasta_score.cli.common import JsonOpt, emit_json
from canasta_score.core.errors import InputError
from canasta_score.core.language import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from canasta_score.games.stats import Filters


# Column headings, shown in the language in use.
RESULT_HEAD = (
    N_("name"),
    N_("games"),
    N_("finished"),
    N_("wins"),
    N_("win rate"),
    N_("hands"),
    N_("avg hand"),
    N_("best"),
    N_("worst"),
)


def dec(x: float | None, places: int = 2) -> str:
    return "-" if x is None else f"{x:,.{places}f}"


def results_table(rows: list[dict[str, Any]]) -> str:
    from canasta_score.cli.sheet import num
    from canasta_score.cli.tables import fitted

    head = [_(h) for h in RESULT_HEAD]
    body = [
        [
            t["name"],
            num(t["games"]),
            num(t["finished"]),
            num(t["wins"]),
            "-" if t["win_rate"] is None else f"{t['win_rate']:.0%}",
            num(t["hands"]),
            dec(t["average_hand"], 1),
            f"{t['best_hand']['score']:+,}" if t["best_hand"] else "-",
            f"{t['worst_hand']['score']:+,}" if t["worst_hand"] else "-",
        ]
        for t in rows
    ]
    align = ("left", *("right",) * (len(head) - 1))
    return fitted(body, head, align)


def play_table(rows: list[dict[str, Any]]) -> str:
    """Per hand: going out, canastas by kind, red threes; points lost to penalties."""
    from canasta_score.cli.sheet import num
    from canasta_score.cli.tables import fitted
    from canasta_score.rules.kinds import shown_name

    kinds = sorted({k for t in rows for k in t["canastas"]})
    # Short words of their own (a column is as wide as its head); in Korean every penalty is
    # headed by the same "lost:".
    head = [_("name"), pgettext("stats column", "out"), pgettext("stats column", "concealed")]
    head += [_("{kind}/hand").format(kind=shown_name(k)) for k in kinds]
    head += [
        pgettext("stats column", "red 3s/hand"),
        pgettext("stats column", "lost: cards"),
        pgettext("stats column", "incomplete"),
        pgettext("stats column", "red 3s"),
    ]
    # A player's own going out, where any hand says who went out.
    own = any(t.get("went_out_self") for t in rows)
    if own:
        head.insert(2, _("out (self)"))
    body = [
        [
            t["name"],
            num(t["went_out"]),
            *([num(t["went_out_self"]) if "went_out_self" in t else "-"] if own else []),
            num(t["went_out_concealed"]),
            *(dec(t["canastas_per_hand"].get(k, 0)) for k in kinds),
            dec(t["red_threes_per_hand"]),
            num(t["penalties"]["cards_in_hand"]),
            num(t["penalties"]["incomplete_melds"]),
            num(t["penalties"]["red_threes_against"]),
        ]
        for t in rows
    ]
    align = ("left", *("right",) * (len(head) - 1))
    return fitted(body, head, align)


def render(result: dict[str, Any]) -> str:
    from canasta_score.cli.sheet import num
    from canasta_score.cli.tables import wrapped

    games = result["games"]
    parts = [
        ngettext(
            "{counted} game counted of {read} read.",
            "{counted} games counted of {read} read.",
            games["counted"],
        ).format(counted=num(games["counted"]), read=num(games["read"]))
    ]
    for label, rows in (
        (_("Players:"), result["players"]),
        (_("Partnerships and sides:"), result["sides"]),
    ):
        if rows:
            parts += ["", label, results_table(rows), "", play_table(rows)]
    if not result["players"] and not result["sides"]:
        parts.append(_("No games to count."))
    if games["problems"]:
        parts += ["", _("Games that could not be read (left out):")]
        parts += [wrapped(f"  {p['game']}: {p['reason']}") for p in games["problems"]]
    return "\n".join(parts)


def render_vs(result: dict[str, Any]) -> str:
    a, b = result["a"], result["b"]
    if not result["games"]:
        return _("{a} and {b} have not played against each other.").format(a=a["name"], b=b["name"])
    # The counts of games (games, finished, shared) are the result's own.
    figures = {**result, "a": a["name"], "b": b["name"], "a_wins": a["wins"], "b_wins": b["wins"]}
    if result["shared"]:
        summary = ngettext(
            "{a} against {b}: {games} game, {finished} finished: {a} won {a_wins}, "
            "{b} won {b_wins}, {shared} shared.",
            "{a} against {b}: {games} games, {finished} finished: {a} won {a_wins}, "
            "{b} won {b_wins}, {shared} shared.",
            result["games"],
        )
    else:
        summary = ngettext(
            "{a} against {b}: {games} game, {finished} finished: {a} won {a_wins}, "
            "{b} won {b_wins}.",
            "{a} against {b}: {games} games, {finished} finished: {a} won {a_wins}, "
            "{b} won {b_wins}.",
            result["games"],
        )
    from canasta_score.cli.tables import wrapped

    shown = [wrapped(summary.format(**figures)), results_table([a, b]), play_table([a, b])]
    return "\n\n".join(shown)


def described(filters: Filters) -> list[str]:
    """The filters in use, in words (for the page)."""
    given = (
        (N_("player {value}"), filters.player),
        (N_("side {value}"), filters.side),
        (N_("ruleset {value}"), filters.ruleset),
        (N_("since {value}"), filters.since),
        (N_("until {value}"), filters.until),
    )
    return [_(label).format(value=value) for label, value in given if value is not None]


def stats_cmd(
    player: Annotated[
        str | None,
        typer.Option("--player", metavar="NAME", help="Only games this player played in."),
    ] = None,
    side: Annotated[
        str | None,
        typer.Option(
            "--side", metavar="SIDE", help='Only games of this partnership, e.g. "Ann & Bob".'
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option("--ruleset", "-r", metavar="RULESET", help="Only games of this ruleset id."),
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help="Only games from this date (YYYY-MM-DD)."),
    ] = None,
    until: Annotated[
        str | None,
        typer.Option("--until", metavar="DATE", help="Only games up to this date (YYYY-MM-DD)."),
    ] = None,
    vs: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--vs",
            metavar="SIDE SIDE",
            help='Head to head of two players or partnerships: --vs "Ann & Bob" "Cy & Di".',
            show_default=False,
        ),
    ] = None,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write the statistics as a page to FILE (replacing it; - is stdout).",
        ),
    ] = None,
    json: JsonOpt = False,
) -> None:
    """Figures per player and partnership over every game in the game folder: wins, win
    rate, hand scores, canastas, going out, red threes, points lost to penalties.
    Example: stats --since 2026-01-01 --vs "Ann & Bob" "Cy & Di" """
    from canasta_score.cli.stores import open_store
    from canasta_score.games.stats import Filters, head_to_head, parse_day, statistics

    if vs is not None and html is not None:
        raise InputError(
            _(
                "--html writes the statistics of every player and side; give --vs or --html, "
                "not both"
            )
        )
    if html == "-" and json:
        raise InputError(
            _("--json prints the statistics as JSON; to write the page too, give --html FILE")
        )
    filters = Filters(
        player=player,
        side=side,
        ruleset=ruleset,
        since=parse_day(since, "--since"),
        until=parse_day(until, "--until"),
    )
    games, skipped = open_store().facts()
    if vs is not None:
        result = head_to_head(games, vs[0], vs[1], filters)
        result["problems"] = [{"game": s.game, "reason": s.reason} for s in skipped]
        if json:
            emit_json(result)
            return
        typer.echo(render_vs(result))
        for s in skipped:
            warning = _("warning: {game} could not be read: {reason}")
            typer.echo(warning.format(game=s.game, reason=s.reason), err=True)
        return
    result = statistics(games, skipped, filters)
    if html is not None:
        write_page(result, described(filters), html)
    if json:
        emit_json(result)
    elif html is None:
        typer.echo(render(result))


COMMANDS = {"stats": stats_cmd}


def write_page(result: dict[str, Any], filters: list[str], output: str) -> None:
    from canasta_score.cli.game import refuse_store
    from canasta_score.cli.stores import open_store
    from canasta_score.cli.writing import write_atomic
    from canasta_score.output.page import stats_page

    text = stats_page(result, _("Canasta statistics"), filters)
    if output == "-":  # "-" is standard output, as for export --output
        typer.echo(text, nl=False)
        return
    target = Path(output).expanduser()
    refuse_store(open_store(), target)
    write_atomic(target, text.encode("utf-8"))
    typer.echo(_("Wrote {file}").format(file=target), err=True)
