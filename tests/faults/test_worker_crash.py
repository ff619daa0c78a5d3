"""SIGKILL a real worker in the middle of a rescore; a second worker finishes the job.

Our own Redis redelivers the message the dead worker had taken (acks_late: a message is
acknowledged only after its chunk committed) once REDIS_VISIBILITY_TIMEOUT has passed.
The job completes with every turn scored exactly once and no chunk half written.
"""

from __future__ import annotations

import time

import pytest

from reviewapp.models import Job, JobChunk
from reviewapp.services import scoring

from .conftest import VISIBILITY_TIMEOUT, wait_for
from .jobs import (
    approve_a_filler,
    assert_job_complete,
    assert_no_partial_chunk,
    make_turns,
    plan_here,
    scores_match_a_fresh_scoring,
    unacked_chunk_ids,
)

pytestmark = [pytest.mark.faults, pytest.mark.worker, pytest.mark.redis]

TURNS = 500
CHUNK_SIZE = 25  # 20 chunks of long turns: the kill lands well inside the job, and a
REPEAT = 10  # chunk (turns of about 300 words) takes long enough to be caught in the middle


def test_sigkill_mid_rescore_then_a_second_worker_completes_the_job(
    make_user, broker, start_worker, monkeypatch
):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", CHUNK_SIZE)
    turn_ids = make_turns(TURNS, repeat=REPEAT)
    version = approve_a_filler(make_user("max-maintainer-en", maintains=["en"]))
    job = plan_here(version)
    first = start_worker("first")
    assert job.chunks.count() == TURNS // CHUNK_SIZE

    def some_done() -> bool:
        done = job.chunks.filter(status=JobChunk.Status.DONE).count()
        return 3 <= done < job.chunks.count() - 5

    wait_for(
        some_done, 120, interval=0.02, message=f"the first worker scored nothing:\n{first.tail()}"
    )
    # kill while the worker holds a chunk's message (taken from Redis, not acknowledged)
    first.crash_holding_a_message(broker.client())
    killed_at = time.monotonic()

    # the crash: a chunk was in the worker's hands, unacknowledged; nothing is half written
    in_flight = unacked_chunk_ids(broker.client())
    assert len(in_flight) == 1, in_flight
    job.refresh_from_db()
    assert job.status == Job.Status.RUNNING and 0 < job.done < job.total
    chunks = assert_no_partial_chunk(job)
    # The chunk in the dead worker's hands is pending (killed while scoring: nothing of it
    # was kept) or, rarely, done (killed between its commit and the acknowledgement: the
    # message comes back and changes nothing). Either way, no chunk is written twice below.
    assert chunks[in_flight[0]][0] in (JobChunk.Status.PENDING, JobChunk.Status.DONE)
    assert job.done == sum(size for status, size, _ in chunks.values() if status == "done")

    # once the visibility timeout has passed, a new worker gets the lost message again
    time.sleep(max(0.0, killed_at + VISIBILITY_TIMEOUT + 0.5 - time.monotonic()))
    second = start_worker("second")
    wait_for(
        lambda: Job.objects.get(pk=job.pk).is_finished,
        180,
        interval=0.2,
        message=f"the job did not finish after the crash:\n{second.tail()}",
    )
    assert_job_complete(job, turn_ids)
    crashed_chunk = JobChunk.objects.get(pk=in_flight[0])
    assert crashed_chunk.status == JobChunk.Status.DONE
    scores_match_a_fresh_scoring(job, crashed_chunk.turn_ids)
    # Every message is acknowledged in the end. A starting worker also re-sends the pending
    # chunks it finds (recover_jobs), so a duplicate may still be on its way: it is skipped.
    wait_for(
        lambda: not broker.client().hlen("unacked"),
        30,
        interval=0.2,
        message="a message was never acknowledged",
    )
    assert_job_complete(job, turn_ids)
