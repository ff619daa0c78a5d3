"""The Content-Security-Policy holds on every main page, in headless Chromium: scripts
and styles come only from our static files (no inline script or style, no eval), and
nothing the pages or htmx do is refused. Every `securitypolicyviolation` event and every
console message about the policy is recorded; there must be none. A deliberately inline
script proves the recorder sees a violation when there is one."""

from __future__ import annotations

import pytest

from reviewapp.models import Job
from tests.browser.support import review_world
from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def data(db, make_user):
    maintainer = make_user("erin-maintainer-en", maintains=["en"])
    maintainer.is_superuser = True  # to see the admin pages, axes' included
    maintainer.save(update_fields=["is_superuser"])
    world = review_world(maintainer, "csp")  # scored inline (eager)
    return {**world, "job": Job.objects.latest("pk")}


@pytest.fixture
def recorded(page):
    """The page, recording CSP violations (events and console messages)."""
    page.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    page.csp_console = console
    return page


def violations(page) -> list[str]:
    page.wait_for_load_state("load")
    page.wait_for_timeout(100)
    return page.evaluate("window.__csp || []") + page.csp_console


def visit(page, url: str) -> None:
    response = page.goto(url)
    assert response.status == 200, url
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert violations(page) == [], url


def test_main_pages_raise_no_csp_violation(live_server, recorded, data):
    page, base = recorded, live_server.url
    visit(page, f"{base}/login/")
    page.fill("#id_username", data["maintainer"].username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_selector("#dashboard-title")
    assert violations(page) == []

    conversation, proposal = data["conversation"], data["proposal"]
    for path in [
        "/",
        "/conversations",
        f"/conversations/{conversation.pk}",
        "/flags",
        f"/flags/{data['flag'].pk}/edit",
        "/proposals",
        "/proposals/new",
        f"/proposals/new?language=en&flag={data['flag'].pk}",
        f"/proposals/{proposal.pk}",
        f"/proposals/{proposal.pk}/edit",
        "/languages/en/config",
        "/languages/en/ablation",
        f"/jobs/{data['job'].pk}",
        "/imports/new",
        f"/imports/{data['batch'].pk}",
        f"/conversations/{data['shifted'].pk}",
        "/admin/",
        "/admin/reviewapp/maintainerlanguage/",
        "/admin/reviewapp/maintainerlanguage/add/",
        "/admin/axes/accessattempt/",
    ]:
        visit(page, f"{base}{path}")

    # htmx at work: the why panel and flag form (keyboard, review.js), the help, a queue
    # filter, a live check, the impact preview.
    visit(page, f"{base}/conversations/{conversation.pk}")
    page.keyboard.press("j")
    with page.expect_response(lambda r: "/why" in r.url):
        page.keyboard.press("w")
    with page.expect_response(lambda r: "/flag" in r.url):
        page.keyboard.press("f")
    page.keyboard.press("?")
    page.wait_for_timeout(300)
    assert violations(page) == []
    visit(page, f"{base}/flags")
    with page.expect_response(lambda r: "/flags?" in r.url):
        page.select_option("select[name=language]", "en")
    visit(page, f"{base}/proposals/{proposal.pk}/edit")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.click("button[name=action][value=check]")
    visit(page, f"{base}/proposals/{proposal.pk}")
    with page.expect_response(lambda r: "/preview" in r.url):
        page.click("#run-preview")
    page.wait_for_timeout(300)
    assert violations(page) == []


def test_the_recorder_sees_an_inline_script(live_server, recorded):
    page = recorded
    visit(page, f"{live_server.url}/login/")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.__ran = 1'; document.body.append(s); }"
    )
    assert page.evaluate("typeof window.__ran") == "undefined"
    assert any("script-src" in v for v in violations(page))
