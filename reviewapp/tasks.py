"""Celery tasks: thin wrappers that take ids and call services; safe to run twice."""

from __future__ import annotations

import logging
import os

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded
from django.db import DatabaseError, InterfaceError, OperationalError, connection

from lexicheck.celery import WorkerLimitsTask

from .enqueue import PLAN_RESCORE, PREVIEW_PROPOSAL, REFRESH_PAIR_COUNTS, SCORE_CHUNK
from .services import flags, preview, scoring, versions

logger = logging.getLogger(__name__)


@shared_task(name="reviewapp.ping")
def ping(payload: str = "pong") -> dict:
    """A trivial task used to prove a real worker is attached to the broker."""
    return {"reply": payload, "worker_pid": os.getpid()}


#: Errors of the broker, the network or the database say nothing about a chunk's turns:
#: such a chunk is sent again, this many times, before it counts as failed.
RETRIED = (ConnectionError, OSError, InterfaceError, OperationalError)
CHUNK_RETRIES = 5


class ChunkTask(WorkerLimitsTask):
    def on_failure(self, exc, task_id, args, kwargs, einfo) -> None:
        """Past the hard time limit the worker kills the process running the chunk, and
        calls this in its main process: split the chunk as after the soft limit. (The
        soft limit's exception can come late, or never, while C code such as a long
        alignment holds the process, and its handling may run out of time.)"""
        if isinstance(exc, TimeLimitExceeded) and args:
            limit = exc.args[0] if exc.args else self.time_limit
            reason = f"time limit exceeded: the worker's hard time limit is {limit} s"
            _split_failed_chunk(args[0], reason)


@shared_task(
    base=ChunkTask,
    name=SCORE_CHUNK,
    bind=True,
    autoretry_for=RETRIED,
    retry_backoff=2,
    retry_kwargs={"max_retries": CHUNK_RETRIES},
)
def score_chunk(self, chunk_id: int) -> str:
    try:
        return scoring.run_chunk(chunk_id)
    except SoftTimeLimitExceeded:
        limit = (self.request.timelimit or (None, None))[1] or self.soft_time_limit
        reason = f"time limit exceeded: the worker's soft time limit is {limit} s"
        return _split_failed_chunk(chunk_id, reason)
    except Exception as exc:
        if isinstance(exc, RETRIED) and self.request.retries < CHUNK_RETRIES:
            raise  # sent again later (autoretry_for)
        logger.exception("chunk %s failed", chunk_id)
        return _split_failed_chunk(chunk_id, f"{type(exc).__name__}: {exc}")


def _split_failed_chunk(chunk_id: int, reason: str) -> str:
    logger.warning("chunk %s: %s; splitting it", chunk_id, reason)
    try:
        return scoring.split_failed_chunk(chunk_id, reason)
    except DatabaseError:
        if connection.in_atomic_block:
            raise
        # The failure may have cut a query short and left the connection unusable: try
        # once more on a new one. Should that fail too, the chunk stays pending and
        # `recover_jobs` sends it again.
        connection.close()
        return scoring.split_failed_chunk(chunk_id, reason)


@shared_task(
    name=PLAN_RESCORE,
    acks_late=True,
    autoretry_for=RETRIED,
    retry_backoff=2,
    retry_kwargs={"max_retries": CHUNK_RETRIES},
)
def plan_rescore(job_id: int) -> str:
    """An approval's rescore: the carry and the chunks, in one transaction. Any other
    failure leaves the job planning (nothing written); a worker that starts sends it again."""
    return versions.plan_rescore(job_id)


@shared_task(name=PREVIEW_PROPOSAL, acks_late=True)
def preview_proposal(job_id: int) -> dict:
    try:
        return preview.run_preview(job_id)
    except Exception as exc:
        preview.mark_failed(job_id, exc)
        raise


@shared_task(name=REFRESH_PAIR_COUNTS, acks_late=True)
def refresh_pair_counts(
    language: str | None = None,
    version_id: int | None = None,
    pairs: list[list[str]] | None = None,
    force: bool = False,
) -> int:
    """The flag queue's corpus counts (see services.flags.refresh_pair_counts)."""
    return flags.refresh_pair_counts(
        language=language, version_id=version_id, pairs=pairs or (), force=force
    )
