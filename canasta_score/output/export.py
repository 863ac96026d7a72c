"""Game logs: the one writer of each export format (JSON, TOML, CSV, Markdown; the HTML page is
:mod:`canasta_score.output.page`). Reading a log back is :mod:`canasta_score.games.gamefile`.

A log holds the ruleset snapshot, the sides, every hand as entered with every breakdown item,
each side's minimum for that hand, and the running totals. Importing a log and exporting it again
gives the same log: everything in it is either stored in the game or worked out from it.
"""

from __future__ import annotations

import csv
import io
import json
import re
from functools import lru_cache
from typing import Any

from canasta_score.core.errors import GameError
from canasta_score.core.language import N_, _, ngettext
from canasta_score.core.safe_text import clean, escape_strings
from canasta_score.core.words import said_seat, shown_requirement
from canasta_score.games.game import Log, Played, entered_at, record_of
from canasta_score.games.gamefile import log_data

__all__ = ["export", "log_data"]

FORMATS = ("json", "csv", "md", "toml", "html")


def export(log: Log, fmt: str, detail: bool = False, full: bool = False) -> str:
    """The log in one of :data:`FORMATS`. ``detail``: the CSV has one row per breakdown item;
    ``full``: the Markdown adds each hand's record and the ruleset (JSON and TOML always hold
    everything)."""
    check_kind(fmt, detail, full)
    if fmt == "csv":
        return to_csv(log, detail)
    if fmt == "md":
        return to_markdown(log, full)
    if fmt == "html":
        from canasta_score.output.page import game_page

        return game_page(log)
    if fmt == "json":
        return escape_strings(json.dumps(log_data(log), ensure_ascii=False, indent=2)) + "\n"
    return escape_strings(toml_text(log_data(log)))


def check_kind(fmt: str, detail: bool, full: bool) -> None:
    """Refuse a format that is not one of :data:`FORMATS`, or options it does not take."""
    if fmt not in FORMATS:
        text = _("format {format}: choose one of {formats}")
        raise GameError(text.format(format=fmt, formats=", ".join(FORMATS)))
    if detail and fmt != "csv":
        text = _("the detailed sheet is for the csv format, not {format}")
        raise GameError(text.format(format=fmt))
    if full and fmt in ("json", "toml"):
        text = _("the full log is for the md format; {format} always holds the whole game")
        raise GameError(text.format(format=fmt))
    if full and fmt != "md":
        raise GameError(_("the full log is for the md format, not {format}").format(format=fmt))


# ---------------------------------------------------------------- TOML

# In a TOML basic string a quote, a backslash and the control characters but tab (DEL too) are
# escaped, by a short escape where TOML has one; a key of letters, digits, ``-`` and ``_`` is bare.
TOML_ESCAPED = re.compile(r'["\\\x00-\x08\x0a-\x1f\x7f]')
TOML_SHORT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
BARE_KEY = re.compile("[A-Za-z0-9_-]+")
TOML_INDENT = "    "
# An array of tables is written inline when each of its tables fits on a line this long.
TOML_LINE = 100


# Names, labels, rule ids, cards and keys come back in every hand: each is written once.
@lru_cache(maxsize=4096)
def toml_string(text: str) -> str:
    """``text`` as a TOML basic string."""
    return '"' + TOML_ESCAPED.sub(toml_escape, text) + '"'


def toml_escape(found: re.Match[str]) -> str:
    char = found.group()
    return TOML_SHORT.get(char) or f"\\u{ord(char):04x}"


@lru_cache(maxsize=1024)
def toml_key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else toml_string(key)


