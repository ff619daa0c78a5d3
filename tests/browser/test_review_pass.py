"""A review pass in headless Chromium: two reviewers work their queues with the
keyboard (the queue's next turn opens on its region, f or e flags it, c: reviewed, go on),
then a maintainer opens the disagreements and adjudicates the region they differ on."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from reviewapp.models import Adjudication, Assignment, Conversation
from reviewapp.services.imports import do_import
from reviewapp.services.passes import do_create_pass
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def review_pass(reviewer, maintainer_de, make_user):
    turns = [
        {"reference": "das Konto ist leer", "hypothesis": "das Kondo ist leer"},
        {"reference": "ich fliege heute", "hypothesis": "ich fliege heut"},
    ]
    line = {"id": "pass-1", "language": "de", "dataset": "browser", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "pass.jsonl")  # scored inline (eager)
    assert Conversation.objects.get(external_id="pass-1").turns.count() == 2
    second = make_user("otto-reviewer")
    return do_create_pass(
        maintainer_de, name="Kontos", language="de", reviewers=[reviewer, second], overlap=2
    )


def work_queue(page, live_server, review_pass, keys: list[str]):
    """Open the queue's first turn, then for each turn (its first region is the current
    one on arrival): the key (f/e) and its note, then c."""
    page.goto(f"{live_server.url}/passes/{review_pass.pk}/queue")
    page.click("#next-turn")
    for key in keys:
        page.wait_for_selector("#review-pass")
        turn = page.url.split("#turn-")[1]
        expect(page.locator(f"#turn-{turn} .region.current")).to_have_count(1)
        page.keyboard.press(key)
        expect(page.locator(f"#flag-{turn}-0-note")).to_be_focused()
        page.keyboard.type(f"{key} from the keyboard")
        page.keyboard.press("Control+Enter")
        expect(page.locator(f"#flag-{turn}-0-note")).to_have_count(0)  # saved: the form is gone
        with page.expect_navigation():
            page.keyboard.press("c")
    # the last c found no pending turn: the queue says so
    expect(page.locator("#queue-progress")).to_contain_text("2 of 2 turns reviewed")


def test_two_reviewers_then_a_maintainer_adjudicates(
    live_server, page, reviewer, maintainer_de, review_pass
):
    otto = review_pass.reviewers.get(username="otto-reviewer")
    log_in(page, live_server, reviewer)
    work_queue(page, live_server, review_pass, ["f", "f"])
    log_in(page, live_server, otto)
    work_queue(page, live_server, review_pass, ["e", "f"])
    reviewed = Assignment.objects.filter(state=Assignment.State.REVIEWED)
    assert reviewed.count() == 4 and not Assignment.objects.exclude(pk__in=reviewed).exists()

    log_in(page, live_server, maintainer_de)
    page.goto(f"{live_server.url}/passes/{review_pass.pk}/disagreements")
    rows = page.locator("#disagreements tbody tr")
    expect(rows).to_have_count(1)  # the first turn: a false error to one, a real one to the other
    rows.first.get_by_label("Real STT error").check()
    rows.first.get_by_role("button", name="Save the decision").click()
    expect(rows.first.locator(".decision")).to_contain_text("Real STT error")
    decision = Adjudication.objects.get()
    assert (decision.maintainer, decision.label) == (maintainer_de, "real_error")
