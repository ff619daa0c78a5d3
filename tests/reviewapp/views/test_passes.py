"""Review pass pages: create (maintainers of the language), list and detail with progress
bars, a reviewer's queue with "Next turn" and "Reviewed, no flag", the turn page's labels,
disagreements with the adjudication form, agreement per language."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from reviewapp.models import (
    Adjudication,
    Assignment,
    ConfigVersion,
    Language,
    RegionLabel,
    ReviewPass,
    Score,
)
from reviewapp.services.configs import create_version
from reviewapp.services.flags import do_create_flag
from reviewapp.services.passes import do_create_pass, do_label, do_mark_reviewed, next_turn
from tests.reviewapp.factories import htmx, scored_conversation

pytestmark = pytest.mark.django_db

TWO_REGIONS = ("the red car is blue today", "the rad car is blew today")


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


@pytest.fixture
def other(make_user):
    return make_user("otto-reviewer")


@pytest.fixture
def review_pass(maintainer_en, reviewer, other):
    """Two reviewers, both on each of three turns with two error regions."""
    for _ in range(2):
        scored_conversation([TWO_REGIONS] * 2)
    return do_create_pass(
        maintainer_en,
        name="Spring check",
        language="en",
        reviewers=[reviewer, other],
        overlap=2,
        seed=1,
        sample_size=3,
    )


def url(name, *args):
    return reverse(f"reviewapp:{name}", args=args)


def mine(review_pass, user):
    return list(
        Assignment.objects.filter(review_pass=review_pass, reviewer=user)
        .order_by("position")
        .select_related("turn")
    )


def test_a_maintainer_creates_a_pass_from_the_form(client_for, maintainer_en, reviewer, other):
    scored_conversation([TWO_REGIONS] * 4)
    response = client_for(maintainer_en).post(
        url("pass_new"),
        {
            "name": "First look",
            "language": "en",
            "sample_size": 3,
            "seed": 9,
            "overlap": 2,
            "reviewers": [reviewer.pk, other.pk],
        },
    )
    review_pass = ReviewPass.objects.get()
    assert response.status_code == 302 and response["Location"] == url("pass", review_pass.pk)
    assert (review_pass.seed, review_pass.sample_size, review_pass.overlap) == (9, 3, 2)
    assert Assignment.objects.filter(review_pass=review_pass).count() == 6


def test_the_form_takes_rates_in_percent(client_for, maintainer_en, reviewer, other):
    scored_conversation([TWO_REGIONS, ("my flight is at seven", "my fight is at 7")])
    client_for(maintainer_en).post(
        url("pass_new"),
        {
            "name": "High rates",
            "language": "en",
            "rate_min": "30",
            "overlap": 1,
            "reviewers": [reviewer.pk],
        },
    )
    review_pass = ReviewPass.objects.get()
    assert review_pass.rate_min == pytest.approx(0.3)
    assert Assignment.objects.filter(review_pass=review_pass).count() == 1  # 2/6, not 1/5


def test_an_overlap_above_the_reviewers_is_refused_with_the_reason(
    client_for, maintainer_en, reviewer
):
    scored_conversation([TWO_REGIONS])
    response = client_for(maintainer_en).post(
        url("pass_new"), {"name": "x", "language": "en", "overlap": 2, "reviewers": [reviewer.pk]}
    )
    assert response.status_code == 400
    assert 'id="pass-error"' in response.content.decode()
    assert "choose at least 2 reviewers" in response.content.decode()
    assert not ReviewPass.objects.exists()


def test_the_form_offers_only_the_languages_you_maintain(client_for, maintainer_en):
    html = client_for(maintainer_en).get(url("pass_new")).content.decode()
    assert re.findall(r'<option value="([a-zA-Z-]+)"', html.split('name="language"')[1])[:2] == [
        "en"
    ]
    assert '<option value="de"' not in html.split('name="language"')[1].split("</select>")[0]


def test_the_list_shows_progress_and_what_waits_in_your_queue(client_for, review_pass, reviewer):
    do_mark_reviewed(reviewer, review_pass, next_turn(review_pass, reviewer))
    html = client_for(reviewer).get(url("passes")).content.decode()
    row = html[html.index(f'id="pass-{review_pass.pk}"') :]
    assert '<progress max="100" value="16"' in row and "1/6" in row
    assert "2 to review" in row


def test_the_detail_shows_a_progress_bar_per_reviewer_and_the_agreement(
    client_for, review_pass, reviewer, other
):
    for user, label in ((reviewer, "real_error"), (other, "false_error")):
        turn = next_turn(review_pass, user)
        do_label(user, review_pass, turn, 0, label)
        do_mark_reviewed(user, review_pass, turn)
    html = client_for(reviewer).get(url("pass", review_pass.pk)).content.decode()
    assert '<progress max="100" value="33" aria-label="rita-reviewer progress">' in html
    assert '<progress max="100" value="33" aria-label="otto-reviewer progress">' in html
    # regions: (real, false) and (none, none): alpha = 1 - 3 * 2 / (16 - 6) = 0.4
    assert '<span class="alpha">0.400</span>' in html
    assert '<span class="percent">50.0%</span>' in html
    assert '<dd class="units">2</dd>' in html
    assert "1 open disagreement" in html
    assert 'id="my-queue"' in html


def test_next_turn_opens_the_conversation_page_at_the_turn(client_for, review_pass, reviewer):
    client = client_for(reviewer)
    first = mine(review_pass, reviewer)[0].turn
    response = client.get(url("pass_next", review_pass.pk))
    expected = url("conversation", first.conversation_id)
    assert response["Location"] == f"{expected}?pass={review_pass.pk}#turn-{first.pk}"
    response = client.get(url("pass_next", review_pass.pk), {"after": first.pk, "on": "pass"})
    second = mine(review_pass, reviewer)[1].turn
    assert response["Location"] == url("pass_turn", review_pass.pk, second.pk)


def test_next_turn_with_nothing_left_goes_back_to_the_queue(client_for, review_pass, reviewer):
    for assignment in mine(review_pass, reviewer):
        do_mark_reviewed(reviewer, review_pass, assignment.turn)
    client = client_for(reviewer)
    response = client.get(url("pass_next", review_pass.pk), follow=True)
    assert response.redirect_chain[-1][0] == url("pass_queue", review_pass.pk)
    assert "No unreviewed turn left" in response.content.decode()


def test_reviewed_no_flag_swaps_the_queue_row_with_htmx(client_for, review_pass, reviewer):
    turn = mine(review_pass, reviewer)[0].turn
    client = client_for(reviewer)
    page = client.get(url("pass_queue", review_pass.pk)).content.decode()
    assert f'id="assignment-{turn.pk}"' in page and "Reviewed, no flag" in page
    response = client.post(url("pass_reviewed", review_pass.pk, turn.pk), headers=htmx())
    html = response.content.decode().strip()
    assert html.startswith(f'<tr id="assignment-{turn.pk}"')
    assert 'data-state="reviewed"' in html and "Reviewed, no flag" not in html
    assert RegionLabel.objects.filter(reviewer=reviewer, label="none").count() == 2


def test_reviewed_no_flag_without_javascript_goes_on_to_the_next_turn(
    client_for, review_pass, reviewer
):
    first, second = (a.turn for a in mine(review_pass, reviewer)[:2])
    client = client_for(reviewer)
    page = client.get(url("pass_turn", review_pass.pk, first.pk)).content.decode()
    assert 'id="mark-reviewed"' in page
    next_url = url("pass_next", review_pass.pk) + f"?after={first.pk}&on=pass"
    response = client.post(url("pass_reviewed", review_pass.pk, first.pk), {"next": next_url})
    assert response["Location"] == next_url
    assert client.get(next_url)["Location"] == url("pass_turn", review_pass.pk, second.pk)
    unsafe = client.post(
        url("pass_reviewed", review_pass.pk, second.pk), {"next": "https://evil.example/"}
    )
    assert unsafe["Location"] == url("pass_queue", review_pass.pk)


def test_the_turn_page_labels_a_region_and_shows_your_flags(client_for, review_pass, reviewer):
    turn = mine(review_pass, reviewer)[0].turn
    do_create_flag(reviewer, Score.objects.get(turn=turn), 1, category="reference_error")
    client = client_for(reviewer)
    response = client.post(url("pass_label", review_pass.pk, turn.pk, 0), {"label": "real_error"})
    assert response["Location"] == url("pass_turn", review_pass.pk, turn.pk) + "#region-0"
    html = client.get(url("pass_turn", review_pass.pk, turn.pk)).content.decode()
    assert '<li id="region-0" data-label="real_error">' in html
    assert '<li id="region-1" data-label="reference_error">' in html
    assert '<q dir="auto" lang="en">red</q>' in html


def test_a_bad_label_is_a_400(client_for, review_pass, reviewer):
    turn = mine(review_pass, reviewer)[0].turn
    client = client_for(reviewer)
    assert (
        client.post(url("pass_label", review_pass.pk, turn.pk, 0), {"label": "x"}).status_code
        == 400
    )
    assert (
        client.post(url("pass_label", review_pass.pk, turn.pk, 7), {"label": "none"}).status_code
        == 400
    )
    assert not RegionLabel.objects.exists()


def test_a_turn_outside_the_pass_is_a_404(client_for, review_pass, reviewer):
    outside = scored_conversation([TWO_REGIONS]).turns.get()
    response = client_for(reviewer).get(url("pass_turn", review_pass.pk, outside.pk))
    assert response.status_code == 404


def disagree(review_pass, reviewer, other):
    """Both review the first turn; region 0: real error against false error."""
    turn = mine(review_pass, reviewer)[0].turn
    do_label(reviewer, review_pass, turn, 0, "real_error")
    do_create_flag(other, Score.objects.get(turn=turn), 0, category="false_error")
    for user in (reviewer, other):
        do_mark_reviewed(user, review_pass, turn)
    return turn


def test_disagreements_list_regions_where_reviewers_differ(
    client_for, review_pass, reviewer, other, maintainer_en
):
    turn = disagree(review_pass, reviewer, other)
    html = client_for(reviewer).get(url("pass_disagreements", review_pass.pk)).content.decode()
    row = html[html.index(f'<tr id="unit-{turn.pk}-0"') :]
    assert "<li>otto-reviewer: Normalization false error</li>" in row
    assert "<li>rita-reviewer: Real STT error</li>" in row
    assert "<q>red</q> → <q>rad</q>" in row
    assert f'id="unit-{turn.pk}-1"' not in html  # both said none
    assert "Save the decision" not in html  # reviewers do not adjudicate
    html = client_for(maintainer_en).get(url("pass_disagreements", review_pass.pk)).content
    assert "Save the decision" in html.decode()


def test_adjudicating_swaps_the_row_and_keeps_the_labels(
    client_for, review_pass, reviewer, other, maintainer_en
):
    turn = disagree(review_pass, reviewer, other)
    client = client_for(maintainer_en)
    response = client.post(
        url("pass_adjudicate", review_pass.pk, turn.pk, 0),
        {"label": "false_error", "note": "a spelling variant"},
        headers=htmx(f"unit-{turn.pk}-0"),
    )
    html = response.content.decode().strip()
    assert html.startswith(f'<tr id="unit-{turn.pk}-0" class="unit adjudicated">')
    assert '<strong class="decision">Normalization false error</strong>' in html
    assert "a spelling variant" in html and "<li>rita-reviewer: Real STT error</li>" in html
    decision = Adjudication.objects.get()
    assert (decision.label, decision.maintainer, decision.ref_span) == (
        "false_error",
        maintainer_en,
        "red",
    )
    assert RegionLabel.objects.get(reviewer=reviewer, region=0).label == "real_error"
    # no longer open; still listed among all of them
    assert (
        "no-disagreements" in client.get(url("pass_disagreements", review_pass.pk)).content.decode()
    )
    page = client.get(url("pass_disagreements", review_pass.pk), {"show": "all"})
    assert f'id="unit-{turn.pk}-0"' in page.content.decode()


def test_adjudicating_without_javascript_redirects_to_the_row(
    client_for, review_pass, reviewer, other, maintainer_en
):
    turn = disagree(review_pass, reviewer, other)
    response = client_for(maintainer_en).post(
        url("pass_adjudicate", review_pass.pk, turn.pk, 0), {"label": "real_error"}
    )
    expected = url("pass_disagreements", review_pass.pk) + f"?show=all#unit-{turn.pk}-0"
    assert response["Location"] == expected


def test_adjudicating_needs_a_label(client_for, review_pass, reviewer, other, maintainer_en):
    turn = disagree(review_pass, reviewer, other)
    response = client_for(maintainer_en).post(url("pass_adjudicate", review_pass.pk, turn.pk, 0))
    assert response.status_code == 400 and not Adjudication.objects.exists()


def test_agreement_per_language_over_all_its_passes(
    client_for, review_pass, reviewer, other, maintainer_en
):
    disagree(review_pass, reviewer, other)
    html = client_for(reviewer).get(url("agreement", "en")).content.decode()
    assert '<span class="alpha">0.400</span>' in html  # as on the pass's page
    assert f'<tr id="pass-{review_pass.pk}">' in html
    assert client_for(reviewer).get(url("agreement", "xx")).status_code == 404


def test_a_rescore_since_the_pass_is_said_on_its_page(client_for, review_pass, reviewer):
    old = ConfigVersion.objects.get(language="en")
    new = create_version("en", old.content, message="next")
    Language.objects.filter(code="en").update(active_version=new, scored_version=new)
    html = client_for(reviewer).get(url("pass", review_pass.pk)).content.decode()
    assert 'id="version-moved"' in html


def test_pass_pages_do_not_grow_queries_with_labels(
    client_for, review_pass, reviewer, other, maintainer_en, django_assert_num_queries
):
    client = client_for(maintainer_en)
    disagree(review_pass, reviewer, other)
    pages = [
        url("passes"),
        url("pass", review_pass.pk),
        url("pass_disagreements", review_pass.pk),
        url("agreement", "en"),
    ]
    counts = {}
    for page in pages:
        client.get(page)
        with CaptureQueriesContext(connection) as before:
            client.get(page)
        counts[page] = len(before.captured_queries)
    for user in (reviewer, other):
        for assignment in mine(review_pass, user)[1:]:
            do_label(
                user, review_pass, assignment.turn, 1, "real_error" if user == other else "none"
            )
            do_mark_reviewed(user, review_pass, assignment.turn)
    for page in pages:
        with django_assert_num_queries(counts[page]):
            client.get(page)


def test_names_and_notes_are_escaped(client_for, review_pass, reviewer, other, maintainer_en):
    ReviewPass.objects.filter(pk=review_pass.pk).update(name="<script>alert(1)</script>")
    turn = disagree(review_pass, reviewer, other)
    client = client_for(maintainer_en)
    client.post(
        url("pass_adjudicate", review_pass.pk, turn.pk, 0),
        {"label": "real_error", "note": "<img src=x onerror=alert(1)>"},
    )
    for page in (url("passes"), url("pass", review_pass.pk), url("agreement", "en")):
        assert "<script>alert" not in client.get(page).content.decode()
    html = client.get(url("pass_disagreements", review_pass.pk), {"show": "all"}).content
    assert "<img src=x" not in html.decode() and "&lt;img src=x" in html.decode()
