"""Score turns in the background: a job is split into chunks; each chunk's scores and its
"done" mark are written in one transaction, so a crash leaves no partial chunk and a
redelivered chunk changes nothing (a score is unique per turn, config version and
reference version).

A turn whose reference was corrected is scored on its current reference and on its
original one (version 1): both scores are reported where they differ.

A chunk that fails as a whole (past the worker's time limit, or an unexpected error) is
split in halves, scored as new chunks, down to single turns: only a turn that fails alone
stays without a score, and it is named on the job. A job ends when no chunk is pending.

Every write that settles a chunk locks the job's row first, then the chunk's: a cancel,
which locks the job's row too, commits either before (and the chunk writes nothing) or
after it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from scoring.alternations import TranscriptError
from scoring.errors import ScoringError
from scoring.evaluate import record_scorer
from scoring.formats import Record
from scoring.scorer import PairScore, Scorer

from ..enqueue import enqueue_chunks, enqueue_job, enqueue_pair_counts, enqueue_plan
from ..models import (
    ConfigVersion,
    ConversationSummary,
    Job,
    JobChunk,
    Language,
    Score,
    Turn,
    TurnReference,
)
from . import audit
from .configs import scorer_for, stamp_mismatch

CHUNK_SIZE = 500


def score_text(scorer: Scorer, reference: str, hypothesis: str, *, alternations: bool) -> PairScore:
    """A turn's texts scored as the CLI scores them. A reference in sclite's transcript
    syntax (a trn turn's) goes through the CLI's own trn scoring (`scoring.evaluate`,
    align "sclite": the word network with sclite's weights, each alternative normalized
    on its own); any other reference through the scorer. A reference that breaks the
    syntax (a correction, say) is a ScoringError, so the turn is reported, not scored."""
    if not alternations:
        return scorer.score(reference, hypothesis)
    record = Record("", reference, hypothesis, alternations=True)
    try:
        return record_scorer(scorer, "sclite")(record)
    except TranscriptError as exc:
        raise ScoringError(f"the reference's alternations: {exc}") from None


def score_row(
    turn: Turn, version: ConfigVersion, scorer, *, reference: tuple[int, str] | None = None
) -> Score:
    """The Score row for one turn (not saved); the numbers are the CLI's numbers.
    `reference`: (version number, text) of another version of the turn's reference than
    its current one (the original, for the second score of a corrected turn)."""
    number, text = reference or (turn.reference_version, turn.reference)
    result = score_text(scorer, text, turn.hypothesis, alternations=turn.alternations)
    data = result.as_dict(alignment=False)
    details = {
        key: data[key]
        for key in ("profile", "raw", "strict", "code_switch", *result.profiles)
        if key in data
    }
    return Score(
        turn=turn,
        version=version,
        reference_version=number,
        language=turn.language,
        unit=result.unit,
        rate=result.rate,
        errors=result.counts.errors,
        ref_len=result.counts.ref_len,
        hyp_len=result.counts.hyp_len,
        substitutions=result.counts.substitutions,
        deletions=result.counts.deletions,
        insertions=result.counts.insertions,
        reference_normalized=result.reference,
        hypothesis_normalized=result.hypothesis,
        alignment=[op.as_list() for op in result.alignment.ops],
        details=details,
        normalizer=result.normalizer.as_dict(),
    )


@transaction.atomic
def create_job(
    kind: str,
    language: str,
    version: ConfigVersion,
    turn_ids: Sequence[int],
    *,
    user=None,
    covers_all_turns: bool = False,
) -> Job:
    """A job scoring `turn_ids` under `version`, with its chunks. `covers_all_turns`: they
    are every scored turn of the languages without a score under the version (see
    `_finish`)."""
    job = Job.objects.create(
        kind=kind,
        language=language,
        version=version,
        total=len(turn_ids),
        created_by=user,
        covers_all_turns=covers_all_turns,
    )
    _add_chunks(job, turn_ids)
    return job


def create_planning_job(language: str, version: ConfigVersion, *, user=None) -> Job:
    """A rescore job whose turns are not known yet: `queue_planned` gives it its chunks."""
    return Job.objects.create(
        kind=Job.Kind.RESCORE,
        language=language,
        version=version,
        status=Job.Status.PLANNING,
        created_by=user,
    )


def queue_planned(job: Job, turn_ids: Sequence[int]) -> Job:
    """Give a planning job (its row locked by the caller) every turn of its languages left
    without a score under its version by the plan: it is queued with its chunks, or done
    at once when it has none. Returns the job as written."""
    Job.objects.filter(pk=job.pk).update(
        status=Job.Status.QUEUED, total=len(turn_ids), covers_all_turns=True
    )
    job = Job.objects.get(pk=job.pk)
    _add_chunks(job, turn_ids)
    return job


def _add_chunks(job: Job, turn_ids: Sequence[int]) -> None:
    JobChunk.objects.bulk_create(
        JobChunk(job=job, index=i, turn_ids=list(turn_ids[start : start + CHUNK_SIZE]))
        for i, start in enumerate(range(0, len(turn_ids), CHUNK_SIZE))
    )
    if not turn_ids:
        _finish(job)


class JobError(Exception):
    """A job action that cannot be done now; the message says why, to the user."""


def do_cancel_job(user, job: Job) -> int | None:
    """Cancel a job that has work left; returns how many of its chunks were pending (None
    when there was nothing to cancel). No chunk writes once this commits: a chunk is
    claimed, split or failed with the job's row locked, and checks for a cancel there."""
    with transaction.atomic():
        job = Job.objects.select_for_update().get(pk=job.pk)
        if not job.can_be_cancelled():
            return None
        pending = job.pending_chunks()
        Job.objects.filter(pk=job.pk).update(
            cancel_requested=True, status=Job.Status.CANCELLED, finished_at=timezone.now()
        )
        audit.record(
            user, audit.Action.RESCORE_CANCELLED, job, language=job.language, pending=pending
        )
    return pending


def do_retry_job(user, job: Job) -> Job:
    """Score what a job that is over left without a score, as a new job queued once this
    commits. A chunk of the old job still pending (its status said failed while they ran
    on) is stopped: the new job scores its turns."""
    if not job.can_be_retried:
        raise JobError(
            "Only a scoring job that is over and left turns without a score can be retried."
        )
    codes = Language.objects.codes_for(job.version.language)
    with transaction.atomic():
        Job.objects.filter(pk=job.pk).update(cancel_requested=True)  # waits for a claim
        turn_ids = unscored_turn_ids(job.version, list(codes))
        retry = create_job(
            job.kind, job.language, job.version, turn_ids, user=user, covers_all_turns=True
        )
        audit.record(
            user,
            audit.Action.RESCORE_QUEUED,
            retry,
            language=job.language,
            retry_of=job.pk,
            turns=retry.total,
        )
        enqueue_job(retry)
    return retry


def run_chunk(chunk_id: int) -> str:
    """Score one chunk. Returns what happened: "done", "skipped" (not pending any more),
    "cancelled", "missing", or "stamp mismatch" (this worker does not compute the
    version's recorded stamp)."""
    chunk = JobChunk.objects.select_related("job__version").filter(pk=chunk_id).first()
    if chunk is None:
        return "missing"  # its job was deleted while the message waited
    job = chunk.job
    if chunk.status != JobChunk.Status.PENDING:
        return "skipped"
    if job.cancel_requested:
        return "cancelled"
    if job.status == Job.Status.QUEUED:
        Job.objects.filter(pk=job.pk, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, started_at=timezone.now()
        )
    scorer = scorer_for(job.version)
    mismatch = stamp_mismatch(job.version, scorer.identity)
    if mismatch:
        # Scores under a version must be the scores its stamp names: a worker with other
        # scoring code or libraries writes none, and says why on the job. Splitting the
        # chunk would not help: this worker would refuse every part of it alike.
        mark_chunk_failed(chunk.pk, mismatch)
        return "stamp mismatch"
    turns = Turn.objects.filter(pk__in=chunk.turn_ids).only(
        "id",
        "conversation",
        "language",
        "reference",
        "reference_version",
        "hypothesis",
        "alternations",
    )
    rows, unscorable = _score_turns(turns, job.version, scorer)
    return _write_chunk(chunk, rows, unscorable)


@transaction.atomic
def _write_chunk(chunk: JobChunk, rows: list[Score], unscorable: list[tuple]) -> str:
    """Claim the chunk and write its scores, all or nothing; unless the job was cancelled
    while the chunk was being scored: then its work is dropped."""
    job = Job.objects.select_for_update().filter(pk=chunk.job_id).first()
    if job is None:
        return "missing"
    if job.cancel_requested:
        return "cancelled"
    claimed = JobChunk.objects.filter(pk=chunk.pk, status=JobChunk.Status.PENDING)
    if not claimed.update(status=JobChunk.Status.DONE, attempts=F("attempts") + 1):
        return "skipped"  # another worker finished it first
    Score.objects.bulk_create(rows, ignore_conflicts=True)
    # the conversations list reads per-(conversation, version) sums: recompute those of
    # the conversations this chunk touched from their scores, in this transaction
    ConversationSummary.objects.refresh(job.version_id, {r.turn.conversation_id for r in rows})
    Job.objects.filter(pk=job.pk).update(
        done=F("done") + len(chunk.turn_ids) - len(unscorable),
        failed=F("failed") + len(unscorable),
    )
    if unscorable:
        _report_unscorable(job, chunk, unscorable)
    _finish_if_settled(job)
    return "done"


def _originals(turns: list[Turn]) -> dict[int, str]:
    """{turn id: original reference text} of the corrected turns among `turns` (no query
    when none was corrected)."""
    corrected = [turn.pk for turn in turns if turn.reference_version > 1]
    if not corrected:
        return {}
    rows = TurnReference.objects.filter(turn_id__in=corrected, number=1)
    return dict(rows.values_list("turn_id", "text"))


def _score_turns(turns, version: ConfigVersion, scorer) -> tuple[list[Score], list[tuple]]:
    """Score rows, and (turn id, reason) for each turn the scorer refuses (a config regex
    that ran past its timeout): those are reported, and the chunk's other turns are scored.
    A corrected turn gets two rows, on its current and its original reference (both or
    neither: the turn is reported as one)."""
    turns = list(turns)
    originals = _originals(turns)
    rows, unscorable = [], []
    for turn in turns:
        try:
            scored = [score_row(turn, version, scorer)]
            if turn.pk in originals:
                original = (1, originals[turn.pk])
                scored.append(score_row(turn, version, scorer, reference=original))
        except ScoringError as exc:
            unscorable.append((turn.pk, str(exc)))
        else:
            rows.extend(scored)
    return rows, unscorable


def _report_unscorable(job: Job, chunk: JobChunk, unscorable: list[tuple]) -> None:
    """Name the turns left without a score, on the chunk and (the first report) on the job."""
    lines = [f"turn {turn_id}: {reason}" for turn_id, reason in unscorable]
    JobChunk.objects.filter(pk=chunk.pk).update(error="\n".join(lines)[:2000])
    summary = (
        f"{len(unscorable)} turn(s) of chunk {chunk.index} could not be scored and have no "
        f"score under this version; first: {lines[0]}"
    )
    Job.objects.filter(pk=job.pk, error="").update(error=summary[:2000])


def requeue_pending(job: Job) -> int:
    """Send every pending chunk of a queued or running scoring job again, once the current
    transaction commits; returns how many. After a worker was killed or the broker lost its
    queue nothing else would send them. Safe to repeat: a chunk that is done when its
    message arrives is skipped, and a chunk is claimed (its scores written) only once.
    A planning job has no chunks yet: its plan is sent again (it plans once), counted 0."""
    if job.kind == Job.Kind.PREVIEW or job.cancel_requested:
        return 0
    if job.status == Job.Status.PLANNING:
        enqueue_plan(job.pk)
        return 0
    if job.status not in (Job.Status.QUEUED, Job.Status.RUNNING):
        return 0
    chunk_ids = list(
        job.chunks.filter(status=JobChunk.Status.PENDING)
        .order_by("index")
        .values_list("pk", flat=True)
    )
    enqueue_chunks(chunk_ids)
    return len(chunk_ids)


def split_failed_chunk(chunk_id: int, reason: str) -> str:
    """The chunk could not be scored as a whole (it ran past the worker's time limit, or
    raised): nothing of it was kept. Score its halves as new chunks, so that every turn
    that can be scored is; a single turn that fails is named with `reason`. Returns
    "split", "failed", "cancelled" or "skipped" (the chunk was not pending any more)."""
    with transaction.atomic():
        job, chunk = _lock_pending(chunk_id)
        if chunk is None:
            return "skipped"
        if job.cancel_requested:
            return "cancelled"
        if len(chunk.turn_ids) == 1:
            _report_unscorable(job, chunk, [(chunk.turn_ids[0], reason)])
            _fail(job, chunk)
            return "failed"
        halves = _split(job, chunk, reason)
        enqueue_chunks([half.pk for half in halves])
    return "split"


def mark_chunk_failed(chunk_id: int, error: str) -> None:
    """Give up on a whole chunk: none of its turns gets a score, and `error` says why on
    the chunk and (if it is the first report) on the job. For a failure that splitting
    cannot help, such as a worker that computes another stamp."""
    with transaction.atomic():
        job, chunk = _lock_pending(chunk_id)
        if chunk is None or job.cancel_requested:
            return
        JobChunk.objects.filter(pk=chunk.pk).update(error=error[:2000])
        Job.objects.filter(pk=job.pk, error="").update(error=error[:2000])
        _fail(job, chunk)


def _lock_pending(chunk_id: int) -> tuple[Job | None, JobChunk | None]:
    """Lock the chunk's job, then the chunk if it is still pending (the order every
    write of a chunk takes, so two of them never wait on each other)."""
    job_id = JobChunk.objects.filter(pk=chunk_id).values_list("job_id", flat=True).first()
    job = Job.objects.select_for_update().filter(pk=job_id).first() if job_id else None
    if job is None:
        return None, None
    pending = JobChunk.objects.select_for_update().filter(
        pk=chunk_id, status=JobChunk.Status.PENDING
    )
    return job, pending.first()


def _split(job: Job, chunk: JobChunk, reason: str) -> list[JobChunk]:
    """Two new pending chunks with the halves of `chunk`'s turns, numbered after the
    job's last chunk (the job's row is locked: no other split takes the same numbers)."""
    last = job.chunks.aggregate(last=Max("index"))["last"]
    middle = (len(chunk.turn_ids) + 1) // 2
    halves = JobChunk.objects.bulk_create(
        JobChunk(job=job, parent=chunk, index=last + 1 + i, turn_ids=turn_ids)
        for i, turn_ids in enumerate([chunk.turn_ids[:middle], chunk.turn_ids[middle:]])
    )
    note = f"{reason}; split into chunks {last + 1} and {last + 2}"
    JobChunk.objects.filter(pk=chunk.pk).update(status=JobChunk.Status.SPLIT, error=note[:2000])
    return halves


def _fail(job: Job, chunk: JobChunk) -> None:
    """Count the chunk's turns as failed (its error says why), and end the job if that
    was the last pending chunk."""
    JobChunk.objects.filter(pk=chunk.pk).update(status=JobChunk.Status.FAILED)
    Job.objects.filter(pk=job.pk).update(failed=F("failed") + len(chunk.turn_ids))
    _finish_if_settled(job)


def _finish_if_settled(job: Job) -> None:
    """Inside the transaction that settled one of the job's chunks, with the job's row
    locked: once no chunk is pending, the job is over."""
    if job.chunks.filter(status=JobChunk.Status.PENDING).exists():
        return
    job = Job.objects.get(pk=job.pk)  # the counts this transaction wrote
    _finish(job)
    if job.done:
        enqueue_pair_counts(job.version_id)  # the flag queue's counts, once committed


def _finish(job: Job) -> None:
    """No chunk is pending: the job is done, or failed if it scored no turn while some
    failed (the failed turns are named on the job either way). Once every turn of the
    languages a version scores has a score under it, pages show that version's scores."""
    status = Job.Status.FAILED if job.failed and not job.done else Job.Status.DONE
    Job.objects.filter(pk=job.pk).update(status=status, finished_at=timezone.now())
    if job.kind in (Job.Kind.RESCORE, Job.Kind.SCORE) and job.version_id:
        if not _left_unscored(job):
            Language.objects.scored_by(job.version.language).filter(
                active_version=job.version
            ).update(scored_version=job.version)


def _left_unscored(job: Job) -> bool:
    """Whether a turn of the job's languages may lack a score under its version. A job
    planned over every turn left without one (`covers_all_turns`) that failed none left
    none: counting the version's scores again, the slowest step of an approval's last
    chunk, is needed only for the others. A turn imported since is scored by its
    import's own job, which counts."""
    if job.covers_all_turns and not job.failed:
        return False
    return _has_unscored(job.version)


# Both helpers below avoid `.exclude(scores__version=version)`: that anti-join runs right
# after a rescore, before PostgreSQL's statistics have seen the version's new rows, and the
# planner then picks a nested loop over them: 6 minutes for 100k turns (bench/rescore.py).
# Counting with an inner join, or a set of ids, stays linear whatever the statistics say.


def _has_unscored(version: ConfigVersion) -> bool:
    codes = Language.objects.codes_for(version.language)
    turns = Turn.objects.filter(language__in=list(codes), scored=True)
    # Equal counts of turns and of turns with a score mean every turn has one (on some
    # version of its reference: the pages then show that version's scores, and a
    # correction's score that is still coming follows). Turns are counted first, so a
    # turn deleted in between errs on the safe side ("unscored").
    total = turns.count()
    scored = Score.objects.filter(version=version, turn__in=turns).values("turn_id").distinct()
    return scored.count() < total


def unscored_turn_ids(version: ConfigVersion, languages: Iterable[str]) -> list[int]:
    """The turns of these languages without a score under `version` on their current
    reference (a corrected turn scored only on an earlier one is among them)."""
    scored = set(Score.objects.filter(version=version).values_list("turn_id", "reference_version"))
    turns = Turn.objects.filter(language__in=list(languages), scored=True).order_by("pk")
    return [
        pk
        for pk, number in turns.values_list("pk", "reference_version")
        if (pk, number) not in scored
    ]
