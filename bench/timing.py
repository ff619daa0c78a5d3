"""Time a function over the same inputs: best of a few runs, in items per second."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

REPEAT = 3  # every row, ours and the peers', is the best of this many runs


def rate(
    fn: Callable[[Sequence], None],
    items: Sequence,
    *,
    repeat: int = REPEAT,
    before: Callable[[], object] | None = None,
) -> float:
    """Items per second of the best of `repeat` runs; `before` (untimed) runs before each,
    e.g. `scoring.clear_caches` so that every run is cold."""
    best = float("inf")
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        fn(items)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def table(rows: list[tuple[str, float, str]], unit: str = "pairs/s") -> list[str]:
    """The lines of a table of (name, value, corpus counts) rows, with a header and each
    value's ratio to the first row's: the corpus is printed beside every figure."""
    base = rows[0][1]
    width = max(len(name) for name, _, _ in rows)
    lines = [f"{'':<{width}}  {unit:>9}  {'x row 1':>7}  corpus"]
    for name, value, corpus in rows:
        lines.append(f"{name:<{width}}  {value:>9,.0f}  {value / base:>7.2f}  {corpus}")
    return lines
