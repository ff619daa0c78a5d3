"""A reference correction in headless Chromium, with two personas: the reviewer flags a
reference error with the keyboard and types the corrected reference into the flag form
(the field shows for a reference error only); a maintainer of the language accepts it on
its review page; the conversation page then marks the new reference version, says what
the reference was, and shows both scores (on the corrected and the original reference)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from reviewapp.models import Conversation, Flag, Score, TurnReference
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REFERENCE = "my flight is at noone today"
HYPOTHESIS = "my flight is at noon today"
CORRECTED = "my flight is at noon today"


@pytest.fixture
def turn(db):
    turns = [{"reference": REFERENCE, "hypothesis": HYPOTHESIS}]
    line = {"id": "refs-1", "language": "en", "dataset": "browser", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "refs.jsonl")  # scored inline (eager)
    return Conversation.objects.get(external_id="refs-1").turns.get()


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


def new_page_as(context, live_server, user):
    page = context.new_page()
    page.set_default_timeout(15_000)
    log_in(page, live_server, user)
    return page


def test_reviewer_proposes_maintainer_accepts_both_scores_shown(
    live_server, browser, reviewer, maintainer_en, turn
):
    contexts = [browser.new_context(), browser.new_context()]
    conversation_url = f"{live_server.url}/conversations/{turn.conversation_id}"

    # --- the reviewer: the corrected-reference field is there for a reference error only
    page = new_page_as(contexts[0], live_server, reviewer)
    page.goto(conversation_url)
    assert json.loads(page.locator(f"#score-{turn.pk}").get_attribute("data-errors")) == 1
    page.keyboard.press("j")
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()
    corrected = page.locator(f"#flag-{turn.pk}-0-corrected_reference")
    page.keyboard.press("f")
    expect(page.locator(f"#flag-{turn.pk}-0-note")).to_be_focused()
    expect(corrected).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()

    page.keyboard.press("r")
    expect(page.locator(f"#flag-{turn.pk}-0-note")).to_be_focused()
    expect(corrected).to_be_visible()
    expect(corrected).to_have_value(REFERENCE)  # the current reference, to edit
    page.keyboard.type("typo in the reference: noon")
    page.keyboard.press("Tab")
    expect(corrected).to_be_focused()
    page.keyboard.press("Control+a")
    page.keyboard.type(CORRECTED)
    page.keyboard.press("Control+Enter")
    page.locator(f"#flags-{turn.pk} .flag").first.wait_for()
    flag = Flag.objects.get()
    assert (flag.category, flag.proposed_reference) == ("reference_error", CORRECTED)
    item = page.locator(f"#flag-{flag.pk}")
    expect(item.locator(".proposed-reference")).to_contain_text(CORRECTED)
    # a reviewer reads the correction but does not decide on it
    item.locator(f"#review-reference-{flag.pk}").click()
    page.wait_for_selector("#reference-title")
    expect(page.locator("#reference-diff del")).to_have_text("noone")
    expect(page.locator("#reference-diff ins")).to_have_text("noon")
    expect(page.locator("#accept-form")).to_have_count(0)

    # --- the maintainer accepts it from the conversation page's flag
    page = new_page_as(contexts[1], live_server, maintainer_en)
    page.goto(conversation_url)
    page.locator(f"#review-reference-{flag.pk}").click()
    page.wait_for_selector("#accept-form")
    expect(page.locator("#accept-text")).to_have_value(CORRECTED)
    page.click("#accept-reference")  # the rescore runs once the decision commits (eager)
    page.wait_for_selector(f"#reference-{turn.pk}")

    # --- the page: the new version, what it was, and both scores
    marker = page.locator(f"#reference-{turn.pk}")
    expect(marker).to_have_attribute("data-reference-version", "2")
    expect(marker).to_have_text(  # the text content: a <q>'s quotation marks are CSS
        f"Reference v2 (corrected by {reviewer.username}, accepted by "
        f"{maintainer_en.username}; was: {REFERENCE})"
    )
    shown = page.locator(f"#score-{turn.pk}")
    expect(shown).to_have_attribute("data-reference-version", "2")
    expect(shown).to_have_attribute("data-errors", "0")
    expect(shown).to_contain_text("on reference v2")
    original = page.locator(f"#score-original-{turn.pk}")
    expect(original).to_be_visible()
    expect(original).to_have_attribute("data-reference-version", "1")
    expect(original).to_have_attribute("data-errors", "1")
    expect(original).to_contain_text("On the original reference (v1)")
    expect(page.locator(f"#flag-{flag.pk}")).to_contain_text("Resolved: reference corrected")
    assert list(TurnReference.objects.values_list("number", "text")) == [
        (1, REFERENCE),
        (2, CORRECTED),
    ]
    assert sorted(Score.objects.values_list("reference_version", "errors")) == [(1, 1), (2, 0)]
    for context in contexts:
        context.close()
