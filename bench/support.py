"""Shared set-up of the database benchmarks (3-6): services, the 100k-turn corpus, workers.

The benchmarks run against their own PostgreSQL database and their own Redis database, never
the ones the app or the tests use:

    BENCH_DATABASE_URL  default postgres://postgres@127.0.0.1:5432/lexicheck_bench
    BENCH_BROKER_URL    default redis://127.0.0.1:6379/5

When either cannot be reached, `require_services()` raises `Skipped` and `python -m bench`
prints one "skipped" line for the benchmark instead of failing.

The corpus (100,000 English user turns, scored under config version 1, some flags) is loaded
once with COPY and kept: a marker row (a Dataset named `MARKER`) written in the same
transaction says it is complete, so a later run reuses it in a second.

Workers are real `celery worker` processes. Started with `timings=True` they also import
this module (`--include bench.support`), which then records, per task, the wall time, the
time inside SQL statements and commits, and the time in `score_row` (see `_install_hooks`).
Nothing in the app changes for that: the hooks exist only in benchmark workers.
"""

from __future__ import annotations

import json
import os
import platform
import random
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lexicheck.workers import WorkerProcess

ROOT = Path(__file__).resolve().parents[1]
VAR = ROOT / "var" / "bench"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/lexicheck_bench"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/5"
SKIP = "skipped: needs PostgreSQL and Redis (set BENCH_DATABASE_URL / BENCH_BROKER_URL)"
TIMINGS_ENV = "LEXICHECK_BENCH_TIMINGS"
SLOWEST = 5  # queries kept per task, slowest first

CORPUS_TURNS = 100_000  # the default size; BENCH_TURNS (or `python -m bench --turns N`) sets it
TURNS_ENV = "BENCH_TURNS"
SCORE_BATCH = 20_000  # turns scored in memory before their rows are copied
SHORT_TURNS, LONG_TURNS, LONG_CONVERSATIONS = 10, 50, 200  # 200 x 50 + 9,000 x 10 turns
# Named after the corpus's recipe: a database holding another recipe's corpus is refused
# (see `_load`), not reused under this one's description.
MARKER = "bench-corpus-complete-distinct-v2"
DATASETS = ("bench-support", "bench-travel")
MODELS = ("stt-alpha", "stt-beta", "stt-gamma")
FLAGS = 150
USERNAME, PASSWORD = "bench-reviewer", "bench-reviewer-pass-123"


class Skipped(RuntimeError):
    """The benchmark cannot run here (no PostgreSQL or Redis)."""


def log(message: str) -> None:
    """Progress goes to stderr; the tables go to stdout at the end."""
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# --- services and Django ------------------------------------------------------------------


def database_url() -> str:
    return os.environ.get("BENCH_DATABASE_URL") or DEFAULT_DATABASE_URL


def broker_url() -> str:
    return os.environ.get("BENCH_BROKER_URL") or DEFAULT_BROKER_URL


def bench_env() -> dict[str, str]:
    """The environment of the benchmark process, its workers and gunicorn: production-like
    settings (DEBUG off, so no query log grows), plain HTTP on loopback."""
    return {
        "DJANGO_SETTINGS_MODULE": "lexicheck.settings",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker_url(),
        "CELERY_RESULT_BACKEND": broker_url(),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
        "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "LEXICHECK_VAR_DIR": str(VAR),
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }


_ready = False


