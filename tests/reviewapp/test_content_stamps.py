"""The content stamp changes with every committed write to a table the pages show, and
only when the write commits; every table is either tracked or says why it is not."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading

import pytest
from django.apps import apps
from django.db import connection, connections, transaction
from django.utils import timezone

from reviewapp.content_stamps import (
    TRACKED_TABLES,
    UNTRACKED_TABLES,
    installed_trigger_tables,
    read_stamp,
)
from reviewapp.models import Dataset, Notification, Score
from tests.reviewapp.factories import scored_conversation
from tests.support.services import require_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_table_is_tracked_or_says_why_not():
    tables = {m._meta.db_table for m in apps.get_models(include_auto_created=True)}
    assert set(TRACKED_TABLES) | set(UNTRACKED_TABLES) == tables
    assert not set(TRACKED_TABLES) & set(UNTRACKED_TABLES)


def test_every_tracked_table_has_its_triggers():
    # a migration that remakes a table on SQLite drops its triggers: it must add them again
    assert installed_trigger_tables() == set(TRACKED_TABLES)


@pytest.mark.django_db(transaction=False)
def test_a_sqlite_database_migrated_from_scratch_has_every_trigger(tmp_path):
    # CI runs on PostgreSQL, which alters tables in place; the demo's SQLite remakes them
    path = tmp_path / "fresh.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["DATABASE_URL"] = f"sqlite:///{path}"
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], env=env, check=True)
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        names = {name for (name,) in rows}
    missing = {
        (table, event)
        for table in TRACKED_TABLES
        for event in ("insert", "update", "delete")
        if f"reviewapp_stamp_{table}_{event}" not in names
    }
    assert not missing


def test_a_committed_write_changes_the_stamp(reviewer):
    conversation = scored_conversation([("my flight is at seven", "my fight is at 7")])
    before = read_stamp()
    Score.objects.filter(turn__conversation=conversation).update(errors=9)  # no service
    after = read_stamp()
    assert before and after != before
    conversation.delete()  # cascades to turns and scores
    assert read_stamp() not in (before, after)


def test_a_write_to_an_untracked_table_keeps_the_stamp(reviewer):
    before = read_stamp()
    Notification.objects.filter(recipient=reviewer).update(read_at=timezone.now())
    assert read_stamp() == before


def test_a_rolled_back_write_keeps_the_stamp():
    Dataset.objects.create(name="first")
    before = read_stamp()
    with pytest.raises(RuntimeError), transaction.atomic():
        Dataset.objects.create(name="second")
        raise RuntimeError
    assert read_stamp() == before


def test_a_savepoint_rolled_back_then_a_write_changes_the_stamp():
    """PostgreSQL notes a transaction once: a note undone with its savepoint is taken
    again by the next write."""
    before = read_stamp()
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            Dataset.objects.create(name="undone")
            raise RuntimeError
        Dataset.objects.create(name="kept")
    assert read_stamp() != before


def _in_thread(call):
    result = {}

    def run():
        try:
            result["value"] = call()
        except Exception as exc:  # noqa: BLE001 (reported to the test)
            result["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(30)
    assert not thread.is_alive()
    if "error" in result:
        raise result["error"]
    return result["value"]


def test_a_reader_sees_the_stamp_of_a_write_only_once_it_commits():
    before = read_stamp()
    with transaction.atomic():
        Dataset.objects.create(name="uncommitted")
        assert _in_thread(read_stamp) == before
    assert _in_thread(read_stamp) != before


def test_a_long_writer_does_not_hold_up_another_writer():
    """The stamp's row is locked at commit only: a transaction that wrote and is still
    open does not make another writer wait (it would wait for the lock's timeout)."""
    require_postgresql()  # SQLite runs one writer at a time

    def write_and_commit():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '5s'")
            Dataset.objects.create(name="other writer")
        return read_stamp()

    before = read_stamp()
    with transaction.atomic():
        Dataset.objects.create(name="long writer")
        other = _in_thread(write_and_commit)  # raises LockNotAvailable if it waited
        assert other != before
    assert read_stamp() not in (before, other)
