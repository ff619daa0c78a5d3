"""Where one page's time goes, in-process, on the bench database (benchmark 5's pages).

    python -m bench.page_profile /conversations/110 [--requests 200] [--top 30]

The bench reviewer's test client asks for the page a few times (warm caches, as a
worker's after its first requests), then `--requests` more times, and prints: ms a request
(the view, middleware and test client; PostgreSQL's time included, as the client waits
for it); the SQL of one request with PostgreSQL's planning and execution times (EXPLAIN
ANALYZE, best of 5); the time the ORM takes to build each query (SQLCompiler.as_sql, by
model and number of columns, over as many requests again); and the top functions of a
cProfile of as many requests by cumulative time. cProfile slows Python calls unevenly:
its shares say where to look; the ms a request and benchmark 5 (gunicorn under load) say
what a change bought.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import re
import time
from collections import defaultdict
from contextlib import contextmanager

from . import support
from .pages import as_changed, signed_in

WARM = 5
EXPLAINED = 5


def _timed(client, path: str, requests: int) -> float:
    started = time.perf_counter()
    for _ in range(requests):
        client.get(path)
    return (time.perf_counter() - started) / requests * 1000


def _explained(sql: str) -> str:
    """`plan x ms, run y ms`: the best of EXPLAINED EXPLAIN ANALYZEs of a logged query."""
    from django.db import connection

    if not sql.lstrip().upper().startswith(("SELECT", "WITH")):
        return "(not a SELECT)"
    times = []
    with connection.cursor() as cursor:
        for _ in range(EXPLAINED):
            cursor.execute("EXPLAIN ANALYZE " + sql)
            out = "\n".join(row[0] for row in cursor.fetchall())
            times.append(
                [
                    float(re.search(rf"{k} Time: ([\d.]+)", out).group(1))
                    for k in ("Planning", "Execution")
                ]
            )
    return f"plan {min(t[0] for t in times):.2f} ms, run {min(t[1] for t in times):.2f} ms"


@contextmanager
def _builds():
    """Time every outermost SQLCompiler.as_sql: {(model, columns): [seconds, ...]}."""
    from django.db.models.sql.compiler import SQLCompiler

    times: dict[tuple[str, int], list[float]] = defaultdict(list)
    build, depth = SQLCompiler.as_sql, [0]

    def timed(compiler, *args, **kwargs):
        if depth[0]:  # a subquery's build is its query's
            return build(compiler, *args, **kwargs)
        depth[0] += 1
        started = time.perf_counter()
        try:
            return build(compiler, *args, **kwargs)
        finally:
            depth[0] -= 1
            key = (compiler.query.model.__name__, len(compiler.select or ()))
            times[key].append(time.perf_counter() - started)

    SQLCompiler.as_sql = timed
    try:
        yield times
    finally:
        SQLCompiler.as_sql = build


def _build_lines(times: dict, requests: int) -> list[str]:
    total = sum(sum(v) for v in times.values()) / requests * 1000
    lines = [f"ORM query building: {total:.2f} ms a request, by query (model, columns):"]
    for (model, columns), spent in sorted(times.items(), key=lambda kv: -sum(kv[1])):
        lines.append(
            f"  {model} ({columns}): {len(spent) / requests:.1f} a request, "
            f"{sum(spent) / len(spent) * 1000:.3f} ms each"
        )
    return lines


def report(path: str, requests: int, top: int, changed: bool = False) -> str:
    """`changed`: every request reads its rows as the first after a write does."""
    support.require_services()  # Django set up, before its settings are overridden
    with as_changed(changed):
        return _report(path, requests, top, changed)


def _report(path: str, requests: int, top: int, changed: bool) -> str:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    corpus = support.corpus()
    client = signed_in(corpus.user)
    for _ in range(WARM):
        status = client.get(path).status_code
    if status != 200:
        raise SystemExit(f"GET {path}: status {status}")
    per_request = _timed(client, path, requests)
    with CaptureQueriesContext(connection) as queries:
        client.get(path)
    captured = list(queries.captured_queries)  # the next request empties the log
    with _builds() as times:
        _timed(client, path, requests)
    profiler = cProfile.Profile()
    profiler.enable()
    _timed(client, path, requests)
    profiler.disable()
    stats = io.StringIO()
    pstats.Stats(profiler, stream=stats).sort_stats("cumulative").print_stats(top)
    lines = [
        f"{path}: {per_request:.1f} ms a request, in-process, mean of {requests} "
        f"(after {WARM}){' as the first after a write' if changed else ''} "
        f"[{support.load_average()}]",
        f"corpus: {corpus.turns:,} scored turns, {corpus.conversations:,} conversations",
        f"SQL of one request: {len(captured)} queries",
    ]
    for query in captured:
        lines.append(f"  {_explained(query['sql'])}: {query['sql'][:110]}")
    lines += _build_lines(times, requests)
    lines += [f"cProfile of {requests} requests, by cumulative time:", stats.getvalue().strip()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.page_profile", description=__doc__)
    parser.add_argument("path", help="the page, e.g. /flags")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=30, help="functions of the cProfile shown")
    parser.add_argument(
        "--changed",
        action="store_true",
        help="each request as the first after a write (the stamped store off: bench.pages)",
    )
    args = parser.parse_args(argv)
    print(report(args.path, args.requests, args.top, args.changed))


if __name__ == "__main__":
    main()
