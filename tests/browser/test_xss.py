"""Markup typed by users renders as text on every page that shows it, in headless
Chromium: transcripts, conversation ids, dataset and model names, flag notes, proposal
titles, descriptions and rejection reasons, and config content (a filler, a normalizer
name that becomes the version label, a description). On each page: no dialog opens, no
payload runs (`window.__xss` stays unset), no element with an event handler and no inline
script appears, and the payload is there as readable text.

The conversation page is covered by tests/browser/test_review.py; this file covers the
others (dashboard, conversations, flag queue, proposals, proposal pages, config history,
job page), including an htmx swap."""

from __future__ import annotations

import copy
import json

import pytest

from reviewapp.models import Conversation, Job, Language
from reviewapp.services import proposals
from reviewapp.services.flags import do_create_flag
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCRIPT = "<script>window.__xss=1;alert('script')</script>"
IMG = '"><img src=x onerror="window.__xss=2;alert(\'img\')">'
SVG = "<svg/onload=window.__xss=3;alert('svg')>"
TEXTAREA = "</textarea><script>window.__xss=4;alert('textarea')</script>"
ATTRIBUTE = "' onmouseover='window.__xss=5' x='"


@pytest.fixture
def hostile(db, reviewer, make_user):
    """Every user-typed field of the app, filled with markup."""
    maintainer = make_user("mira-maintainer-en", maintains=["en"])
    line = {
        "id": f"conv {IMG}",
        "language": "en",
        "dataset": f"set {SCRIPT}"[:100],
        "model": f"stt {SVG}",
        "turns": [
            {"reference": f"book {SCRIPT} now", "hypothesis": f"look {IMG} now"},
            {"reference": f"hello {ATTRIBUTE} there", "hypothesis": f"hello {TEXTAREA}"},
        ],
    }
    do_import((json.dumps(line) + "\n").encode(), "xss.jsonl")  # scored inline (eager)
    conversation = Conversation.objects.get()
    turn = conversation.turns.get(index=0)
    flag = do_create_flag(
        reviewer, turn.scores.get(), 0, category="false_error", note=f"note {IMG} {SCRIPT}"
    )
    v1 = Language.objects.get(code="en").active_version

    def content(**changes) -> dict:
        value = copy.deepcopy(v1.content)
        value["config"].update(changes)
        return value

    fillers = [*v1.content["config"].get("fillers", []), f"um{SVG}"]
    pending = proposals.do_create_proposal(
        reviewer,
        "en",
        content(fillers=fillers, description=f"desc {TEXTAREA}"),
        title=f"title {SCRIPT}",
        description=f"why {IMG}\n{ATTRIBUTE}",
        flags=[flag],
    )
    rejected = proposals.do_create_proposal(
        reviewer, "en", content(fillers=fillers), title=f"rejected {IMG}"
    )
    proposals.do_reject(maintainer, rejected, f"reason {SCRIPT} {IMG}")
    approved = proposals.do_create_proposal(
        maintainer, "en", content(name=f"en{IMG}"), title=f"approved {SVG}"
    )
    proposals.do_approve(maintainer, approved)  # the name becomes the version's label
    return {
        "conversation": conversation,
        "pending": pending,
        "rejected": rejected,
        "approved": approved,
        "job": Job.objects.filter(kind=Job.Kind.RESCORE).latest("pk"),
    }


@pytest.fixture
def watched(page):
    """The page, with every dialog recorded (and dismissed)."""
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.dialogs = dialogs
    return page


def assert_inert(page, *shown: str) -> None:
    """Nothing ran or was injected; each of `shown` is on the page as text."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(150)  # let an injected handler fire, if one got in
    assert page.dialogs == [], page.dialogs
    assert page.evaluate("typeof window.__xss") == "undefined"
    assert page.locator("img[src=x], svg[onload]").count() == 0
    injected = page.evaluate(
        """() => [...document.querySelectorAll('*')].filter(el =>
               [...el.attributes].some(a => a.name.startsWith('on'))).map(el => el.outerHTML)"""
    )
    assert injected == []
    assert page.locator("script:not([src])").count() == 0
    text = page.evaluate("document.body.innerText")
    values = page.evaluate(
        "[...document.querySelectorAll('textarea, input')].map(el => el.value).join('\\n')"
    )
    for payload in shown:
        assert payload in text or payload in values, payload


def visit(page, live_server, path: str, *shown: str) -> None:
    response = page.goto(f"{live_server.url}{path}")
    assert response.status == 200, path
    assert_inert(page, *shown)


def test_markup_is_text_on_every_page(live_server, watched, reviewer, hostile):
    page = watched
    log_in(page, live_server, reviewer)
    conversation = hostile["conversation"]
    pending, rejected = hostile["pending"], hostile["rejected"]

    visit(page, live_server, "/", f"en{IMG}")  # the version label, from the config's name
    visit(page, live_server, "/conversations", f"conv {IMG}", f"set {SCRIPT}"[:100])
    visit(page, live_server, "/flags", f"note {IMG}", f"conv {IMG}")
    visit(page, live_server, "/proposals", f"title {SCRIPT}", f"rejected {IMG}", f"approved {SVG}")
    visit(
        page,
        live_server,
        f"/proposals/{pending.pk}",
        f"title {SCRIPT}",
        f"why {IMG}",
        ATTRIBUTE,
        f"um{SVG}",  # the filler, in the rule diff
    )
    visit(page, live_server, f"/proposals/{rejected.pk}", f"reason {SCRIPT} {IMG}")
    # the editor: the whole config in a textarea (a </textarea> inside must not end it)
    visit(page, live_server, f"/proposals/{pending.pk}/edit", f"title {SCRIPT}", TEXTAREA)
    visit(page, live_server, "/languages/en/config?a=1&b=2", f"approved {SVG}", f"en{IMG}")
    visit(page, live_server, f"/jobs/{hostile['job'].pk}")
    visit(
        page,
        live_server,
        f"/conversations/{conversation.pk}?view=raw",
        f"book {SCRIPT} now",
        f"look {IMG} now",
        f"hello {TEXTAREA}",
        f"stt {SVG}",
    )


def test_markup_stays_text_after_an_htmx_swap(live_server, watched, reviewer, hostile):
    page = watched
    log_in(page, live_server, reviewer)
    visit(page, live_server, "/flags", f"note {IMG}")
    with page.expect_response(lambda r: "/flags?" in r.url and r.request.headers.get("hx-request")):
        page.select_option("select[name=language]", "en")
    page.wait_for_selector("#queue")
    assert_inert(page, f"note {IMG}", f"conv {IMG}")
