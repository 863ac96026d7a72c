"""Charts of a game's running totals: as text for the terminal, and as SVG geometry for a page.

Each side's total is drawn hand by hand from 0 before the first hand. The target is a line
(games of a fixed number of hands have none), and the score thresholds where the initial-meld
minimum changes are marked. Pure functions: they return text or numbers, never print.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from canasta_score.core.frozen import record
from canasta_score.core.language import _
from canasta_score.output.widths import clip, wrap
from canasta_score.output.widths import width as columns_of

if TYPE_CHECKING:
    from canasta_score.games.summary import Summary
    from canasta_score.rules.ruleset import Ruleset

HEIGHT = 12
NARROWEST = 30  # below this many columns the chart falls back to plain lines of text
MARKS = "●○◆▲■□"
ASCII_MARKS = "*o#@%&"


@record
class Threshold:
    """A score from which the initial-meld minimum is ``minimum``."""

    score: int
    minimum: int


@record
class ChartData:
    """What a chart shows: each side's running totals (0 first), the target, the thresholds."""

    title: str
    sides: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]
    target: int | None
    thresholds: tuple[Threshold, ...]

    @property
    def hands(self) -> int:
        return len(self.totals[0]) - 1 if self.totals else 0

    def range(self) -> tuple[int, int]:
        """The lowest and highest score on the chart (0, the totals and the target)."""
        values = [v for series in self.totals for v in series] or [0]
        low, high = min(0, *values), max(0, *values)
        if self.target is not None and (self.target <= 3 * high or high <= 0):
            high = max(high, self.target)
        return low, max(high, low + 1)

    def shown_target(self) -> int | None:
        low, high = self.range()
        return self.target if self.target is not None and low <= self.target <= high else None

    def shown_thresholds(self) -> tuple[Threshold, ...]:
        low, high = self.range()
        return tuple(t for t in self.thresholds if low <= t.score <= high and t.score != 0)


def chart_data(summary: Summary, rs: Ruleset) -> ChartData:
    """The chart of a game from its summary and ruleset."""
    totals = tuple(
        (0, *(line.totals[i] for line in summary.lines)) for i in range(len(summary.sides))
    )
    thresholds: tuple[Threshold, ...] = ()
    if rs.initial_meld.basis == "score":
        thresholds = tuple(
            Threshold(t.start, t.minimum) for t in rs.initial_meld.tiers if t.start is not None
        )
    return ChartData(
        title=summary.game,
        sides=tuple(s.name for s in summary.sides),
        totals=totals,
        target=None if summary.fixed_hands else summary.target,
        thresholds=thresholds,
    )


def num(n: int) -> str:
    return f"{n:,}"


# ---------------------------------------------------------------- text


def row_of(value: float, low: int, high: int, height: int) -> int:
    """The row (0 = top) of a value on a chart ``height`` rows high.

    The scale is even from ``high`` (the top row) to ``low`` (the bottom row), except that a
    negative score is never drawn on the row of 0: when ``low`` is below 0 it keeps rows of its
    own under the zero row (at least the bottom one), and any score below 0 is drawn below it."""
    last = height - 1
    if low >= 0 or high <= 0:
        return round((high - value) / (high - low) * last)
    zero = min(round(high / (high - low) * last), last - 1)
    if value >= 0:
        return round((high - value) / high * zero)
    return zero + max(1, round(value / low * (last - zero)))


def text_chart(data: ChartData, width: int, unicode: bool = True, height: int = HEIGHT) -> str:
    """The chart in at most ``width`` columns; plain lines of text when it cannot fit."""
    if data.hands == 0:
        return _("{title}: no hands yet.").format(title=data.title)
    if width < NARROWEST:
        return plain_chart(data, width)
    marks = MARKS if unicode else ASCII_MARKS
    target_fill, tier_fill, zero_fill = ("═", "┄", "·") if unicode else ("=", ".", "-")
    axis, corner, both = ("┤", "└", "◎") if unicode else ("|", "+", "X")
    low, high = data.range()
    target, tiers = data.shown_target(), data.shown_thresholds()
    labelled = {row_of(v, low, high, height): v for v in (high, low, 0)}
    labelled |= {row_of(t.score, low, high, height): t.score for t in tiers}
    if target is not None:
        labelled[row_of(target, low, high, height)] = target
    label_width = max(len(num(v)) for v in labelled.values())
    columns = max(2, width - label_width - 2)
    grid = [[" "] * columns for _ in range(height)]
    for t in tiers:
        grid[row_of(t.score, low, high, height)] = [tier_fill] * columns
    if low < 0:
        grid[row_of(0, low, high, height)] = [zero_fill] * columns
    if target is not None:
        grid[row_of(target, low, high, height)] = [target_fill] * columns
    drawn = [line_cells(series, low, high, height, columns) for series in data.totals]
    for index, cells in enumerate(drawn):
        for row, col in cells:
            other = any((row, col) in drawn[j] for j in range(len(drawn)) if j != index)
            grid[row][col] = both if other else marks[index % len(marks)]
    labels = [num(labelled[r]) if r in labelled else "" for r in range(height)]
    lines = [
        f"{label:>{label_width}} {axis}{''.join(cells)}".rstrip()
        for label, cells in zip(labels, grid, strict=True)
    ]
    lines.append(" " * label_width + " " + corner + ("─" if unicode else "-") * columns)
    lines.append(" " * (label_width + 2) + hand_ticks(data.hands, columns))
    axis_name = _("hand")
    # Centred by terminal columns (str.center counts a wide character as one).
    centred = axis_name.center(columns - (columns_of(axis_name) - len(axis_name)))
    lines.append(" " * (label_width + 2) + centred.rstrip())
    title = wrap(_("{title}: running totals by hand").format(title=data.title), width) or [""]
    return "\n".join([*title, *lines, *legend(data, width, marks, unicode)])


