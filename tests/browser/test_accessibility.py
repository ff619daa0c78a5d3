"""axe-core (the engine behind Lighthouse's and Deque's accessibility checks), injected
into the pages in headless Chromium, finds no violation on the dashboard, a conversation,
the flag queue, a proposal and the config history (issue 21). The rules are axe's
defaults: WCAG 2.x A and AA and its best practices."""

from __future__ import annotations

import copy
import json

import pytest
from axe_playwright_python.sync_playwright import Axe

from reviewapp.models import Conversation, Language
from reviewapp.services import proposals
from reviewapp.services.comments import do_comment
from reviewapp.services.flags import do_create_flag
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# data-quality findings: turns 0-2 hold the transcripts of turns 1-3 (a banner, a re-pair)
SHIFTED = [
    {"reference": "My laptop will not start.", "hypothesis": "The screen stays black."},
    {"reference": "The screen stays black.", "hypothesis": "I tried another charger."},
    {"reference": "I tried another charger.", "hypothesis": "Can someone call me back?"},
    {"reference": "Can someone call me back?", "hypothesis": ""},
]


@pytest.fixture
def data(db, make_user):
    maintainer = make_user("ada-maintainer-en", maintains=["en"])
    turns = [
        {"reference": "book it for me", "hypothesis": "look it for me now"},
        {"reference": "I'm at twenty-five", "hypothesis": "I am at 25"},
    ]
    line = {"id": "a11y-1", "language": "en", "dataset": "a11y", "turns": turns}
    shifted = {"id": "a11y-2", "language": "en", "dataset": "a11y", "turns": SHIFTED}
    body = "".join(json.dumps(row) + "\n" for row in (line, shifted)).encode()
    batch = do_import(body, "a11y.jsonl").batch  # scored inline (eager)
    conversation = Conversation.objects.get(external_id="a11y-1")
    flag = do_create_flag(
        maintainer, conversation.turns.get(index=0).scores.get(), 0, category="false_error"
    )
    v1 = Language.objects.get(code="en").active_version
    content = copy.deepcopy(v1.content)
    content["config"]["fillers"] = [*content["config"].get("fillers", []), "umm"]
    proposal = proposals.do_create_proposal(
        maintainer, "en", content, title="Add a filler", flags=[flag]
    )
    do_comment(maintainer, proposal, "umm is a filler in every English set we have")
    return {
        "maintainer": maintainer,
        "conversation": conversation,
        "proposal": proposal,
        "shifted": Conversation.objects.get(external_id="a11y-2"),
        "batch": batch,
    }


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
