"""`python -m bench`: run every benchmark, then print all their tables (`make bench`).

    python -m bench                      # all of them
    python -m bench --only rescore       # one (repeat --only, or give a comma list)
    python -m bench --only pages,rescore --turns 1000000   # on a corpus of a million turns
    python -m bench --only steps         # µs per normalization step, English

Benchmarks 3-7 need PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_BROKER_URL; see
bench/support.py); without them each prints a "skipped" line. Progress goes to stderr
while they run; the tables are printed together at the end, on stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections.abc import Callable

from . import scoring_throughput, support


def _throughput() -> str:
    return "\n\n".join(
        [
            scoring_throughput.english(),
            scoring_throughput.other_languages(),
            scoring_throughput.long_texts(),
        ]
    )


def _lazy(module: str) -> Callable[[], str]:
    def run() -> str:
        from importlib import import_module

        return import_module(f"bench.{module}").run()

    return run


BENCHMARKS: dict[str, tuple[str, Callable[[], str]]] = {
    "throughput": ("1. scoring throughput", _throughput),
    "config": ("2. config load", scoring_throughput.cold_vs_cached),
    "steps": ("1b. normalization step by step, en", _lazy("steps")),
    "rescore": ("3. rescore with Celery workers", _lazy("rescore")),
    "preview": ("4. impact preview", _lazy("preview")),
    "pages": ("5. pages under load", _lazy("pages")),
    "memory": ("6. worker memory", _lazy("memory")),
    "incremental": ("7. incremental rescore after a one-rule approval", _lazy("incremental")),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help=f"run only these ({', '.join(BENCHMARKS)}); repeat or separate with commas",
    )
    support.add_turns_option(parser)
    args = parser.parse_args(argv)
    support.use_turns(args.turns)
    names = [n.strip() for value in args.only or [] for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHMARKS)}")
    tables, failed = [], False
    started = time.perf_counter()
    for name in names or list(BENCHMARKS):
        title, run = BENCHMARKS[name]
        support.log(f"{title} ...")
        start = time.perf_counter()
        try:
            text = run()
        except support.Skipped as exc:
            text = f"{title}: {exc}"
        except Exception:  # report it with the others, and fail at the end
            failed = True
            text = f"{title}: FAILED\n{traceback.format_exc()}"
        support.log(f"{title}: {time.perf_counter() - start:.0f} s")
        tables.append(text)
    print(f"Machine: {support.machine()}")
    print(f"Total: {time.perf_counter() - started:.0f} s\n")
    print("\n\n".join(tables))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
