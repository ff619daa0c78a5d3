"""The inline flag form in headless Chromium: it closes with Cancel or Esc (focus back on
the region, or on the flag an edit form stood for); a saved flag joins the turn's flags
and the region's "flagged" badge at once, and stays when "why" opens; a second `f` on a
region the reviewer flagged shows that flag instead of saving a duplicate."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from reviewapp.models import Conversation, Flag
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def turn(db):
    turns = [{"reference": "I fly to l a x today", "hypothesis": "I fly to LAX today"}]
    line = {"id": "form-1", "language": "en", "dataset": "browser", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "form.jsonl")  # scored inline (eager)
    return Conversation.objects.get(external_id="form-1").turns.get()


@pytest.fixture
def conversation_page(live_server, page, reviewer, turn):
    log_in(page, live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{turn.conversation_id}")
    page.keyboard.press("j")
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()
    return page


def flag_with_keyboard(page, turn, note: str):
    page.keyboard.press("f")
    expect(page.locator(f"#flag-{turn.pk}-0-note")).to_be_focused()
    page.keyboard.type(note)
    page.keyboard.press("Control+Enter")
    page.locator(f"#flags-{turn.pk} .flag").first.wait_for()


def test_cancel_and_esc_close_the_form_and_give_the_focus_back(conversation_page, turn):
    page = conversation_page
    form = page.locator(f"#flag-form-{turn.pk}-0")
    page.keyboard.press("f")
    form.wait_for()
    form.get_by_role("link", name="Cancel").click()
    expect(form).to_have_count(0)
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()

    page.keyboard.press("e")
    expect(page.locator(f"#flag-{turn.pk}-0-note")).to_be_focused()
    page.keyboard.type("half a thought")
    page.keyboard.press("Escape")
    expect(form).to_have_count(0)
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()
    assert not Flag.objects.exists()

    # an edit form gives its place back to the flag it edits
    flag_with_keyboard(page, turn, "spelled letters")
    flag = Flag.objects.get()
    item = page.locator(f"#flag-{flag.pk}")
    item.get_by_role("link", name="Edit").click()
    expect(page.locator(f"#flag-{flag.pk}-note")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(f"form#flag-{flag.pk}")).to_have_count(0)
    expect(item).to_be_focused()
    assert item.locator(".note").inner_text() == "spelled letters"
    item.get_by_role("link", name="Edit").click()  # the item put back still works
    page.locator(f"form#flag-{flag.pk}").get_by_role("link", name="Cancel").click()
    expect(item).to_be_visible()
    assert Flag.objects.get().note == "spelled letters"


def test_a_saved_flag_stays_when_why_opens_and_its_badge_shows_at_once(conversation_page, turn):
    page = conversation_page
    badge = page.locator(f"#ra-{turn.pk}-0 .badge.flagged")
    expect(badge).to_have_count(0)
    flag_with_keyboard(page, turn, "spelled letters")
    flag = Flag.objects.get()
    expect(page.locator(f"#flag-{flag.pk}")).to_be_focused()
    expect(badge).to_have_count(1)
    expect(page.locator(f"#flag-form-{turn.pk}-0")).to_have_count(0)

    page.locator(f"#r-{turn.pk}-0").focus()
    page.keyboard.press("w")
    page.locator(f"#why-{turn.pk}-0").wait_for()
    expect(page.locator(f"#flag-{flag.pk}")).to_be_visible()
    assert "spelled letters" in page.locator(f"#flag-{flag.pk} .note").inner_text()
    expect(badge).to_have_count(1)


def test_f_on_a_region_i_flagged_shows_my_flag_instead_of_a_second(conversation_page, turn):
    page = conversation_page
    flag_with_keyboard(page, turn, "first")
    page.locator(f"#r-{turn.pk}-0").focus()
    page.keyboard.press("f")
    notice = page.locator(f"#flag-exists-{turn.pk}-0")
    expect(notice).to_be_focused()
    assert "You flagged this region already" in notice.inner_text()
    expect(page.locator(f"#flag-form-{turn.pk}-0")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(notice).to_have_count(0)
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()
    assert list(Flag.objects.values_list("note", flat=True)) == ["first"]
    expect(page.locator(f"#flags-{turn.pk} .flag")).to_have_count(1)