def toml_text(data: dict[str, Any]) -> str:
    """``data`` (dicts, lists, strings, numbers, booleans) as TOML, laid out as tomli-w 1.2
    lays it out (nested tables as ``[a.b]`` sections, arrays one item a line, a list of tables
    inline when each table fits on a line). TOML has no null: keys whose value is None are
    left out."""
    inline: dict[int, str] = {}  # the inline tables written so far, by object

    def value(item: Any, level: int = 0) -> str:
        if isinstance(item, str):
            return toml_string(item)
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, int | float):
            return str(item)
        if isinstance(item, list | tuple):
            if not item:
                return "[]"
            indent = TOML_INDENT * (level + 1)
            lines = "".join(f"{indent}{value(each, level + 1)},\n" for each in item)
            return f"[\n{lines}{TOML_INDENT * level}]"
        if isinstance(item, dict):
            return inline_table(item)
        raise TypeError(f"{type(item).__qualname__} is not TOML data")

    def inline_table(table: dict[str, Any]) -> str:
        text = inline.get(id(table))
        if text is None:
            pairs = [f"{toml_key(k)} = {value(v)}" for k, v in table.items() if v is not None]
            text = inline[id(table)] = "{ " + ", ".join(pairs) + " }" if pairs else "{}"
        return text

    def fits(table: dict[str, Any]) -> bool:
        text = inline_table(table)
        return len(TOML_INDENT) + len(text) + 1 <= TOML_LINE and "\n" not in text

    def section(table: dict[str, Any], name: str, in_array: bool, out: list[str]) -> None:
        plain: list[tuple[str, Any]] = []
        tables: list[tuple[str, dict[str, Any], bool]] = []
        for k, v in table.items():
            if isinstance(v, dict):
                tables.append((k, v, False))
            elif (
                isinstance(v, list | tuple)
                and v
                and all(isinstance(t, dict) for t in v)
                and not all(fits(t) for t in v)
            ):
                tables += [(k, t, True) for t in v]
            elif v is not None:
                plain.append((k, v))
        # A table's header is left out when it holds only tables (each has its own header).
        started = in_array or (bool(name) and (bool(plain) or not tables))
        if started:
            out.append(f"[[{name}]]\n" if in_array else f"[{name}]\n")
        out += [f"{toml_key(k)} = {value(v)}\n" for k, v in plain]
        started = started or bool(plain)
        for k, v, array in tables:
            if started:
                out.append("\n")
            started = True
            section(v, f"{name}.{toml_key(k)}" if name else toml_key(k), array, out)

    out: list[str] = []
    section(data, "", False, out)
    return "".join(out)


# ---------------------------------------------------------------- CSV


# A text cell starting with one of these is a formula (or the start of one) to a spreadsheet
# program (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")
# Characters with a meaning in Markdown text (tables, emphasis, links, code, escapes, HTML
# tags), and an ampersand that would start an entity (``&amp;``, ``&#38;``).
MARKDOWN_MARK = re.compile(r"[\\|*_`\[\]~<]|&(?=#?[0-9A-Za-z]+;)")


def cell(value: str) -> str:
    """Text that a spreadsheet shows as text, never runs as a formula: a text cell starting
    with ``= + - @``, a tab or a carriage return gets a leading ``'`` (OWASP's advice).
    Text that is just a number (``-45``) is left alone: no spreadsheet runs it, and
    the number columns are written as numbers anyway."""
    if value.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def when(hand: Played) -> str:
    """When a hand was entered, as a date and time to read (``2025-01-01 20:15``), or ""."""
    return entered_at(hand.record)[:16].replace("T", " ")


# The CSV's column headings (each side then adds "NAME score" and "NAME total").
SHEET_HEAD = (N_("hand"), N_("date"), N_("dealer"), N_("went out"))
DETAIL_HEAD = (N_("hand"), N_("date"), N_("side"), N_("item"), N_("points"), N_("rule"))
# After the sides' columns: how the side that went out went out (1 concealed, 0 not) and its
# player who went out, when written down.
OUT_HEAD = (N_("concealed"), N_("player out"))


