"""The messages our tasks send: what a worker is told, beyond the task's arguments."""

from __future__ import annotations

import pytest

from lexicheck.celery import app
from reviewapp import tasks
from reviewapp.models import Job, Language
from reviewapp.services.configs import ensure_languages
from reviewapp.services.scoring import create_planning_job


@pytest.fixture
def sent(monkeypatch):
    """Messages this test sends, kept here instead of reaching the broker."""
    messages = []

    def keep(producer, name, message, **options):
        messages.append(message)

    monkeypatch.setattr(app.amqp, "send_task_message", keep)
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    try:
        yield messages
    finally:
        app.conf.task_always_eager = eager


def test_a_chunk_message_carries_no_time_limit_of_the_sender(sent, settings):
    """The sender's limits (300 s here) must not override the limits of the worker that
    runs the chunk: with no limit in the message, the worker applies its own settings."""
    assert app.conf.task_soft_time_limit == settings.CELERY_TASK_SOFT_TIME_LIMIT == 300
    tasks.score_chunk.delay(1)
    tasks.refresh_pair_counts.delay(version_id=1)
    assert [message.headers["timelimit"] for message in sent] == [[None, None]] * 2


def test_a_caller_can_still_ask_for_a_limit(sent):
    tasks.score_chunk.apply_async((1,), soft_time_limit=5, time_limit=10)
    assert sent[0].headers["timelimit"] == [10, 5]


@pytest.mark.django_db
def test_the_plan_task_plans_a_planning_job_once():
    ensure_languages()
    job = create_planning_job("en", Language.objects.get(code="en").active_version)
    assert tasks.plan_rescore(job.pk) == "planned"
    job.refresh_from_db()
    assert job.status == Job.Status.DONE  # no turn to rescore: done at once
    assert tasks.plan_rescore(job.pk) == "skipped"
    assert tasks.plan_rescore(job.pk + 1000) == "missing"
