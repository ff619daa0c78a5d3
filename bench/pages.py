"""Benchmark 5: pages under load, gunicorn against PostgreSQL holding the corpus (100k turns).

    python -m bench.pages                    # the default corpus
    python -m bench.pages --turns 1000000    # a million turns (loaded with COPY once)

gunicorn runs the production WSGI app (DEBUG off, 3 sync workers as in the Dockerfile) on
loopback; a reviewer's session is made with Django's test client and its cookies (session
and CSRF, as a browser holds them after logging in) passed to the load generator. Each
page is first fetched alone a few times (latency without load), then under a bounded
closed-loop run of 20 concurrent connections: wrk when installed (apt install wrk), else a
small threaded Python client (less exact: it shares the cores).

Each page is measured three times: a first visit (the whole page rendered), a revisit,
whose requests carry the page's ETag in If-None-Match as a browser's do when nothing
changed since (views/conditional.py: 304 Not Modified without the page's queries), and a
first visit after a write: a first visit reuses what an earlier request under the same
content stamp read of the shared rows (views/stamped.py), which a write anywhere makes
every page read again; so the "changed" rows run a second gunicorn with that store off
(STAMPED_CACHE_CHARS=0), each request reading its rows as the first after a write does
(the turns' markup cache, keyed by values, stays warm as it does after a write). The
table counts the statuses the load run got, so a revisit row that was answered 200 says so.

Pages: the conversation list (filtered by language and model, sorted by rate), one
conversation with 50 turns, the flag queue; and, for reference, a page with no rows (the
flag queue of a language without flags): what any signed-in page costs here (session,
user, role checks, the base template), the floor under the three.

The corpus is loaded with COPY, past the app's write paths, so before measuring, the
derived rows the pages read are brought in step the way the app does it: conversation
summaries (`manage.py rebuild_summaries`, when they do not match the corpus) and the flag
queue's pair counts (`refresh_pair_counts`, what a worker does after a flag or a job).
For each page the table also gives its SQL queries (counted in-process) and the CPU time
per request of gunicorn's processes and of PostgreSQL during the load run.
"""

from __future__ import annotations

import http.client
import io
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
from contextlib import nullcontext
from dataclasses import dataclass

from . import support

TARGET_P95_MS = 300
CONNECTIONS = 20
DURATION = 10  # seconds per page
TIMEOUT = 10  # seconds: a slower response counts as a timeout
WORKERS = 3
LIST_URL = "/conversations?language=en&model=stt-beta&sort=rate_desc"
REFERENCE = "reference: no rows (flag queue, ko)"
WRK_SCRIPT = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) ok = 0; not_modified = 0 end
function response(status, headers, body)
  if status == 200 then ok = ok + 1 elseif status == 304 then not_modified = not_modified + 1 end
end
done = function(summary, latency, requests)
  local ok, not_modified = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("ok"); not_modified = not_modified + thread:get("not_modified")
  end
  io.write(string.format(
    "JSON {\\"requests\\": %d, \\"seconds\\": %f, \\"p50\\": %d, \\"p95\\": %d, " ..
    "\\"p99\\": %d, \\"errors\\": %d, \\"timeouts\\": %d, \\"ok\\": %d, " ..
    "\\"not_modified\\": %d}\\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50),
    latency:percentile(95), latency:percentile(99),
    summary.errors.status + summary.errors.connect + summary.errors.read
      + summary.errors.write, summary.errors.timeout, ok, not_modified))
