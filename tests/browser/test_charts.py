"""The config history's rate chart, the ablation chart and the dashboard's per-turn rates,
in headless Chromium: the bars are drawn in the alignment's insertion blue with a dark
outline (they once rendered as solid black boxes), each bar's value and label are written
on the chart (the compact dashboard chart: in the hidden table), and it is an image with a
title and description for screen readers."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def signed_in(live_server, page, reviewer):
    turns = [{"reference": "book it for me", "hypothesis": "look it for me"}]
    line = {"id": "chart-1", "language": "en", "dataset": "charts", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "charts.jsonl")  # scored inline (eager)
    log_in(page, live_server, reviewer)
    return page


def paint(page, selector: str, prop: str) -> list[str]:
    return page.locator(selector).evaluate_all(
        "(els, prop) => els.map(el => getComputedStyle(el).getPropertyValue(prop))", prop
    )


@pytest.mark.parametrize(
    ("path", "chart", "value"),
    [
        ("/languages/en/config", "#rate-chart", "25.00%"),
        ("/languages/en/ablation", "#ablation-chart", "25.00%"),
    ],
)
def test_charts_are_drawn_with_values_axes_and_readable_colours(
    live_server, signed_in, path, chart, value
):
    page = signed_in
    page.goto(f"{live_server.url}{path}")
    svg = page.locator(f"{chart} svg")
    expect(svg).to_be_visible()
    assert svg.get_attribute("role") == "img"
    assert svg.evaluate("el => el.getAttribute('aria-labelledby')") == (
        f"{chart[1:]}-title {chart[1:]}-desc"
    )
    box = svg.bounding_box()
    assert box["width"] > 200 and box["height"] > 100
    assert set(paint(page, f"{chart} rect.bar", "fill")) == {"rgb(196, 218, 250)"}
    assert set(paint(page, f"{chart} rect.bar", "stroke")) == {"rgb(27, 63, 139)"}
    assert set(paint(page, f"{chart} text.value", "fill")) == {"rgb(29, 35, 48)"}
    expect(page.locator(f"{chart} text.value").first).to_have_text(value)
    expect(page.locator(f"{chart} line.axis")).to_have_count(2)
    assert page.locator(f"{chart} text.tick").count() >= 2
    table = page.locator(f"{chart} .visually-hidden")  # the values again, for screen readers
    assert table.bounding_box()["width"] <= 1 and value in table.locator("td").all_text_contents()


def test_the_dashboard_histogram_keeps_its_size_in_its_table_cell(live_server, signed_in):
    """The shared chart's `max-width: 100%` once let the table squeeze the compact chart
    of the dashboard below its drawn size."""
    page = signed_in
    page.goto(f"{live_server.url}/")
    svg = page.locator("#rates-en svg")
    expect(svg).to_be_visible()
    box = svg.bounding_box()
    assert (box["width"], box["height"]) == (
        float(svg.get_attribute("width")),
        float(svg.get_attribute("height")),
    )
    assert set(paint(page, "#rates-en rect.bar", "fill")) == {"rgb(196, 218, 250)"}
    expect(page.locator("#rates-en text.label")).to_have_text(["0", ">100%"])
    table = page.locator("#rates-en .visually-hidden")
    assert table.bounding_box()["width"] <= 1 and "1" in table.locator("td").all_text_contents()
