"""The job page: progress, the version's stamp, and why a job failed."""

from __future__ import annotations

import pytest
from django.db import models
from django.urls import reverse

from reviewapp.models import ConfigVersion, Job, Language
from reviewapp.services import scoring
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import TurnFactory

pytestmark = pytest.mark.django_db


def test_a_stamp_mismatch_shows_both_stamps_on_the_job_page(client_for, reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    models.QuerySet(ConfigVersion).filter(pk=version.pk).update(normalizer_hash="abc123" * 10)
    version.refresh_from_db()
    job = scoring.create_job(Job.Kind.RESCORE, "en", version, [TurnFactory().pk])
    scoring.run_chunk(job.chunks.get().pk)
    page = client_for(reviewer).get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert f'<code class="stamp">{version.label}</code>' in page
    computed = scoring.scorer_for(version).identity.label()
    assert (
        f"stamp mismatch: en v1 was recorded as {version.label}, this worker computes {computed}"
    ) in page


def test_the_job_page_names_each_turn_left_without_a_score(client_for, reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    turns = [t.pk for t in TurnFactory.create_batch(3)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", version, turns)
    chunk = job.chunks.get()
    scoring.split_failed_chunk(chunk.pk, "time limit exceeded")
    first, second = chunk.parts.order_by("index")
    scoring.split_failed_chunk(first.pk, "time limit exceeded")
    for part in first.parts.all():
        scoring.split_failed_chunk(part.pk, "time limit exceeded")
    scoring.run_chunk(second.pk)
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert f'<ul id="job-{job.pk}-failed-turns" class="failed-turns">' in page
    for turn_id in turns[:2]:
        assert f"<li>turn {turn_id}: time limit exceeded</li>" in page
    assert "1/3 turns, 2 failed" in " ".join(page.split())
    # the fragment the page polls says it too, once the job is over
    fragment = client.get(reverse("reviewapp:job", args=[job.pk]), HTTP_HX_REQUEST="true")
    assert fragment.status_code == 286
    assert f"<li>turn {turns[0]}: time limit exceeded</li>" in fragment.content.decode()


# --- cancel and retry -------------------------------------------------------------------


@pytest.fixture
def maintainer_en(make_user):
    return make_user("max-maintainer-en", maintains=["en"])


def rescore(chunks: int, monkeypatch) -> Job:
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 2)
    turns = [t.pk for t in TurnFactory.create_batch(2 * chunks)]
    return scoring.create_job(Job.Kind.RESCORE, "en", version, turns)


def cancel(client, job: Job) -> str:
    response = client.post(reverse("reviewapp:job_cancel", args=[job.pk]), follow=True)
    assert response.redirect_chain == [(reverse("reviewapp:job", args=[job.pk]), 302)]
    return response.content.decode()


def test_a_cancel_says_how_many_chunks_were_still_pending(client_for, maintainer_en, monkeypatch):
    job = rescore(3, monkeypatch)
    scoring.run_chunk(job.chunks.order_by("index").first().pk)
    page = cancel(client_for(maintainer_en), job)
    assert "Cancelled: 2 chunks were still pending; none of them will write a score." in page
    job.refresh_from_db()
    assert (job.status, job.done) == (Job.Status.CANCELLED, 2)
    assert "Retry what is left" in page


def test_a_job_marked_failed_with_chunks_still_pending_can_be_cancelled(
    client_for, maintainer_en, monkeypatch
):
    job = rescore(2, monkeypatch)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.FAILED)
    client = client_for(maintainer_en)
    page = client.get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert ">Cancel</button>" in page and "Retry what is left" not in page
    page = cancel(client, job)
    assert "Cancelled: 2 chunks were still pending; none of them will write a score." in page
    assert all(scoring.run_chunk(c.pk) == "cancelled" for c in job.chunks.all())


def test_cancelling_a_finished_job_says_it_had_already_finished(
    client_for, maintainer_en, monkeypatch
):
    job = rescore(1, monkeypatch)
    scoring.run_chunk(job.chunks.get().pk)
    page = cancel(client_for(maintainer_en), job)
    assert "The job had already finished." in page
    assert Job.objects.get(pk=job.pk).status == Job.Status.DONE


def test_a_job_done_with_failed_turns_is_retried_for_those_turns(
    client_for, maintainer_en, monkeypatch
):
    job = rescore(2, monkeypatch)
    first, second = job.chunks.order_by("index")
    scoring.run_chunk(first.pk)
    scoring.mark_chunk_failed(second.pk, "worker lost")
    job.refresh_from_db()
    assert (job.status, job.done, job.failed) == (Job.Status.DONE, 2, 2)
    client = client_for(maintainer_en)
    page = client.get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert "Retry what is left" in page and ">Cancel</button>" not in page
    response = client.post(reverse("reviewapp:job_retry", args=[job.pk]))
    retry = Job.objects.exclude(pk=job.pk).get()
    assert response["Location"] == reverse("reviewapp:job", args=[retry.pk])
    assert (retry.total, retry.chunks.get().turn_ids) == (2, second.turn_ids)


def test_a_job_done_without_failures_is_not_retried(client_for, maintainer_en, monkeypatch):
    job = rescore(1, monkeypatch)
    scoring.run_chunk(job.chunks.get().pk)
    response = client_for(maintainer_en).post(
        reverse("reviewapp:job_retry", args=[job.pk]), follow=True
    )
    assert "Only a scoring job that is over and left turns without a score can be retried." in (
        response.content.decode()
    )
    assert Job.objects.count() == 1


def test_a_preview_polled_from_its_proposal_keeps_asking_for_the_proposals_result(
    client_for, reviewer
):
    """Each unfinished answer polls again with from=proposal, so the finished one is the
    proposal page's result, not the job page's "Done"."""
    from reviewapp.models import Language
    from reviewapp.services import proposals
    from reviewapp.services.configs import ensure_languages
    from reviewapp.services.preview import create_preview_job, run_preview
    from tests.reviewapp.factories import with_fillers

    ensure_languages()
    german = Language.objects.get(code="de").active_version
    proposal = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "ähm"), title="t")
    job = create_preview_job(proposal, reviewer)
    client = client_for(reviewer)
    url = reverse("reviewapp:job", args=[job.pk])
    waiting = client.get(url, {"from": "proposal"}, headers={"HX-Request": "true"})
    assert f'hx-get="{url}?from=proposal"' in waiting.content.decode()
    run_preview(job.pk)
    done = client.get(url, {"from": "proposal"}, headers={"HX-Request": "true"})
    assert done.status_code == 286 and 'id="preview-result"' in done.content.decode()


