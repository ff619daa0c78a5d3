"""Server-rendered SVG charts: geometry computed here, drawn by templates (no JS, no CDN)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Bar:
    label: str
    value: float | None
    x: float
    y: float
    width: float
    height: float
    text: str


def bar_chart(
    values: list[tuple[str, float | None]],
    *,
    width: int = 480,
    height: int = 160,
    percent: bool = True,
) -> dict:
    """Bars for `values` scaled to the largest one; None draws no bar but keeps its slot."""
    top = max([v for _, v in values if v is not None] or [0]) or 1.0
    slot = width / max(len(values), 1)
    bars = []
    for i, (label, value) in enumerate(values):
        h = 0.0 if value is None else (height - 20) * value / top
        text = "n/a" if value is None else (f"{value:.1%}" if percent else f"{value:g}")
        bars.append(Bar(label, value, i * slot + slot * 0.15, height - h, slot * 0.7, h, text))
    return {"bars": bars, "width": width, "height": height + 30}
