"""The proposal editor in headless Chromium: a rule added with the structured form lands
in the config even before the proposal has a title, and the checks follow it; a config
that is not JSON replaces the last check results with why, never leaves stale ones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from reviewapp.services.configs import ensure_languages
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def editor(live_server, page, reviewer):
    ensure_languages()
    log_in(page, live_server, reviewer)
    page.goto(f"{live_server.url}/proposals/new?language=de")
    page.wait_for_selector("#proposal-editor")
    return page


def test_a_structured_edit_without_a_title_updates_the_config_and_the_checks(editor):
    page = editor
    expect(page.locator("#checks")).to_contain_text("No problems found")
    page.fill("#id_title", "")
    page.select_option("#id_edit-kind", "filler")
    page.fill("#id_edit-key", "ähmja")
    page.get_by_role("button", name="Add to the config below").click()
    expect(page.locator("#id_content")).to_contain_text('"ähmja"')
    # the checks are those of the edited config: its rule changes name the new filler
    expect(page.locator("#checks")).to_contain_text("ähmja")
    expect(page.locator("#proposal-editor")).not_to_contain_text("This field is required")


def test_malformed_json_replaces_the_old_results(editor):
    page = editor
    expect(page.locator("#checks")).to_contain_text("No problems found")
    page.locator("#id_content").press("End")
    page.locator("#id_content").type(" oops")
    expect(page.locator("#checks #problems")).to_contain_text("invalid JSON")
    expect(page.locator("#checks")).not_to_contain_text("No problems found")
    # and the structured form says why it cannot add a rule now
    page.select_option("#id_edit-kind", "filler")
    page.fill("#id_edit-key", "ähmja")
    page.get_by_role("button", name="Add to the config below").click()
    expect(page.locator(".structured-edit")).to_contain_text("not valid JSON")