def to_csv(log: Log, detail: bool = False) -> str:
    """The score sheet as on paper: one row per hand (number, date, dealer, who went out, each
    side's hand score and running total). ``detail``: one row per breakdown item instead."""
    if detail:
        rows: list[list[str | int]] = [[_(h) for h in DETAIL_HEAD]]
        rows += [
            [
                hand.number,
                cell(when(hand)),
                cell(side.name),
                cell(item.words.said()),
                item.points,
                cell(item.rule),
            ]
            for hand in log.played
            for side in hand.score.sides
            for item in side.items
        ]
    else:
        head: list[str | int] = [_(h) for h in SHEET_HEAD]
        for s in log.game.sides:
            head += [
                cell(_("{side} score").format(side=s.name)),
                cell(_("{side} total").format(side=s.name)),
            ]
        rows = [head + [_(h) for h in OUT_HEAD]]
        rows += [sheet_row(hand) for hand in log.played]
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


def sheet_row(hand: Played) -> list[str | int]:
    """A hand's row of the CSV score sheet."""
    row: list[str | int] = [hand.number, cell(when(hand)), cell(hand.dealer), cell(hand.went_out)]
    for side, total in zip(hand.score.sides, hand.totals, strict=True):
        row += [side.total, total]
    concealed, player = hand.going_out()
    return [*row, int(concealed) if hand.went_out else "", cell(player)]


# ---------------------------------------------------------------- Markdown


def md(text: str) -> str:
    """Text safe inside a Markdown table cell or line, that reads as written in the file too:
    no control characters or line breaks, and Markdown's marks (``|``, ``*``, backticks, ``<``
    that would start a tag, ``&`` that would start an entity...) escaped with a backslash, so
    ``Ann & Bob`` stays ``Ann & Bob`` and ``<b>`` is ``\\<b>``, text and not a tag."""
    plain = " ".join(clean(text).split())
    return MARKDOWN_MARK.sub(r"\\\g<0>", plain)


def code(text: str, in_table: bool = False) -> str:
    """Text as a Markdown code span, whatever backticks it holds (in a table, a ``|`` is
    escaped too, or it would end the cell)."""
    plain = " ".join(clean(text).split())
    if in_table:
        plain = plain.replace("|", "\\|")
    ticks = "`" * (max((len(run) for run in re.findall("`+", plain)), default=0) + 1)
    pad = " " if "`" in plain else ""
    return f"{ticks}{pad}{plain}{pad}{ticks}"


def num(n: int, signed: bool = False) -> str:
    return f"{n:+,}" if signed else f"{n:,}"


def table(head: list[str], rows: list[list[str]], align: str) -> list[str]:
    marks = {"l": "---", "r": "---:"}
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(marks[a] for a in align) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def to_markdown(log: Log, full: bool = False) -> str:
    """A score sheet to read or print: the sheet, then each hand's breakdown; ``full`` adds
    each hand's record and the ruleset."""
    game, rs = log.game, log.rs
    lines = [f"# {md(game.name)}", ""]
    length = (
        _("{hands} hands").format(hands=rs.game.hands)
        if rs.game.hands
        else _("target {target}").format(target=num(rs.game.target))
    )
    about = {
        "ruleset": md(rs.shown_name),
        "id": code(rs.id),
        "players": rs.players,
        "length": length,
    }
    if game.created:
        about["started"] = md(game.created.replace("T", " "))
        lines.append(_("{ruleset} ({id}), {players} players, {length}. Started {started}."))
    else:
        lines.append(_("{ruleset} ({id}), {players} players, {length}."))
    lines[-1] = lines[-1].format(**about)
    lines.append("")
    sides = ", ".join(
        f"**{md(s.name)}**" + (f" ({md(' & '.join(s.players))})" if s.players else "")
        for s in game.sides
    )
    first = _("Sides: {sides}. First dealer: {dealer}.")
    lines += [first.format(sides=sides, dealer=md(said_seat(game.first_dealer))), ""]
    house = sorted(k for k, v in rs.sources.items() if "house rule" in v)
    if house:
        rules = ", ".join(f"`{k} = {json.dumps(rs.value(k), default=str)}`" for k in house)
        lines += [_("House rules: {rules}.").format(rules=rules), ""]
    lines += ["## " + _("Score sheet"), ""]
    head = [_("Hand"), _("Entered"), _("Dealer")]
    for s in game.sides:
        head += [md(s.name), _("{side} total").format(side=md(s.name))]
    lines += table(
        head, [markdown_row(hand) for hand in log.played], "rll" + "rr" * len(game.sides)
    )
    lines += ["", result_line(log.summary()), ""]
    if log.played:
        lines += ["## " + _("Hands"), ""]
    for hand in log.played:
        lines += markdown_section(hand, full)
    if full:
        lines += [
            "## " + _("Ruleset"),
            "",
            _("The game is scored with this snapshot of {ruleset}:").format(
                ruleset=md(rs.shown_name)
            ),
            "",
            "```toml",
            toml_text(game.ruleset).strip(),
            "```",
            "",
        ]
    return "\n".join(lines)


