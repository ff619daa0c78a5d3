"""Closing flags in the pages: a maintainer closes one flag on its conversation page
(inline with htmx, or a plain post) or many from the queue; the state and the reason show
on both pages; the queue filters by state."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from reviewapp.models import AuditEvent, Flag
from reviewapp.services.flag_states import do_close_flags
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import htmx, scored_conversation

pytestmark = pytest.mark.django_db

CLOSE = reverse("reviewapp:flag_close")
QUEUE = reverse("reviewapp:flag_queue")


@pytest.fixture
def flags(reviewer, make_user):
    """Two reviewers' flags on the same German pair, on two turns."""
    other = make_user("otto-reviewer")
    pairs = [("das Konto ist leer", "das Kondo ist lehr")] * 2
    first, second = (t.scores.get() for t in scored_conversation(pairs, language="de").turns.all())
    return [
        do_create_flag(reviewer, first, 0, category="false_error", note="spelling"),
        do_create_flag(other, first, 0, category="false_error", note="same"),
        do_create_flag(reviewer, second, 0, category="false_error", note="again"),
    ]


def page_of(flag) -> str:
    return reverse("reviewapp:conversation", args=[flag.turn.conversation_id])


def test_the_conversation_page_offers_closing_to_maintainers_of_the_language_only(
    client_for, reviewer, maintainer_de, maintainer_fr, flags
):
    form = f'id="close-{flags[0].pk}"'
    assert form in client_for(maintainer_de).get(page_of(flags[0])).content.decode()
    for user in (reviewer, maintainer_fr):
        assert form not in client_for(user).get(page_of(flags[0])).content.decode()


def test_a_maintainer_closes_one_flag_inline(client_for, maintainer_de, flags):
    flag = flags[0]
    response = client_for(maintainer_de).post(
        CLOSE,
        {"flag": flag.pk, "status": "wont_fix", "reason": "Kondo is a brand <b>"},
        headers=htmx(),
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith(f'<div class="flag flag-wont_fix" id="flag-{flag.pk}"')
    assert '<span class="flag-status">Won&#x27;t fix</span>' in html
    assert "(closed by max-maintainer-de): " in html and "Kondo is a brand &lt;b&gt;" in html
    assert reverse("reviewapp:flag_reopen", args=[flag.pk]) in html
    assert f'id="close-{flag.pk}"' not in html
    assert Flag.objects.get(pk=flag.pk).status == "wont_fix"


def test_an_inline_close_without_a_reason_says_so_and_writes_nothing(
    client_for, maintainer_de, flags
):
    response = client_for(maintainer_de).post(
        CLOSE, {"flag": flags[0].pk, "status": "wont_fix", "reason": " "}, headers=htmx()
    )
    html = response.content.decode()
    assert '<details class="flag-close" open>' in html
    assert '<p class="error" role="alert">say why it won&#x27;t be fixed' in html
    assert Flag.objects.get(pk=flags[0].pk).status == "open"
    assert not AuditEvent.objects.filter(action="flag:closed").exists()


def test_a_duplicate_links_its_original_on_the_page(client_for, maintainer_de, flags):
    client = client_for(maintainer_de)
    client.post(CLOSE, {"flag": flags[1].pk, "status": "duplicate", "duplicate_of": flags[0].pk})
    client.post(CLOSE, {"flag": flags[2].pk, "status": "duplicate", "duplicate_of": flags[0].pk})
    html = client.get(page_of(flags[0])).content.decode()
    # the same turn: an anchor on the page; another turn: the turn's link
    assert f'Duplicate of <a href="#flag-{flags[0].pk}">flag #{flags[0].pk}</a>' in html
    turn_url = reverse("reviewapp:turn", args=[flags[0].turn_id])
    assert f'Duplicate of <a href="{turn_url}">flag #{flags[0].pk}</a>' in html


def test_many_flags_close_in_one_post_from_the_queue(client_for, maintainer_de, flags):
    here = QUEUE + "?language=de"
    response = client_for(maintainer_de).post(
        CLOSE,
        {
            "flag": [flags[1].pk, flags[2].pk],
            "status": "duplicate",
            "duplicate_of": flags[0].pk,
            "next": here,
        },
    )
    assert response.status_code == 302 and response["Location"] == here
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        f"2 flags closed as duplicate of flag #{flags[0].pk}."
    ]
    assert list(Flag.objects.order_by("pk").values_list("status", "duplicate_of")) == [
        ("open", None),
        ("duplicate", flags[0].pk),
        ("duplicate", flags[0].pk),
    ]
    assert AuditEvent.objects.filter(action="flag:closed").count() == 2


