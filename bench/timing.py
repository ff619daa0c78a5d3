"""Time a function over the same inputs: best of a few runs, in items per second."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


def rate(fn: Callable[[Sequence], None], items: Sequence, *, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn(items)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def table(title: str, rows: list[tuple[str, float]], baseline: str, unit: str = "pairs/s") -> str:
    base = dict(rows)[baseline]
    width = max(len(name) for name, _ in rows)
    lines = [title, f"{'':<{width}}  {unit:>12}  {'x ' + baseline:>12}"]
    for name, value in rows:
        lines.append(f"{name:<{width}}  {value:>12,.0f}  {value / base:>12.2f}")
    return "\n".join(lines)
