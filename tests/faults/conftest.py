"""Fault-injection fixtures: a throwaway Redis, real workers that can be SIGKILLed, and a
cuttable proxy to PostgreSQL. Nothing here stops or flushes a service other runs share."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.support.proxy import TcpProxy
from tests.support.redis_server import RedisServer
from tests.support.services import missing
from tests.support.worker import ROOT, database_url

#: Seconds before our Redis redelivers a message a killed worker had taken.
VISIBILITY_TIMEOUT = 2


@pytest.fixture(scope="module")
def redis_server():
    """Our own redis-server (no persistence) on a free port, for this module's tests."""
    server = RedisServer().start()
    yield server
    server.close()


@pytest.fixture
def fresh_redis(redis_server):
    """The throwaway Redis, emptied (its keys belong to this test run only)."""
    if redis_server.proc is None or redis_server.proc.poll() is not None:
        redis_server.restart()
    redis_server.client().flushall()
    return redis_server


class FaultWorker:
    """A real `celery worker` process group on our Redis and the test database.

    `crash()` SIGKILLs the whole group (main process and pool children), as a machine
    or container dying would: no warm shutdown, no acknowledgement, no cleanup."""

    def __init__(
        self, broker_url: str, *, name: str, concurrency: int = 1, env: dict | None = None
    ) -> None:
        self.broker_url = broker_url
        self.name = name
        self.concurrency = concurrency
        self.extra_env = env or {}  # this worker's own settings (e.g. its time limits)
        self.proc: subprocess.Popen | None = None
        self.log = Path(settings.VAR_DIR) / f"fault-worker-{name}-{os.getpid()}.log"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="tests.settings",
            DATABASE_URL=database_url(),
            CELERY_BROKER_URL=self.broker_url,
            CELERY_RESULT_BACKEND=self.broker_url.rsplit("/", 1)[0] + "/1",
            CELERY_TASK_ALWAYS_EAGER="0",
            REDIS_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
            PYTHONPATH=str(ROOT),
        )
        env.update(self.extra_env)
        return env

    def start(self) -> FaultWorker:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable, "-m", "celery", "-A", "lexicheck", "worker",
            "--loglevel", "INFO",
            "--concurrency", str(self.concurrency),
            "--pool", "prefork",
            "--hostname", f"fault-{self.name}-{os.getpid()}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                command,
                cwd=ROOT,
                env=self.env(),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: crash() kills the children too
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited early:\n{self.tail()}")
            if b" ready." in self.log.read_bytes():
                return self
            time.sleep(0.1)
        raise RuntimeError(f"worker not ready after 60s:\n{self.tail()}")

    def crash(self) -> None:
        """SIGKILL the worker and its pool processes at once."""
        if self.proc is not None:
            _killpg(self.proc, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            _killpg(self.proc, signal.SIGKILL)  # reap any orphaned pool process
            return
        _killpg(self.proc, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        _killpg(self.proc, signal.SIGKILL)
        self.proc.wait()

    def tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


def _killpg(proc: subprocess.Popen | None, sig: int) -> None:
    if proc is None:
        return
    try:
        os.killpg(proc.pid, sig)  # the group this worker leads, and only it
    except ProcessLookupError:
        pass


@pytest.fixture
def start_worker(transactional_db, fresh_redis):
    """Start real workers on our Redis; every one is stopped when the test ends."""
    started: list[FaultWorker] = []

    def start(name: str, **env: str) -> FaultWorker:
        worker = FaultWorker(fresh_redis.url(0), name=name, env=env)
        started.append(worker)
        return worker.start()

    yield start
    for worker in started:
        worker.stop()


@contextmanager
def producing_to(url: str):
    """Send this process's tasks (enqueue_job, requeue_pending, the views) to `url` for
    real, instead of running them inline or on the shared broker."""
    from lexicheck.celery import app

    saved = (app.conf.get("broker_write_url"), app.conf.task_always_eager)

    def reset_pools() -> None:
        # forget the cached pools (kombu keeps them per URL; they reconnect when reused)
        app._pool = None
        app.amqp._producer_pool = None

    reset_pools()
    app.conf.broker_write_url = url
    app.conf.task_always_eager = False
    try:
        yield app
    finally:
        reset_pools()
        app.conf.broker_write_url, app.conf.task_always_eager = saved


@pytest.fixture
def broker(fresh_redis):
    """Tasks this test sends go to the throwaway Redis, for the workers it starts."""
    with producing_to(fresh_redis.url(0)):
        yield fresh_redis


def wait_for(condition, timeout: float, interval: float = 0.1, message: str = ""):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(message or f"condition not met within {timeout}s")


# --- PostgreSQL through a proxy ------------------------------------------------------------


@pytest.fixture
def pg_proxy(transactional_db):
    """This process's database connection goes through a proxy the test can cut.

    PostgreSQL only (the fault is a server that goes away); under CI=true, which runs on
    PostgreSQL, a missing PostgreSQL fails instead of skipping."""
    if connection.vendor != "postgresql":
        missing("PostgreSQL", "the fault tests of the database need DATABASE_URL=postgres://...")
    settings_dict = connection.settings_dict
    saved = {key: settings_dict.get(key) for key in ("HOST", "PORT", "OPTIONS")}
    proxy = TcpProxy(
        settings_dict.get("HOST") or "127.0.0.1", int(settings_dict.get("PORT") or 5432)
    )
    proxy.start()
    connection.close()
    settings_dict.update(
        HOST="127.0.0.1",
        PORT=str(proxy.port),
        # plain text on the wire, so the proxy can see which query to cut
        OPTIONS={**(saved["OPTIONS"] or {}), "sslmode": "disable"},
    )
    try:
        yield proxy
    finally:
        proxy.accept()
        connection.close()
        settings_dict.update(saved)
        proxy.close()
