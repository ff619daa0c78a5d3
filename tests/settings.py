"""Settings for the test suite: the project's settings, isolated under var/test/."""

import os
import tempfile

# A folder (SQLite file, broker queue, worker logs) and a database name per test run, so
# two runs on one machine never share a database or a queue. Worker processes inherit
# the folder through the environment.
os.environ.setdefault("LEXICHECK_VAR_DIR", tempfile.mkdtemp(prefix="lexicheck-test-"))
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