end
"""
FIRST, REVISIT, CHANGED = "first", "revisit", "changed"
#: the settings of the second server, whose requests all read as the first after a write
CHANGED_ENV = {"STAMPED_CACHE_CHARS": "0"}


@dataclass
class Load:
    requests: int
    seconds: float
    p50_ms: float
    p95_ms: float
    errors: int
    timeouts: int
    ok: int = 0  # responses 200
    not_modified: int = 0  # responses 304
    app_cpu: float = 0.0  # CPU seconds of gunicorn's processes during the run
    db_cpu: float = 0.0  # CPU seconds of PostgreSQL (all databases) during the run

    @property
    def rate(self) -> float:
        return self.requests / self.seconds


def pages(corpus: support.Corpus) -> list[tuple[str, str]]:
    return [
        ("conversation list (en, model, by rate)", LIST_URL),
        ("conversation, 50 turns", f"/conversations/{corpus.long_conversation}"),
        ("flag queue", "/flags"),
        (REFERENCE, "/flags?language=ko"),
    ]


def prepare(corpus: support.Corpus) -> str:
    """Bring the summaries and pair counts in step with the corpus; say what was done."""
    from django.core.management import call_command
    from django.db import connection

    from reviewapp.models import ConversationSummary
    from reviewapp.services.flags import refresh_pair_counts

    done = []
    if ConversationSummary.objects.filter(version=corpus.version).count() != corpus.conversations:
        started = time.perf_counter()
        call_command("rebuild_summaries", "--skip-counts", stdout=io.StringIO())
        with connection.cursor() as cursor:
            cursor.execute("VACUUM reviewapp_conversationsummary")  # ANALYZE: below
        done.append(f"summaries rebuilt in {time.perf_counter() - started:.1f} s")
    started = time.perf_counter()
    counted = refresh_pair_counts()  # only the missing or out-of-date ones
    if counted:
        done.append(f"{counted} flag pairs counted in {time.perf_counter() - started:.1f} s")
    # The planner's statistics as autovacuum keeps them a minute after a write: the
    # benchmarks before this one (a rescore writes a version's scores and summaries) leave
    # them stale where autovacuum is off, and a stale count of a version's summaries (2
    # estimated, 9,200 there) made the list's first page read 12,243 rows, not 126.
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    done.append(f"statistics refreshed (ANALYZE) in {time.perf_counter() - started:.1f} s")
    return "; ".join(done)


def signed_in(user):
    """A test client with the cookies a browser has after logging in: the session, and
    the CSRF cookie (any page sets it; the login page did)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    client.get("/flags?language=ko")  # the cheapest page
    assert settings.CSRF_COOKIE_NAME in client.cookies
    return client


def query_count(user, path: str, visit: str = FIRST) -> int:
    """SQL queries of one request, in-process (after a first one: a warm session); a
    revisit sends the ETag of that first response."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = signed_in(user)
    etag = client.get(path).headers.get("ETag", "")
    headers = {"If-None-Match": etag} if visit == REVISIT else {}
    with as_changed(visit == CHANGED), CaptureQueriesContext(connection) as queries:
        status = client.get(path, headers=headers).status_code
    if status != (304 if visit == REVISIT else 200):
        raise RuntimeError(f"GET {path} ({visit}, in-process): status {status}")
    return len(queries.captured_queries)


def as_changed(changed: bool = True):
    """In-process, the settings of the "changed" server (`CHANGED_ENV`) while in the block
    (nothing when `changed` is false)."""
    from django.test.utils import override_settings

    if not changed:
        return nullcontext()
    return override_settings(**{name: int(value) for name, value in CHANGED_ENV.items()})


def browser_cookies(user) -> str:
    """The Cookie header of a signed-in browser (session and CSRF cookies)."""
    from django.conf import settings

    cookies = signed_in(user).cookies
    names = (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME)
    return "; ".join(f"{name}={cookies[name].value}" for name in names)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Gunicorn:
    def __init__(self, workers: int = WORKERS, env: dict[str, str] | None = None) -> None:
        self.workers, self.port, self.env = workers, free_port(), env or {}
        self.log = support.VAR / "gunicorn.log"

    def __enter__(self) -> Gunicorn:
        command = [
            sys.executable, "-m", "gunicorn", "lexicheck.wsgi:application",
            "--bind", f"127.0.0.1:{self.port}", "--workers", str(self.workers),
            "--timeout", "120", "--log-level", "warning",
        ]  # fmt: skip
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                command,
                cwd=support.ROOT,
                env={**os.environ, **support.bench_env(), **self.env},
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log.read_text()[-2000:]}")
            try:
                if get(self.port, "/healthz", {})[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer /healthz within 60 s")

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by gunicorn's master and workers."""
        pids = [self.proc.pid, *support.children_of(self.proc.pid)]
        return sum(support.cpu_seconds(pid) for pid in pids)

    def __exit__(self, *exc) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        _cancel_queries()


