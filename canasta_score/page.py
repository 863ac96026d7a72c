"""Web pages to print or share: a game's score sheet and a season's statistics.

Each page is one self-contained HTML file (no network, no scripts) built from a Jinja2 template
with escaping on, so every name is shown as text whatever characters it holds. Jinja2 is
imported here only, when a page is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from canasta_score import __version__

if TYPE_CHECKING:
    import jinja2

    from canasta_score.game import Log

COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085")


def environment() -> jinja2.Environment:
    """The template environment: package templates, escaping always on, no undefined names."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("canasta_score", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["num"] = lambda n: f"{n:,}"
    env.filters["signed"] = lambda n: f"{n:+,}"
    env.filters["rate"] = lambda x: "-" if x is None else f"{x:.0%}"
    env.filters["dec"] = lambda x, places=2: "-" if x is None else f"{x:,.{places}f}"
    return env


def game_page(log: Log) -> str:
    """A game's page: the sheet, the chart, every hand's breakdown with its rules."""
    from canasta_score.chart import chart_data, svg_chart
    from canasta_score.logdata import log_data

    data = log_data(log)
    chart = svg_chart(chart_data(log.summary(), log.rs))
    sides = [
        {"name": s.name, "players": list(s.players), "colour": COLOURS[i % len(COLOURS)]}
        for i, s in enumerate(log.game.sides)
    ]
    template = environment().get_template("game.html.j2")
    return template.render(
        log=data,
        rs_name=log.rs.name,
        length=f"{log.rs.game.hands} hands" if log.rs.game.hands else None,
        sides=sides,
        chart=chart,
        version=__version__,
    )


def stats_page(result: dict[str, Any], title: str, filters: list[str]) -> str:
    """The statistics page: players, partnerships, games read and skipped, charts of wins and
    average hand scores."""
    from canasta_score.chart import svg_bars

    players = result["players"]
    charts = [
        svg_bars("Wins", [(p["name"], p["wins"]) for p in players]),
        svg_bars(
            "Average hand score",
            [(p["name"], p["average_hand"] or 0) for p in players],
            places=1,
        ),
    ]
    kinds = sorted(
        {k for group in ("players", "sides") for t in result[group] for k in t["canastas"]}
    )
    template = environment().get_template("stats.html.j2")
    return template.render(
        title=title,
        filters=filters,
        result=result,
        kinds=kinds,
        charts=charts,
        colours=COLOURS,
        version=__version__,
    )
