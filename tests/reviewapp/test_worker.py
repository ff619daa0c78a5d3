"""A real Celery worker process on Redis runs our task and returns its result."""

import pytest
from django.conf import settings

from tests.support.services import require_redis

pytestmark = [pytest.mark.redis, pytest.mark.worker]


@pytest.fixture
def redis_broker():
    require_redis(settings.CELERY_BROKER_URL)


def test_real_worker_on_redis_runs_ping(redis_broker, celery_worker_process):
    from reviewapp.tasks import ping

    result = ping.delay("hello").get(timeout=30)
    assert result["reply"] == "hello"
    assert result["worker_pid"] != __import__("os").getpid()


def test_real_worker_on_default_broker_runs_ping(celery_worker_process):
    """Whatever broker this run uses (filesystem by default), a separate process answers."""
    from reviewapp.tasks import ping

    assert ping.delay("fs").get(timeout=30)["reply"] == "fs"