def line_cells(
    series: tuple[int, ...], low: int, high: int, height: int, columns: int
) -> set[tuple[int, int]]:
    """The cells of one side's line: its total at every column, joined up and down."""
    hands = len(series) - 1
    cells: set[tuple[int, int]] = set()
    previous: int | None = None
    for col in range(columns):
        x = col * hands / (columns - 1)
        left = min(int(x), hands - 1)
        value = series[left] + (series[left + 1] - series[left]) * (x - left)
        row = row_of(value, low, high, height)
        start = row if previous is None else previous
        cells.update((r, col) for r in range(min(start, row), max(start, row) + 1))
        previous = row
    return cells


def hand_ticks(hands: int, columns: int) -> str:
    """Hand numbers under the columns where those hands end, as many as fit apart."""
    out = [" "] * columns
    last = str(hands)
    end = columns
    out[end - len(last) :] = list(last)
    free_from = 0
    for hand in range(1, hands):
        text = str(hand)
        start = round(hand * (columns - 1) / hands)
        if start < free_from or start + len(text) >= end - len(last):
            continue
        out[start : start + len(text)] = list(text)
        free_from = start + len(text) + 1
    return "".join(out)


def legend(data: ChartData, width: int, marks: str, unicode: bool) -> list[str]:
    """Which mark is which side (with its total), then the target and thresholds."""
    sides = [
        f"{marks[i % len(marks)]} {name} {num(series[-1])}"
        for i, (name, series) in enumerate(zip(data.sides, data.totals, strict=True))
    ]
    out = wrap("   ".join(sides), width, break_on_hyphens=False)
    notes = []
    target = data.shown_target()
    if target is not None:
        mark = "═" if unicode else "="
        notes.append(f"{mark} " + _("target {target}").format(target=num(target)))
    elif data.target is not None:
        notes.append(_("target {target} (above the chart)").format(target=num(data.target)))
    tiers = data.shown_thresholds()
    if tiers:
        each = ", ".join(
            _("{minimum} from {score}").format(minimum=t.minimum, score=num(t.score)) for t in tiers
        )
        mark = "┄" if unicode else "."
        notes.append(f"{mark} " + _("initial meld {tiers}").format(tiers=each))
    if notes:
        out += wrap("   ".join(notes), width, break_on_hyphens=False)
    return out


def plain_chart(data: ChartData, width: int) -> str:
    """The running totals as lines of text: each hand, then each side's total after it."""
    width = max(width, 12)
    lines = wrap(_("{title}: running totals").format(title=data.title), width)
    if data.target is not None:
        lines.append(_("target {target}").format(target=num(data.target)))
    for hand in range(1, data.hands + 1):
        lines.append(_("hand {number}").format(number=hand))
        for name, series in zip(data.sides, data.totals, strict=True):
            lines += wrap(
                f"{name} {num(series[hand])}", width, initial_indent="  ", subsequent_indent="    "
            )
    return "\n".join(lines)


# ---------------------------------------------------------------- SVG geometry


# Each side's line in black and white: its dash pattern ("" solid) and the shape marking its
# points, so a printout without colour tells the sides apart.
DASHES = ("", "9 4", "2 3", "12 3 3 3", "5 5", "14 4 2 4 2 4")
SHAPES = ("circle", "square", "triangle", "diamond", "cross", "ring")
LABEL_ROOM = 112  # the room right of the plot for each line's label
LABEL_STEP = 13  # the least distance between two labels one above the other (11 px text)


@record
class Polyline:
    side: str
    points: str
    total: int
    dash: str = ""
    shape: str = "circle"
    coords: tuple[tuple[float, float], ...] = ()
    label: str = ""  # the side's name and total, at the line's end
    label_y: float = 0.0


