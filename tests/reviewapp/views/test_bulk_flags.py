"""The "flag all identical regions" page: reached from a region (and back to its turn) or
from a queue group (and back to the queue); it says how many regions it would flag, flags
them in one POST, and refuses past the bound without writing."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import urlencode

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from reviewapp.models import Flag
from reviewapp.services import bulk_flags
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

URL = reverse("reviewapp:flag_all")
LAX = {"language": "en", "ref": "l a x", "hyp": "lax"}


@pytest.fixture
def turns():
    lax = ("I fly to l a x", "I fly to LAX")
    return list(scored_conversation([lax, lax, ("my seat", "my seed")]).turns.order_by("index"))


def test_a_region_links_to_the_page_for_its_pair(client_for, reviewer, turns):
    page = reverse("reviewapp:conversation", args=[turns[0].conversation_id])
    html = client_for(reviewer).get(page).content.decode()
    query = urlencode({**LAX, "turn": turns[0].pk})
    link = f'<a data-action="all" href="{html_lib.escape(f"{URL}?{query}")}">'
    assert link + "Flag all identical <kbd>a</kbd></a>" in html


def test_the_page_says_how_many_regions_it_flags(client_for, reviewer, maintainer_de, turns):
    do_create_flag(reviewer, turns[1].scores.get(), 0, category="real_error")
    do_create_flag(maintainer_de, turns[0].scores.get(), 0, category="false_error")
    response = client_for(reviewer).get(URL, {**LAX, "turn": turns[0].pk, "category": "real_error"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-matched="2" data-todo="1"' in html
    assert "You have a flag on 1 of them already: it stays as it is." in html
    assert '<button type="submit" id="flag-all-submit">Flag all 1 identical region</button>' in html
    checked = re.search(r'<input[^>]*value="real_error"[^>]*>', html).group()
    assert "checked" in checked and "data-autofocus" in html
    assert f'<input type="hidden" name="turn" value="{turns[0].pk}"' in html


def test_flag_all_flags_them_and_goes_back_to_the_turn(client_for, reviewer, turns):
    data = {**LAX, "turn": turns[0].pk, "category": "false_error", "note": "spelled letters"}
    response = client_for(reviewer).post(URL, data)
    assert response.status_code == 302
    assert response["Location"] == reverse("reviewapp:turn", args=[turns[0].pk])
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Flagged 2 regions as normalization false error."
    ]
    assert list(Flag.objects.order_by("turn__index").values_list("turn", "note")) == [
        (turns[0].pk, "spelled letters"),
        (turns[1].pk, "spelled letters"),
    ]


def test_from_the_queue_and_back_to_it(client_for, reviewer, turns):
    do_create_flag(reviewer, turns[0].scores.get(), 0, category="false_error")
    client = client_for(reviewer)
    queue = client.get(reverse("reviewapp:flag_queue")).content.decode()
    assert f'<a class="flag-all" href="{URL}?{html_lib.escape(urlencode(LAX))}">' in queue
    response = client.post(URL, {**LAX, "category": "false_error"})
    assert response["Location"] == reverse("reviewapp:flag_queue") + "?language=en"
    assert "1 you had flagged already are unchanged" in str(
        list(get_messages(response.wsgi_request))[0]
    )
    assert Flag.objects.count() == 2


def test_past_the_bound_the_page_says_so_and_a_post_writes_nothing(
    client_for, reviewer, turns, monkeypatch
):
    monkeypatch.setattr(bulk_flags, "MAX_FLAGGED_AT_ONCE", 1)
    client = client_for(reviewer)
    html = client.get(URL, LAX).content.decode()
    assert "more than 1 error regions read en" in html and 'id="flag-all-form"' not in html
    response = client.post(URL, {**LAX, "category": "false_error"})
    assert (
        response.status_code == 400 and "at most 1 are flagged at once" in response.content.decode()
    )
    assert not Flag.objects.exists()


def test_nothing_to_flag_when_every_region_is_flagged(client_for, reviewer, turns):
    client = client_for(reviewer)
    client.post(URL, {**LAX, "category": "false_error"})
    html = client.get(URL, LAX).content.decode()
    assert "Nothing to flag: you have a flag on every one of them." in html
    assert 'id="flag-all-form"' not in html


@pytest.mark.parametrize(
    "query",
    [{}, {"language": "xx", "ref": "a", "hyp": "b"}, {"language": "en", "ref": "", "hyp": ""}],
)
def test_a_page_without_a_pair_is_400(client_for, reviewer, query):
    response = client_for(reviewer).get(URL, query)
    assert response.status_code == 400


def test_spans_from_the_query_are_escaped(client_for, reviewer, turns):
    html = client_for(reviewer).get(URL, {"language": "en", "ref": "<b>x", "hyp": "y"})
    text = html.content.decode()
    assert "<b>x" not in text and "&lt;b&gt;x" in text
    assert "Nothing to flag: no error region reads this now." in text
