"""Fault-injection fixtures: a throwaway Redis, real workers that can be SIGKILLed, and a
cuttable proxy to PostgreSQL. Nothing here stops or flushes a service other runs share."""

from __future__ import annotations

import os
import signal
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from lexicheck import workers
from tests.support.proxy import TcpProxy
from tests.support.redis_server import RedisServer
from tests.support.services import missing
from tests.support.worker import WorkerProcess as TestWorker

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


class FaultWorker(workers.WorkerProcess):
    """A real `celery worker` process group on our Redis and the test database.

    `crash()` SIGKILLs the whole group (main process and pool children), as a machine
    or container dying would: no warm shutdown, no acknowledgement, no cleanup."""

    def __init__(
        self, broker_url: str, *, name: str, concurrency: int = 1, env: dict | None = None
    ) -> None:
        super().__init__(
            environment=TestWorker.env(
                CELERY_BROKER_URL=broker_url,
                CELERY_RESULT_BACKEND=broker_url.rsplit("/", 1)[0] + "/1",
                REDIS_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
                **(env or {}),  # this worker's own settings (e.g. its time limits)
            ),
            log=Path(settings.VAR_DIR) / f"fault-worker-{name}-{os.getpid()}.log",
            hostname=f"fault-{name}-{os.getpid()}@%h",
            concurrency=concurrency,
            extra_args=["--without-heartbeat"],
        )

    def crash(self) -> None:
        """SIGKILL the worker and its pool processes at once."""
        self.kill()

    def crash_holding_a_message(self, redis, timeout: float = 10) -> None:
        """SIGKILL the group at a moment it holds a message it has not acknowledged. The
        group is frozen (SIGSTOP) before Redis is asked, so that it cannot acknowledge in
        between: a check then a kill lost the race when the worker finished its chunk in
        that gap and had not taken the next. Let go again while it holds none."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._signal(signal.SIGSTOP)
            time.sleep(0.005)  # for Redis to read what the worker had sent before it stopped
            if redis.hlen("unacked"):
                self.kill()
                return
            self._signal(signal.SIGCONT)
            time.sleep(0.001)
        raise AssertionError(f"the worker held no message for {timeout} s:\n{self.tail()}")


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
