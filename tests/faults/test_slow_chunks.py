"""Chunks slower than the worker's time limit, on a real worker.

The limit a chunk runs under is the worker's own (`CELERY_TASK_SOFT_TIME_LIMIT` in the
worker's environment), whatever the process that sent the chunk has configured: this
test process keeps the default 300 s, its workers get 1 or 2 s.

A chunk past the limit is split in halves, scored as new chunks, until the turns that
are too slow alone are isolated: those are named on the job, every other turn is scored.
"""

from __future__ import annotations

import copy

import pytest
from django.db import transaction
from django.db.models import Count

from reviewapp.enqueue import enqueue_job
from reviewapp.models import Job, JobChunk, Language, Score, Turn
from reviewapp.services import scoring
from reviewapp.services.configs import create_version
from reviewapp.services.versions import activate
from tests.reviewapp.factories import ConversationFactory, config_version

from .conftest import wait_for

pytestmark = [pytest.mark.faults, pytest.mark.worker, pytest.mark.redis]

#: The worker's own limits; this process (the sender) keeps 300 s and 360 s.
WORKER_LIMITS = {"CELERY_TASK_SOFT_TIME_LIMIT": "1", "CELERY_TASK_TIME_LIMIT": "30"}

#: Words a side of a turn too slow to be scored alone under the 2 s limit: each side
#: alone takes about twice that (4.4 s on a 2-core machine; 100,000 took 6.4 s).
HUGE_WORDS = 80_000
#: Words a side of the turn past the 1 s limit of the first test: the turn takes about
#: three times that (1.5 s a side), and no attempt retries it.
LONG_WORDS = 40_000
#: Number words: text2num's alpha2digit reads them in one call over the whole text, which
#: the soft limit's signal cannot cut, so an attempt can run seconds past its limit. Digits
#: would be stopped on time, but the slow rules below delete them (`\w+\d`), and with
#: enough other words left to stay slow the rules themselves timed out on a loaded
#: machine: a turn skipped for another reason than the one tested here.
WORDS = "my flight to boston leaves at seven thirty on monday the twenty first".split()


def huge_turn(conversation, index: int, words: int = HUGE_WORDS) -> Turn:
    """A turn of `words` words a side, past the limits of these workers alone (no rule is
    slow: it is long). At `HUGE_WORDS` each side takes longer than the 2 s limit to
    normalize on its own, so it stays too slow on a retry: an attempt cut short may leave
    the other side's normalization remembered, and at 40,000 words the retries of a split
    chunk finished it once the class steps got faster. Fewer words make a cheaper test:
    each attempt runs until text2num's one call over the side returns."""
    reference = " ".join(WORDS[(i * 7 + index) % len(WORDS)] for i in range(words))
    hypothesis = " ".join(WORDS[(i * 5 + index) % len(WORDS)] for i in range(words))
    return add_turn(conversation, index, reference, hypothesis)


#: Three rules that match nothing here, but try every start in a run of letters and
#: backtrack over the rest of it: quadratic in the run. On a run of 3,000 letters a turn
#: is scored in about 0.25 s (its two texts far under the 1 s all rules may take on one
#: text), and 16 such turns take about 4 s, twice the workers' limit.
SLOW_RULES = [
    {"pattern": pattern, "replacement": ""} for pattern in (r"[a-z]+\d", r"[a-h]+\d", r"\w+\d")
]
RUN = ("abcdefgh" * 400)[:3000]

#: Turns a chunk: the scenario's first chunk is this long. A smaller chunk needs fewer
#: splits (each one waits out the limit) to isolate a turn.
CHUNK = 16


def tag(index: int) -> str:
    """Letters of its own for each turn (no digit: the rules must match nothing), so that
    the scorer does not reuse the work of a turn with the same text."""
    return "".join(chr(ord("a") + int(digit)) for digit in str(index))


def slow_turn(conversation, index: int) -> Turn:
    reference, hypothesis = f"book it {RUN} now {tag(index)}", f"look it {RUN} now {tag(index)}"
    return add_turn(conversation, index, reference, hypothesis)


def quick_turn(conversation, index: int) -> Turn:
    return add_turn(conversation, index, f"book it now {tag(index)}", f"look it now {tag(index)}")


def add_turn(conversation, index: int, reference: str, hypothesis: str) -> Turn:
    return Turn.objects.create(
        conversation=conversation,
        language="en",
        index=index,
        speaker="user",
        reference=reference,
        hypothesis=hypothesis,
    )


def run_job(version, turn_ids: list[int]) -> Job:
    with transaction.atomic():
        job = scoring.create_job(Job.Kind.RESCORE, "en", version, turn_ids)
        enqueue_job(job)
    return job


