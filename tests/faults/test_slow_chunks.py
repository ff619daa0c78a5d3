"""Chunks slower than the worker's time limit, on a real worker.

The limit a chunk runs under is the worker's own (`CELERY_TASK_SOFT_TIME_LIMIT` in the
worker's environment), whatever the process that sent the chunk has configured: this
test process keeps the default 300 s, its workers get 1 s.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from reviewapp.models import Job, Score, Turn
from reviewapp.services import scoring
from reviewapp.tasks import enqueue_job
from tests.reviewapp.factories import ConversationFactory, config_version

from .conftest import wait_for

pytestmark = [pytest.mark.faults, pytest.mark.worker, pytest.mark.redis]

#: The worker's own limits; this process (the sender) keeps 300 s and 360 s.
WORKER_LIMITS = {"CELERY_TASK_SOFT_TIME_LIMIT": "1", "CELERY_TASK_TIME_LIMIT": "30"}

WORDS = "my flight to boston leaves at seven thirty on monday the twenty first".split()


def huge_turn(conversation, index: int) -> Turn:
    """A turn of 30,000 words a side: about 3 s to score here, alone past a 1 s limit
    (built-in steps and the alignment are linear in it; no config rule is slow on it)."""
    reference = " ".join(WORDS[(i * 7) % len(WORDS)] for i in range(30_000))
    hypothesis = " ".join(WORDS[(i * 5) % len(WORDS)] for i in range(30_000))
    return Turn.objects.create(
        conversation=conversation,
        language="en",
        index=index,
        speaker="user",
        reference=reference,
        hypothesis=hypothesis,
    )


def run_job(version, turn_ids: list[int]) -> Job:
    with transaction.atomic():
        job = scoring.create_job(Job.Kind.RESCORE, "en", version, turn_ids)
        enqueue_job(job)
    return job


def wait_until_finished(job: Job, worker, timeout: float = 120) -> Job:
    wait_for(
        lambda: Job.objects.get(pk=job.pk).is_finished,
        timeout,
        interval=0.2,
        message=f"the job did not finish:\n{worker.tail()}",
    )
    job.refresh_from_db()
    return job


def test_a_chunk_runs_under_the_worker_s_soft_time_limit_not_the_sender_s(
    settings, broker, start_worker
):
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT == 300  # the sender's
    version = config_version("en")
    turn = huge_turn(ConversationFactory(language="en"), 0)
    worker = start_worker("limits", **WORKER_LIMITS)
    job = wait_until_finished(run_job(version, [turn.pk]), worker)
    # stopped after the worker's 1 s: under the sender's 300 s it would have been scored
    assert (job.done, job.failed) == (0, 1), job.error
    assert "time limit" in job.chunks.get().error
    assert not Score.objects.filter(version=version).exists()
    assert worker.proc.poll() is None  # the soft limit stops the chunk, not the worker
