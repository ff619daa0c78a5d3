"""The dashboard: corpus rates as ratios of sums, honest scored/total counts, strict and
folded side by side, flags, proposals, background work and a server-rendered histogram."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from reviewapp.models import ConfigVersion, Job, Language, Proposal
from reviewapp.services.configs import create_version
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import TurnFactory, htmx, scored_conversation

pytestmark = pytest.mark.django_db


def dashboard(client, headers=None):
    return client.get(reverse("reviewapp:dashboard"), headers=headers)


def language_row(html: str, code: str) -> str:
    start = html.index(f'<tr id="language-{code}">')
    return html[start : html.index("</tr>", start)]


def test_corpus_rate_is_a_ratio_of_sums_not_a_mean(client_for, reviewer):
    # 1 error in a 1-word turn, 0 in a 9-word turn: 1/10 = 10%, not (100% + 0%) / 2
    scored_conversation(
        [
            ("flight", "fight"),
            ("the cat sat on the mat in the sun", "the cat sat on the mat in the sun"),
        ]
    )
    row = language_row(dashboard(client_for(reviewer)).content.decode(), "en")
    assert "WER 10.0%" in row and "(1/10)" in row
    assert "en-norm@" in row


def test_strict_and_folded_side_by_side(client_for, reviewer):
    scored_conversation([("Ƙasar ta ɗauki", "kasar ta dauki")], language="ha")
    row = language_row(dashboard(client_for(reviewer)).content.decode(), "ha")
    assert "WER 66.7%" in row and "strict" in row
    assert re.search(r'data-variant="strict">strict 66.7% <span class="muted">\(2/3\)', row)
    assert re.search(r'data-variant="folded">folded 0.0% <span class="muted">\(0/3\)', row)
    assert 'data-variant="raw"' in row


def test_korean_strict_and_folded_side_by_side(client_for, reviewer):
    """Korean spacing varies between correct writers: strict counts the space, folded not."""
    scored_conversation([("비밀번호 변경", "비밀번호변경")], language="ko")
    row = language_row(dashboard(client_for(reviewer)).content.decode(), "ko")
    assert "CER 14.3%" in row and "strict" in row
    assert re.search(r'data-variant="strict">strict 14.3% <span class="muted">\(1/7\)', row)
    assert re.search(r'data-variant="folded">folded 0.0% <span class="muted">\(0/6\)', row)


def test_scored_over_total_is_honest(client_for, reviewer):
    conversation = scored_conversation([("my flight", "my fight")])
    TurnFactory(conversation=conversation, index=5)  # imported, not scored yet
    TurnFactory(conversation=conversation, index=6, speaker="assistant", scored=False)
    Language.objects.create(code="ko", config_language="")
    scored_conversation([("서울역", "서울 역")], language="ko", score=False)
    html = dashboard(client_for(reviewer)).content.decode()
    assert '<span class="coverage">1/2</span>' in language_row(html, "en")
    ko = language_row(html, "ko")
    assert '<span class="coverage">0/1</span>' in ko
    assert "no config yet" in ko and "not scored" in ko


def test_rescoring_says_where_the_scores_come_from(client_for, reviewer):
    scored_conversation([("my flight", "my fight")])
    old = ConfigVersion.objects.get(language="en")
    new = create_version("en", old.content, message="next")
    Language.objects.filter(code="en").update(active_version=new)
    Job.objects.create(
        kind="rescore", language="en", version=new, status="running", total=10, done=4
    )
    html = dashboard(client_for(reviewer)).content.decode()
    assert "Scores from v1, rescoring with v2…" in language_row(html, "en")
    assert '<progress max="100" value="40"' in html
    assert 'hx-trigger="every 2s"' in html


def test_job_poll_stops_with_286_when_nothing_runs(client_for, reviewer):
    scored_conversation([("my flight", "my fight")])
    client = client_for(reviewer)
    job = Job.objects.create(kind="score", language="en", status="running", total=2, done=1)
    running = dashboard(client, headers=htmx("jobs"))
    assert running.status_code == 200
    assert running.content.decode().lstrip().startswith('<div id="jobs" hx-get=')
    Job.objects.filter(pk=job.pk).update(status="done", done=2)
    finished = dashboard(client, headers=htmx("jobs"))
    assert finished.status_code == 286
    assert "hx-trigger" not in finished.content.decode()


def test_open_flags_and_pending_proposals_are_counted(client_for, reviewer):
    turn = scored_conversation([("my flight", "my fight")]).turns.get()
    do_create_flag(reviewer, turn.scores.get(), 0, category="false_error")
    version = ConfigVersion.objects.get(language="en")
    Proposal.objects.create(
        language="en", base_version=version, content=version.content, title="t", author=reviewer
    )
    row = language_row(dashboard(client_for(reviewer)).content.decode(), "en")
    cells = re.findall(r'<td class="num">(.*?)</td>', row, flags=re.S)
    assert ">1</a>" in cells[2]  # open flags, linked to the queue
    assert cells[3].strip() == "1"  # pending proposals


def test_histogram_is_the_shared_chart_with_a_value_per_bucket(client_for, reviewer):
    scored_conversation([("my flight", "my flight"), ("my flight", "my fight"), ("a", "b")])
    html = dashboard(client_for(reviewer)).content.decode()
    start = html.index('<figure class="chart compact" id="rates-en">')
    assert start > html.index('<tr id="language-en">')
    row = html[start : html.index("</figure>", start)]
    assert 'role="img" aria-labelledby="rates-en-title rates-en-desc"' in row
    assert '<title id="rates-en-title">Per-turn WER of 3 turns</title>' in row
    assert "3 in 12 bars. 0: 1, 40–50%: 1, 90–100%: 1. The other bars: 0." in row
    assert row.count('<rect class="bar"') == 12 and "<title>40–50%: 1</title>" in row
    table = row[row.index('<table id="rates-en-table">') :]
    assert '<th scope="col">Per-turn WER</th><th scope="col">Turns</th>' in table
    assert '<th scope="row">40–50%</th><td>1</td>' in table
    assert '<th scope="row">10–20%</th><td>0</td>' in table
    assert "style=" not in row  # the CSP allows no inline style


def test_queries_do_not_grow_with_languages_or_turns(
    client_for, reviewer, django_assert_num_queries
):
    client = client_for(reviewer)
    scored_conversation([("my flight", "my fight")])
    dashboard(client)
    # 11, one to find no review pass and one for the data-quality findings per dataset
    with django_assert_num_queries(12) as few:
        dashboard(client)
    for language in ("de", "fr", "ha"):
        scored_conversation([("a b c", "a b d")] * 5, language=language)
    with django_assert_num_queries(len(few.captured_queries)):
        dashboard(client)


# --- team review coverage --------------------------------------------------------------------

TWO_REGIONS = ("the red car is blue today", "the rad car is blew today")


@pytest.fixture
def reviewed_pass(make_user, reviewer):
    """English in two datasets; a pass over three turns of the first, both reviewers on
    each; one turn reviewed by both, who disagree on one region."""
    from reviewapp.services.passes import do_create_pass, do_label, do_mark_reviewed, next_turn
    from tests.reviewapp.factories import DatasetFactory

    first = DatasetFactory(name="calls")
    scored_conversation([TWO_REGIONS] * 3, dataset=first)  # 2 errors a turn
    scored_conversation([("my flight", "my flight")], dataset=first)  # no error
    scored_conversation([TWO_REGIONS], dataset=DatasetFactory(name="chats"))
    other = make_user("otto-reviewer")
    review_pass = do_create_pass(
        make_user("erin-maintainer-en", maintains=["en"]),
        name="p",
        language="en",
        reviewers=[reviewer, other],
        overlap=2,
        dataset=first,
    )
    turn = next_turn(review_pass, reviewer)
    do_label(reviewer, review_pass, turn, 0, "real_error")
    for user in (reviewer, other):
        do_mark_reviewed(user, review_pass, turn)
    return review_pass


def review_row(html: str, code: str) -> str:
    start = html.index(f'<tr id="review-{code}">')
    return html[start : html.index("</tbody>", start)]


def test_review_coverage_per_language_and_dataset(client_for, reviewer, reviewed_pass):
    html = dashboard(client_for(reviewer)).content.decode()
    row = review_row(html, "en")
    cells = re.findall(r'<td class="num">(.*?)</td>', row.split("</tr>")[0], flags=re.S)
    assert '<span class="reviewed">1/5</span>' in cells[0]  # all datasets: 5 scored turns
    assert cells[1].strip() == "3"  # turns in a pass
    # errors at the scored version: 2 in the reviewed turn of 8 in all
    assert '<span class="errors-share">25.0%</span>' in cells[2] and "(2/8)" in cells[2]
    assert ">1</a>" in cells[3]  # one open disagreement
    assert 'data-dataset="calls"' in row and 'data-dataset="chats"' in row
    calls = row[row.index('data-dataset="calls"') :]
    assert '<span class="reviewed">1/4</span>' in calls


def test_no_pass_no_coverage_table(client_for, reviewer):
    scored_conversation([("my flight", "my fight")])
    html = dashboard(client_for(reviewer)).content.decode()
    assert 'id="no-review"' in html and 'id="review-coverage"' not in html


def test_review_coverage_queries_do_not_grow_with_passes_or_labels(
    client_for, reviewer, make_user, reviewed_pass, django_assert_num_queries
):
    from reviewapp.services.passes import do_create_pass, do_mark_reviewed

    client = client_for(reviewer)
    dashboard(client)
    # 11 (with the findings per dataset), and the passes, coverage and 4 for labels
    with django_assert_num_queries(17):
        dashboard(client)
    scored_conversation([TWO_REGIONS] * 2, language="de")
    again = do_create_pass(
        make_user("max-de", maintains=["de"]),
        name="q",
        language="de",
        reviewers=[reviewer],
        overlap=1,
    )
    for assignment in again.assignments.select_related("turn"):
        do_mark_reviewed(reviewer, again, assignment.turn)
    with django_assert_num_queries(17):
        html = dashboard(client).content.decode()
    assert '<span class="reviewed">2/2</span>' in review_row(html, "de")
