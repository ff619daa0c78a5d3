"""The Celery app, configured from Django settings (CELERY_* names)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from celery import Celery, Task
from celery.signals import worker_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lexicheck.settings")


class WorkerLimitsTask(Task):
    """A task whose messages carry no time limits, so the worker that runs one applies its
    own `CELERY_TASK_SOFT_TIME_LIMIT` and `CELERY_TASK_TIME_LIMIT`.

    Celery copies a task's limits, read from the *sender's* settings, into the `timelimit`
    header of every message, and a worker obeys that header over its own settings: the
    web process would decide how long a chunk may run on a worker configured otherwise.
    A caller that passes `time_limit=` or `soft_time_limit=` still sets them."""

    def apply_async(self, args=None, kwargs=None, **options):
        options.setdefault("time_limit", None)
        options.setdefault("soft_time_limit", None)
        return super().apply_async(args, kwargs, **options)


app = Celery("lexicheck", task_cls=WorkerLimitsTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def worker_argv(concurrency: int, *, hostname: str | None = None, loglevel: str = "INFO") -> list:
    """The command that starts one prefork worker of this project (demo, tests, benchmarks).
    Gossip and mingle only chat between workers; they cost time and the embedded broker
    serves one host."""
    argv = [
        sys.executable, "-m", "celery", "-A", "lexicheck", "worker",
        "--loglevel", loglevel, "--concurrency", str(concurrency), "--pool", "prefork",
        "--without-gossip", "--without-mingle",
    ]  # fmt: skip
    return argv + (["--hostname", hostname] if hostname else [])


def ensure_broker_folders() -> None:
    """Create the filesystem transport's folders; kombu expects them to exist."""
    from django.conf import settings

    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get(key)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
    backend = settings.CELERY_RESULT_BACKEND
    if backend.startswith("file://"):
        Path(backend.removeprefix("file://")).mkdir(parents=True, exist_ok=True)


@app.on_after_configure.connect
def _prepare_broker(sender, **kwargs) -> None:
    ensure_broker_folders()


@worker_init.connect
def _read_the_code_before_fork(sender=None, **kwargs) -> None:
    """Hash the scoring code, and list the words its steps write (what bounds a planned
    rescore), in the main process before the pool starts: every pool process forked from
    it has both, instead of each one parsing the package (about half a second each) in
    its first chunk or plan."""
    from scoring.config.reach import code_words
    from scoring.stamp import code_fingerprint

    code_fingerprint()
    code_words()


@worker_ready.connect
def _recover_pending_jobs(sender, **kwargs) -> None:
    """A worker that starts re-sends the pending chunks of unfinished jobs: messages lost
    with a broker restart, or never sent while it was down, are not waited for forever.
    Safe with several workers: a chunk already done is skipped."""
    from reviewapp.models import Job
    from reviewapp.services.scoring import requeue_pending

    try:
        unfinished = [Job.Status.PLANNING, Job.Status.QUEUED, Job.Status.RUNNING]
        for job in Job.objects.filter(status__in=unfinished):
            requeue_pending(job)
    except Exception:  # noqa: BLE001 - a worker must start even if the database is away
        logging.getLogger(__name__).exception("could not re-send pending chunks")
