"""Benchmark 6: a worker's peak memory does not grow with the size of a rescore.

A fresh `celery worker` (concurrency 1) rescores the first 10,000 turns of the corpus, then
another fresh one all 100,000 (the same job code as `start_rescore`: `create_job` and
`enqueue_job`, chunks of 500). Peak RSS (VmHWM in /proc/<pid>/status) is read for the
worker's main process and its pool child, when the worker is ready and once the job is
done. Streaming chunk by chunk, the child's peak should be the same for both sizes.
"""

from __future__ import annotations

import time

from . import support

SIZES = (10_000, 100_000)
FLAT = 1.10  # peak at 100k within 10% of the peak at 10k


def measure(turns: int) -> dict:
    from django.db import transaction

    from reviewapp.enqueue import enqueue_job
    from reviewapp.models import Job, Turn
    from reviewapp.services.scoring import create_job

    ids = list(Turn.objects.filter(language="en").order_by("pk").values_list("pk", flat=True))
    version = support.new_version(f"memory-{turns}")
    try:
        with support.worker(concurrency=1, name=f"memory-{turns}") as worker:
            (child,) = worker.children()
            ready = support.proc_status(child, "VmHWM")
            start = time.perf_counter()
            with transaction.atomic():
                job = create_job(Job.Kind.RESCORE, "en", version, ids[:turns])
                enqueue_job(job)
            support.wait_for_job(job.pk)
            seconds = time.perf_counter() - start
            peaks = {
                "main": support.proc_status(worker.proc.pid, "VmHWM"),
                "child": support.proc_status(child, "VmHWM"),
                "child_rss": support.proc_status(child, "VmRSS"),
            }
            # the same pool child did all the work (no restart, no second child)
            same_child = worker.children() == [child]
    finally:
        support.drop_scores(version)
    return {"turns": turns, "seconds": seconds, "ready": ready, "same": same_child, **peaks}


def run() -> str:
    support.require_services()
    support.corpus()
    load = support.load_average()
    rows = []
    for turns in SIZES:
        support.log(f"memory: worker rescoring {turns:,} turns")
        rows.append(measure(turns))
    small, large = rows[0]["child"], rows[-1]["child"]
    ratio = large / small
    verdict = "met" if ratio <= FLAT else f"missed: +{(ratio - 1):.0%}"
    lines = [
        f"Worker memory, peak RSS (VmHWM) of a concurrency-1 worker rescoring English turns "
        f"(target: flat, 100k within {FLAT - 1:.0%} of 10k: {verdict}) [{load}]",
        support.describe_corpus(),
        f"{'turns':>8} {'seconds':>8} {'child at ready':>15} {'child peak':>11} "
        f"{'child RSS end':>14} {'main peak':>10}",
    ]
    for r in rows:
        lines.append(
            f"{r['turns']:>8,} {r['seconds']:>8.1f} {r['ready'] / 1024:>12.1f} MB "
            f"{r['child'] / 1024:>8.1f} MB {r['child_rss'] / 1024:>11.1f} MB "
            f"{r['main'] / 1024:>7.1f} MB" + ("" if r["same"] else "  (pool child replaced)")
        )
    lines.append(
        f"peak of the pool child that ran every chunk: {large / 1024:.1f} MB at "
        f"{SIZES[-1]:,} turns vs {small / 1024:.1f} MB at {SIZES[0]:,} ({ratio:.2f}x)"
    )
    return "\n".join(lines)


def main() -> None:
    print(run())


if __name__ == "__main__":
    main()
