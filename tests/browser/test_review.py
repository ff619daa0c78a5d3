"""A reviewer finds a false error, sees why, and flags it with the keyboard alone, in
headless Chromium: colours and non-colour markers, the help overlay, the inline form, the
saved flag (page, database, audit log), the CLI's numbers, and transcripts kept as text."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from reviewapp.models import AuditEvent, Conversation, Flag, Language
from reviewapp.services.imports import do_import
from tests.browser.support import log_in
from tests.reviewapp.factories import cli_score

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAX = ("I fly to l a x [slow]", "I fly to LAX")  # spelled letters: not normalized away
XSS_REFERENCE = "<script>alert(1)</script>"
XSS_NOTE = '"><img src=x onerror=alert(1)>'


@pytest.fixture
def conversation(db):
    turns = [
        {"speaker": "assistant", "reference": "How can I help?", "hypothesis": "How can I help?"},
        {"reference": "book it for me", "hypothesis": "look it for me now"},  # S, then I
        {"reference": LAX[0], "hypothesis": LAX[1]},  # S D D
        {"reference": XSS_REFERENCE, "hypothesis": "script alert one"},
    ]
    line = {"id": "browser-1", "language": "en", "dataset": "browser", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "browser.jsonl")  # scored inline (eager)
    assert Language.objects.get(code="en").scored_version is not None
    return Conversation.objects.get(external_id="browser-1")


def style(page, selector: str, prop: str) -> str:
    return page.locator(selector).first.evaluate(
        "(el, prop) => getComputedStyle(el).getPropertyValue(prop)", prop
    )


def focused_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_reviewer_flags_a_false_error_with_the_keyboard(live_server, page, reviewer, conversation):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    book, lax, script = (conversation.turns.get(index=i) for i in (1, 2, 3))
    log_in(page, live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")

    # colour AND a second cue for each kind of error
    sub = f"#r-{book.pk}-0 .col-substitute"
    assert style(page, f"{sub} .tok.ref", "background-color") == "rgb(253, 226, 168)"
    assert style(page, f"{sub} .tok.ref", "text-decoration-style") == "wavy"
    assert page.inner_text(f"{sub} .mark") == "S"
    assert page.locator(f"{sub} .visually-hidden").text_content() == "substitution:"
    ins = f"#r-{book.pk}-1 .col-insert"
    assert style(page, f"{ins} .tok.hyp", "background-color") == "rgb(196, 218, 250)"
    assert "underline" in style(page, f"{ins} .tok.hyp", "text-decoration-line")
    assert style(page, f"{ins} .tok.hyp", "text-decoration-style") == "double"
    assert page.inner_text(f"{ins} .mark") == "I"
    dele = f"#r-{lax.pk}-0 .col-delete"
    assert style(page, f"{dele} .tok.ref", "background-color") == "rgb(247, 196, 196)"
    assert "line-through" in style(page, f"{dele} .tok.ref", "text-decoration-line")
    assert page.inner_text(f"{dele} .mark") == "D"
    assert page.locator(f"{dele} .visually-hidden").first.text_content() == "deletion:"
    assert page.locator(f"#turn-{lax.pk} .annotations .annotation").inner_text().endswith("slow")

    # the rate shown is the CLI's rate
    cli = cli_score("en", *LAX)
    shown = page.locator(f"#score-{lax.pk}")
    assert json.loads(shown.get_attribute("data-rate")) == cli["wer"]
    assert shown.locator(".rate").inner_text() == f"{100 * cli['wer']:.1f}%"
    assert f"({cli['errors']}/{cli['ref_words']} words" in shown.inner_text()

    # j / k move between error regions, with a visible focus ring
    page.keyboard.press("j")
    assert focused_id(page) == f"r-{book.pk}-0"
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("j")
    page.keyboard.press("k")
    assert focused_id(page) == f"r-{lax.pk}-0"
    assert style(page, f"#r-{lax.pk}-0", "outline-style") == "solid"
    assert style(page, f"#r-{lax.pk}-0", "outline-width") == "3px"

    # ? toggles the help
    page.keyboard.press("?")
    assert page.locator("#keyboard-help").is_visible()
    assert "flag the region as a normalization false error" in page.inner_text("#keyboard-help")
    page.keyboard.press("?")
    assert page.locator("#keyboard-help").is_hidden()
    assert focused_id(page) == f"r-{lax.pk}-0"

    # f opens the inline form with the category chosen; type, Tab to Save, Enter
    page.keyboard.press("f")
    form = page.locator(f"#flag-form-{lax.pk}-0")
    form.wait_for()
    assert form.locator("input[value=false_error]").is_checked()
    expect(page.locator(f"#flag-{lax.pk}-0-note")).to_be_focused()
    page.keyboard.type(XSS_NOTE)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Save flag"
    page.keyboard.press("Enter")
    saved = page.locator(f"#flags-{lax.pk} .flag")
    saved.wait_for()
    assert saved.locator(".note").inner_text() == XSS_NOTE
    assert "Normalization false error" in saved.inner_text()

    flag = Flag.objects.get()
    assert (flag.author, flag.category, flag.note) == (reviewer, "false_error", XSS_NOTE)
    assert (flag.ref_span, flag.hyp_span) == ("l a x", "lax")
    assert (flag.ref_start, flag.ref_end, flag.hyp_start, flag.hyp_end) == (3, 6, 3, 4)
    event = AuditEvent.objects.get(action=AuditEvent.Action.FLAG_CREATED)
    assert (event.actor, event.object_id) == (reviewer, str(flag.pk))

    # w opens the why panel of the current region
    page.keyboard.press("w")
    why = page.locator(f"#why-{lax.pk}-0")
    why.wait_for()
    assert "stay different after every step" in why.locator(".verdict").inner_text()
    assert why.locator("tr[data-step=case] td").nth(0).inner_text() == "l a x"
    assert why.locator("tr[data-step=case] td").nth(1).inner_text() == "lax"

    # transcripts and notes stay text: on the raw view, and after a full reload
    page.click("#view-raw")
    page.wait_for_selector('#turns[data-view="raw"]')
    assert page.locator(f"#turn-{script.pk} dd").first.inner_text() == XSS_REFERENCE
    page.reload()
    assert page.locator(f"#flag-{flag.pk} .note").inner_text() == XSS_NOTE
    assert page.locator("img").count() == 0
    assert page.locator("script:not([src])").count() == 0
    assert dialogs == []


def test_pages_work_without_javascript(live_server, browser, reviewer, conversation):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        log_in(page, live_server, reviewer)
        lax = conversation.turns.get(index=2)
        page.goto(f"{live_server.url}/conversations/{conversation.pk}")
        page.click(f"#ra-{lax.pk}-0 [data-action=false_error]")
        assert re.search(r"/turns/\d+/regions/0/flag\?category=false_error$", page.url)
        page.fill(f"#flag-{lax.pk}-0-note", "no js")
        page.click("text=Save flag")
        page.wait_for_selector(f"#turn-{lax.pk} .flag")
        assert page.url.endswith(f"/conversations/{conversation.pk}#turn-{lax.pk}")
        assert Flag.objects.get().note == "no js"
        page.click("text=Raw text")
        assert page.url.endswith("?view=raw")
    finally:
        context.close()