def require_services() -> None:
    """Check PostgreSQL and Redis, create the benchmark database, set Django up (once)."""
    global _ready
    if _ready:
        return
    import psycopg
    import redis

    url = database_url()
    try:
        conninfo = _conninfo(url)
        name = conninfo.pop("dbname")
        with psycopg.connect(**conninfo, dbname="postgres", connect_timeout=3) as conn:
            conn.autocommit = True
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{name}"')
        redis.Redis.from_url(broker_url(), socket_connect_timeout=2, socket_timeout=2).ping()
    except (psycopg.Error, redis.RedisError, OSError, ValueError) as exc:
        detail = " ".join(str(exc).split())[:100]
        raise Skipped(f"{SKIP} [{type(exc).__name__}: {detail}]") from None
    os.environ.update(bench_env())
    VAR.mkdir(parents=True, exist_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    _ready = True


def _conninfo(url: str) -> dict:
    import dj_database_url

    config = dj_database_url.parse(url)
    if not config["ENGINE"].endswith("postgresql"):
        raise ValueError("BENCH_DATABASE_URL must be a PostgreSQL URL")
    info = {"dbname": config["NAME"], "host": config["HOST"] or "127.0.0.1"}
    info.update(port=config["PORT"] or 5432, user=config["USER"] or "postgres")
    if config["PASSWORD"]:
        info["password"] = config["PASSWORD"]
    return info


# --- the corpus ---------------------------------------------------------------------------


@dataclass
class Corpus:
    language: str
    version: object  # ConfigVersion 1: the scored version pages show
    turns: int
    conversations: int
    long_conversation: int  # a conversation with 50 turns
    user: object  # a reviewer


def corpus_turns() -> int:
    """The corpus size asked for: BENCH_TURNS, else 100,000."""
    value = os.environ.get(TURNS_ENV, "").replace("_", "").replace(",", "")
    if not value:
        return CORPUS_TURNS
    if not value.isdigit() or int(value) < LONG_TURNS * LONG_CONVERSATIONS + SHORT_TURNS:
        raise ValueError(
            f"{TURNS_ENV}={os.environ[TURNS_ENV]!r}: a number of turns of at least "
            f"{LONG_TURNS * LONG_CONVERSATIONS + SHORT_TURNS:,} is needed"
        )
    return int(value)


def add_turns_option(parser) -> None:
    """`--turns N` on a benchmark's command line: the corpus size (BENCH_TURNS)."""
    parser.add_argument(
        "--turns",
        type=int,
        help=f"corpus size in turns (default {CORPUS_TURNS:,}; a database holding another "
        "size is emptied and loaded again, with COPY)",
    )


def main_with_turns(module: str, doc: str, run, argv: list[str] | None = None) -> None:
    """A benchmark's command line with `--turns` alone: parse, set the size, print run()."""
    import argparse

    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=doc.split("\n")[0])
    add_turns_option(parser)
    use_turns(parser.parse_args(argv).turns)
    print(run())


def use_turns(turns: int | None) -> None:
    if turns is not None:
        os.environ[TURNS_ENV] = str(turns)
        corpus_turns()  # a bad size fails here, before anything runs


def _marker_text(turns: int) -> str:
    """The start of the marker's description (its end names the corpus's source)."""
    return f"{turns:,} turns, "


def corpus() -> Corpus:
    """The English corpus of `corpus_turns()` turns, loaded on first use and reused
    afterwards; a corpus of another size in the database is emptied and loaded again."""
    require_services()
    from django.contrib.auth import get_user_model

    from reviewapp.models import Conversation, Dataset, Language, Turn

    turns = corpus_turns()
    marker = Dataset.objects.filter(name=MARKER).values_list("description", flat=True).first()
    if not (marker or "").startswith(_marker_text(turns)):
        if marker is not None or Dataset.objects.exists():
            log(f"the database holds another corpus ({marker}); emptying it")
            _empty_database()
        _load(turns)
    language = Language.objects.select_related("scored_version").get(code="en")
    long = Conversation.objects.filter(external_id__startswith="bench-long-").order_by("pk")
    return Corpus(
        language="en",
        version=language.scored_version,
        turns=Turn.objects.filter(language="en", scored=True).count(),
        conversations=Conversation.objects.filter(language="en").count(),
        long_conversation=long.values_list("pk", flat=True).first(),
        user=get_user_model().objects.get(username=USERNAME),
    )


# what migrations and Django's post-migrate signals write: not corpus data
KEPT_TABLES = {"django_migrations", "django_content_type", "auth_permission"}


