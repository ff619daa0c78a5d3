"""Scoring jobs: chunks are all or nothing, a redelivered chunk changes nothing, and a
chunk that fails is split until only the turns that fail alone are left, named."""

import threading

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.db import connections
from django.db.models import Count

from reviewapp.enqueue import enqueue_job
from reviewapp.models import AuditEvent, Job, JobChunk, Language, Score
from reviewapp.services import scoring
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import TurnFactory
from tests.support.services import require_postgresql

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


def test_a_job_over_every_unscored_turn_shows_its_version_without_counting_again(
    english, monkeypatch
):
    """A version's rescore planned over every turn without a score under it, that failed
    none: its last chunk does not read the version's scores again to count them."""
    turns = TurnFactory.create_batch(3)
    monkeypatch.setattr(scoring, "_has_unscored", lambda version: pytest.fail("counted again"))
    ids = [t.pk for t in turns]
    job = scoring.create_job(
        Job.Kind.RESCORE, "en", english.active_version, ids, covers_all_turns=True
    )
    assert scoring.run_chunk(job.chunks.get().pk) == "done"
    english.refresh_from_db()
    assert english.scored_version == english.active_version


def test_a_job_over_every_unscored_turn_that_failed_one_counts_them(english, monkeypatch):
    """A failed turn may be left without a score: the count decides, and here it is."""
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 1)
    turns = [t.pk for t in TurnFactory.create_batch(2)]
    counted = []
    real = scoring._has_unscored
    monkeypatch.setattr(scoring, "_has_unscored", lambda v: counted.append(v) or real(v))
    job = scoring.create_job(
        Job.Kind.RESCORE, "en", english.active_version, turns, covers_all_turns=True
    )
    first, second = job.chunks.order_by("index")
    scoring.run_chunk(first.pk)
    scoring.mark_chunk_failed(second.pk, "worker lost")
    job.refresh_from_db()
    assert (job.status, job.done, job.failed) == (Job.Status.DONE, 1, 1)
    assert counted == [english.active_version]
    english.refresh_from_db()
    assert english.scored_version is None


def test_a_retry_covers_every_turn_left_without_a_score(english, make_user):
    turns = [t.pk for t in TurnFactory.create_batch(2)]
    job = scoring.create_job(Job.Kind.SCORE, "en", english.active_version, turns)
    scoring.mark_chunk_failed(job.chunks.get().pk, "worker lost")
    job.refresh_from_db()
    retry = scoring.do_retry_job(make_user("mia", maintains=["en"]), job)
    assert retry.covers_all_turns and sorted(retry.chunks.get().turn_ids) == sorted(turns)


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


# --- a chunk that fails is split ----------------------------------------------------------


@pytest.fixture
def run_job(django_capture_on_commit_callbacks):
    """Send a job's chunks and run them (and the halves they are split into) inline, as
    the worker would: each message is sent when the transaction that queued it commits."""

    def run(job: Job) -> Job:
        with django_capture_on_commit_callbacks(execute=True):
            enqueue_job(job)
        job.refresh_from_db()
        return job

    return run


def too_slow_for_turns(monkeypatch, slow_ids) -> None:
    """A chunk holding one of `slow_ids` runs past the worker's soft time limit."""
    real = scoring.score_row

    def score_row(turn, version, scorer):
        if turn.pk in slow_ids:
            raise SoftTimeLimitExceeded()
        return real(turn, version, scorer)

    monkeypatch.setattr(scoring, "score_row", score_row)


def assert_one_score_per_turn(job: Job, turn_ids) -> None:
    per_turn = dict(
        Score.objects.filter(version=job.version)
        .values("turn_id")
        .annotate(n=Count("id"))
        .values_list("turn_id", "n")
    )
    assert per_turn == {pk: 1 for pk in turn_ids}


