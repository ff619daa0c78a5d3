"""How the pages print numbers: one rule per kind of number, so every page agrees.

>>> percent(0.125), percent(None)
('12.5%', '—')
>>> percent_done(1, 3), percent_done(0, 0)
(33, 0)
"""

from __future__ import annotations

__all__ = ["percent", "percent_done"]


def percent(rate: float | None) -> str:
    """A rate as the pages print it: 12.5%, or an em dash when undefined."""
    return "—" if rate is None else f"{100 * rate:.1f}%"


def percent_done(done: int, total: int) -> int:
    """Whole percent of `total` that is `done`, rounded down (a bar is full only when all
    is done); 0 when there is nothing to do."""
    return int(100 * done / total) if total else 0
