"""Run a real Celery worker process against the test database and broker."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.db import connection

from lexicheck import workers

ROOT = workers.ROOT


def database_url() -> str:
    """The URL of the test database, as the worker must open it."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    auth = f"{user}:{db.get('PASSWORD')}@" if db.get("PASSWORD") else (f"{user}@" if user else "")
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


class WorkerProcess(workers.WorkerProcess):
    """A worker on the test database and the configured broker, running tasks for real."""

    def __init__(self, *, concurrency: int = 1, name: str = "test") -> None:
        super().__init__(
            environment=self.env(),
            log=Path(settings.VAR_DIR) / f"worker-{name}-{os.getpid()}.log",
            hostname=f"{name}-{os.getpid()}@%h",
            concurrency=concurrency,
        )

    @staticmethod
    def env(**more: str) -> dict[str, str]:
        """The environment of a process that works on the test database (`more` last)."""
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "CELERY_RESULT_BACKEND": settings.CELERY_RESULT_BACKEND,
            "PYTHONPATH": str(ROOT),
            "CELERY_TASK_ALWAYS_EAGER": "0",
            **more,
        }
