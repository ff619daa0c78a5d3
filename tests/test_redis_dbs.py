"""Each test process gets Redis databases of its own, and `.ci/run` flushes exactly those."""

import subprocess
import sys
from pathlib import Path

from tests.support.redis_dbs import worker_url


def test_three_processes_are_spread_over_the_sixteen_databases():
    urls = [worker_url("redis://127.0.0.1:6379/1", k, 3) for k in range(3)]
    assert urls == [f"redis://127.0.0.1:6379/{n}" for n in (1, 6, 11)]


def test_a_url_without_a_database_is_database_zero():
    assert worker_url("redis://localhost:6379", 1, 2) == "redis://localhost:6379/8"
    assert worker_url("redis://localhost:6379/", 0, 2) == "redis://localhost:6379/0"


def test_every_process_has_its_own_database_up_to_sixteen():
    for processes in range(1, 17):
        dbs = {worker_url("redis://h/3", k, processes) for k in range(processes)}
        assert len(dbs) == processes


def test_the_command_prints_every_process_s_url_for_each_url_given():
    out = subprocess.run(
        [sys.executable, "-m", "tests.support.redis_dbs", "2", "redis://h/5", "redis://h/6"],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == ["redis://h/5", "redis://h/13", "redis://h/6", "redis://h/14"]
