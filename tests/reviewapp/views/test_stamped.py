"""The three review pages reuse what they read of shared rows while the content stamp
holds: a page asked for again is the same page for fewer queries, any user's own parts
(roles' buttons, CSRF tokens) are still theirs, and nothing is kept in a transaction.

What every kind of write makes each page show again is in test_conditional_pages.py
(its revisits after a write read through this store).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection, transaction
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from reviewapp.views import stamped as store
from tests.reviewapp.factories import scored_conversation
from tests.reviewapp.views.review_pages import PAIRS, flag_first_error, page_urls


@pytest.fixture(autouse=True)
def empty_store():
    store.clear()
    yield
    store.clear()


def request_under(stamp):
    request = RequestFactory().get("/")
    if stamp is not None:
        setattr(request, store.STAMP_ATTRIBUTE, stamp)
    return request


class Computed:
    """A value's computation, counting its calls."""

    def __init__(self, value="rows") -> None:
        self.value, self.calls = value, 0

    def __call__(self):
        self.calls += 1
        return self.value


def read(request, key, compute) -> object:
    return store.stamped(request, key, compute)


def test_a_value_is_computed_once_a_stamp_and_key():
    compute = Computed()
    for _ in range(3):
        assert read(request_under("g:1"), ("page", 1), compute) == "rows"
    assert compute.calls == 1
    read(request_under("g:1"), ("page", 2), compute)
    assert compute.calls == 2


def test_another_stamp_computes_again_and_forgets_the_last():
    compute = Computed()
    read(request_under("g:1"), ("page",), compute)
    read(request_under("g:2"), ("page",), compute)
    assert compute.calls == 2
    read(request_under("g:1"), ("page",), compute)  # a request still under the old stamp
    assert compute.calls == 3


def test_no_stamp_or_no_room_computes_every_time(settings):
    compute = Computed()
    for _ in range(2):
        read(request_under(None), ("page",), compute)  # a page with messages: not conditional
    assert compute.calls == 2
    settings.STAMPED_CACHE_CHARS = 0
    for _ in range(2):
        read(request_under("g:1"), ("page",), compute)
    assert compute.calls == 4


def test_the_store_holds_its_bound_of_characters(settings):
    settings.STAMPED_CACHE_CHARS = 10  # a value's characters are those of its repr
    big, small, other = Computed("x" * 9), Computed("abcd"), Computed("efgh")
    for _ in range(2):
        read(request_under("g:1"), ("big",), big)
    assert big.calls == 2  # never kept
    read(request_under("g:1"), ("small",), small)
    read(request_under("g:1"), ("other",), other)  # 12 characters: the store starts again
    read(request_under("g:1"), ("other",), other)
    read(request_under("g:1"), ("small",), small)
    assert (small.calls, other.calls) == (2, 1)


@pytest.mark.django_db
def test_nothing_is_kept_in_a_transaction():
    """It may see its own writes, which the stamp counts only when they commit."""
    compute = Computed()
    with transaction.atomic():
        for _ in range(2):
            read(request_under("g:1"), ("page",), compute)
    assert compute.calls == 2


# --- the pages (transactional: the stamp moves when a write commits) -----------------------


@pytest.fixture
def conversation(transactional_db):
    return scored_conversation(PAIRS)


@pytest.fixture
def pages(conversation) -> dict[str, str]:
    return page_urls(conversation)


def without_tokens(response) -> str:
    """The page without its CSRF tokens (masked anew on every request)."""
    assert response.status_code == 200
    html = response.content.decode()
    html = re.sub(r'"X-CSRFToken": "[^"]*"', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


@pytest.mark.parametrize("page", ["list", "conversation", "queue"])
def test_a_page_asked_again_is_the_same_for_fewer_queries(
    client_for, reviewer, conversation, pages, page
):
    flag_first_error(reviewer, conversation)
    client = client_for(reviewer)
    client.get(pages[page])  # the session's first request (it sets the CSRF cookie)
    store.clear()
    with CaptureQueriesContext(connection) as first:
        before = without_tokens(client.get(pages[page]))
    with CaptureQueriesContext(connection) as again:
        after = without_tokens(client.get(pages[page]))
    assert after == before
    assert len(again) < len(first)


def test_the_queue_keeps_each_users_buttons(client, reviewer, make_user, conversation, pages):
    flag = flag_first_error(reviewer, conversation)
    maintainer = make_user("mia-maintainer-en", maintains=["en"])
    box = f'id="select-{flag.pk}"'  # maintainers of the language close flags from the queue
    client.force_login(reviewer)
    assert box not in client.get(pages["queue"]).content.decode()
    client.force_login(maintainer)
    assert box in client.get(pages["queue"]).content.decode()
    client.force_login(reviewer)
    assert box not in client.get(pages["queue"]).content.decode()


def test_the_conversation_keeps_each_users_forms(client, reviewer, make_user, conversation, pages):
    """The flags' forms carry the user's own CSRF token, and only the author's flag has
    its edit and withdraw forms."""
    flag = flag_first_error(reviewer, conversation)
    other = make_user("otto-reviewer")
    edit = reverse("reviewapp:flag_edit", args=[flag.pk])
    client.force_login(reviewer)
    mine = client.get(pages["conversation"]).content.decode()
    client.force_login(other)
    theirs = client.get(pages["conversation"]).content.decode()
    assert edit in mine and edit not in theirs
    token = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
    assert set(token.findall(theirs)).isdisjoint(token.findall(mine))