def test_a_refused_close_says_why_and_a_foreign_next_is_ignored(client_for, maintainer_de, flags):
    response = client_for(maintainer_de).post(
        CLOSE,
        {"flag": [flags[1].pk], "status": "duplicate", "next": "https://evil.example/"},
    )
    assert response.status_code == 302 and response["Location"] == QUEUE
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Nothing was closed: say which flag these repeat: a duplicate names its original"
    ]
    nothing = client_for(maintainer_de).post(CLOSE, {"status": "wont_fix", "reason": "x"})
    assert "select at least one flag" in str(list(get_messages(nothing.wsgi_request))[-1])
    assert set(Flag.objects.values_list("status", flat=True)) == {"open"}


def test_a_maintainer_of_another_language_is_refused(client_for, maintainer_fr, flags):
    response = client_for(maintainer_fr).post(
        CLOSE, {"flag": [flags[0].pk], "status": "wont_fix", "reason": "x"}
    )
    assert response.status_code == 403
    assert set(Flag.objects.values_list("status", flat=True)) == {"open"}


def test_reopen_inline(client_for, maintainer_de, flags):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    url = reverse("reviewapp:flag_reopen", args=[flags[0].pk])
    response = client_for(maintainer_de).post(url, headers=htmx())
    html = response.content.decode()
    assert html.lstrip().startswith(f'<div class="flag flag-open" id="flag-{flags[0].pk}"')
    assert f'id="close-{flags[0].pk}"' in html
    assert Flag.objects.get(pk=flags[0].pk).status == "open"


# --- the queue -------------------------------------------------------------------------------


def flag_numbers(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<li id="queue-flag-(\d+)">', html)]


def test_the_queue_filters_by_state_and_shows_the_reason(
    client_for, reviewer, maintainer_de, flags
):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="Kondo is a brand")
    do_close_flags(maintainer_de, [flags[1].pk], status="duplicate", duplicate_of=flags[2].pk)
    client = client_for(reviewer)
    assert flag_numbers(client.get(QUEUE).content.decode()) == [flags[2].pk]
    wont_fix = client.get(QUEUE, {"state": "wont_fix"}).content.decode()
    assert flag_numbers(wont_fix) == [flags[0].pk]
    assert "— won't fix (max-maintainer-de): " in wont_fix and "Kondo is a brand" in wont_fix
    assert '<th scope="col">Won&#x27;t fix flags</th>' in wont_fix
    duplicate = client.get(QUEUE, {"state": "duplicate", "language": "de"}).content.decode()
    assert flag_numbers(duplicate) == [flags[1].pk]
    assert f"duplicate of #{flags[2].pk}" in duplicate
    assert "No withdrawn flags." in client.get(QUEUE, {"state": "withdrawn"}).content.decode()


def test_the_queue_offers_checkboxes_and_the_close_form_to_maintainers_of_the_language(
    client_for, reviewer, maintainer_de, maintainer_fr, flags
):
    checkbox = f'<input type="checkbox" name="flag" value="{flags[0].pk}" form="close-flags"'
    html = client_for(maintainer_de).get(QUEUE).content.decode()
    assert checkbox in html and 'id="close-flags"' in html
    assert '<input type="hidden" name="next" value="/flags">' in html
    for user in (reviewer, maintainer_fr):
        html = client_for(user).get(QUEUE).content.decode()
        assert checkbox not in html and 'id="close-flags"' not in html
    closed_view = client_for(maintainer_de).get(QUEUE, {"state": "duplicate"}).content.decode()
    assert 'id="close-flags"' not in closed_view


def test_the_queue_for_a_maintainer_takes_two_queries_more_whatever_it_shows(
    client_for, reviewer, maintainer_de, flags, django_assert_num_queries
):
    client = client_for(reviewer)
    client.get(QUEUE)
    with django_assert_num_queries(8):  # one: the content stamp of the page's ETag
        client.get(QUEUE)
    client = client_for(maintainer_de)
    client.get(QUEUE)
    # + the languages they maintain, and the languages their configs score
    with django_assert_num_queries(10) as few:
        client.get(QUEUE)
    for pair in [("ein Hund", "ein Hunt"), ("eine Katze", "eine Kasse")]:
        turn = scored_conversation([pair], language="de").turns.get()
        do_create_flag(reviewer, turn.scores.get(), 0, category="false_error")
    with django_assert_num_queries(len(few.captured_queries)):
        client.get(QUEUE)
