"""Benchmark 7: an approval of one rule touching about 1% of 100,000 English turns, end to
end with 2 real Celery workers.

The path is the product's approval minus the proposal's bookkeeping: a new version with
one more filler and `activate(..., incremental=True)` in one transaction, which creates
the version and a rescore job that is "planning". On commit a worker runs the plan
(`versions.plan_rescore`, its own transaction): it bounds the edit
(`scoring.config.reach`), carries the other scores and summaries over in the database
and queues the touched turns; their chunks go to Redis on commit, and `score_chunk`
tasks run in a prefork `celery worker` with concurrency 2 writing to PostgreSQL. Timed
from the start of the approval's transaction to its commit, to the job leaving
"planning" (polled every 50 ms) and to the job's DONE row (the last score written). The
filler is the word whose turns come closest to 1% of the corpus among the words the
filter can bound.

Afterwards English points at version 1 again and what the run wrote is removed.
"""

from __future__ import annotations

import copy
import re
import time
from collections import Counter

from . import support

SHARE = 0.01
CONCURRENCY = 2
_WORD = re.compile(r"[a-z]+")


def pick_filler(corpus_version) -> tuple[str, dict]:
    """The word whose turns are nearest SHARE of the corpus, and the content adding it as
    a filler, among words the reach filter bounds (not a word a rule writes)."""
    from reviewapp.models import Turn
    from scoring.config.reach import reach

    turns = Turn.objects.filter(language="en", scored=True)
    counts: Counter[str] = Counter()
    total = 0
    for reference, hypothesis in turns.values_list("reference", "hypothesis").iterator(5000):
        total += 1
        counts.update(set(_WORD.findall(f"{reference} {hypothesis}".lower())))
    base = corpus_version.content
    for word, _ in sorted(counts.items(), key=lambda item: abs(item[1] / total - SHARE)):
        content = copy.deepcopy(base)
        content["config"]["fillers"] = [*content["config"]["fillers"], word]
        content["config"]["description"] += f" [bench incremental {time.time_ns()}]"
        if len(word) > 2 and reach(base, content) is not None:
            return word, content
    raise RuntimeError("no word of the corpus is a filler the filter can bound")


def approve_and_wait(corpus, content) -> dict:
    from django.db import transaction

    from reviewapp.models import AuditEvent
    from reviewapp.services.configs import create_version
    from reviewapp.services.versions import activate

    with support.worker(concurrency=CONCURRENCY, name="incremental", timings=True) as workers:
        started_at, started = time.time(), time.perf_counter()
        with transaction.atomic():
            version = create_version(
                "en", content, parent=corpus.version, message="bench: one more filler"
            )
            job = activate(version, incremental=True)
        committed = time.perf_counter() - started
        try:
            planned = wait_until_planned(job.pk) + committed
            support.wait_for_job(job.pk)
        except Exception:
            restore(corpus, version)
            raise
        seconds = time.perf_counter() - started
    event = AuditEvent.objects.get(action=AuditEvent.Action.RESCORE_QUEUED, object_id=str(job.pk))
    return {
        "version": version,
        "seconds": seconds,
        "approval": committed,
        "planned": planned,
        "rescored": event.data["rescored"],
        "carried": event.data.get("carried", 0),
        "tasks": task_lines(workers.task_timings(), started_at),
    }


def task_lines(rows: list[dict], started_at: float) -> list[str]:
    """The worker's tasks on the approval's clock: when each kind started and ended, its
    seconds and its seconds in SQL (what `planned` and `seconds` above are made of)."""
    lines = []
    for name in sorted({row["task"] for row in rows}):
        runs = [row for row in rows if row["task"] == name]
        first = min(row["started_at"] for row in runs) - started_at
        last = max(row["started_at"] + row["seconds"] for row in runs) - started_at
        busy, sql = sum(r["seconds"] for r in runs), sum(r["db"] for r in runs)
        lines.append(
            f"  {name}: {len(runs)} task(s), first started {first:.2f} s, last ended {last:.2f} s, "
            f"busy {busy:.2f} s, of which SQL {sql:.2f} s"
        )
    return lines


def wait_until_planned(job_id: int, timeout: float = 900) -> float:
    """Seconds until a worker planned the job (it left "planning"), polled every 50 ms."""
    from reviewapp.models import Job

    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if Job.objects.filter(pk=job_id).exclude(status=Job.Status.PLANNING).exists():
            return time.perf_counter() - started
        time.sleep(0.05)
    raise RuntimeError(f"job {job_id} still planning after {timeout}s")


def restore(corpus, version) -> None:
    """English back on version 1; the run's scores, summaries and counts removed."""
    from reviewapp.models import ConversationSummary, Language, PairCount

    Language.objects.filter(code="en").update(
        active_version=corpus.version, scored_version=corpus.version
    )
    ConversationSummary.objects.filter(version=version).delete()
    PairCount.objects.filter(version=version).delete()
    support.drop_scores(version)


def ensure_summaries(corpus) -> None:
    """Version 1's conversation summaries, as the app keeps them (the corpus is COPYed):
    the approval carries them over too."""
    import io

    from django.core.management import call_command

    from reviewapp.models import ConversationSummary

    if ConversationSummary.objects.filter(version=corpus.version).count() != corpus.conversations:
        support.log("incremental: rebuilding conversation summaries")
        call_command("rebuild_summaries", "--skip-counts", stdout=io.StringIO())


def require_same_code(corpus) -> None:
    """An approval carries scores only from a version this code computes: a corpus
    scored by other scoring code is rescored whole, which is not what this measures."""
    from reviewapp.services.configs import identity_for, stamp_mismatch

    reason = stamp_mismatch(corpus.version, identity_for(corpus.version))
    if reason:
        raise RuntimeError(
            f"{reason}. The corpus must be scored by this code: drop the benchmark database "
            "and run again (it is loaded anew)."
        )


def run() -> str:
    support.require_services()
    corpus = support.corpus()
    require_same_code(corpus)
    ensure_summaries(corpus)
    load = support.load_average()
    word, content = pick_filler(corpus.version)
    support.log(f"incremental: filler {word!r}, {corpus.turns:,} turns, {CONCURRENCY} workers")
    result = approve_and_wait(corpus, content)
    try:
        return (
            f"Incremental rescore after a one-rule approval (filler {word!r}), "
            f"{corpus.turns:,} English turns, {CONCURRENCY} workers [{load} before]\n"
            f"approval to last score written: {result['seconds']:.1f} s "
            f"(approval transaction: {result['approval']:.1f} s; planned by a worker, the "
            f"filter over every turn and the INSERT ... SELECT copies, "
            f"{result['planned']:.1f} s after the start); "
            f"turns rescored {result['rescored']:,}, carried {result['carried']:,}\n"
            "worker tasks, timed inside the worker:\n" + "\n".join(result["tasks"])
        )
    finally:
        restore(corpus, result["version"])


def main() -> None:
    print(run())


if __name__ == "__main__":
    main()