def _cancel_queries() -> None:
    """Queries of requests wrk gave up on keep running in PostgreSQL after gunicorn stops;
    cancel them (in the benchmark database only) so the next run starts quiet."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_cancel_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


def get(port: int, path: str, headers: dict[str, str], timeout: float = 120) -> tuple:
    """(status, body size, ETag) of one GET."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        return response.status, len(response.read()), response.getheader("ETag", "")
    finally:
        conn.close()


def visit_headers(port: int, path: str, cookie: str, visit: str) -> dict[str, str]:
    """The request headers of a visit: a revisit's If-None-Match holds the ETag the page
    was sent with just now."""
    headers = {"Cookie": cookie}
    if visit == REVISIT:
        status, _, etag = get(port, path, headers)
        if status != 200 or not etag:
            raise RuntimeError(f"GET {path}: status {status}, ETag {etag!r}")
        headers["If-None-Match"] = etag
    return headers


def alone(port: int, path: str, headers: dict, budget: float = 8.0) -> tuple[float, int]:
    """Median latency (ms) of sequential requests (at most 5, within `budget` seconds)."""
    status, size, _ = get(port, path, headers)  # warm the worker that answers
    if status not in (200, 304):
        raise RuntimeError(f"GET {path}: status {status}")
    times, started = [], time.perf_counter()
    while len(times) < 5 and time.perf_counter() - started < budget:
        start = time.perf_counter()
        get(port, path, headers)
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times), size


def wrk(port: int, path: str, headers: dict) -> Load:
    script = support.VAR / "wrk-report.lua"
    script.write_text(WRK_SCRIPT)
    command = [
        "wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}s", f"--timeout={TIMEOUT}s",
        "-s", str(script),
        *(arg for name, value in headers.items() for arg in ("-H", f"{name}: {value}")),
        f"http://127.0.0.1:{port}{path}",
    ]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    data = json.loads(out.split("JSON ", 1)[1].splitlines()[0])
    return Load(
        data["requests"],
        data["seconds"],
        data["p50"] / 1e3,
        data["p95"] / 1e3,
        data["errors"],
        data["timeouts"],
        ok=data["ok"],
        not_modified=data["not_modified"],
    )


