"""axe-core (the engine behind Lighthouse's and Deque's accessibility checks), injected
into the pages in headless Chromium, finds no violation on the dashboard, a conversation,
the flag queue, a proposal and the config history. The rules are axe's
defaults: WCAG 2.x A and AA and its best practices."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from reviewapp.services.comments import do_comment
from tests.browser.support import log_in, review_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def data(db, make_user):
    world = review_world(make_user("ada-maintainer-en", maintains=["en"]), "a11y")
    do_comment(
        world["maintainer"], world["proposal"], "umm is a filler in every English set we have"
    )
    return world


def pages(data) -> dict[str, str]:
    return {
        "dashboard": "/",
        "conversation": f"/conversations/{data['conversation'].pk}",
        "flag queue": "/flags",
        "proposal": f"/proposals/{data['proposal'].pk}",
        "config history": "/languages/en/config",
        "conversation with data-quality findings": f"/conversations/{data['shifted'].pk}",
        "import result": f"/imports/{data['batch'].pk}",
    }


def test_the_main_pages_have_no_axe_violation(live_server, page, data):
    log_in(page, live_server, data["maintainer"])
    axe = Axe()
    found = {}
    for name, path in pages(data).items():
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("networkidle")
        results = axe.run(page)
        if results.violations_count:
            found[name] = results.generate_report()
    assert not found, "\n\n".join(f"{name}:\n{report}" for name, report in found.items())