# --- who may manage a job, and the progress poll ----------------------------------------


def test_a_reviewer_cannot_cancel_and_the_job_runs_on(client_for, reviewer, monkeypatch):
    job = rescore(2, monkeypatch)
    response = client_for(reviewer).post(reverse("reviewapp:job_cancel", args=[job.pk]))
    assert response.status_code == 403
    job.refresh_from_db()
    assert (job.status, job.cancel_requested) == (Job.Status.QUEUED, False)


def test_a_maintainer_of_another_language_cannot_retry(
    client_for, maintainer_de, maintainer_en, monkeypatch
):
    job = rescore(1, monkeypatch)
    scoring.split_failed_chunk(job.chunks.get().pk, "time limit exceeded")
    response = client_for(maintainer_de).post(reverse("reviewapp:job_retry", args=[job.pk]))
    assert response.status_code == 403
    assert Job.objects.count() == 1  # no retry was made


def test_a_job_that_does_not_exist_is_not_found(client_for, maintainer_en):
    client = client_for(maintainer_en)
    assert client.get(reverse("reviewapp:job", args=[999])).status_code == 404
    assert client.post(reverse("reviewapp:job_cancel", args=[999])).status_code == 404


def test_a_running_job_is_polled_with_its_fragment_until_it_is_over(
    client_for, reviewer, monkeypatch
):
    job = rescore(2, monkeypatch)
    client = client_for(reviewer)
    url = reverse("reviewapp:job", args=[job.pk])
    running = client.get(url, HTTP_HX_REQUEST="true")
    assert running.status_code == 200
    html = running.content.decode()
    assert html.lstrip().startswith(f'<div id="job-{job.pk}-progress"') and "<html" not in html
    for chunk in job.chunks.all():
        scoring.run_chunk(chunk.pk)
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 286  # htmx stops polling


# --- a rescore still being planned ------------------------------------------------------


def test_a_planning_job_says_so_and_polls_until_it_is_planned(client_for, reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    job = scoring.create_planning_job("en", version)
    client = client_for(reviewer)
    fragment = client.get(reverse("reviewapp:job", args=[job.pk]), HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200  # still polled: the job is not over
    text = " ".join(fragment.content.decode().split())
    assert 'data-status="planning">Planning</span>' in text
    assert "finding the turns the rule edit can change" in text
    assert '<progress aria-label="progress">' in text  # indeterminate: no total yet
    dashboard = " ".join(client.get(reverse("reviewapp:dashboard")).content.decode().split())
    assert f'<li id="job-{job.pk}">' in dashboard and "finding the turns to rescore" in dashboard


def test_a_planning_job_can_be_cancelled(client_for, maintainer_en):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    job = scoring.create_planning_job("en", version)
    client_for(maintainer_en).post(reverse("reviewapp:job_cancel", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and job.cancel_requested
