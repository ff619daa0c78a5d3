"""Reference-correction pages: the flag form's corrected reference, the review page and its
decisions (maintainers of the language only), and the conversation page showing which
reference a score used, what it was, and both scores where they differ."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from reviewapp.models import Flag, Score, TurnReference
from reviewapp.services.flags import do_create_flag
from reviewapp.services.references import do_accept_reference
from reviewapp.views.references import word_diff
from tests.reviewapp.factories import htmx, scored_conversation

pytestmark = pytest.mark.django_db

TYPO = ("my flight is at noone", "my flight is at noon")
FIXED = "my flight is at noon"


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


@pytest.fixture
def turn():
    return scored_conversation([TYPO]).turns.get()


@pytest.fixture
def flag(reviewer, turn):
    score = turn.scores.get()
    return do_create_flag(reviewer, score, 0, category="reference_error", proposed_reference=FIXED)


def conversation_html(client, turn) -> str:
    url = reverse("reviewapp:conversation", args=[turn.conversation_id])
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def accept_url(flag) -> str:
    return reverse("reviewapp:reference_accept", args=[flag.pk])


# --- the flag form ---------------------------------------------------------------------------


def test_the_flag_form_offers_the_turns_reference_to_correct(client_for, reviewer, turn):
    url = reverse("reviewapp:flag_new", args=[turn.pk, 0]) + "?category=reference_error"
    html = client_for(reviewer).get(url, headers=htmx()).content.decode()
    field = re.search(r"<textarea[^>]*corrected_reference[^>]*>([^<]*)</textarea>", html)
    assert field is not None
    assert field.group(1).strip() == TYPO[0]
    assert f'id="flag-{turn.pk}-0-corrected_reference"' in html


def test_a_reference_error_is_saved_with_its_correction(client_for, reviewer, turn):
    url = reverse("reviewapp:flag_new", args=[turn.pk, 0])
    data = {"category": "reference_error", "note": "typo", "corrected_reference": FIXED}
    assert client_for(reviewer).post(url, data).status_code == 302
    flag = Flag.objects.get()
    assert (flag.category, flag.proposed_reference, flag.reference_version) == (
        "reference_error",
        FIXED,
        1,
    )


def test_an_unchanged_correction_or_another_category_proposes_nothing(client_for, reviewer):
    turn = scored_conversation([("book the l a x flight", "look the LAX flight")]).turns.get()
    client = client_for(reviewer)
    for region, category, text in [(0, "reference_error", turn.reference), (1, "real_error", "x")]:
        url = reverse("reviewapp:flag_new", args=[turn.pk, region])
        client.post(url, {"category": category, "corrected_reference": text})
    assert list(Flag.objects.values_list("proposed_reference", flat=True)) == ["", ""]


def test_the_author_edits_the_proposed_correction(client_for, reviewer, flag):
    url = reverse("reviewapp:flag_edit", args=[flag.pk])
    client = client_for(reviewer)
    assert FIXED in client.get(url).content.decode()
    data = {"category": "reference_error", "corrected_reference": "my flight is at twelve"}
    assert client.post(url, data).status_code == 302
    flag.refresh_from_db()
    assert flag.proposed_reference == "my flight is at twelve"


# --- the review page and the decisions -------------------------------------------------------


def test_the_review_page_shows_the_change_and_the_forms_to_a_maintainer(
    client_for, maintainer_en, flag
):
    url = reverse("reviewapp:reference_review", args=[flag.pk])
    html = client_for(maintainer_en).get(url).content.decode()
    assert 'id="reference-diff"' in html
    assert "<del>noone</del>" in html and "<ins>noon</ins>" in html
    assert 'id="accept-form"' in html and 'id="reject-form"' in html
    assert "Accept as reference v2" in html


@pytest.mark.parametrize("who", ["reviewer", "maintainer_de"])
def test_others_read_the_review_page_without_the_forms(client_for, request, flag, who):
    url = reverse("reviewapp:reference_review", args=[flag.pk])
    html = client_for(request.getfixturevalue(who)).get(url).content.decode()
    assert 'id="reference-diff"' in html
    assert 'id="accept-form"' not in html and 'id="decide-who"' in html


def test_another_flag_has_no_review_page(client_for, reviewer, turn):
    other = do_create_flag(reviewer, turn.scores.get(), 0, category="real_error")
    url = reverse("reviewapp:reference_review", args=[other.pk])
    assert client_for(reviewer).get(url).status_code == 404


def test_accepting_redirects_to_the_turn_which_shows_both_scores(
    client_for, reviewer, maintainer_en, turn, flag, django_capture_on_commit_callbacks
):
    client = client_for(maintainer_en)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(accept_url(flag), {"text": FIXED})
    assert response.status_code == 302
    assert response["Location"].endswith(f"#turn-{turn.pk}")
    html = conversation_html(client, turn)
    marker = re.search(
        rf'<p class="reference-version" id="reference-{turn.pk}"[^>]*>(.*?)</p>', html
    )
    assert marker is not None
    text = re.sub(r"<[^>]+>", "", marker.group(1))
    assert text == (
        f"Reference v2 (corrected by {reviewer.username}, accepted by {maintainer_en.username}; "
        f"was: {TYPO[0]})"
    )
    shown = re.search(rf'<p class="turn-score" id="score-{turn.pk}"[^>]*>', html).group()
    assert 'data-reference-version="2"' in shown and 'data-errors="0"' in shown
    assert "on reference v2" in html
    original = re.search(
        rf'<p class="turn-score original-score" id="score-original-{turn.pk}"[^>]*>', html
    )
    assert original is not None
    assert (
        'data-reference-version="1"' in original.group() and 'data-errors="1"' in original.group()
    )
    assert f'id="reference-pending-{turn.pk}"' not in html
    assert "Resolved: reference corrected" in html


def test_a_score_still_on_the_old_reference_says_so(client_for, maintainer_en, turn, flag):
    do_accept_reference(maintainer_en, flag, FIXED)  # its rescore has not run
    html = conversation_html(client_for(maintainer_en), turn)
    assert f'id="reference-pending-{turn.pk}"' in html
    shown = re.search(rf'<p class="turn-score" id="score-{turn.pk}"[^>]*>', html).group()
    assert 'data-reference-version="1"' in shown
    raw = conversation_html_raw(client_for(maintainer_en), turn)
    assert FIXED in raw  # the raw view shows the current reference


def conversation_html_raw(client, turn) -> str:
    url = reverse("reviewapp:conversation", args=[turn.conversation_id]) + "?view=raw"
    return client.get(url).content.decode()


def test_why_traces_the_reference_the_score_used(client_for, maintainer_en, turn, flag):
    do_accept_reference(maintainer_en, flag, "my flight is at noone today")
    url = reverse("reviewapp:why", args=[turn.pk, 0])
    html = client_for(maintainer_en).get(url).content.decode()
    assert "noone" in html and "today" not in html  # the shown score is on reference v1


def test_a_refused_decision_says_why(client_for, maintainer_en, flag):
    client = client_for(maintainer_en)
    response = client.post(accept_url(flag), {"text": TYPO[0]}, follow=True)
    assert "nothing to correct" in response.content.decode()
    assert not TurnReference.objects.exists()
    url = reverse("reviewapp:reference_reject", args=[flag.pk])
    response = client.post(url, {"reason": ""}, follow=True)
    assert "needs a reason" in response.content.decode()
    assert Flag.objects.get(pk=flag.pk).status == Flag.Status.OPEN


def test_a_rejection_shows_its_reason_on_the_flag(client_for, maintainer_en, turn, flag):
    client = client_for(maintainer_en)
    url = reverse("reviewapp:reference_reject", args=[flag.pk])
    response = client.post(url, {"reason": "noone is what was said"})
    assert response.status_code == 302
    html = conversation_html(client, turn)
    assert f"Rejected by {maintainer_en.username}: " in html and "noone is what was said" in html
    assert f'id="reference-{turn.pk}"' not in html


def test_the_queue_lists_open_reference_errors_with_their_corrections(
    client_for, reviewer, maintainer_en, flag
):
    url = reverse("reviewapp:references")
    html = client_for(maintainer_en).get(url).content.decode()
    assert f'id="reference-flag-{flag.pk}"' in html and FIXED in html and "Decide" in html
    html = client_for(reviewer).get(url + "?language=de").content.decode()
    assert 'id="references-empty"' in html


def test_the_flag_queue_leads_to_the_corrections_of_its_language(client_for, reviewer, flag):
    html = client_for(reviewer).get(reverse("reviewapp:flag_queue")).content.decode()
    link = re.search(r'<a class="references-link" href="([^"]+)"', html)
    assert link.group(1) == reverse("reviewapp:references") + "?language=en"


def test_corrected_turns_cost_one_query_whatever_their_number(
    client_for, reviewer, maintainer_en, django_assert_num_queries
):
    client = client_for(maintainer_en)
    conversations = []
    for n in (1, 3):
        conversation = scored_conversation([TYPO] * n)
        for turn in conversation.turns.all():
            flag = do_create_flag(reviewer, turn.scores.get(), 0, category="reference_error")
            do_accept_reference(maintainer_en, flag, FIXED)
            score = Score.objects.get(turn=turn)
            Score.objects.create(  # the corrected reference's score, as its job writes it
                **{
                    f.attname: getattr(score, f.attname)
                    for f in Score._meta.concrete_fields
                    if f.attname not in {"id", "reference_version", "errors", "substitutions"}
                },
                reference_version=2,
                errors=0,
                substitutions=0,
            )
        conversations.append(conversation)
    plain = scored_conversation([TYPO])
    url = reverse("reviewapp:conversation", args=[plain.pk])
    client.get(url)
    # roles: one more; data quality: two; the content stamp of the ETag: one
    with django_assert_num_queries(12) as plain_queries:
        client.get(url)
    plain_count = len(plain_queries.captured_queries)
    # + the reference versions of its corrected turns, and who accepted their flags (the
    # users a flag names besides its author come in one query of their own)
    for conversation in conversations:
        with django_assert_num_queries(plain_count + 2):
            client.get(reverse("reviewapp:conversation", args=[conversation.pk]))


def test_lists_say_how_many_references_were_corrected(
    client_for, maintainer_en, flag, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        do_accept_reference(maintainer_en, flag, FIXED)
    client = client_for(maintainer_en)
    html = client.get(reverse("reviewapp:conversations")).content.decode()
    assert "1 corrected reference<" in html
    html = client.get(reverse("reviewapp:dashboard")).content.decode()
    line = re.search(r'<p class="original-rate" id="original-rate-en">(.*?)</p>', html, re.S)
    assert re.sub(r"<[^>]+>|\s+", " ", line.group(1)).split() == (
        "1 corrected reference; on the original references: WER 20.0% (1/5)".split()
    )


def test_word_diff_marks_what_a_correction_changes():
    assert word_diff("my flight is at noone", "my flight is at noon") == [
        ("equal", "my flight is at"),
        ("delete", "noone"),
        ("insert", "noon"),
    ]
    assert word_diff("a b", "a b") == [("equal", "a b")]


def test_a_scored_turn_says_only_its_score_corrected_or_not(
    client_for, maintainer_en, turn, flag, django_capture_on_commit_callbacks
):
    plain = scored_conversation([("my flight", "my fight")]).turns.get()
    with django_capture_on_commit_callbacks(execute=True):
        do_accept_reference(maintainer_en, flag, FIXED)
    client = client_for(maintainer_en)
    for each in (plain, turn):
        html = conversation_html(client, each)
        assert f'id="score-{each.pk}"' in html
        assert "Not scored yet." not in html and 'class="turn-score notice"' not in html


def test_a_decided_correction_shows_what_it_changed(client_for, reviewer, maintainer_en, flag):
    do_accept_reference(maintainer_en, flag, FIXED)
    url = reverse("reviewapp:reference_review", args=[flag.pk])
    html = client_for(reviewer).get(url).content.decode()
    assert "Accepted change (v1 → v2)" in html
    assert "<del>noone</del>" in html and "<ins>noon</ins>" in html
    assert 'id="accepted"' in html and 'id="reference-history"' in html
