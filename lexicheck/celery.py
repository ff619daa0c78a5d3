"""The Celery app, configured from Django settings (CELERY_* names)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lexicheck.settings")

app = Celery("lexicheck")
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


@worker_ready.connect
def _recover_pending_jobs(sender, **kwargs) -> None:
    """A worker that starts re-sends the pending chunks of unfinished jobs: messages lost
    with a broker restart, or never sent while it was down, are not waited for forever.
    Safe with several workers: a chunk already done is skipped."""
    from reviewapp.models import Job
    from reviewapp.services.scoring import requeue_pending

    try:
        for job in Job.objects.filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING]):
            requeue_pending(job)
    except Exception:  # noqa: BLE001 - a worker must start even if the database is away
        logging.getLogger(__name__).exception("could not re-send pending chunks")
