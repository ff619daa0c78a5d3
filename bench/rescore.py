"""Benchmark 3: a full rescore of the corpus (100,000 English turns) by real Celery workers.

The path is the product's: `start_rescore` of a new config version and `enqueue_job` in one
transaction (as an approval does), chunks sent to Redis on commit, `score_chunk` tasks run
by `celery worker` processes writing to PostgreSQL. Timed from the call to the job's DONE
row. A run has 1, 2 or 4 workers: that many separate `celery worker` nodes of concurrency
1 on the one broker, as `docker compose up --scale worker=N` (or workers on more
machines) would run them; by default in the order 1, 2, 4, 4, 2, 1.

    python -m bench.rescore                            # the default corpus and runs
    python -m bench.rescore --turns 1000000 --workers 1,2,4

Where the time goes comes from hooks in the benchmark workers only (bench.support): the
share of task time spent in the database (connect, each SQL statement and commit, round
trips and lock waits included), in `score_row` (normalize + align + build the row), and
the rest (ORM work in Python, Celery). Who used the two cores during each run is read from
/proc: the worker's processes, PostgreSQL (all databases), everything else.

The machine is shared, so absolute rates move with other people's load; the CPU cost per
turn (measured in-process on 20 chunks, `chunk_costs`) does not, and gives the rate two
idle cores could reach.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from . import support

TARGET = 2_000  # turns/s with 2 workers
# ABBA order: a drift in the machine's load (other people's jobs) hits both sides alike.
WORKERS = (1, 2, 4, 4, 2, 1)
COST_CHUNKS = 20


@dataclass
class Run:
    workers: int
    turns: int
    seconds: float
    timings: dict
    cpu: dict
    partial: bool = False  # stopped at --max-seconds: `turns` were scored by then

    @property
    def rate(self) -> float:
        return self.turns / self.seconds


def rescore(workers: int, label: str = "rescore", max_seconds: float | None = None) -> Run:
    """One full rescore of the corpus by `workers` fresh worker processes (separate nodes,
    concurrency 1 each); the version's scores are dropped after. With `max_seconds`, a
    rescore still running then is cancelled, and the run counts the turns scored by then."""
    from contextlib import ExitStack

    from django.db import transaction

    from reviewapp.enqueue import enqueue_job
    from reviewapp.services.versions import start_rescore

    corpus = support.corpus()
    version = support.new_version(f"{label}-w{workers}")
    try:
        with ExitStack() as stack:
            nodes = [
                stack.enter_context(support.worker(name=f"{label}-w{workers}-{n}", timings=True))
                for n in range(workers)
            ]
            meter = support.MachineMeter(*nodes).start()
            started = time.perf_counter()
            with transaction.atomic():
                job = start_rescore(version)
                enqueue_job(job)
            scored = _wait(job, version, max_seconds)
            seconds = time.perf_counter() - started
            cpu = meter.stop()
        timings = support.summarize_timings([row for n in nodes for row in n.task_timings()])
    finally:
        support.drop_scores(version)
    partial = scored is not None
    return Run(workers, scored if partial else corpus.turns, seconds, timings, cpu, partial)


def _wait(job, version, max_seconds: float | None) -> int | None:
    """Wait for the job; None when it finished, else (cancelled at `max_seconds`) the
    number of score rows written by then."""
    from reviewapp.models import Score
    from reviewapp.services.scoring import do_cancel_job

    if max_seconds is None:  # a million turns on a busy machine can take an hour
        support.wait_for_job(job.pk, timeout=max(900, job.total / 50))
        return None
    try:
        support.wait_for_job(job.pk, timeout=max_seconds)
        return None
    except RuntimeError as exc:
        if "not finished" not in str(exc):
            raise
    scored = Score.objects.filter(version=version).count()
    do_cancel_job(support.corpus().user, job)
    return scored


def chunk_costs(chunks: int = COST_CHUNKS) -> dict[str, float]:
    """CPU per turn of `run_chunk`, in this process on one kept connection: Python (and of
    it `score_row`), and the PostgreSQL backend that served it; plus wall time in SQL."""
    from django.db import connection, transaction

    from reviewapp.services import scoring
    from reviewapp.services.versions import start_rescore

    version = support.new_version("costs")
    try:
        with transaction.atomic():
            job = start_rescore(version)
        ids = list(job.chunks.order_by("index").values_list("pk", flat=True)[: chunks + 1])
        scoring.run_chunk(ids.pop(0))  # builds the scorer, warms the connection
        backend = connection.connection.info.backend_pid
        sql = [0.0]

        def timed(execute, *args):
            start = time.perf_counter()
            try:
                return execute(*args)
            finally:
                sql[0] += time.perf_counter() - start

        score_row, spent = scoring.score_row, [0.0]

        def timed_score_row(*args, **kwargs):
            start = time.process_time()
            try:
                return score_row(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - start

        pg, py, wall = support.cpu_seconds(backend), time.process_time(), time.perf_counter()
        scoring.score_row = timed_score_row
        try:
            with connection.execute_wrapper(timed):
                for chunk_id in ids:
                    scoring.run_chunk(chunk_id)
        finally:
            scoring.score_row = score_row
        wall = time.perf_counter() - wall
        turns = len(ids) * scoring.CHUNK_SIZE
        costs = {
            "turns": turns,
            "python_us": (time.process_time() - py) / turns * 1e6,
            "score_us": spent[0] / turns * 1e6,
            "postgres_us": (support.cpu_seconds(backend) - pg) / turns * 1e6,
            "sql_share": sql[0] / wall,
            "rate": turns / wall,
        }
        fresh, kept = _reconnect_cost(job, chunks)
        return {**costs, "fresh_ms": fresh * 1e3, "kept_ms": kept * 1e3}
    finally:
        support.drop_scores(version)


def _reconnect_cost(job, skip: int, pairs: int = 8) -> tuple[float, float]:
    """Median seconds of a chunk on a new connection (as Celery runs each task by default)
    and on a kept one, alternating so that both see the same load."""
    import statistics

    from django.db import connection

    from reviewapp.services import scoring

    ids = list(job.chunks.order_by("index").values_list("pk", flat=True)[skip + 1 :])
    fresh, kept = [], []
    for n, chunk_id in enumerate(ids[: 2 * pairs]):
        if n % 2 == 0:
            connection.close()
        start = time.perf_counter()
        scoring.run_chunk(chunk_id)
        (fresh if n % 2 == 0 else kept).append(time.perf_counter() - start)
    return statistics.median(fresh), statistics.median(kept)


def run(workers: tuple[int, ...] = WORKERS, max_seconds: float | None = None) -> str:
    support.require_services()
    corpus = support.corpus()
    load_before = support.load_average()
    support.log(f"rescore: CPU cost per turn, in-process, {COST_CHUNKS} chunks")
    costs = chunk_costs()
    runs = []
    for count in workers:
        support.log(
            f"rescore: {corpus.turns:,} turns, {count} worker(s) [{support.load_average()}]"
        )
        runs.append(rescore(count, max_seconds=max_seconds))
        support.log(f"  {runs[-1].rate:,.0f} turns/s [{support.load_average()}]")
    load = f"{load_before} before, {support.load_average()} after"
    return table(runs, costs, corpus.turns, load, support.describe_corpus())


def mean_rate(runs: list[Run], workers: int) -> float:
    return statistics.mean(r.rate for r in runs if r.workers == workers)


def table(runs: list[Run], costs: dict, turns: int, load: str, described: str) -> str:
    counts = sorted({r.workers for r in runs})
    base = mean_rate(runs, counts[0])
    two = mean_rate(runs, 2) if 2 in counts else 0.0
    verdict = "met" if two >= TARGET else f"missed by {1 - two / TARGET:.0%}"
    lines = [
        f"Rescore end to end, {turns:,} English turns, Celery on Redis + PostgreSQL "
        f"(target >= {TARGET:,} turns/s with 2 workers: {verdict}) [{load}]",
        described,
        f"{'workers':<7} {'seconds':>7} {'turns/s':>8} {'x 1':>5} {'in DB':>6} "
        f"{'scoring':>7} {'other':>6} {'SQL/chunk':>9} {'cores busy':>10}  "
        "CPU s: worker / PostgreSQL (all DBs) / other processes",
    ]
    for r in runs:
        t, cpu = r.timings, r.cpu
        other = 1 - t.get("db_share", 0) - t.get("score_share", 0)
        lines.append(
            f"{r.workers:<7} {r.seconds:>7.1f} {r.rate:>8,.0f} {r.rate / base:>5.2f} "
            f"{t.get('db_share', 0):>6.0%} {t.get('score_share', 0):>7.0%} {other:>6.0%} "
            f"{t.get('queries_per_task', 0):>9.1f} {cpu['busy'] / cpu['capacity']:>10.0%}  "
            f"{cpu['worker']:.1f} / {cpu['postgres']:.1f} / {cpu['others']:.1f}"
            + (
                f"  partial: cancelled after {r.seconds:.0f} s, {r.turns:,} turns scored"
                if r.partial
                else ""
            )
        )
    per_turn = costs["python_us"] + costs["postgres_us"]
    lines += [
        "mean: "
        + ", ".join(
            f"{n} worker{'s' if n > 1 else ''} {mean_rate(runs, n):,.0f} turns/s "
            f"(x{mean_rate(runs, n) / base:.2f})"
            for n in counts
        ),
        "in DB = connect + SQL (with psycopg's parameter adaptation) + commit, scoring = "
        "score_row, other = ORM in Python and Celery: shares of task time in the worker",
        f"CPU per turn (in-process, {costs['turns']:,} turns, one connection): "
        f"Python {costs['python_us']:.0f} µs (score_row {costs['score_us']:.0f} µs), "
        f"PostgreSQL {costs['postgres_us']:.0f} µs; SQL {costs['sql_share']:.0%} of wall time; "
        f"{costs['rate']:,.0f} turns/s in one process -> 2 idle cores: at most "
        f"~{2e6 / per_turn:,.0f} turns/s",
        f"A chunk of 500 on a new database connection (Celery's default: closed around each "
        f"task) {costs['fresh_ms']:.0f} ms, on a kept one {costs['kept_ms']:.0f} ms "
        f"(median of 8 each, alternating)",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m bench.rescore", description=__doc__.split("\n")[0]
    )
    support.add_turns_option(parser)
    parser.add_argument(
        "--workers",
        default=",".join(map(str, WORKERS)),
        help="worker processes of each run, in order (default %(default)s)",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        help="cancel a rescore still running after this long and report the turns it "
        "scored by then (a partial run, marked so)",
    )
    args = parser.parse_args(argv)
    support.use_turns(args.turns)
    workers = tuple(int(n) for n in args.workers.split(",") if n.strip())
    if not workers or min(workers) < 1:
        parser.error(f"--workers {args.workers!r}: give positive numbers, e.g. 1,2,4")
    print(run(workers, args.max_seconds))


if __name__ == "__main__":
    main()
