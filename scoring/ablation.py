"""Ablation: apply the chain one step at a time to the same pairs and report
the corpus rate after each step, so the size of every normalization decision is visible.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .align import align
from .metrics import Counts
from .scorer import Scorer

__all__ = ["AblationRow", "ablate", "format_table"]


@dataclass(frozen=True)
class AblationRow:
    step: str
    counts: Counts

    @property
    def rate(self) -> float | None:
        return self.counts.rate


def ablate(scorer: Scorer, pairs: Iterable[tuple[str, str]]) -> list[AblationRow]:
    """Rows: "input" (whitespace split only), then the corpus after every step in order."""
    profile = scorer.config.default_profile
    totals: list[Counts] | None = None
    names: list[str] = []
    for reference, hypothesis in pairs:
        ref_trace = scorer.normalizer.trace(reference, profile)
        hyp_trace = scorer.normalizer.trace(hypothesis, profile)
        if totals is None:
            names = [name for name, _ in ref_trace]
            totals = [Counts() for _ in names]
        for k, ((_, ref_text), (_, hyp_text)) in enumerate(zip(ref_trace, hyp_trace, strict=True)):
            totals[k] += Counts.of(align(scorer.tokens(ref_text), scorer.tokens(hyp_text)))
    return [AblationRow(name, counts) for name, counts in zip(names, totals or [], strict=True)]


def format_table(rows: list[AblationRow], metric: str) -> str:
    lines = [f"{'step':<22} {metric:>8} {'change':>8} {'errors':>7} {'ref':>6}"]
    previous = None
    for row in rows:
        value = "n/a" if row.rate is None else f"{row.rate:.4f}"
        change = ""
        if previous is not None and row.rate is not None:
            change = f"{row.rate - previous:+.4f}"
        lines.append(
            f"{row.step:<22} {value:>8} {change:>8} {row.counts.errors:>7} {row.counts.ref_len:>6}"
        )
        previous = row.rate
    return "\n".join(lines)
