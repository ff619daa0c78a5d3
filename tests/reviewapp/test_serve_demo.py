"""`manage.py serve_demo` (what `make demo` runs): stopping it stops its Celery worker too,
pool processes included, however many times the stop signal comes (a second Ctrl-C, or
`timeout` and `make` each passing on SIGTERM)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.services import free_port

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.worker


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture
def serve_demo(tmp_path, transactional_db):
    from tests.support.worker import database_url

    env = dict(os.environ, DEBUG="1", LEXICHECK_VAR_DIR=str(tmp_path), PYTHONPATH=str(ROOT))
    env.update(DJANGO_SETTINGS_MODULE="lexicheck.settings", DATABASE_URL=database_url())
    log = tmp_path / "serve_demo.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "serve_demo",
                "--addr",
                f"127.0.0.1:{free_port()}",
                "--concurrency",
                "1",  # a pool of one is a pool: the worker and a child to stop
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # signals go to it alone, as `kill PID` sends them
        )
    deadline = time.monotonic() + 90
    while b" ready." not in log.read_bytes():
        assert proc.poll() is None, log.read_text()[-3000:]
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.2)
    yield proc, log
    for pid in descendants(proc.pid) | {proc.pid}:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


# Both signals raise KeyboardInterrupt in the command: a first one asks the worker for a
# warm stop, a second one during it kills the group. Twice SIGTERM covers SIGTERM's
# handler for both; Ctrl-C is covered once and twice.
@pytest.mark.parametrize(
    ("signum", "times"), [(signal.SIGINT, 1), (signal.SIGINT, 2), (signal.SIGTERM, 2)]
)
def test_stopping_it_stops_the_worker_and_its_pool(serve_demo, signum, times):
    proc, log = serve_demo
    worker = descendants(proc.pid)
    assert len(worker) >= 2, "the worker and its pool"
    for _ in range(times):
        os.kill(proc.pid, signum)
        time.sleep(0.3)
    proc.wait(timeout=60)
    # when the command is back, nothing it started is left behind
    assert not [pid for pid in worker if alive(pid)], log.read_text()[-3000:]
