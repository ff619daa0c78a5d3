"""Server-drawn SVG bar charts: the geometry is computed here, and
`reviewapp/_bar_chart.html` draws it with a title, a description, axes with round ticks,
the value of each bar written beside it and the same values as a (visually hidden)
table. No JavaScript, no inline style: colours come from classes in app.css.

A few bars with short labels stand side by side (versions); many bars, or long labels,
are drawn as rows, one under the other (the steps of an ablation), so every label and
value stays readable at the page's width. A compact chart fits a table cell (the
dashboard's per-turn rates): columns only, the first and last labels under them, and
each value in the bar's tooltip and the hidden table rather than written on the chart.

>>> chart = bar_chart([("v1", 0.125), ("v2", 0.1), ("v3", None)])
>>> chart.layout, [bar.text for bar in chart.bars], [tick.text for tick in chart.ticks]
('columns', ['12.50%', '10.00%', 'n/a'], ['0%', '5%', '10%', '15%'])
>>> chart.summary
'3 bars. Lowest: v2, 10.00%. Highest: v1, 12.50%. No value: v3.'
>>> bar_chart([("0", 5), ("0–10%", 0), ("10–20%", 2)], scale="count", compact=True).summary
'7 in 3 bars. 0: 5, 10–20%: 2. The other bar: 0.'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

__all__ = ["Bar", "BarChart", "Line", "Tick", "bar_chart"]

CHAR_WIDTH = 7  # about one character of the 12-unit font the labels are written in
MAX_COLUMNS = 12  # more bars than this are drawn as rows
ROW = 22  # the height of one row
ROWS_WIDTH = 720  # rows are at most this wide: a wider `width` is for columns
VALUE_ROOM = 56  # room for a value written after the longest row
COMPACT_GAP = 2  # between the columns of a compact chart
COMPACT_LABELS = 14  # room under a compact chart for its first and last labels

Scale = Literal["percent", "number", "count"]
Layout = Literal["columns", "rows", "compact"]


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Bar:
    label: str
    value: float | None
    text: str  # the value as shown: "12.50%", or "n/a"
    x: float
    y: float
    width: float
    height: float
    value_x: float  # where the value is written: above a column, after a row
    value_y: float
    label_x: float  # where the label is written: under a column, before a row
    label_y: float


@dataclass(frozen=True)
class Tick:
    line: Line  # a grid line across the plot
    text: str
    x: float
    y: float


@dataclass(frozen=True)
class BarChart:
    bars: list[Bar]
    ticks: list[Tick]
    axes: list[Line]
    width: int
    height: int
    layout: Layout
    summary: str  # the chart in a sentence or two, for its <desc>

    @property
    def horizontal(self) -> bool:
        """Rows (labels before, values after) rather than columns."""
        return self.layout == "rows"

    @property
    def compact(self) -> bool:
        return self.layout == "compact"


def bar_chart(
    values: list[tuple[str, float | None]],
    *,
    width: int = 480,
    height: int = 160,
    scale: Scale = "percent",
    compact: bool = False,
) -> BarChart:
    """Bars for `values` from zero, on an axis with round ticks; `width` and `height`
    are the columns' (rows take ROW each, up to ROWS_WIDTH wide). None draws no bar: its
    label stays, its value is "n/a". `scale` "count": whole ticks, and a summary that
    names the bars with something in them (a histogram's empty buckets say little)."""
    known = [v for _, v in values if v is not None]
    step = _tick_step(max(known, default=0.0), whole=scale == "count")
    top = step * max(1, math.ceil(max(known, default=0.0) / step - 1e-9))
    text = _percent if scale == "percent" else _plain
    summary = _count_summary if scale == "count" else _summary
    if compact:
        return _compact(values, max(known, default=0.0), text, summary, width, height)
    ticks = [k * step for k in range(round(top / step) + 1)]
    longest = max((len(label) for label, _ in values), default=0)
    slot = (width - 64) / max(len(values), 1)
    if len(values) > MAX_COLUMNS or longest * CHAR_WIDTH > slot - 4:
        return _rows(values, ticks, top, text, summary, min(width, ROWS_WIDTH), longest)
    return _columns(values, ticks, top, text, summary, width, height)


def _columns(values, ticks, top, text, summary, width, height) -> BarChart:
    left, right, plot_top = 52, width - 12, 22
    baseline = plot_top + height
    slot = (right - left) / max(len(values), 1)
    bars = []
    for i, (label, value) in enumerate(values):
        h = 0.0 if value is None else height * value / top
        x, center = left + i * slot + slot * 0.15, left + (i + 0.5) * slot
        bars.append(
            Bar(label, value, _text(value, text), *_r(x, baseline - h, slot * 0.7, h),
                *_r(center, baseline - h - 6, center, baseline + 16))
        )  # fmt: skip
    grid = []
    for value in ticks:
        y = baseline - height * value / top
        grid.append(Tick(Line(*_r(left, y, right, y)), text(value, None), *_r(left - 6, y + 4)))
    axes = [Line(left, plot_top, left, baseline), Line(left, baseline, right, baseline)]
    return BarChart(bars, grid, axes, width, baseline + 26, "columns", summary(bars))


def _rows(values, ticks, top, text, summary, width, longest) -> BarChart:
    left = min(longest, 40) * CHAR_WIDTH + 14
    right, plot_top = width - VALUE_ROOM, 8
    bottom = plot_top + ROW * len(values)
    span = right - left
    bars = []
    for i, (label, value) in enumerate(values):
        w = 0.0 if value is None else span * value / top
        y = plot_top + i * ROW
        bars.append(
            Bar(label, value, _text(value, text), *_r(left, y + 4, w, ROW - 8),
                *_r(left + w + 6, y + ROW / 2 + 4, left - 8, y + ROW / 2 + 4))
        )  # fmt: skip
    grid = []
    for value in ticks:
        x = left + span * value / top
        grid.append(Tick(Line(*_r(x, plot_top, x, bottom)), text(value, None), *_r(x, bottom + 16)))
    axes = [Line(left, plot_top, left, bottom), Line(left, bottom, right, bottom)]
    return BarChart(bars, grid, axes, width, bottom + 24, "rows", summary(bars))


def _compact(values, largest, text, summary, width, height) -> BarChart:
    """Columns scaled to the tallest, no grid: the shape of the values at a glance. A bar
    with any value is at least one unit tall, so a bucket of one turn among hundreds
    still shows."""
    slot = width / max(len(values), 1)
    label_y = height + COMPACT_LABELS - 3
    bars = []
    for i, (label, value) in enumerate(values):
        h = 0.0 if not value else max(1.0, height * value / (largest or 1))
        x, center = i * slot, (i + 0.5) * slot
        # only the end labels are drawn: the first starts at its bar, the last ends at its
        label_x = x if i == 0 else x + slot if i == len(values) - 1 else center
        bars.append(
            Bar(label, value, _text(value, text), *_r(x, height - h, slot - COMPACT_GAP, h),
                *_r(center, height - h, label_x, label_y))
        )  # fmt: skip
    axes = [Line(0, height, width, height)]
    return BarChart(bars, [], axes, width, height + COMPACT_LABELS, "compact", summary(bars))


def _tick_step(largest: float, whole: bool = False) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) for about four ticks; at
    least 1 when the values are `whole` numbers (counts)."""
    if largest <= 0:
        return 1.0 if whole else 0.01
    raw = largest / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return max(step, 1.0) if whole else step


def _text(value: float | None, text) -> str:
    return "n/a" if value is None else text(value, 2)


def _percent(value: float, decimals: int | None) -> str:
    if decimals is None:  # a tick: as short as it is exact
        return f"{round(value * 100, 6):g}%"
    return f"{value:.{decimals}%}"


def _plain(value: float, decimals: int | None) -> str:
    return f"{round(value, 6):g}"


def _r(*values: float) -> tuple[float, ...]:
    """Coordinates to a tenth of a unit: shorter markup, the same picture."""
    return tuple(round(v, 1) for v in values)


def _count_summary(bars: list[Bar]) -> str:
    total = sum(bar.value or 0 for bar in bars)
    parts = [f"{_plain(total, None)} in {len(bars)} bar{'s' if len(bars) != 1 else ''}."]
    full = [bar for bar in bars if bar.value]
    if full:
        parts.append(", ".join(f"{bar.label}: {bar.text}" for bar in full) + ".")
    if full and len(full) < len(bars):
        others = len(bars) - len(full)
        parts.append(f"The other bar{'s' if others != 1 else ''}: 0.")
    return " ".join(parts)


def _summary(bars: list[Bar]) -> str:
    known = [bar for bar in bars if bar.value is not None]
    parts = [f"{len(bars)} bar{'s' if len(bars) != 1 else ''}."]
    if known:
        low = min(known, key=lambda bar: bar.value)
        high = max(known, key=lambda bar: bar.value)
        parts.append(f"Lowest: {low.label}, {low.text}. Highest: {high.label}, {high.text}.")
    missing = [bar.label for bar in bars if bar.value is None]
    if missing:
        parts.append(f"No value: {', '.join(missing)}.")
    return " ".join(parts)