def test_a_slow_turn_is_isolated_named_and_every_other_turn_is_scored(
    english, monkeypatch, run_job
):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 8)
    turns = [t.pk for t in TurnFactory.create_batch(11)]
    slow = turns[5]
    too_slow_for_turns(monkeypatch, {slow})
    job = run_job(scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns))
    assert (job.status, job.done, job.failed, job.total) == (Job.Status.DONE, 10, 1, 11)
    assert_one_score_per_turn(job, set(turns) - {slow})
    # 8 -> 4 -> 2 -> 1: three splits, and the slow turn fails alone, named
    failed = JobChunk.objects.get(job=job, status=JobChunk.Status.FAILED)
    assert failed.turn_ids == [slow]
    reason = "time limit exceeded: the worker's soft time limit is 300 s"
    assert job.failed_turn_lines() == [f"turn {slow}: {reason}"]
    assert job.error == (
        f"1 turn(s) of chunk {failed.index} could not be scored and have no score under "
        f"this version; first: turn {slow}: {reason}"
    )
    split = JobChunk.objects.filter(job=job, status=JobChunk.Status.SPLIT)
    assert [len(c.turn_ids) for c in split.order_by("index")] == [8, 4, 2]
    assert all(c.parts.count() == 2 for c in split)
    assert not JobChunk.objects.filter(job=job, status=JobChunk.Status.PENDING).exists()
    # every scored chunk was claimed once: no turn was written twice
    done = JobChunk.objects.filter(job=job, status=JobChunk.Status.DONE)
    assert set(done.values_list("attempts", flat=True)) == {1}
    assert sum(len(c.turn_ids) for c in done) == 10


def test_chunks_of_slow_turns_are_scored_in_halves_small_enough(english, monkeypatch, run_job):
    """Every turn is slow; together, more than two run past the limit."""
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 5)
    real = scoring._score_turns

    def score_turns(turns, version, scorer):
        turns = list(turns)
        if len(turns) > 2:
            raise SoftTimeLimitExceeded()
        return real(turns, version, scorer)

    monkeypatch.setattr(scoring, "_score_turns", score_turns)
    turns = [t.pk for t in TurnFactory.create_batch(10)]
    job = run_job(scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns))
    assert (job.status, job.done, job.failed, job.total) == (Job.Status.DONE, 10, 0, 10)
    assert_one_score_per_turn(job, turns)
    assert job.error == "" and job.failed_turn_lines() == []
    english.refresh_from_db()
    assert english.scored_version == english.active_version  # every turn has its score


def test_an_unexpected_error_splits_the_chunk_and_names_the_turn(english, monkeypatch, run_job):
    turns = [t.pk for t in TurnFactory.create_batch(3)]
    real = scoring.score_row

    def score_row(turn, version, scorer):
        if turn.pk == turns[2]:
            raise IndexError("list index out of range")
        return real(turn, version, scorer)

    monkeypatch.setattr(scoring, "score_row", score_row)
    job = run_job(scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns))
    assert (job.status, job.done, job.failed) == (Job.Status.DONE, 2, 1)
    assert job.failed_turn_lines() == [f"turn {turns[2]}: IndexError: list index out of range"]


def test_a_job_whose_every_turn_fails_has_failed(english, monkeypatch, run_job):
    turns = [t.pk for t in TurnFactory.create_batch(2)]
    too_slow_for_turns(monkeypatch, set(turns))
    job = run_job(scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns))
    assert (job.status, job.done, job.failed) == (Job.Status.FAILED, 0, 2)
    assert len(job.failed_turn_lines()) == 2
    assert not Score.objects.exists()


def test_a_split_chunk_message_delivered_again_changes_nothing(
    english, django_capture_on_commit_callbacks
):
    turns = [t.pk for t in TurnFactory.create_batch(4)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns)
    chunk = job.chunks.get()
    with django_capture_on_commit_callbacks() as sent:
        assert scoring.split_failed_chunk(chunk.pk, "time limit exceeded") == "split"
        assert scoring.split_failed_chunk(chunk.pk, "time limit exceeded") == "skipped"
    assert len(sent) == 1  # the halves are sent once
    assert scoring.run_chunk(chunk.pk) == "skipped"
    halves = JobChunk.objects.filter(parent=chunk).order_by("index")
    assert [(h.index, h.turn_ids) for h in halves] == [(1, turns[:2]), (2, turns[2:])]
    assert JobChunk.objects.get(pk=chunk.pk).error == (
        "time limit exceeded; split into chunks 1 and 2"
    )
    job.refresh_from_db()
    assert (job.done, job.failed, job.status) == (0, 0, Job.Status.QUEUED)


