"""Scoring jobs: chunks are all or nothing, a redelivered chunk changes nothing."""

import pytest

from reviewapp.models import Job, JobChunk, Language, Score
from reviewapp.services import scoring
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import TurnFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def english():
    ensure_languages()
    return Language.objects.get(code="en")


def test_a_chunk_run_twice_writes_one_score_per_turn(english, monkeypatch):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 2)
    turns = TurnFactory.create_batch(5)
    job = scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [t.pk for t in turns])
    assert job.chunks.count() == 3
    for chunk in job.chunks.all():
        assert scoring.run_chunk(chunk.pk) == "done"
        assert scoring.run_chunk(chunk.pk) == "skipped"
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == (Job.Status.DONE, 5, 5)
    assert Score.objects.count() == 5


def test_a_failed_chunk_fails_the_job_without_partial_scores(english):
    turns = TurnFactory.create_batch(3)
    job = scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [t.pk for t in turns])
    chunk = job.chunks.get()
    scoring.mark_chunk_failed(chunk.pk, "worker lost")
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert job.failed == 3 and job.done == 0
    assert Score.objects.count() == 0
    assert JobChunk.objects.get().status == JobChunk.Status.FAILED


def test_cancelled_job_stops_scoring(english):
    turns = TurnFactory.create_batch(2)
    job = scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [t.pk for t in turns])
    Job.objects.filter(pk=job.pk).update(cancel_requested=True)
    assert scoring.run_chunk(job.chunks.get().pk) == "cancelled"
    assert Score.objects.count() == 0


def test_score_row_carries_the_normalizer_stamp(english):
    turn = TurnFactory()
    row = scoring.score_row(
        turn, english.active_version, scoring.scorer_for(english.active_version)
    )
    assert row.normalizer["name"] == "en-norm"
    assert row.normalizer["hash"] == english.active_version.normalizer_hash
    assert (row.errors, row.substitutions) == (1, 1)


def test_a_version_is_shown_only_once_every_turn_has_a_score_under_it(english):
    """Regression: an empty job finishing early declared a version scored while another
    job for the same version still had turns to score."""
    turns = TurnFactory.create_batch(2)
    pending = scoring.create_job(
        Job.Kind.RESCORE, "en", english.active_version, [t.pk for t in turns]
    )
    scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, [])
    english.refresh_from_db()
    assert english.scored_version is None
    for chunk in pending.chunks.all():
        scoring.run_chunk(chunk.pk)
    english.refresh_from_db()
    assert english.scored_version == english.active_version


def test_a_worker_that_computes_another_stamp_writes_nothing_and_says_why(english):
    """The version was stamped by other scoring code or libraries than this worker runs:
    none of its scores would be what the stamp names."""
    from django.db import models

    from reviewapp.models import ConfigVersion

    version = english.active_version
    models.QuerySet(ConfigVersion).filter(pk=version.pk).update(normalizer_hash="abc123" + "0" * 58)
    version.refresh_from_db()
    turns = TurnFactory.create_batch(3)
    job = scoring.create_job(Job.Kind.RESCORE, "en", version, [t.pk for t in turns])
    assert scoring.run_chunk(job.chunks.get().pk) == "stamp mismatch"
    assert not Score.objects.exists()
    job.refresh_from_db()
    computed = scoring.scorer_for(version).identity.label()
    assert (job.status, job.done, job.failed) == (Job.Status.FAILED, 0, 3)
    assert job.error.startswith(
        f"stamp mismatch: en v1 was recorded as {version.label}, this worker computes {computed}"
    )
    assert version.label.endswith("+abc123") and not computed.endswith("+abc123")
    assert JobChunk.objects.get().status == JobChunk.Status.FAILED
