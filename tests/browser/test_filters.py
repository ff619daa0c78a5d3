"""Filter controls say what the list shows, in headless Chromium: after browser Back
(htmx's history restore, or a page the browser reloads or keeps), every control of the
conversation filters and of the flag queue's filter matches the URL's query."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def corpus(db):
    lines = [
        {"id": "en-1", "language": "en", "dataset": "filters", "turns": [
            {"reference": "book it for me", "hypothesis": "look it for me"}]},
        {"id": "de-1", "language": "de", "dataset": "filters", "turns": [
            {"reference": "das Konto ist leer", "hypothesis": "das Kondo ist leer"}]},
    ]  # fmt: skip
    do_import("".join(json.dumps(line) + "\n" for line in lines).encode(), "filters.jsonl")


@pytest.fixture
def signed_in(live_server, page, reviewer, corpus):
    log_in(page, live_server, reviewer)
    return page


def controls(page) -> dict:
    return {
        "language": page.input_value("#id_language"),
        "flagged": page.input_value("#id_flagged"),
        "sort": page.input_value("#id_sort"),
        "q": page.input_value("#id_q"),
        "S": page.is_checked("#conversation-filters input[name=kinds][value=S]"),
    }


def rows(page) -> list[str]:
    return page.locator("#results tbody th a").all_inner_texts()


def test_back_shows_the_filters_of_the_url(live_server, signed_in):
    page = signed_in
    page.goto(f"{live_server.url}/conversations")
    assert sorted(rows(page)) == ["de-1", "en-1"]
    page.select_option("#id_language", "de")
    expect(page).to_have_url(re.compile(r"language=de"))
    expect(page.locator("#results tbody th a")).to_have_text(["de-1"])
    page.check("#conversation-filters input[name=kinds][value=S]")
    expect(page).to_have_url(re.compile(r"kinds=S"))
    page.select_option("#id_sort", "id")
    expect(page).to_have_url(re.compile(r"sort=id"))

    # back within the page: htmx restores its snapshot of the list
    page.go_back()
    expect(page).to_have_url(re.compile(r"language=de.*kinds=S"))
    expect(page.locator("#id_sort")).to_have_value("rate_desc")
    assert controls(page) == {
        "language": "de", "flagged": "", "sort": "rate_desc", "q": "", "S": True,
    }  # fmt: skip
    page.go_back()
    expect(page.locator("#conversation-filters input[name=kinds][value=S]")).not_to_be_checked()
    assert controls(page)["language"] == "de"
    page.go_back()
    expect(page.locator("#id_language")).to_have_value("")
    assert rows(page) and controls(page)["language"] == ""

    # to a conversation and back: a page the browser loads again or kept
    page.go_forward()
    expect(page.locator("#id_language")).to_have_value("de")
    page.click("#results tbody th a")
    page.wait_for_selector("#conversation-title")
    page.go_back()
    expect(page).to_have_url(re.compile(r"language=de"))
    expect(page.locator("#id_language")).to_have_value("de")
    assert rows(page) == ["de-1"]


def test_back_on_the_flag_queue_shows_the_language_of_the_url(live_server, signed_in):
    page = signed_in
    page.goto(f"{live_server.url}/flags")
    page.select_option("#id_language", "de")
    expect(page).to_have_url(re.compile(r"language=de"))
    page.select_option("#id_language", "en")
    expect(page).to_have_url(re.compile(r"language=en"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"language=de"))
    expect(page.locator("#id_language")).to_have_value("de")
