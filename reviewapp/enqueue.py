"""Send work to the Celery workers by task name.

Services call these functions; the tasks in `reviewapp.tasks` call services. This module
imports neither, so the only import between the two is tasks -> services (checked by the
import contracts in `.importlinter`). The task names are the ones `reviewapp.tasks`
registers; `ReviewappConfig.ready` imports that module, so every process that sends also
knows the tasks (and, with `CELERY_TASK_ALWAYS_EAGER`, runs them in place).
"""

from __future__ import annotations

from django.db import transaction

from lexicheck.celery import app

__all__ = [
    "SCORE_CHUNK",
    "PLAN_RESCORE",
    "PREVIEW_PROPOSAL",
    "REFRESH_PAIR_COUNTS",
    "enqueue_job",
    "enqueue_plan",
    "enqueue_chunks",
    "enqueue_preview",
    "enqueue_pair_counts",
    "request_pair_counts",
]

SCORE_CHUNK = "reviewapp.score_chunk"
PLAN_RESCORE = "reviewapp.plan_rescore"
PREVIEW_PROPOSAL = "reviewapp.preview_proposal"
REFRESH_PAIR_COUNTS = "reviewapp.refresh_pair_counts"


def _send(name: str, *args, **options) -> None:
    """Send one message now; `options` are `apply_async`'s (kwargs=, retry=, ...)."""
    app.signature(name, args=args, kwargs=options.pop("kwargs", None)).apply_async(**options)


def enqueue_job(job) -> None:
    """Send the job's chunks once the transaction that created them commits."""
    enqueue_chunks(list(job.chunks.order_by("index").values_list("pk", flat=True)))


def enqueue_plan(job_id: int) -> None:
    """Plan a rescore job (find its turns, carry the other scores, create its chunks) once
    the transaction that created it commits. Robust, as chunks are: a broker that is down
    leaves the job planning, and `recover_jobs` sends its plan again."""
    transaction.on_commit(lambda: _send(PLAN_RESCORE, job_id), robust=True)


def enqueue_chunks(chunk_ids: list[int]) -> None:
    def send() -> None:
        for chunk_id in chunk_ids:
            _send(SCORE_CHUNK, chunk_id)

    # robust: the write has committed; a broker that is down must not turn it into an
    # error page. The chunks stay pending, and `recover_jobs` (run when a worker starts)
    # sends them again.
    transaction.on_commit(send, robust=True)


def enqueue_preview(job_id: int) -> None:
    """Run a proposal's preview job once the transaction that created it commits."""
    transaction.on_commit(lambda: _send(PREVIEW_PROPOSAL, job_id))


def enqueue_pair_counts(version_id: int) -> None:
    """Recount the flag pairs of the languages a version scores, once the transaction
    that finished its scoring job commits (robust: a broker that is down leaves them
    "counting…", never an error)."""
    transaction.on_commit(
        lambda: _send(REFRESH_PAIR_COUNTS, kwargs={"version_id": version_id, "force": True}),
        robust=True,
    )


def request_pair_counts(language: str, pairs: list[list[str]]) -> None:
    """Count these pairs of a language now, not on commit (the caller says why that is
    safe); a broker that is down raises its error here, without retrying."""
    _send(REFRESH_PAIR_COUNTS, kwargs={"language": language, "pairs": pairs}, retry=False)
