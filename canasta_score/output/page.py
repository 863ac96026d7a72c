"""Web pages to print or share: a game's score sheet and a season's statistics.

Each page is one self-contained HTML file (no network, no scripts) built from a Jinja2 template
with escaping on, so every name is shown as text whatever characters it holds. Jinja2 is
imported here only, when a page is asked for; compiled templates are kept between runs
(:mod:`canasta_score.output.templatecache`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import jinja2

from canasta_score import __version__
from canasta_score.core.language import _, ngettext
from canasta_score.core.words import Words, said_seat, shown_requirement
from canasta_score.output import templatecache

if TYPE_CHECKING:
    from jinja2.bccache import Bucket

    from canasta_score.games.game import Log

COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d35400", "#16a085")


class TemplateCache(jinja2.BytecodeCache):
    """Jinja2's bytecode cache, kept in the checked files of :mod:`templatecache`."""

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = templatecache.read(templatecache.fingerprint(jinja2.__version__, bucket.key))
        if kept is not None:
            bucket.bytecode_from_string(kept)

    def dump_bytecode(self, bucket: Bucket) -> None:
        key = templatecache.fingerprint(jinja2.__version__, bucket.key)
        templatecache.write(key, bucket.bytecode_to_string())


def environment() -> jinja2.Environment:
    """The template environment: package templates, escaping always on, no undefined names."""
    from canasta_score.core.safe_text import clean

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("canasta_score.output", "templates"),
        bytecode_cache=TemplateCache(),
        autoescape=True,
        # Every value shown loses control characters and bidi overrides, as on a terminal.
        finalize=lambda value: clean(value) if isinstance(value, str) else value,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["num"] = lambda n: f"{n:,}"
    env.filters["signed"] = lambda n: f"{n:+,}"
    env.filters["rate"] = lambda x: "-" if x is None else f"{x:.0%}"
    env.filters["dec"] = lambda x, places=2: "-" if x is None else f"{x:,.{places}f}"
    return env


def page_words() -> dict[str, str]:
    """What every page says whatever it shows: its language and its footer."""
    from canasta_score.core import language

    return {
        "lang": language.current(),
        "made_by": _("Made by canasta-score {version}.").format(version=__version__),
    }


def game_page(log: Log) -> str:
    """A game's page: the sheet, the chart, every hand's breakdown with its rules."""
    from markupsafe import Markup

    from canasta_score.core.words import went_out_said
    from canasta_score.games.gamefile import log_data
    from canasta_score.output.chart import chart_data, svg_chart

    summary = log.summary()
    data = log_data(log, summary)
    # Each breakdown item as a person reads it, beside its English label (which is data); an
    # unnamed dealer as a person reads it; each hand's and side's headings.
    said = cache(Words.said)  # the same words come back hand after hand: said once a page
    for hand, played in zip(data["hands"], log.played, strict=True):
        hand["dealer"] = said_seat(hand["dealer"])
        hand["title"] = hand_title(hand)
        out = went_out_said(
            hand["went_out"] or "", hand["concealed"], hand["went_out_player"] or ""
        )
        hand["went_out_said"] = out or "–"  # noqa: RUF001
        for side, scored in zip(hand["sides"], played.score.sides, strict=True):
            side["items"] = [
                {**item, "said": said(kept.words)}
                for item, kept in zip(side["items"], scored.items, strict=True)
            ]
            side["heading"] = side_score(side)
            side["minimum_said"] = side_minimum(side)
    chart = svg_chart(chart_data(summary, log.rs))
    sides = [
        {"name": s.name, "players": list(s.players), "colour": COLOURS[i % len(COLOURS)]}
        for i, s in enumerate(log.game.sides)
    ]
    hands = log.rs.game.hands
    target = f"{data['ruleset']['target']:,}"
    command = Markup("<code>canasta-score rules show {id}</code>").format(id=data["ruleset"]["id"])
    words = {
        "title": _("{game} – score sheet").format(game=data["game"]),  # noqa: RUF001
        "players": _("{players} players").format(players=data["ruleset"]["players"]),
        "length": _("{hands} hands").format(hands=hands)
        if hands
        else _("target {target}").format(target=target),
        "started": _("; started {started}").format(started=data["created"].replace("T", " ")),
        "sides": _("Sides:"),
        "first_dealer": _("First dealer: {dealer}.").format(dealer=said_seat(data["first_dealer"])),
        "score_sheet": _("Score sheet"),
        "hand": _("Hand"),
        "dealer": _("Dealer"),
        "went_out": _("Went out"),
        "total": _("Total"),
        "no_hands": _("No hands yet."),
        "result": result_sentence(data),
        "running_totals": _("Running totals"),
        "chart_label": _("Running totals of {game}").format(game=data["game"]),
        "chart_title": _("Running totals by hand"),
        "axis": _("hand"),
        "hands": _("Hands"),
        "print_hands": _("Print each hand's breakdown too (else the sheet and chart alone)"),
        "item": _("Item"),
        "points": _("Points"),
        "rule": _("Rule"),
        # The sentence is the catalog's (trusted); the command in it is escaped as text.
        "rule_ids": Markup(_("Rule ids name the ruleset's rules; {command} prints them.")).format(
            command=command
        ),
    }
    template = environment().get_template("game.html.j2")
    return template.render(
        log=data,
        rs_name=log.rs.shown_name,
        sides=sides,
        chart=chart,
        version=__version__,
        w=words,
        **page_words(),
    )