def wait_until_finished(job: Job, worker, timeout: float = 120) -> Job:
    wait_for(
        lambda: Job.objects.get(pk=job.pk).is_finished,
        timeout,
        interval=0.2,
        message=f"the job did not finish:\n{worker.tail()}",
    )
    job.refresh_from_db()
    return job


def test_a_chunk_runs_under_the_worker_s_soft_time_limit_not_the_sender_s(
    settings, broker, start_worker
):
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT == 300  # the sender's
    version = config_version("en")
    turn = huge_turn(ConversationFactory(language="en"), 0, words=LONG_WORDS)
    worker = start_worker("limits", **WORKER_LIMITS)
    job = wait_until_finished(run_job(version, [turn.pk]), worker)
    # stopped after the worker's 1 s: under the sender's 300 s it would have been scored
    assert (job.status, job.done, job.failed) == (Job.Status.FAILED, 0, 1), job.error
    reason = "time limit exceeded: the worker's soft time limit is 1 s"
    assert job.failed_turn_lines() == [f"turn {turn.pk}: {reason}"]
    assert not Score.objects.filter(version=version).exists()
    assert worker.proc.poll() is None  # the soft limit stops the chunk, not the worker


def test_slow_rules_time_out_whole_chunks_which_are_split_until_every_turn_is_settled(
    make_user, broker, start_worker, monkeypatch
):
    """The reported fault: a config whose rules are slow makes whole chunks of a rescore
    run past the soft time limit, and none of their turns was scored. Here, two chunks:
    16 slow turns (about 4 s together) in one; two quick turns and two turns too slow to
    be scored alone under the limit in the other. The two are side by side at its end, so
    they stay in one half until the last split: 4 attempts cut at the limit settle them
    (the chunk, its half, each turn alone). Each such attempt costs a worker several
    seconds, so the second chunk is kept that short."""
    monkeypatch.setattr(scoring, "CHUNK_SIZE", CHUNK)
    config_version("en")
    conversation = ConversationFactory(language="en")
    slow = [slow_turn(conversation, index).pk for index in range(CHUNK)]
    quick = [quick_turn(conversation, index).pk for index in range(CHUNK, CHUNK + 2)]
    huge = [huge_turn(conversation, index).pk for index in range(CHUNK + 2, CHUNK + 4)]
    # 2 s, not 1: the worker builds the config's scorer (about 0.5 s) in its first chunk
    limits = {"CELERY_TASK_SOFT_TIME_LIMIT": "2", "CELERY_TASK_TIME_LIMIT": "30"}
    worker = start_worker("slow-rules", **limits)
    maintainer = make_user("slow-maintainer", maintains=["en"])
    content = copy.deepcopy(config_version("en").content)
    content["config"]["replacements"] = [*content["config"].get("replacements", []), *SLOW_RULES]
    # A version made without a proposal: the proposal's checks would refuse these rules on
    # their sample (they are too slow there), and what is tested here is the rescore.
    with transaction.atomic():
        version = create_version("en", content, approver=maintainer, message="slow rules")
        activate(version, user=maintainer)
    job = Job.objects.get(kind=Job.Kind.RESCORE, version=version)
    first, second = job.chunks.order_by("index")
    assert (first.turn_ids, second.turn_ids) == (slow, sorted(quick + huge))
    job = wait_until_finished(job, worker, timeout=300)

    # every turn is settled: the others scored once each, the too-slow ones named
    assert (job.status, job.done, job.failed, job.total) == (
        Job.Status.DONE,
        CHUNK + 2,
        2,
        CHUNK + 4,
    )
    per_turn = dict(
        Score.objects.filter(version=version)
        .values("turn_id")
        .annotate(n=Count("id"))
        .values_list("turn_id", "n")
    )
    assert per_turn == {pk: 1 for pk in slow + quick}
    reason = "time limit exceeded: the worker's soft time limit is 2 s"
    assert sorted(job.failed_turn_lines()) == sorted(f"turn {pk}: {reason}" for pk in huge)

    # both chunks ran past the limit and were split (the first for its slow rules alone);
    # no chunk is pending; each chunk scored was claimed once, and every split chunk's
    # turns were scored by its halves, not by itself
    chunks = JobChunk.objects.filter(job=job)
    assert {c.status for c in chunks.filter(pk__in=[first.pk, second.pk])} == {"split"}
    assert not chunks.filter(status=JobChunk.Status.PENDING).exists()
    done = chunks.filter(status=JobChunk.Status.DONE)
    assert set(done.values_list("attempts", flat=True)) == {1}
    assert sorted(t for c in done for t in c.turn_ids) == sorted(slow + quick)
    failed = chunks.filter(status=JobChunk.Status.FAILED)
    assert sorted(c.turn_ids for c in failed) == [[pk] for pk in huge]

    # two turns have no score under the new version: pages keep the complete one
    assert Language.objects.get(code="en").scored_version != version
    assert worker.proc.poll() is None
