"""The conversation page keeps each turn's markup by a hash of what it shows: a warm page
is the page built from scratch, after every write that changes a turn (flags, scores,
versions, references), and a turn is built again only when one of its values changed."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

import reviewapp.views.conversations as conversations_view
from reviewapp.models import Flag, Score
from reviewapp.services.flag_states import do_close_flags
from reviewapp.services.flags import do_create_flag, do_edit_flag, do_withdraw_flag
from reviewapp.services.references import do_accept_reference
from reviewapp.views.markup_cache import CACHE_ALIAS
from tests.reviewapp.factories import scored_conversation, scored_under_new_rules

pytestmark = pytest.mark.django_db

PAIRS = [("my flight is at seven", "my fight is at 7"), ("book a window seat", "book a window sit")]


@pytest.fixture(autouse=True)
def empty_cache():
    caches[CACHE_ALIAS].clear()
    yield
    caches[CACHE_ALIAS].clear()


@pytest.fixture
def builds(monkeypatch):
    """How many turns' markup the pages built (not read from the cache)."""
    made = []
    build = conversations_view.body_markup

    def counted(tv, *args, **kwargs):
        made.append(tv.turn.pk)
        return build(tv, *args, **kwargs)

    monkeypatch.setattr(conversations_view, "body_markup", counted)
    return made


def turns_html(client, conversation, **params) -> str:
    """The page's turns, without the per-request CSRF tokens of its forms."""
    url = reverse("reviewapp:conversation", args=[conversation.pk])
    html = client.get(url, params).content.decode()
    section = html[html.index('<section id="turns"') :]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", section)


def cold_html(client, conversation, **params) -> str:
    caches[CACHE_ALIAS].clear()
    return turns_html(client, conversation, **params)


def assert_fresh(client, conversation, before: str, **params) -> str:
    """The warm page changed since `before`, and is what a cold cache builds."""
    warm = turns_html(client, conversation, **params)
    assert warm != before
    assert warm == cold_html(client, conversation, **params)
    return warm


def test_a_second_view_builds_no_turn_and_shows_the_same(client_for, reviewer, builds):
    client = client_for(reviewer)
    conversation = scored_conversation(PAIRS)
    first = turns_html(client, conversation)
    assert len(builds) == 2
    assert turns_html(client, conversation) == first
    assert len(builds) == 2
    turns_html(client, conversation, view="raw")  # another view: its own markup
    assert len(builds) == 4


def test_a_flag_rebuilds_its_turn_only(client_for, reviewer, builds):
    client = client_for(reviewer)
    conversation = scored_conversation(PAIRS)
    before = turns_html(client, conversation)
    first = conversation.turns.get(index=0)
    do_create_flag(reviewer, first.scores.get(), 0, category="false_error")
    builds.clear()
    after = assert_fresh(client, conversation, before)
    assert builds[0] == first.pk  # then the cold page built both again
    assert len(builds) == 3
    assert '<span class="badge flagged">flagged</span>' in after


def test_editing_withdrawing_and_closing_flags_show_at_once(
    client_for, reviewer, make_user, builds
):
    client = client_for(reviewer)
    conversation = scored_conversation(PAIRS)
    score = conversation.turns.get(index=0).scores.get()
    flag = do_create_flag(reviewer, score, 0, category="false_error", note="same")
    page = turns_html(client, conversation)
    do_edit_flag(reviewer, flag, category="real_error", note="a real one")
    page = assert_fresh(client, conversation, page)
    do_withdraw_flag(reviewer, flag)
    page = assert_fresh(client, conversation, page)
    assert '<span class="badge flagged">' not in page
    other = do_create_flag(reviewer, score, 0, category="false_error")
    page = assert_fresh(client, conversation, page)
    maintainer = make_user("mia-maintainer-en", maintains=["en"])
    do_close_flags(maintainer, [other.pk], status=Flag.Status.WONT_FIX, reason="not worth it")
    page = assert_fresh(client, conversation, page)
    assert '<span class="badge flagged">' not in page


def test_scores_of_a_new_scored_version_show_at_once(client_for, reviewer):
    client = client_for(reviewer)
    conversation = scored_conversation(PAIRS)
    before = turns_html(client, conversation)
    scored_under_new_rules(conversation, ("fight", "flight"))
    after = assert_fresh(client, conversation, before)
    assert "fight" not in after.split('class="regions"')[0]  # the rule made them equal


def test_a_score_rewritten_in_place_shows_at_once(client_for, reviewer):
    client = client_for(reviewer)
    conversation = scored_conversation(PAIRS)
    before = turns_html(client, conversation)
    score = Score.objects.filter(turn__conversation=conversation).first()
    score.errors, score.rate = 9, 9 / score.ref_len  # the same row, other values
    score.save()
    after = assert_fresh(client, conversation, before)
    assert 'data-errors="9"' in after


def test_a_corrected_reference_shows_at_once(client_for, reviewer, make_user):
    client = client_for(reviewer)
    conversation = scored_conversation([("my flight is at noone", "my flight is at noon")])
    turn = conversation.turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="reference_error")
    before = turns_html(client, conversation)
    raw_before = turns_html(client, conversation, view="raw")
    do_accept_reference(
        make_user("mia-maintainer-en", maintains=["en"]), flag, "my flight is at noon"
    )
    after = assert_fresh(client, conversation, before)
    assert f'id="reference-{turn.pk}"' in after
    assert "my flight is at noon<" in assert_fresh(client, conversation, raw_before, view="raw")
