"""Settings for the test suite: the project's settings, isolated under var/test/."""

import os
import tempfile

from tests.support.redis_dbs import worker_url

# A folder (SQLite file, broker queue, worker logs) and a database name per test run, so
# two runs on one machine never share a database or a queue. Worker processes inherit
# the folder through the environment.
os.environ.setdefault("LEXICHECK_VAR_DIR", tempfile.mkdtemp(prefix="lexicheck-test-"))

# Under pytest-xdist each test process (gw0, gw1...) gets a folder, and a Redis database,
# of its own: a real worker started by one must never take the tasks another queued. The
# worker processes a test starts inherit PYTEST_XDIST_WORKER, so they land on the same.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if XDIST_WORKER and not os.environ["LEXICHECK_VAR_DIR"].endswith(XDIST_WORKER):
    os.environ["LEXICHECK_VAR_DIR"] = os.path.join(os.environ["LEXICHECK_VAR_DIR"], XDIST_WORKER)

# Once per run: the worker processes inherit the moved URLs and the mark.
if XDIST_WORKER and os.environ.get("LEXICHECK_TEST_REDIS_OF") != XDIST_WORKER:
    for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        if os.environ.get(name, "").startswith(("redis://", "rediss://")):
            os.environ[name] = worker_url(
                os.environ[name],
                int(XDIST_WORKER.removeprefix("gw")),
                int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "2")),
            )
    os.environ["LEXICHECK_TEST_REDIS_OF"] = XDIST_WORKER

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")

from lexicheck.settings import *  # noqa: E402,F403
from lexicheck.settings import DATABASES, VAR_DIR  # noqa: E402

# A file, not :memory:, so a real worker process can read the rows a test commits.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}


# Close connections after each request, so the session-long live server holds none open.
DATABASES["default"]["CONN_MAX_AGE"] = 0
# Tasks run inline unless a test starts a real worker (the celery_worker_process fixture
# turns this off): queued messages must not outlive the test that sent them.
CELERY_TASK_ALWAYS_EAGER = os.environ.get("CELERY_TASK_ALWAYS_EAGER", "1") == "1"

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
