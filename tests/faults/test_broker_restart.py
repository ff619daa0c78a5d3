"""Restart Redis (no persistence: its queue is lost) in the middle of a rescore.

The chunks whose messages were lost stay pending, and the job stays "running" with no
half-written chunk. Two ways out, both tested: `manage.py recover_jobs` sends the pending
chunks again (run twice: nothing is scored twice), or a maintainer cancels the job and
retries it from the job page, which scores only what is left.
"""

from __future__ import annotations

import io
import time

import pytest
from django.core.management import call_command
from django.urls import reverse

from reviewapp.models import AuditEvent, Job, JobChunk, Score
from reviewapp.services import scoring

from .conftest import wait_for
from .jobs import (
    approve_a_filler,
    assert_job_complete,
    assert_no_partial_chunk,
    make_turns,
    plan_here,
    queued_chunk_ids,
)

pytestmark = [pytest.mark.faults, pytest.mark.worker, pytest.mark.redis]

TURNS = 600
CHUNK_SIZE = 20  # 30 chunks: the restart comes after 5, with most of them still queued


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


def restart_redis_mid_job(broker, worker, job) -> None:
    """Restart our Redis once a few chunks are done; wait for the worker to reconnect and
    go idle, so the lost messages are really lost (nothing left to run)."""

    def some_done() -> bool:
        return job.chunks.filter(status=JobChunk.Status.DONE).count() >= 5

    wait_for(some_done, 120, interval=0.02, message=f"nothing scored:\n{worker.tail()}")
    log_size = worker.log.stat().st_size
    broker.restart(down_for=0.5)
    wait_for(
        lambda: b"Connected to redis://" in worker.log.read_bytes()[log_size:],
        60,
        message=f"the worker did not reconnect:\n{worker.tail()}",
    )
    done = -1
    while True:  # the chunk that was running when Redis went away may still commit
        time.sleep(1.0)
        now = job.chunks.filter(status=JobChunk.Status.DONE).count()
        if now == done:
            break
        done = now
    assert broker.client().llen("celery") == 0  # the queue did not survive the restart


def test_redis_restart_then_recover_jobs_completes_the_job(
    maintainer_en, broker, start_worker, monkeypatch
):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", CHUNK_SIZE)
    turn_ids = make_turns(TURNS)
    version = approve_a_filler(maintainer_en)
    job = plan_here(version)
    worker = start_worker("restart")
    restart_redis_mid_job(broker, worker, job)

    # stuck, not corrupt: still running, pending chunks never run, nothing half written
    job.refresh_from_db()
    assert job.status == Job.Status.RUNNING and job.done < job.total
    assert_no_partial_chunk(job)
    pending = set(job.chunks.filter(status="pending").values_list("pk", flat=True))
    assert pending

    # the recovery path: re-send the pending chunks (twice, as an operator might)
    call_command("recover_jobs")
    call_command("recover_jobs", "--job", str(job.pk))
    queued = queued_chunk_ids(broker.client())
    assert set(queued) <= pending and len(queued) >= len(pending)
    wait_for(
        lambda: Job.objects.get(pk=job.pk).is_finished,
        180,
        interval=0.2,
        message=f"recover_jobs did not finish the job:\n{worker.tail()}",
    )
    assert_job_complete(job, turn_ids)
    # the second round of messages arrives after the job is done: each chunk is skipped
    client = broker.client()
    wait_for(lambda: not client.llen("celery") and not client.hlen("unacked"), 60)
    time.sleep(0.5)
    assert_job_complete(job, turn_ids)
    # and once the job is done, recovering sends nothing
    out = io.StringIO()
    call_command("recover_jobs", stdout=out)
    assert out.getvalue().strip() == "0 pending chunk(s) sent again"
    assert client.llen("celery") == 0


def test_redis_restart_then_cancel_and_retry_from_the_job_page(
    maintainer_en, client_for, broker, start_worker, monkeypatch
):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", CHUNK_SIZE)
    turn_ids = make_turns(TURNS)
    version = approve_a_filler(maintainer_en)
    job = plan_here(version)
    worker = start_worker("retry")
    restart_redis_mid_job(broker, worker, job)
    assert_no_partial_chunk(job)
    scored_before = Score.objects.filter(version=version).count()
    assert 0 < scored_before < TURNS

    client = client_for(maintainer_en)
    page = client.get(reverse("reviewapp:job", args=[job.pk]))
    assert page.status_code == 200 and b"Cancel" in page.content
    response = client.post(reverse("reviewapp:job_cancel", args=[job.pk]))
    assert response.status_code == 302
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED
    assert AuditEvent.objects.filter(action="rescore:cancelled", object_id=str(job.pk)).exists()

    page = client.get(reverse("reviewapp:job", args=[job.pk]))
    assert b"Retry what is left" in page.content
    response = client.post(reverse("reviewapp:job_retry", args=[job.pk]))
    assert response.status_code == 302
    retry = Job.objects.exclude(pk=job.pk).get(kind=Job.Kind.RESCORE, version=version)
    assert response["Location"] == reverse("reviewapp:job", args=[retry.pk])
    assert retry.total == TURNS - scored_before  # only what is left
    wait_for(
        lambda: Job.objects.get(pk=retry.pk).is_finished,
        180,
        interval=0.2,
        message=f"the retry did not finish:\n{worker.tail()}",
    )
    retry.refresh_from_db()
    assert retry.status == Job.Status.DONE and retry.done == retry.total
    # every turn has exactly one score under the version: the old job's and the retry's
    assert Score.objects.filter(version=version).count() == TURNS
    assert set(Score.objects.filter(version=version).values_list("turn_id", flat=True)) == set(
        turn_ids
    )
    assert_no_partial_chunk(retry)
    assert set(retry.chunks.values_list("attempts", flat=True)) == {1}