def python_load(port: int, path: str, headers: dict) -> Load:
    """The same closed loop without wrk: CONNECTIONS threads, one request at a time each."""
    latencies, errors, timeouts = [], [0], [0]
    statuses = {200: 0, 304: 0}
    lock = threading.Lock()
    deadline = time.perf_counter() + DURATION

    def loop() -> None:
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            try:
                status, _, _ = get(port, path, headers, timeout=TIMEOUT)
            except TimeoutError:
                with lock:
                    timeouts[0] += 1
                continue
            except OSError:
                status = 0
            with lock:
                if status in statuses:
                    statuses[status] += 1
                    latencies.append((time.perf_counter() - start) * 1e3)
                else:
                    errors[0] += 1

    started = time.perf_counter()
    threads = [threading.Thread(target=loop) for _ in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    if not latencies:
        return Load(0, seconds, float("nan"), float("nan"), errors[0], timeouts[0])
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    median = statistics.median(latencies)
    return Load(
        len(latencies), seconds, median, p95, errors[0], timeouts[0], statuses[200], statuses[304]
    )


def run() -> str:
    support.require_services()
    corpus = support.corpus()
    support.log("pages: summaries and pair counts")
    prepared = prepare(corpus)
    cookie = browser_cookies(corpus.user)
    load_before = support.load_average()
    tool = "wrk" if shutil.which("wrk") else "python client (wrk not installed)"
    rows = []
    for env, visits in (({}, (FIRST, REVISIT)), (CHANGED_ENV, (CHANGED,))):
        with Gunicorn(env=env) as server:
            for name, path in pages(corpus):
                for visit in visits:
                    support.log(f"pages: {name}, {visit} ({path})")
                    rows.append((name, visit, *measure(server, corpus.user, path, cookie, visit)))
    order = [name for name, _ in pages(corpus)]
    rows.sort(key=lambda row: order.index(row[0]))  # each page's rows together (stable)
    load = f"{load_before} before, {support.load_average()} after"
    return table(rows, tool, load, prepared, corpus.turns)


def measure(server: Gunicorn, user, path: str, cookie: str, visit: str) -> tuple:
    """(size, queries, latency alone, load run) of one page and visit."""
    queries = query_count(user, path, visit)
    headers = visit_headers(server.port, path, cookie, visit)
    single, size = alone(server.port, path, headers)
    app, db = server.cpu_seconds(), support.postgres_cpu_seconds()
    load = (wrk if shutil.which("wrk") else python_load)(server.port, path, headers)
    load.app_cpu = server.cpu_seconds() - app
    load.db_cpu = support.postgres_cpu_seconds() - db
    return size, queries, single, load


def table(rows, tool: str, load: str, prepared: str = "", turns: int = 100_000) -> str:
    lines = [
        f"Pages under load: gunicorn ({WORKERS} sync workers) + PostgreSQL, {turns:,} turns; "
        f"{tool}, {CONNECTIONS} connections, {DURATION} s per page and visit "
        f"(target p95 < {TARGET_P95_MS} ms) [{load}]",
        f"{'page':<40} {'visit':<7} {'KB':>4} {'SQL':>3} {'alone ms':>8} {'req/s':>6} "
        f"{'p50 ms':>7} {'p95 ms':>7} {'failed':>6} {'answers':>13} {'CPU ms/req':>11}  target",
    ]
    for name, visit, size, queries, single, load in rows:
        failed = load.errors + load.timeouts
        answers = _answers(load)
        done = load.requests or 1
        cpu = f"{1e3 * load.app_cpu / done:.0f} + {1e3 * load.db_cpu / done:.0f}"
        if load.requests == 0 or load.p95_ms != load.p95_ms:  # nothing completed
            verdict = f"missed: no response within {TIMEOUT} s"
            p50 = p95 = failed = "all"
        else:
            p50, p95 = f"{load.p50_ms:.0f}", f"{load.p95_ms:.0f}"
            verdict = (
                "met"
                if load.p95_ms < TARGET_P95_MS and not failed
                else f"missed ({load.p95_ms / TARGET_P95_MS:.1f}x)"
            )
        if name == REFERENCE:
            verdict = "(not a target)"
        lines.append(
            f"{name:<40} {visit:<7} {size / 1024:>4.0f} {queries:>3} {single:>8.0f} "
            f"{load.rate:>6.1f} {p50:>7} {p95:>7} {failed:>6} {answers:>13} {cpu:>11}  {verdict}"
        )
    lines.append(
        f"first = the page rendered (no If-None-Match); revisit = If-None-Match with the ETag "
        f"the page was sent with (304 when nothing changed); changed = the page rendered as "
        f"the first visit after a write (its rows read again: {_env(CHANGED_ENV)}); "
        f"alone = median of up to 5 sequential requests; failed = errors + timeouts "
        f"(> {TIMEOUT} s), whose latency wrk does not count in p50/p95; answers = responses "
        f"200 / 304 of the load run; SQL = queries per request; CPU ms/req = gunicorn + "
        f"PostgreSQL (all databases) during the load run"
    )
    if prepared:
        lines.append(f"before the runs: {prepared}")
    return "\n".join(lines)


def _env(env: dict[str, str]) -> str:
    return " ".join(f"{name}={value}" for name, value in env.items())


def _answers(load: Load) -> str:
    return f"{load.ok} / {load.not_modified}"


def main(argv: list[str] | None = None) -> None:
    support.main_with_turns("bench.pages", __doc__, run, argv)


if __name__ == "__main__":
    main()