def markdown_row(hand: Played) -> list[str]:
    """A hand's cells of the Markdown score sheet."""
    row = [str(hand.number), md(when(hand)), md(said_seat(hand.dealer))]
    concealed, player = hand.going_out()
    for side, total in zip(hand.score.sides, hand.totals, strict=True):
        points = num(side.total, signed=True)
        if side.went_out and concealed:
            points = _("{points} (out concealed)").format(points=points)
        elif side.went_out:
            points = _("{points} (out)").format(points=points)
        if side.went_out and player:
            points = _("{points}, {player}").format(points=points, player=md(player))
        row += [points, num(total)]
    return row


def markdown_section(hand: Played, full: bool) -> list[str]:
    """A hand's section of the Markdown: its breakdown (and, ``full``, its record)."""
    dealt = {"number": hand.number, "dealer": md(said_seat(hand.dealer)), "entered": md(when(hand))}
    if dealt["entered"]:
        title = _("Hand {number}: dealt by {dealer}, entered {entered}").format(**dealt)
    else:
        title = _("Hand {number}: dealt by {dealer}").format(**dealt)
    lines = ["### " + title, ""]
    items = []
    for side, need, total in zip(hand.score.sides, hand.minimums, hand.totals, strict=True):
        name = md(side.name)
        items += [
            [name, md(i.words.said()), num(i.points, signed=True), code(i.rule, True)]
            for i in side.items
        ]
        figures = {"minimum": need.minimum, "total": num(total)}
        if need.requires:
            scored = _(
                "**hand score** (initial meld minimum {minimum}; also {requires}), total {total}"
            ).format(requires="; ".join(shown_requirement(t) for t in need.requires), **figures)
        else:
            scored = _("**hand score** (initial meld minimum {minimum}), total {total}")
            scored = scored.format(**figures)
        items.append([name, scored, f"**{num(side.total, signed=True)}**", ""])
    lines += table([_("Side"), _("Item"), _("Points"), _("Rule")], items, "llrl")
    lines.append("")
    if full:
        record = toml_text(record_of(hand.record)).strip()
        lines += [_("Record as entered:"), "", "```toml", record, "```", ""]
    return lines


def result_line(summary: Any) -> str:
    totals = ", ".join(f"{md(s.name)} {num(s.score)}" for s in summary.sides)
    if summary.won_from_behind:
        return _("**Result:** {winner} wins ({totals}).").format(
            winner=md(summary.winner), totals=totals
        )
    if summary.finished and summary.winner is not None:
        return _("**Result:** {winner} wins by {margin} ({totals}).").format(
            winner=md(summary.winner), margin=num(summary.margin or 0), totals=totals
        )
    if summary.finished:
        return _("**Result:** shared win, {winners} ({totals}).").format(
            winners=_(" and ").join(md(w) for w in summary.winners), totals=totals
        )
    minimums = ", ".join(f"{md(s.name)} {s.next_minimum}" for s in summary.sides)
    return ngettext(
        "**In play** after {hands} hand: {totals}. Next hand {next}, dealt by {dealer}; "
        "initial meld minimums {minimums}.",
        "**In play** after {hands} hands: {totals}. Next hand {next}, dealt by {dealer}; "
        "initial meld minimums {minimums}.",
        summary.hands,
    ).format(
        hands=summary.hands,
        totals=totals,
        next=summary.hands + 1,
        dealer=md(said_seat(summary.next_dealer)),
        minimums=minimums,
    )
