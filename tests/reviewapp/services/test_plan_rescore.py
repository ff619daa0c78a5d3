"""An approval only queues its rescore's plan: the carry and the chunks are written later,
by the plan task, in one transaction of their own (issue 23)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from lexicheck.celery import _recover_pending_jobs
from reviewapp.enqueue import PLAN_RESCORE
from reviewapp.models import Job, JobChunk, Language, Score
from reviewapp.services import carry, proposals, scoring, versions
from reviewapp.services.scoring import run_chunk
from tests.reviewapp.factories import with_fillers
from tests.reviewapp.services.test_carry import approve as approve_and_run
from tests.reviewapp.services.test_carry import corpus, full_rescore, stored  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, tuple]]:
    """The (task name, args) of every message sent, instead of sending them."""
    messages = []
    monkeypatch.setattr(
        "reviewapp.enqueue._send", lambda name, *args, **kw: messages.append((name, args))
    )
    return messages


def approve_only(user, content):
    """The approval request's writes, without the plan task."""
    proposal = proposals.do_create_proposal(user, "en", content, title="zzhm is a filler")
    new = proposals.do_approve(user, proposal)
    return new, Job.objects.get(kind=Job.Kind.RESCORE, version=new)


def test_the_approval_writes_no_carried_score_and_no_chunk(corpus, make_user):  # noqa: F811
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve_only(maintainer, with_fillers(v1, "zzhm"))
    assert job.status == Job.Status.PLANNING
    assert not job.chunks.exists()
    assert not Score.objects.filter(version=v2).exists()
    assert not job.is_finished and job.can_be_cancelled()


def test_after_the_plan_the_scores_are_those_of_a_full_rescore(corpus, make_user):  # noqa: F811
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve_and_run(maintainer, with_fillers(v1, "zzhm"))
    assert job.status == Job.Status.DONE and job.total == 3
    assert job.covers_all_turns  # the carried turns and the rescored ones: every turn
    assert stored(v2) == full_rescore(v2)
    assert Language.objects.get(code="en").scored_version == v2


def test_planning_twice_is_harmless(corpus, make_user):  # noqa: F811
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve_only(maintainer, with_fillers(v1, "zzhm"))
    assert versions.plan_rescore(job.pk) == "planned"
    scores, chunks = Score.objects.filter(version=v2).count(), job.chunks.count()
    assert versions.plan_rescore(job.pk) == "skipped"
    assert (Score.objects.filter(version=v2).count(), job.chunks.count()) == (scores, chunks)
    job.refresh_from_db()
    assert job.status == Job.Status.QUEUED and job.total == 3


def test_a_cancelled_planning_job_is_not_planned(corpus, make_user):  # noqa: F811
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve_only(maintainer, with_fillers(v1, "zzhm"))
    assert scoring.do_cancel_job(maintainer, job) == 0
    assert versions.plan_rescore(job.pk) == "skipped"
    assert not job.chunks.exists() and not Score.objects.filter(version=v2).exists()


def test_a_failure_in_the_plan_leaves_nothing_and_the_job_plannable(
    corpus,  # noqa: F811
    make_user,
    monkeypatch,
):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve_only(maintainer, with_fillers(v1, "zzhm"))

    def carry_then_fail(plan, version, codes):
        real_carry(plan, version, codes)  # some rows written, then the crash
        raise RuntimeError("the database went away")

    real_carry = carry.carry_scores
    monkeypatch.setattr(versions, "carry_scores", carry_then_fail)
    with pytest.raises(RuntimeError):
        versions.plan_rescore(job.pk)
    assert not Score.objects.filter(version=v2).exists()
    assert not JobChunk.objects.filter(job=job).exists()
    job.refresh_from_db()
    assert job.status == Job.Status.PLANNING

    monkeypatch.undo()
    assert versions.plan_rescore(job.pk) == "planned"
    for chunk in job.chunks.order_by("index"):
        run_chunk(chunk.pk)
    assert stored(v2) == full_rescore(v2)


def test_recovery_sends_a_planning_job_again(
    corpus,  # noqa: F811
    make_user,
    sent,
    django_capture_on_commit_callbacks,
):
    """A worker that starts, and `manage.py recover_jobs`, send the plan again: its
    message may have been lost with the broker, or never sent."""
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    _, job = approve_only(maintainer, with_fillers(v1, "zzhm"))
    with django_capture_on_commit_callbacks(execute=True):
        _recover_pending_jobs(sender=None)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("recover_jobs", stdout=io.StringIO())
    plans = [args for name, args in sent if name == PLAN_RESCORE]  # other jobs' chunks too
    assert plans == [(job.pk,), (job.pk,)]


def test_the_approval_sends_the_plan_on_commit(
    corpus,  # noqa: F811
    make_user,
    sent,
    django_capture_on_commit_callbacks,
):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    with django_capture_on_commit_callbacks(execute=True):
        _, job = approve_only(maintainer, with_fillers(v1, "zzhm"))
    assert sent == [(PLAN_RESCORE, (job.pk,))]