@record
class Rule:
    """A horizontal line across the plot, with its label."""

    y: float
    label: str
    kind: str  # "target", "tier" or "zero"


@record
class Tick:
    x: float
    y: float
    label: str


@record
class SvgChart:
    """Coordinates for an SVG of the chart, in a ``width`` by ``height`` view box."""

    width: int
    height: int
    left: int
    top: int
    right: int
    bottom: int
    lines: tuple[Polyline, ...]
    rules: tuple[Rule, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]


def svg_chart(data: ChartData, width: int = 720, height: int = 320) -> SvgChart:
    """The chart's lines, rules and ticks as coordinates (y grows downwards). Each line has
    its own dash pattern and point shape and ends in a label (its side and total); labels, and
    the scores on the axis, stand at least :data:`LABEL_STEP` apart so none covers another."""
    left, right, top, bottom = 64, width - 16 - LABEL_ROOM, 16, height - 36
    low, high = data.range()
    hands = max(data.hands, 1)

    def x(hand: float) -> float:
        return round(left + (right - left) * hand / hands, 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    ends = spread([y(series[-1]) for series in data.totals], top, bottom)
    coords = [tuple((x(i), y(v)) for i, v in enumerate(series)) for series in data.totals]
    lines = tuple(
        Polyline(
            name,
            " ".join(f"{px},{py}" for px, py in at),
            series[-1],
            DASHES[index % len(DASHES)],
            SHAPES[index % len(SHAPES)],
            at,
            f"{clip(name, 16)} {num(series[-1])}",
            end,
        )
        for index, (name, series, at, end) in enumerate(
            zip(data.sides, data.totals, coords, ends, strict=True)
        )
    )
    rules = [
        Rule(
            y(t.score),
            _("initial meld {minimum} from {score}").format(minimum=t.minimum, score=num(t.score)),
            "tier",
        )
        for t in data.shown_thresholds()
    ]
    if low < 0:
        rules.append(Rule(y(0), "", "zero"))  # the axis says 0 beside it
    target = data.shown_target()
    if target is not None:
        rules.append(Rule(y(target), _("target {target}").format(target=num(target)), "target"))
    step = max(1, -(-data.hands // 12))
    x_ticks = tuple(Tick(x(h), bottom + 16, str(h)) for h in range(step, data.hands + 1, step))
    values = sorted({low, 0, high}, reverse=True)  # top to bottom
    places = spread([y(v) for v in values], top, bottom + LABEL_STEP)
    y_ticks = tuple(Tick(left - 6, at, num(v)) for v, at in zip(values, places, strict=True))
    return SvgChart(width, height, left, top, right, bottom, lines, tuple(rules), x_ticks, y_ticks)


def spread(places: list[float], top: float, bottom: float) -> list[float]:
    """Heights of labels (in their order) moved apart to :data:`LABEL_STEP` at least, each as
    near its own place as it can be, within ``top`` and ``bottom`` where there is room."""
    order = sorted(range(len(places)), key=lambda i: places[i])
    moved = list(places)
    for before, after in pairwise(order):
        moved[after] = max(moved[after], moved[before] + LABEL_STEP)
    if order and moved[order[-1]] > bottom:  # pushed below the bottom: move up what must
        moved[order[-1]] = bottom
        for below, above in pairwise(order[::-1]):
            moved[above] = min(moved[above], moved[below] - LABEL_STEP)
    return [round(v, 1) for v in moved]


@record
class Bar:
    label: str
    value: str
    x: float
    y: float
    width: float
    height: float


@record
class SvgBars:
    """A horizontal bar chart: one bar per name, in a ``width`` by ``height`` view box."""

    title: str
    width: int
    height: int
    left: int
    zero: float
    bars: tuple[Bar, ...]


def svg_bars(
    title: str, values: list[tuple[str, float]], places: int = 0, width: int = 720
) -> SvgBars:
    """Bars for ``values`` (name, value, shown with ``places`` decimals); negative values grow
    to the left of zero."""
    left, right, row = 180, width - 72, 22
    height = 28 + row * max(len(values), 1)
    low = min([0.0, *(v for _, v in values)])
    high = max([0.0, *(v for _, v in values)])
    span = (high - low) or 1.0

    def x(value: float) -> float:
        return round(left + (right - left) * (value - low) / span, 1)

    bars = tuple(
        Bar(
            name,
            f"{value:,.{places}f}",
            min(x(0), x(value)),
            24 + i * row,
            max(abs(x(value) - x(0)), 1.0),
            row - 6,
        )
        for i, (name, value) in enumerate(values)
    )
    return SvgBars(title, width, height, left, x(0), bars)