def _empty_database() -> None:
    """Every table of the benchmark database emptied but KEPT_TABLES (a corpus of another
    size in it, or an interrupted load)."""
    from django.db import connection

    tables = [
        name
        for name in connection.introspection.django_table_names(only_existing=True)
        if name not in KEPT_TABLES
    ]
    with connection.cursor() as cursor:
        quoted = ", ".join(connection.ops.quote_name(name) for name in tables)
        cursor.execute(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE")


def _load(turns: int = CORPUS_TURNS) -> None:
    from django.db import connection, transaction

    from reviewapp.models import Conversation, Dataset, Language, Turn
    from reviewapp.services.accounts import do_make_reviewer
    from reviewapp.services.configs import scorer_for

    from .data import english_distinct

    started = time.perf_counter()
    name = connection.settings_dict["NAME"]
    log(f"loading the corpus ({turns:,} English turns) into {name}")
    with transaction.atomic():
        version = _english_version()
        datasets = [Dataset.objects.get_or_create(name=name)[0] for name in DATASETS]
        rng = random.Random(5)
        sizes = [LONG_TURNS] * LONG_CONVERSATIONS
        sizes += [SHORT_TURNS] * ((turns - sum(sizes)) // SHORT_TURNS)
        rng.shuffle(sizes)
        conversations = Conversation.objects.bulk_create(
            Conversation(
                dataset=datasets[i % len(datasets)],
                external_id=f"bench-{'long' if size == LONG_TURNS else 'conv'}-{i:05d}",
                language="en",
                model=MODELS[rng.randrange(len(MODELS))],
                metadata={"generated_by": "bench.support"},
            )
            for i, size in enumerate(sizes)
        )
        english = english_distinct(turns, seed=17)
        log(f"  {english.describe()}")
        pairs = iter(english.pairs)
        turn_rows = (
            (c.pk, "en", index, "user", *next(pairs), 1, "", None, None, "[]", True, False)
            for c, size in zip(conversations, sizes, strict=True)
            for index in range(size)
        )
        copy_rows(Turn, TURN_FIELDS, turn_rows)
        log(f"  turns copied ({time.perf_counter() - started:.0f}s); scoring them under v1")
        scorer = scorer_for(version)
        _copy_scores(version, scorer)
        Language.objects.filter(code="en").update(scored_version=version)
        user = do_make_reviewer(USERNAME, PASSWORD)
        _flags(user, version)
        Dataset.objects.create(name=MARKER, description=_marker_text(turns) + english.source)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    log(f"  corpus loaded in {time.perf_counter() - started:.0f}s")


# Every column: Django keeps field defaults in Python, so the table has none for COPY.
TURN_FIELDS = [
    "conversation_id", "language", "index", "speaker", "reference", "hypothesis",
    "reference_version", "audio_url", "start_time", "end_time", "labels", "scored",
    "alternations",
]  # fmt: skip


def turns_to_score():
    """English turns with every field `score_row` reads: a deferred one would be loaded
    by a query per turn."""
    from reviewapp.models import Turn

    fields = ("id", "language", "reference", "reference_version", "hypothesis", "alternations")
    return Turn.objects.filter(language="en").order_by("pk").only(*fields)


def _copy_scores(version, scorer) -> None:
    """Score every English turn under `version` and COPY the rows, a batch at a time: a
    batch is read first (the connection cannot run a query while a COPY is open on it),
    and a million turns' rows never sit in memory at once."""
    from reviewapp.models import Score

    turns = turns_to_score()
    last, started = 0, time.perf_counter()
    while True:
        batch = list(turns.filter(pk__gt=last)[:SCORE_BATCH])
        if not batch:
            return
        copy_rows(Score, SCORE_FIELDS, [score_values(t, version, scorer) for t in batch])
        last = batch[-1].pk
        log(f"  {last:,} turns scored ({time.perf_counter() - started:.0f}s)")


def _english_version():
    """Version 1 of English from configs/, active and scored (only English is needed)."""
    from django.conf import settings

    from reviewapp.models import ConfigVersion, Language
    from reviewapp.services.configs import create_version
    from scoring import load_bundle

    version = ConfigVersion.objects.filter(language="en", number=1).first()
    if version is None:
        bundle = load_bundle("en", settings.CONFIGS_DIR)
        version = create_version("en", bundle.data, message="Imported from configs/en.json")
    Language.objects.update_or_create(
        code="en", defaults={"config_language": "en", "active_version": version}
    )
    return version


SCORE_FIELDS = [
    "turn_id", "version_id", "reference_version", "language", "unit", "rate", "errors",
    "ref_len", "hyp_len", "substitutions", "deletions", "insertions", "reference_normalized",
    "hypothesis_normalized", "alignment", "details", "normalizer", "created_at",
]  # fmt: skip


def score_values(turn, version, scorer) -> tuple:
    """The column values of the Score row the worker would write (same `score_row`)."""
    from django.utils import timezone

    from reviewapp.services.scoring import score_row

    row = score_row(turn, version, scorer)
    row.created_at = timezone.now()
    json_fields = ("alignment", "details", "normalizer")
    return tuple(
        json.dumps(getattr(row, name)) if name in json_fields else getattr(row, name)
        for name in SCORE_FIELDS
    )


def copy_rows(model, fields: list[str], rows) -> None:
    """COPY rows into a model's table (text format; JSON columns as JSON text)."""
    from django.db import connection

    columns = ", ".join(f'"{name}"' for name in fields)
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f'COPY "{model._meta.db_table}" ({columns}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)


def _flags(user, version) -> None:
    """Open flags on error regions of the first turns with errors, in varied categories."""
    from reviewapp.models import Score
    from reviewapp.services.flags import do_create_flag

    categories = ["false_error", "real_error", "false_error", "reference_error"]
    scores = Score.objects.filter(version=version, errors__gt=0).order_by("turn_id")
    long_first = scores.filter(turn__conversation__external_id__startswith="bench-long-")
    # once each: a second open flag of one author on one region is refused
    picked = list(dict.fromkeys([*long_first[:10], *scores[: FLAGS * 3 : 3]]))
    for n, score in enumerate(picked[:FLAGS]):
        do_create_flag(user, score, 0, category=categories[n % len(categories)])


def describe_corpus() -> str:
    """One line on the database corpus: turns, distinct references, distinct texts."""
    from reviewapp.models import Dataset, Turn

    english = Turn.objects.filter(language="en")
    turns = english.count()
    references = english.values("reference").distinct().count()
    texts = english.values_list("reference").union(english.values_list("hypothesis")).count()
    source = Dataset.objects.get(name=MARKER).description
    return (
        f"corpus: {turns:,} English turns in the database, {references:,} distinct refs, "
        f"{texts:,} distinct texts of {2 * turns:,}; loaded as: {source}"
    )


# --- versions, jobs, cleanup ------------------------------------------------------------------


def new_version(label: str):
    """A new (not active) English version with the same rules: a rescore of it does all the
    work of a real one (a new scorer per worker, a new score row per turn)."""
    import copy as copying

    from reviewapp.models import ConfigVersion
    from reviewapp.services.configs import create_version

    base = ConfigVersion.objects.get(language="en", number=1)
    content = copying.deepcopy(base.content)
    content["config"]["description"] += f" [bench {label} {time.time_ns()}]"
    return create_version("en", content, message=f"bench: {label}")


def drop_scores(version) -> None:
    """Remove what a benchmark wrote under a version (its scores, jobs and chunks), so the
    database stays at 100k scores. The version row itself stays: versions are immutable
    and never deleted (ImmutableModel); a benchmark version is never active."""
    from django.db import connection

    from reviewapp.models import Job, JobChunk, Score

    Score.objects.filter(version=version)._raw_delete(Score.objects.db)
    JobChunk.objects.filter(job__version=version)._raw_delete(JobChunk.objects.db)
    Job.objects.filter(version=version).delete()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE reviewapp_score")


def wait_for_job(job_id: int, timeout: float = 900) -> float:
    """Seconds until the job is finished (polled every 50 ms); raises if it fails."""
    from reviewapp.models import Job

    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        job = Job.objects.get(pk=job_id)
        if job.is_finished:
            if job.status != Job.Status.DONE:
                raise RuntimeError(f"job {job_id} {job.status}: {job.error[:500]}")
            return time.perf_counter() - started
        time.sleep(0.05)
    raise RuntimeError(f"job {job_id} not finished after {timeout}s")


# --- worker processes ----------------------------------------------------------------------


@dataclass
class Worker:
    """A real `celery worker` (prefork) on the benchmark broker and database."""

    concurrency: int = 1
    name: str = "bench"
    timings: bool = False
    process: WorkerProcess | None = None
    timings_file: Path | None = None

    @property
    def proc(self):
        return self.process.proc if self.process else None

    @property
    def log(self) -> Path:
        return VAR / f"worker-{self.name}.log"

    def start(self) -> Worker:
        from lexicheck.celery import app
        from lexicheck.workers import WorkerProcess

        app.control.purge()  # nothing left over from an interrupted run
        env = {**os.environ, **bench_env()}
        extra = ["--without-heartbeat"]
        if self.timings:
            self.timings_file = VAR / f"timings-{self.name}.jsonl"
            self.timings_file.unlink(missing_ok=True)
            env[TIMINGS_ENV] = str(self.timings_file)
            extra += ["--include", "bench.support"]
        self.process = WorkerProcess(
            environment=env,
            log=self.log,
            hostname=f"{self.name}-{os.getpid()}@%h",
            concurrency=self.concurrency,
            loglevel="WARNING",
            extra_args=extra,
        )
        self.process.start(ready=self._ready)
        return self

    def _ready(self) -> bool:
        """All pool processes are up and the worker answers a ping (at WARNING it does not
        log that it is ready)."""
        from lexicheck.celery import app

        if len(self.children()) < self.concurrency:
            return False
        replies = app.control.ping(timeout=0.5) or []
        return any(f"{self.name}-{os.getpid()}@" in name for r in replies for name in r)

    def children(self) -> list[int]:
        return children_of(self.proc.pid) if self.proc else []

    def pids(self) -> list[int]:
        return [self.proc.pid, *self.children()]

    def stop(self) -> None:
        if self.process:
            self.process.stop(timeout=30)

    def task_timings(self) -> list[dict]:
        if not self.timings_file or not self.timings_file.exists():
            return []
        return [json.loads(line) for line in self.timings_file.read_text().splitlines() if line]


@contextmanager
def worker(**kwargs):
    process = Worker(**kwargs).start()
    try:
        yield process
    finally:
        process.stop()


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)


def proc_status(pid: int, key: str) -> int:
    """A kB value of /proc/<pid>/status (VmHWM: peak RSS, VmRSS: current RSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU seconds used by workers' processes (main and pool children) since start().

    PostgreSQL's share is not measured this way: Celery closes the database connection
    around each task, so each task has its own short-lived backend process."""

    def __init__(self, *workers: Worker) -> None:
        self.workers = workers

    def pids(self) -> list[int]:
        return [pid for worker in self.workers for pid in worker.pids()]

    def start(self) -> CpuMeter:
        self.before = {pid: cpu_seconds(pid) for pid in self.pids()}
        return self

    def stop(self) -> float:
        return sum(cpu_seconds(pid) - self.before.get(pid, 0.0) for pid in self.pids())


def postgres_cpu_seconds() -> float:
    """CPU seconds of every PostgreSQL process on this machine (all databases): the live
    ones, plus what the postmaster collected from backends that have exited."""
    total, pids = 0.0, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            head, rest = (entry / "stat").read_text().rsplit(")", 1)
        except OSError:
            continue
        if head.split("(", 1)[1] == "postgres":
            pids[int(entry.name)] = rest.split()
    tick = os.sysconf("SC_CLK_TCK")
    for fields in pids.values():
        total += (int(fields[11]) + int(fields[12])) / tick
        if int(fields[1]) not in pids:  # the postmaster: add its reaped children
            total += (int(fields[13]) + int(fields[14])) / tick
    return total


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from /proc/stat."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = values
    tick = os.sysconf("SC_CLK_TCK")
    busy = user + nice + system + irq + softirq + steal
    return busy / tick, (busy + idle + iowait) / tick


class MachineMeter:
    """Who used the cores during a run: our workers, PostgreSQL (all databases: other test
    runs share the server), and everything else on the machine."""

    def __init__(self, *workers: Worker) -> None:
        self.worker = CpuMeter(*workers)

    def start(self) -> MachineMeter:
        self.worker.start()
        self.postgres = postgres_cpu_seconds()
        self.own = time.process_time()
        self.busy, self.total = machine_cpu()
        return self

    def stop(self) -> dict[str, float]:
        busy, total = machine_cpu()
        used = {
            "worker": self.worker.stop(),
            "postgres": postgres_cpu_seconds() - self.postgres,
            "busy": busy - self.busy,
            "capacity": total - self.total,
        }
        used["others"] = max(
            0.0, used["busy"] - used["worker"] - used["postgres"] - (time.process_time() - self.own)
        )
        return used


def summarize_timings(rows: list[dict]) -> dict[str, float]:
    """Totals over the tasks a worker ran: wall, SQL, scoring, and queries per task."""
    if not rows:
        return {}
    total = sum(r["seconds"] for r in rows)
    return {
        "connects_per_task": sum(r.get("connects", 0) for r in rows) / len(rows),
        "tasks": len(rows),
        "task_seconds": total,
        "db_share": sum(r["db"] for r in rows) / total,
        "score_share": sum(r["score"] for r in rows) / total,
        "queries_per_task": sum(r["queries"] for r in rows) / len(rows),
        "turns_per_task": sum(r["turns"] for r in rows) / len(rows),
    }


# --- the machine ---------------------------------------------------------------------------


def machine() -> str:
    """One line: cores, RAM, load average, versions (for the tables and RESULTS.md)."""
    import django

    memory = next(
        int(line.split()[1]) // 1024
        for line in Path("/proc/meminfo").read_text().splitlines()
        if line.startswith("MemTotal")
    )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} cores, {memory / 1024:.0f} GiB RAM, load average {load}; "
        f"Python {platform.python_version()}, Django {django.get_version()}"
    )


