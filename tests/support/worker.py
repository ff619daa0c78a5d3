"""Run a real Celery worker process against the test database and broker."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from django.conf import settings
from django.db import connection

from lexicheck.celery import worker_argv

ROOT = Path(__file__).resolve().parents[2]


def database_url() -> str:
    """The URL of the test database, as the worker must open it."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or ""
    auth = f"{user}:{db.get('PASSWORD')}@" if db.get("PASSWORD") else (f"{user}@" if user else "")
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


class WorkerProcess:
    def __init__(self, *, concurrency: int = 1, name: str = "test") -> None:
        self.concurrency = concurrency
        self.name = name
        self.proc: subprocess.Popen | None = None
        self.log = Path(settings.VAR_DIR) / f"worker-{name}-{os.getpid()}.log"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="tests.settings",
            DATABASE_URL=database_url(),
            CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
            CELERY_RESULT_BACKEND=settings.CELERY_RESULT_BACKEND,
            PYTHONPATH=str(ROOT),
            CELERY_TASK_ALWAYS_EAGER="0",
        )
        return env

    def start(self) -> WorkerProcess:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        command = worker_argv(self.concurrency, hostname=f"{self.name}-{os.getpid()}@%h")
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                command, cwd=ROOT, env=self.env(), stdout=log, stderr=subprocess.STDOUT
            )
        self._wait_ready()
        return self

    def _wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited early:\n{self.log.read_text()[-3000:]}")
            if b" ready." in self.log.read_bytes():
                return
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready after {timeout}s:\n{self.log.read_text()[-3000:]}")

    def stop(self, timeout: float = 20) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self) -> None:
        """SIGKILL, as a crash would: no warm shutdown, no acks."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
