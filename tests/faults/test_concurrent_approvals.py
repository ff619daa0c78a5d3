"""Two maintainers press "Approve" on competing proposals at the same moment, over HTTP.

The service-level race (two threads calling do_approve) is tested in
tests/reviewapp/services/test_proposals.py. This variant goes through the real server:
two browsers' requests, each with its own session, CSRF token and database connection,
released together. Exactly one is approved; the other maintainer's page says to rebase;
neither request fails; the version chain has no fork and one rescore is queued.
"""

from __future__ import annotations

import http.cookiejar
import threading
import urllib.request
from urllib.parse import urlencode

import pytest
from django.conf import settings

from reviewapp.models import ConfigVersion, Job, Language, Proposal
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.conftest import PASSWORD
from tests.reviewapp.factories import with_fillers

pytestmark = [pytest.mark.faults]


class Browser:
    """A browser of the live server: its own cookie jar, logged in through the login form."""

    def __init__(self, base_url: str, user) -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.get("/login/")
        status, page = self.post("/login/", {"username": user.username, "password": PASSWORD})
        assert status == 200 and 'id="dashboard-title"' in page, page[:300]

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base_url + path, timeout=60) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict) -> tuple[int, str]:
        token = next(c.value for c in self.jar if c.name == settings.CSRF_COOKIE_NAME)
        request = urllib.request.Request(  # noqa: S310 - http to the live test server
            self.base_url + path,
            data=urlencode({**data, "csrfmiddlewaretoken": token}).encode(),
            method="POST",
        )
        with self.opener.open(request, timeout=60) as response:  # follows the redirect
            return response.status, response.read().decode()


def test_simultaneous_approvals_over_http_one_wins_one_is_told_to_rebase(
    live_server, reviewer, make_user
):
    ensure_languages()
    v1 = Language.objects.get(code="de").active_version
    competing = [
        proposals.do_create_proposal(reviewer, "de", with_fillers(v1, word), title=word)
        for word in ("naja", "soso")
    ]
    maintainers = [make_user(f"de-maintainer-{i}", maintains=["de"]) for i in (1, 2)]
    browsers = [Browser(live_server.url, user) for user in maintainers]
    for browser, proposal in zip(browsers, competing, strict=True):
        status, page = browser.get(f"/proposals/{proposal.pk}")  # sets the CSRF cookie
        assert status == 200 and "Approve" in page

    barrier = threading.Barrier(2)
    pages: dict[int, tuple[int, str]] = {}
    errors: list[BaseException] = []

    def approve(browser: Browser, proposal: Proposal) -> None:
        try:
            barrier.wait(timeout=30)
            pages[proposal.pk] = browser.post(
                f"/proposals/{proposal.pk}/approve", {"message": "race"}
            )
        except BaseException as exc:  # reported below, with the other thread's outcome
            errors.append(exc)

    threads = [
        threading.Thread(target=approve, args=pair)
        for pair in zip(browsers, competing, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert sorted(status for status, _ in pages.values()) == [200, 200]

    won = [pk for pk, (_, page) in pages.items() if "Approved as" in page]
    told_to_rebase = [pk for pk, (_, page) in pages.items() if "rebase it first" in page]
    assert len(won) == 1 and len(told_to_rebase) == 1, pages
    assert Proposal.objects.get(pk=won[0]).status == Proposal.Status.APPROVED
    assert Proposal.objects.get(pk=told_to_rebase[0]).status == Proposal.Status.PENDING
    # one new version, whose parent is v1: no fork; one rescore queued
    chain = list(
        ConfigVersion.objects.filter(language="de").values_list("number", "parent__number")
    )
    assert chain == [(1, None), (2, 1)]
    assert Language.objects.get(code="de").active_version.number == 2
    assert Job.objects.filter(kind=Job.Kind.RESCORE).count() == 1
