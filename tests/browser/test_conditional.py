"""In Chromium: a page revisited with nothing changed is revalidated (the browser sends
its ETag, the server answers 304 without building the page) and shown from the browser's
copy; after a write the revisit is the new page."""

from __future__ import annotations

import pytest

import reviewapp.views.flags as flags_view
from reviewapp.models import Score
from reviewapp.services.flags import do_create_flag
from tests.browser.support import log_in
from tests.reviewapp.factories import scored_conversation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def builds(monkeypatch):
    """How many times the flag queue was built (its groups read) by the live server."""
    made = []
    groups = flags_view.flag_groups

    def counted(*args, **kwargs):
        made.append(1)
        return groups(*args, **kwargs)

    monkeypatch.setattr(flags_view, "flag_groups", counted)
    return made


def visit(page, url: str) -> str:
    """The page's main content after a visit, and the If-None-Match the browser sent."""
    sent = []
    page.on(
        "request", lambda r: sent.append(r.header_value("if-none-match")) if r.url == url else None
    )
    page.goto(url)
    page.wait_for_load_state("load")
    # the page's own content: the header's notification badge loads after it, by htmx
    return page.inner_html("#main"), sent


def test_a_revisit_is_revalidated_and_a_write_shows(live_server, page, reviewer, builds):
    conversation = scored_conversation([("my flight is at seven", "my fight is at 7")])
    log_in(page, live_server, reviewer)
    url = f"{live_server.url}/flags"
    first, sent = visit(page, url)
    assert "Flag queue" in first and sent == [None] and len(builds) == 1

    again, sent = visit(page, url)
    assert sent[0] and len(builds) == 1  # the browser's ETag, answered 304
    assert again == first  # the browser's copy

    score = Score.objects.get(turn__conversation=conversation)
    do_create_flag(reviewer, score, 0, category="false_error", note="seven as a digit")
    after, sent = visit(page, url)
    assert sent[0] and len(builds) == 2
    assert "seven as a digit" in after