def test_a_failed_chunk_no_longer_ends_a_job_whose_other_chunks_are_pending(english, monkeypatch):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 2)
    turns = [t.pk for t in TurnFactory.create_batch(4)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns)
    first, second = job.chunks.order_by("index")
    scoring.mark_chunk_failed(first.pk, "worker lost")
    job.refresh_from_db()
    assert not job.is_finished and job.failed == 2
    assert scoring.run_chunk(second.pk) == "done"
    job.refresh_from_db()
    assert (job.status, job.done, job.failed) == (Job.Status.DONE, 2, 2)
    assert job.done + job.failed == job.total


# --- cancel ---------------------------------------------------------------------------------


@pytest.fixture
def maintainer(make_user):
    return make_user("max-maintainer-en", maintains=["en"])


def test_a_chunk_being_scored_when_its_job_is_cancelled_writes_nothing(
    english, maintainer, monkeypatch
):
    turns = [t.pk for t in TurnFactory.create_batch(3)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns)
    real = scoring._score_turns

    def cancelled_meanwhile(*args):
        rows = real(*args)
        assert scoring.do_cancel_job(maintainer, job) == 1  # the chunk being scored
        return rows

    monkeypatch.setattr(scoring, "_score_turns", cancelled_meanwhile)
    assert scoring.run_chunk(job.chunks.get().pk) == "cancelled"
    assert not Score.objects.exists()
    job.refresh_from_db()
    assert (job.status, job.done, job.failed) == (Job.Status.CANCELLED, 0, 0)
    assert job.chunks.get().status == JobChunk.Status.PENDING


def test_a_chunk_that_fails_after_a_cancel_is_not_split(english, maintainer):
    job = scoring.create_job(
        Job.Kind.RESCORE, "en", english.active_version, [t.pk for t in TurnFactory.create_batch(2)]
    )
    scoring.do_cancel_job(maintainer, job)
    chunk = job.chunks.get()
    assert scoring.split_failed_chunk(chunk.pk, "time limit exceeded") == "cancelled"
    scoring.mark_chunk_failed(chunk.pk, "stamp mismatch")
    assert list(JobChunk.objects.values_list("status", flat=True)) == [JobChunk.Status.PENDING]
    job.refresh_from_db()
    assert (job.status, job.failed, job.error) == (Job.Status.CANCELLED, 0, "")


def test_a_job_with_a_pending_chunk_can_be_cancelled_whatever_its_status(
    english, maintainer, monkeypatch
):
    """A job marked failed at its first failed chunk while the others ran on (as code
    before chunks were split did) could not be cancelled: "already finished"."""
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 1)
    turns = [t.pk for t in TurnFactory.create_batch(3)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns)
    first, *others = job.chunks.order_by("index")
    JobChunk.objects.filter(pk=first.pk).update(status=JobChunk.Status.FAILED)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.FAILED, failed=1)
    job.refresh_from_db()
    assert job.can_be_cancelled()
    assert scoring.do_cancel_job(maintainer, job) == 2
    assert [scoring.run_chunk(c.pk) for c in others] == ["cancelled", "cancelled"]
    assert not Score.objects.exists()
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and not job.can_be_cancelled()
    event = AuditEvent.objects.get(action="rescore:cancelled")
    assert (event.actor, event.object_id, event.data) == (maintainer, str(job.pk), {"pending": 2})


def test_a_finished_job_is_not_cancelled(english, maintainer):
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, [TurnFactory().pk])
    scoring.run_chunk(job.chunks.get().pk)
    assert scoring.do_cancel_job(maintainer, job) is None
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and not job.cancel_requested
    assert not AuditEvent.objects.filter(action="rescore:cancelled").exists()