def result_sentence(data: dict[str, Any]) -> str:
    """How the game stands: who won, or the next hand and its dealer."""
    if data["finished"] and data["winner"] is not None and data["margin"] is None:
        return _("Result: {winner} wins.").format(winner=data["winner"])
    if data["finished"] and data["winner"] is not None:
        return _("Result: {winner} wins by {margin}.").format(
            winner=data["winner"], margin=f"{data['margin']:,}"
        )
    if data["finished"]:
        return _("Result: {winners} share the win.").format(
            winners=_(" and ").join(data["winners"])
        )
    hands = len(data["hands"])
    text = ngettext(
        "In play after {hands} hand; next hand {next}, dealt by {dealer}.",
        "In play after {hands} hands; next hand {next}, dealt by {dealer}.",
        hands,
    )
    dealer = said_seat(data["next"]["dealer"])
    return text.format(hands=hands, next=data["next"]["hand"], dealer=dealer)


def hand_title(hand: dict[str, Any]) -> str:
    """A hand's heading: its number and its dealer."""
    return _("Hand {number}, dealt by {dealer}").format(
        number=hand["number"], dealer=said_seat(hand["dealer"])
    )


def side_score(side: dict[str, Any]) -> str:
    """A side's score in a hand and its total after it."""
    return _("{side}: {score}, total {total}").format(
        side=side["name"], score=f"{side['score']:+,}", total=f"{side['total']:,}"
    )


def side_minimum(side: dict[str, Any]) -> str:
    """The initial-meld minimum a side had in a hand, and anything else it required."""
    if side["requires"]:
        return _("(initial meld {minimum}; {requires})").format(
            minimum=side["minimum"],
            requires="; ".join(shown_requirement(t) for t in side["requires"]),
        )
    return _("(initial meld {minimum})").format(minimum=side["minimum"])


def stats_page(result: dict[str, Any], title: str, filters: list[str]) -> str:
    """The statistics page: players, partnerships, games read and skipped, charts of wins and
    average hand scores."""
    from canasta_score.output.chart import svg_bars
    from canasta_score.rules.kinds import shown_name

    players = result["players"]
    charts = [
        svg_bars(_("Wins"), [(p["name"], p["wins"]) for p in players]),
        svg_bars(
            _("Average hand score"),
            [(p["name"], p["average_hand"] or 0) for p in players],
            places=1,
        ),
    ]
    kinds = sorted(
        {k for group in ("players", "sides") for t in result[group] for k in t["canastas"]}
    )
    kind_heads = [
        _("{kind} canastas per hand").format(kind=shown_name(k).replace("_", " ").capitalize())
        for k in kinds
    ]
    games = result["games"]
    words = {
        "counted": ngettext(
            "{counted} game counted of {read} read",
            "{counted} games counted of {read} read",
            games["counted"],
        ).format(counted=f"{games['counted']:,}", read=f"{games['read']:,}"),
        "unread": _("Games that could not be read (left out):"),
        "players": _("Players"),
        "sides": _("Partnerships and sides"),
        "no_games": _("No games to count."),
        "name": _("Name"),
        "games": _("Games"),
        "finished": _("Finished"),
        "wins": _("Wins"),
        "win_rate": _("Win rate"),
        "hands": _("Hands"),
        "average_hand": _("Average hand"),
        "best": _("Best"),
        "worst": _("Worst"),
        "went_out": _("Went out"),
        "out_self": _("Went out themselves"),
        "concealed": _("Concealed"),
        "red_threes": _("Red threes per hand"),
        "lost_cards": _("Points lost: cards in hand"),
        "lost_incomplete": _("Points lost: incomplete melds"),
        "lost_red_threes": _("Points lost: red threes"),
    }
    template = environment().get_template("stats.html.j2")
    return template.render(
        title=title,
        filters=filters,
        result=result,
        kinds=kinds,
        kind_heads=kind_heads,
        charts=charts,
        colours=COLOURS,
        version=__version__,
        w=words,
        **page_words(),
    )
