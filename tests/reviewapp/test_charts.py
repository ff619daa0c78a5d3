"""Server-drawn bar charts: round ticks from zero, bars in proportion to their values,
every value written, a missing value as "n/a", rows when columns would not fit."""

from __future__ import annotations

import pytest

from reviewapp.charts import MAX_COLUMNS, ROWS_WIDTH, bar_chart


def test_columns_stand_on_a_zero_baseline_in_proportion():
    chart = bar_chart([("v1", 0.2), ("v2", 0.1)], height=160)
    assert not chart.horizontal
    assert [tick.text for tick in chart.ticks] == ["0%", "5%", "10%", "15%", "20%"]
    first, second = chart.bars
    assert first.height == 160 and second.height == 80  # 20% is the top tick
    assert first.y + first.height == second.y + second.height  # one baseline
    assert [bar.text for bar in chart.bars] == ["20.00%", "10.00%"]
    assert first.value_y < first.y and first.label_y > first.y + first.height


@pytest.mark.parametrize(
    ("largest", "ticks"),
    [
        (0.123, ["0%", "5%", "10%", "15%"]),
        (0.9, ["0%", "25%", "50%", "75%", "100%"]),
        (0.0042, ["0%", "0.2%", "0.4%", "0.6%"]),
        (0.0, ["0%", "1%"]),
    ],
)
def test_ticks_are_round(largest, ticks):
    assert [tick.text for tick in bar_chart([("a", largest)]).ticks] == ticks


def test_a_missing_value_keeps_its_label_and_says_so():
    chart = bar_chart([("v1", None), ("v2", 0.1)])
    assert chart.bars[0].height == 0 and chart.bars[0].text == "n/a"
    assert chart.summary == "2 bars. Lowest: v2, 10.00%. Highest: v2, 10.00%. No value: v1."
    empty = bar_chart([("v1", None)])
    assert empty.summary == "1 bar. No value: v1." and empty.bars[0].height == 0


def test_many_bars_or_long_labels_are_rows():
    steps = [(f"step_{n}", n / 100) for n in range(MAX_COLUMNS + 1)]
    chart = bar_chart(steps, width=56 * len(steps))
    assert chart.horizontal and chart.width == ROWS_WIDTH
    widths = [bar.width for bar in chart.bars]
    assert widths == sorted(widths) and widths[0] == 0
    assert all(bar.label_x < bar.x <= bar.value_x for bar in chart.bars)
    assert len({bar.y for bar in chart.bars}) == len(steps)  # one row each
    assert bar_chart([("remove_punctuation", 0.1), ("b", 0.2)], width=120).horizontal


def test_plain_numbers():
    chart = bar_chart([("a", 3.0), ("b", 12.0)], scale="number")
    assert [bar.text for bar in chart.bars] == ["3", "12"]
    assert [tick.text for tick in chart.ticks] == ["0", "5", "10", "15"]


@pytest.mark.parametrize(("largest", "ticks"), [(1, ["0", "1"]), (3, ["0", "1", "2", "3"])])
def test_counts_tick_on_whole_numbers(largest, ticks):
    chart = bar_chart([("a", largest)], scale="count")
    assert [tick.text for tick in chart.ticks] == ticks


def test_a_count_summary_names_the_bars_with_something_in_them():
    chart = bar_chart([("0", 1), ("0–10%", 0), ("40–50%", 1), ("90–100%", 1)], scale="count")
    assert chart.summary == "3 in 4 bars. 0: 1, 40–50%: 1, 90–100%: 1. The other bar: 0."
    assert bar_chart([("0", 0), ("1", 0)], scale="count").summary == "0 in 2 bars."


def test_a_compact_chart_fills_its_width_and_keeps_a_small_count_visible():
    chart = bar_chart([("0", 300), ("0–10%", 1), ("10–20%", 0)], width=42, height=48,
                      scale="count", compact=True)  # fmt: skip
    assert chart.compact and not chart.ticks and chart.width == 42
    tall, small, empty = chart.bars
    assert tall.height == 48 and small.height == 1 and empty.height == 0  # 1/300 of 48 < 1
    assert len({bar.y + bar.height for bar in chart.bars}) == 1  # one baseline
    assert [bar.x for bar in chart.bars] == [0, 14, 28]
    assert tall.label_x == 0 and empty.label_x == 42  # the end labels stay inside
    assert chart.height > 48 and all(bar.label_y > 48 for bar in chart.bars)
