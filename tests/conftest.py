"""Shared fixtures: personas, real services, a live browser."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings as hypothesis_settings

# CI tries the same Hypothesis examples on every run, so a red build means the change
# broke something, never that a new random example turned up an old bug; developers'
# runs (random examples, remembered in .hypothesis/) keep exploring.
# Neither has Hypothesis's 200 ms deadline per example: a test asserts behaviour, and how
# long an example takes on a loaded machine is a benchmark's question (bench/).
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile("ci", derandomize=True, database=None, deadline=None)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Django's live_server with Playwright's sync API runs inside an event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "persona-pass-123"

#: Tests that wait on other processes (a Celery worker, a browser, a server), from a few
#: seconds to half a minute each.
SLOW_MARKS = ("browser", "faults", "worker")


def pytest_collection_modifyitems(items):
    """Slow tests first, the others in their order after them. pytest-xdist's worksteal
    takes queued tests from the end of a process's queue: collected last, the slow
    tests ran last, and one process ran the last 36 s alone. First, the fast ones fill
    in around them."""
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in SLOW_MARKS))


@pytest.fixture
def make_user(db):
    from reviewapp.services.accounts import do_make_maintainer, do_make_reviewer

    def make(username: str, *, maintains: list[str] | None = None):
        if maintains is None:
            return do_make_reviewer(username, PASSWORD)
        return do_make_maintainer(username, PASSWORD, maintains)

    return make


@pytest.fixture
def reviewer(make_user):
    return make_user("rita-reviewer")


@pytest.fixture
def maintainer_de(make_user):
    return make_user("max-maintainer-de", maintains=["de"])


@pytest.fixture
def maintainer_fr(make_user):
    return make_user("fanny-maintainer-fr", maintains=["fr"])


@pytest.fixture
def outsider(db):
    """A logged-in account with no role at all."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user("olga-outsider", password=PASSWORD)


@pytest.fixture
def client():
    """pytest-django's client, on a middleware chain built once per process (see
    tests/support/clients.py)."""
    from tests.support.clients import SharedHandlerClient

    return SharedHandlerClient()


@pytest.fixture
def client_for(client):
    def login(user):
        client.force_login(user)
        return client

    return login


@pytest.fixture(scope="session")
def browser():
    from tests.support.services import CHROMIUM, require_chromium

    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def celery_worker_process(transactional_db):
    """A real worker process on the configured broker, seeing the test database."""
    from lexicheck.celery import app
    from tests.support.worker import WorkerProcess

    app.conf.task_always_eager = False
    app.control.purge()  # nothing left over from an earlier test
    worker = WorkerProcess().start()
    yield worker
    # SIGKILL, not the warm shutdown of `stop()`: the test is over and nothing it runs is
    # waited for (the next start purges the queue). Even idle, a warm shutdown on the
    # filesystem broker took 5-6 s of Celery's fixed polls: the consumer loop's 2 s drain
    # timeout, the pool's result-handler thread and the timer thread, one after the other.
    # A test about shutting down calls `worker.stop()` itself.
    worker.kill()
    app.conf.task_always_eager = True


@pytest.fixture(autouse=True)
def _close_stray_sessions_at_the_end(request):
    """Only runs where a test database exists (pure scoring tests need none)."""
    if "django_db_setup" in request.fixturenames:
        request.getfixturevalue("_no_stray_database_sessions")


@pytest.fixture(scope="session")
def _no_stray_database_sessions(django_db_setup, django_db_blocker):
    """Threads of the live server can keep a PostgreSQL session open until the process
    ends, which stops Django from dropping the test database; close them first."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
