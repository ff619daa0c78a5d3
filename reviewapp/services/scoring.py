"""Score turns in the background: a job is split into chunks; each chunk's scores and its
"done" mark are written in one transaction, so a crash leaves no partial chunk and a
redelivered chunk changes nothing (a score is unique per turn and config version)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scoring.errors import ScoringError

from ..models import ConfigVersion, ConversationSummary, Job, JobChunk, Language, Score, Turn
from .configs import scorer_for, stamp_mismatch

CHUNK_SIZE = 500


def score_row(turn: Turn, version: ConfigVersion, scorer) -> Score:
    """The Score row for one turn (not saved); the numbers are the CLI's numbers."""
    result = scorer.score(turn.reference, turn.hypothesis)
    data = result.as_dict(alignment=False)
    details = {
        key: data[key]
        for key in ("profile", "raw", "strict", "code_switch", *result.profiles)
        if key in data
    }
    return Score(
        turn=turn,
        version=version,
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
    kind: str, language: str, version: ConfigVersion, turn_ids: Sequence[int], *, user=None
) -> Job:
    job = Job.objects.create(
        kind=kind, language=language, version=version, total=len(turn_ids), created_by=user
    )
    JobChunk.objects.bulk_create(
        JobChunk(job=job, index=i, turn_ids=list(turn_ids[start : start + CHUNK_SIZE]))
        for i, start in enumerate(range(0, len(turn_ids), CHUNK_SIZE))
    )
    if not turn_ids:
        _finish(job)
    return job


def run_chunk(chunk_id: int) -> str:
    """Score one chunk. Returns what happened: "done", "skipped", "cancelled", "missing",
    or "stamp mismatch" (this worker does not compute the version's recorded stamp)."""
    from ..tasks import enqueue_pair_counts

    chunk = JobChunk.objects.select_related("job__version").filter(pk=chunk_id).first()
    if chunk is None:
        return "missing"  # its job was deleted while the message waited
    job = chunk.job
    if chunk.status == JobChunk.Status.DONE:
        return "skipped"
    if job.cancel_requested or job.status == Job.Status.CANCELLED:
        return "cancelled"
    if job.status == Job.Status.QUEUED:
        Job.objects.filter(pk=job.pk, status=Job.Status.QUEUED).update(
            status=Job.Status.RUNNING, started_at=timezone.now()
        )
    scorer = scorer_for(job.version)
    mismatch = stamp_mismatch(job.version, scorer)
    if mismatch:
        # Scores under a version must be the scores its stamp names: a worker with other
        # scoring code or libraries writes none, and says why on the job.
        mark_chunk_failed(chunk.pk, mismatch)
        return "stamp mismatch"
    turns = Turn.objects.filter(pk__in=chunk.turn_ids).only(
        "id", "conversation", "language", "reference", "hypothesis"
    )
    rows, unscorable = _score_turns(turns, job.version, scorer)
    with transaction.atomic():
        claimed = JobChunk.objects.filter(pk=chunk.pk).exclude(status=JobChunk.Status.DONE)
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
        if not job.chunks.exclude(status=JobChunk.Status.DONE).exists():
            _finish(Job.objects.select_for_update().get(pk=job.pk))
            enqueue_pair_counts(job.version_id)  # the flag queue's counts, once committed
    return "done"


def _score_turns(turns, version: ConfigVersion, scorer) -> tuple[list[Score], list[tuple]]:
    """Score rows, and (turn id, reason) for each turn the scorer refuses (a config regex
    that ran past its timeout): those are reported, and the chunk's other turns are scored."""
    rows, unscorable = [], []
    for turn in turns:
        try:
            rows.append(score_row(turn, version, scorer))
        except ScoringError as exc:
            unscorable.append((turn.pk, str(exc)))
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
    message arrives is skipped, and a chunk is claimed (its scores written) only once."""
    from ..tasks import enqueue_chunks

    if job.kind == Job.Kind.PREVIEW or job.cancel_requested:
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


def mark_chunk_failed(chunk_id: int, error: str) -> None:
    with transaction.atomic():
        chunk = JobChunk.objects.select_for_update().get(pk=chunk_id)
        if chunk.status != JobChunk.Status.PENDING:
            return
        chunk.status = JobChunk.Status.FAILED
        chunk.error = error[:2000]
        chunk.save(update_fields=["status", "error"])
        Job.objects.filter(pk=chunk.job_id).update(
            failed=F("failed") + len(chunk.turn_ids),
            status=Job.Status.FAILED,
            error=error[:2000],
            finished_at=timezone.now(),
        )


def _finish(job: Job) -> None:
    """All chunks are scored: the job is done. Once every turn of the languages a version
    scores has a score under it, pages show that version's scores."""
    Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE, finished_at=timezone.now())
    if job.kind in (Job.Kind.RESCORE, Job.Kind.SCORE) and job.version_id:
        if not _has_unscored(job.version):
            Language.objects.filter(
                config_language=job.version.language, active_version=job.version
            ).update(scored_version=job.version)


# Both helpers below avoid `.exclude(scores__version=version)`: that anti-join runs right
# after a rescore, before PostgreSQL's statistics have seen the version's new rows, and the
# planner then picks a nested loop over them: 6 minutes for 100k turns (bench/rescore.py).
# Counting with an inner join, or a set of ids, stays linear whatever the statistics say.


def _has_unscored(version: ConfigVersion) -> bool:
    codes = Language.objects.filter(config_language=version.language).values_list("code", flat=True)
    turns = Turn.objects.filter(language__in=list(codes), scored=True)
    # A score is unique per (turn, version): equal counts mean every turn has one. Turns
    # are counted first, so a turn deleted in between errs on the safe side ("unscored").
    total = turns.count()
    return Score.objects.filter(version=version, turn__in=turns).count() < total


def unscored_turn_ids(version: ConfigVersion, languages: Iterable[str]) -> list[int]:
    scored = set(Score.objects.filter(version=version).values_list("turn_id", flat=True))
    turns = Turn.objects.filter(language__in=list(languages), scored=True).order_by("pk")
    return [pk for pk in turns.values_list("pk", flat=True) if pk not in scored]
