"""Conditional GETs of the conversation list, a conversation and the flag queue: a revisit
with nothing changed is 304 without the page's queries; after any write a page shows it is
200 with the new content; an ETag is never shared by two users, sessions or CSRF secrets.

Transactional tests: on PostgreSQL the stamp moves when a write commits, which a test
wrapped in one transaction never does.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import Group
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.urls import reverse

from reviewapp.models import Flag, MaintainerLanguage, Score
from reviewapp.roles import REVIEWER, ensure_groups
from reviewapp.services.flag_states import do_close_flags
from reviewapp.services.flags import do_create_flag, do_edit_flag
from reviewapp.services.references import do_accept_reference
from reviewapp.views import conditional
from tests.reviewapp.factories import scored_conversation, scored_under_new_rules
from tests.reviewapp.views.review_pages import PAIRS, flag_first_error, page_urls

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def conversation():
    return scored_conversation(PAIRS)


@pytest.fixture
def pages(conversation) -> dict[str, str]:
    return page_urls(conversation)


def signed_in(user) -> Client:
    """A browser after logging in: a session, and the CSRF cookie the login set."""
    client = Client()
    client.force_login(user)
    client.get(reverse("reviewapp:dashboard"))  # sets the CSRF cookie, as the login page does
    assert settings.CSRF_COOKIE_NAME in client.cookies
    return client


@pytest.fixture
def client(reviewer):
    return signed_in(reviewer)


def visit(client, url: str, etag: str = "", **headers):
    if etag:
        headers["If-None-Match"] = etag
    return client.get(url, headers=headers)


def first_visit(client, url: str, **headers):
    response = visit(client, url, **headers)
    assert response.status_code == 200
    assert response.headers["ETag"]
    return response


@pytest.mark.parametrize("page", ["list", "conversation", "queue"])
def test_a_revisit_with_nothing_changed_is_304(client, pages, page, conversation, reviewer):
    flag_first_error(reviewer, conversation)  # a queue with a group
    first = first_visit(client, pages[page])
    assert set(first.headers["Cache-Control"].split(", ")) == {"private", "no-cache"}
    assert "Cookie" in first.headers["Vary"]
    again = visit(client, pages[page], first.headers["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    assert set(again.headers["Cache-Control"].split(", ")) == {"private", "no-cache"}


@pytest.mark.parametrize("page", ["list", "conversation", "queue"])
def test_a_304_costs_the_session_the_user_and_the_stamp(
    client, pages, page, django_assert_num_queries
):
    etag = first_visit(client, pages[page]).headers["ETag"]
    with django_assert_num_queries(3):
        assert visit(client, pages[page], etag).status_code == 304


def revisit_after(client, pages: dict[str, str], write) -> dict[str, tuple]:
    """Visit every page, write, revisit each with its ETag: {page: (before, after)}."""
    before = {page: first_visit(client, url) for page, url in pages.items()}
    write()
    after = {page: visit(client, url, before[page].headers["ETag"]) for page, url in pages.items()}
    for page, response in after.items():
        assert response.status_code == 200, page
        assert response.headers["ETag"] != before[page].headers["ETag"], page
    return {page: (before[page].content.decode(), after[page].content.decode()) for page in pages}


def test_a_new_flag_shows_on_every_page(client, pages, conversation, reviewer):
    seen = revisit_after(client, pages, lambda: flag_first_error(reviewer, conversation))
    before, after = seen["conversation"]
    assert "flagged</span>" not in before and "flagged</span>" in after
    before, after = seen["queue"]
    assert "a spelled-out time" not in before and "a spelled-out time" in after
    assert seen["list"][0] != seen["list"][1]  # its count of open flags


def test_an_edited_flag_shows(client, pages, conversation, reviewer):
    flag = flag_first_error(reviewer, conversation)
    seen = revisit_after(
        client, pages, lambda: do_edit_flag(reviewer, flag, category="real_error", note="real")
    )
    assert '<p class="note" dir="auto">real</p>' in seen["conversation"][1]
    assert ': <span dir="auto">real</span>' in seen["queue"][1]


def test_a_closed_flag_leaves_the_queue(client, pages, conversation, reviewer, make_user):
    flag = flag_first_error(reviewer, conversation)
    maintainer = make_user("mia-maintainer-en", maintains=["en"])
    seen = revisit_after(
        client,
        pages,
        lambda: do_close_flags(maintainer, [flag.pk], status=Flag.Status.WONT_FIX, reason="no"),
    )
    before, after = seen["queue"]
    assert f'id="queue-flag-{flag.pk}"' in before and f'id="queue-flag-{flag.pk}"' not in after
    assert "flagged</span>" in seen["conversation"][0]
    assert "flagged</span>" not in seen["conversation"][1]


def test_a_new_versions_scores_show(client, pages, conversation):
    seen = revisit_after(
        client, pages, lambda: scored_under_new_rules(conversation, ("fight", "flight"))
    )
    assert seen["conversation"][0] != seen["conversation"][1]
    assert "fight" not in seen["conversation"][1].split('class="regions"')[1].split("</ol>")[0]


def test_a_score_updated_in_place_shows(client, pages, conversation):
    score = Score.objects.filter(turn__conversation=conversation, turn__index=0)
    seen = revisit_after(client, pages, lambda: score.update(errors=9))  # no service, no save()
    assert 'data-errors="9"' not in seen["conversation"][0]
    assert 'data-errors="9"' in seen["conversation"][1]


def test_a_corrected_reference_shows(client, pages, conversation, reviewer, make_user):
    turn = conversation.turns.get(index=0)
    flag = do_create_flag(reviewer, turn.scores.get(), 1, category="reference_error")
    maintainer = make_user("mia-maintainer-en", maintains=["en"])
    seen = revisit_after(
        client, pages, lambda: do_accept_reference(maintainer, flag, "my flight is at noon")
    )
    assert f'id="reference-{turn.pk}"' not in seen["conversation"][0]
    assert f'id="reference-{turn.pk}"' in seen["conversation"][1]


def test_a_new_role_shows(client, pages, conversation, reviewer):
    flag = flag_first_error(reviewer, conversation)

    def make_maintainer():
        reviewer.groups.add(ensure_groups()[1])
        MaintainerLanguage.objects.create(user=reviewer, language="en")

    seen = revisit_after(client, pages, make_maintainer)
    box = f'id="select-{flag.pk}"'  # maintainers of the language close flags from the queue
    assert box not in seen["queue"][0] and box in seen["queue"][1]


def test_a_role_taken_away_is_403_not_304(client, pages, reviewer):
    etag = first_visit(client, pages["list"]).headers["ETag"]
    reviewer.groups.remove(Group.objects.get(name=REVIEWER))
    response = visit(client, pages["list"], etag)
    assert response.status_code == 403
    assert "ETag" not in response.headers


def test_two_users_never_share_an_etag(client, pages, make_user):
    other = signed_in(make_user("otto-reviewer"))
    for url in pages.values():
        mine = first_visit(client, url).headers["ETag"]
        theirs = first_visit(other, url).headers["ETag"]
        assert mine != theirs
        assert visit(other, url, mine).status_code == 200


def test_another_session_of_the_same_user_has_its_own_etag(client, pages, reviewer):
    again = signed_in(reviewer)
    for url in pages.values():
        etag = first_visit(client, url).headers["ETag"]
        assert first_visit(again, url).headers["ETag"] != etag
        assert visit(again, url, etag).status_code == 200


def test_a_page_sent_before_the_csrf_cookie_is_never_revived(pages, reviewer):
    """Rendered without a CSRF cookie, a page's forms carry a token of the secret its
    response sets: the next visit, with that cookie, is another ETag and a new page."""
    client = Client()
    client.force_login(reviewer)
    first = first_visit(client, pages["queue"])
    assert settings.CSRF_COOKIE_NAME in first.cookies
    assert visit(client, pages["queue"], first.headers["ETag"]).status_code == 200


def test_a_new_csrf_secret_is_another_etag(client, pages):
    etag = first_visit(client, pages["conversation"]).headers["ETag"]
    client.cookies[settings.CSRF_COOKIE_NAME] = "x" * 32  # as after a token rotation
    response = visit(client, pages["conversation"], etag)
    assert response.status_code == 200
    assert response.headers["ETag"] != etag


def test_parameters_and_htmx_fragments_have_their_own_etags(client, pages):
    url = pages["list"]
    full = first_visit(client, url)
    fragment = first_visit(client, url, **{"HX-Request": "true", "HX-Target": "results"})
    other = first_visit(client, url + "&sort=id")
    assert len({full.headers["ETag"], fragment.headers["ETag"], other.headers["ETag"]}) == 3
    assert fragment.content != full.content
    htmx = {"HX-Request": "true", "HX-Target": "results"}
    assert visit(client, url, full.headers["ETag"], **htmx).content == fragment.content
    assert visit(client, url, fragment.headers["ETag"], **htmx).status_code == 304


def test_a_page_with_messages_is_never_304_and_has_no_etag(reviewer, pages):
    """A message is shown once: a cached page would show it again, and a 304 would
    leave a new one unshown."""
    request = RequestFactory().get(pages["queue"])
    request.user = reviewer
    request.session = Client().session
    request._messages = messages.storage.default_storage(request)
    messages.info(request, "Saved")
    calls = []

    def view(request):
        calls.append(request)
        return HttpResponse("page")

    response = conditional.conditional_page(view)(request)
    assert calls and "ETag" not in response.headers


def test_the_code_version_follows_the_code(tmp_path, settings):
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("one")
    settings.BASE_DIR = tmp_path
    conditional.code_version.cache_clear()
    try:
        first = conditional.code_version()
        page.write_text("two")
        conditional.code_version.cache_clear()
        assert conditional.code_version() != first
    finally:
        conditional.code_version.cache_clear()