@pytest.mark.django_db(transaction=True)
def test_a_cancel_waits_for_a_chunk_being_written_and_then_says_so(
    english, maintainer, monkeypatch
):
    """The chunk's transaction holds the job's row: the cancel waits for it, then sees
    the job done (PostgreSQL; SQLite runs one writer at a time)."""
    require_postgresql()  # concurrent writers: SQLite runs one writer at a time
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, [TurnFactory().pk])
    writing, release = threading.Event(), threading.Event()
    real = scoring._finish_if_settled

    def hold_the_lock(job):
        writing.set()
        assert release.wait(10)
        real(job)

    monkeypatch.setattr(scoring, "_finish_if_settled", hold_the_lock)
    results = {}

    def run(name, call):
        try:
            results[name] = call()
        finally:
            connections.close_all()

    chunk = threading.Thread(
        target=run, args=("chunk", lambda: scoring.run_chunk(job.chunks.get().pk))
    )
    chunk.start()
    assert writing.wait(10)
    cancel = threading.Thread(
        target=run, args=("cancel", lambda: scoring.do_cancel_job(maintainer, job))
    )
    cancel.start()
    cancel.join(0.5)
    assert cancel.is_alive()  # waiting for the chunk's transaction
    release.set()
    chunk.join(10)
    cancel.join(10)
    assert results == {"chunk": "done", "cancel": None}
    job.refresh_from_db()
    assert (job.status, job.done, job.cancel_requested) == (Job.Status.DONE, 1, False)


def test_a_chunk_past_the_hard_time_limit_is_split_too(english, django_capture_on_commit_callbacks):
    """The worker kills the process running the chunk, then calls the task's on_failure
    in its main process."""
    from celery.exceptions import TimeLimitExceeded

    from reviewapp.tasks import score_chunk

    turns = [t.pk for t in TurnFactory.create_batch(2)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", english.active_version, turns)
    chunk = job.chunks.get()
    with django_capture_on_commit_callbacks() as sent:
        score_chunk.on_failure(TimeLimitExceeded(360), "task-id", (chunk.pk,), {}, None)
    assert len(sent) == 1
    assert [h.turn_ids for h in chunk.parts.order_by("index")] == [turns[:1], turns[1:]]
    assert JobChunk.objects.get(pk=chunk.pk).error == (
        "time limit exceeded: the worker's hard time limit is 360 s; split into chunks 1 and 2"
    )


# --- references in sclite's transcript syntax (trn turns) ---------------------------------


def test_a_turn_with_alternations_is_scored_through_the_word_network(english, run_job):
    turn = TurnFactory(reference="the cat sat on { @ / the } mat", hypothesis="the cat sat on mat",
                       alternations=True)  # fmt: skip
    run_job(scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [turn.pk]))
    score = Score.objects.get(turn=turn)
    assert (score.errors, score.ref_len, score.reference_normalized) == (
        0,
        5,
        "the cat sat on mat",
    )


def test_the_same_text_without_the_mark_is_plain_words(english, run_job):
    turn = TurnFactory(reference="the cat sat on { @ / the } mat", hypothesis="the cat sat on mat")
    run_job(scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [turn.pk]))
    assert Score.objects.get(turn=turn).errors > 0


def test_a_reference_that_breaks_the_alternation_syntax_is_named_not_scored(english, run_job):
    """A correction can write `{` without `}`: the turn is reported, the others scored."""
    broken = TurnFactory(reference="a { b / c", hypothesis="a b", alternations=True)
    fine = TurnFactory(reference="a { b / c }", hypothesis="a b", alternations=True)
    job = run_job(
        scoring.create_job(Job.Kind.SCORE, "en", english.active_version, [broken.pk, fine.pk])
    )
    assert (job.done, job.failed) == (1, 1)
    assert Score.objects.get(turn=fine).errors == 0
    [line] = job.failed_turn_lines()
    assert line.startswith(f"turn {broken.pk}: the reference's alternations: column 3:")
    assert "never closed" in line
