"""Which Redis database each test process uses: the one of its URL moved by 16 / (number
of processes) per process, wrapping at Redis's 16 databases (3 processes: 1 -> 1, 6, 11).

`tests/settings.py` moves each process's URLs with it, and `.ci/run` flushes them all
before a run with what this prints (no Django here: it runs before the install):

    python3 -m tests.support.redis_dbs PROCESSES URL...   # one URL per line
"""

from __future__ import annotations

import sys

REDIS_DATABASES = 16


def worker_url(url: str, worker: int, processes: int) -> str:
    """`url` with its database moved for test process number `worker` of `processes`."""
    head, _, db = url.rstrip("/").rpartition("/")
    if not db.isdigit() or head.endswith(":/"):  # no database in the URL: it is db 0
        head, db = url.rstrip("/"), "0"
    stride = max(1, REDIS_DATABASES // processes)
    return f"{head}/{(int(db) + stride * worker) % REDIS_DATABASES}"


def main(argv: list[str]) -> None:
    processes = int(argv[0])
    for url in argv[1:]:
        for worker in range(processes):
            print(worker_url(url, worker, processes))


if __name__ == "__main__":
    main(sys.argv[1:])