def load_average() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


# --- hooks inside a benchmark worker ---------------------------------------------------------


def _install_hooks(path: str) -> None:
    """Per task: wall time, time in SQL (every execute and commit), time in `score_row`.

    Installed in benchmark workers only (`--include bench.support` and TIMINGS_ENV set):
    a SQL time is measured around the driver call, so it includes the round trip and any
    lock wait; what is neither SQL nor scoring is ORM work in Python and Celery itself.
    """
    from celery.signals import task_postrun, task_prerun

    state = {"db": 0.0, "score": 0.0, "queries": 0, "turns": 0, "connects": 0, "installed": False}
    state["slowest"] = []

    def timed_sql(execute, sql, params, many, context):
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            spent = time.perf_counter() - start
            state["db"] += spent
            state["queries"] += 1
            slowest = state["slowest"]
            # the label is made only for a query among the slowest: a chunk's INSERT of 500
            # rows is a long statement, and this runs inside the timed task
            if len(slowest) < SLOWEST or spent > slowest[-1][0]:
                label = " ".join(sql[:200].split()[:6])[:80]
                state["slowest"] = sorted([*slowest, (spent, label)], reverse=True)[:SLOWEST]

    def timed(method, key: str, counter: str = ""):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                state[key] += time.perf_counter() - start
                if counter:
                    state[counter] += 1

        return wrapper

    def install() -> None:
        from django.db import connection

        import reviewapp.services.scoring as scoring

        connection.execute_wrappers.append(timed_sql)
        connection._commit = timed(connection._commit, "db")
        connection.connect = timed(connection.connect, "db", "connects")
        scoring.score_row = timed(scoring.score_row, "score", "turns")
        state["installed"] = True

    def before(**kwargs) -> None:
        if not state["installed"]:
            install()
        state.update(db=0.0, score=0.0, queries=0, turns=0, connects=0, slowest=[])
        state["start"] = time.perf_counter()
        state["started_at"] = time.time()

    def after(task=None, **kwargs) -> None:
        row = {
            "task": getattr(task, "name", ""),
            "pid": os.getpid(),
            "seconds": time.perf_counter() - state["start"],
            "started_at": state["started_at"],  # wall clock, to place it on another's
            **{key: state[key] for key in ("db", "score", "queries", "turns", "connects")},
            "slowest": [(round(spent, 3), label) for spent, label in state["slowest"]],
        }
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")

    task_prerun.connect(before, weak=False)
    task_postrun.connect(after, weak=False)


# Set only in the environment of a benchmark worker started by `Worker`.
if os.environ.get(TIMINGS_ENV):
    _install_hooks(os.environ[TIMINGS_ENV])
