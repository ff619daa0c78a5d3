"""Is system B better than system A on the same references? The difference of their
corpus error rates, its paired bootstrap interval, and the sign test on per-unit error
counts (a unit is an utterance, or all utterances sharing a field's value).

sclite's `sc_stats` also runs MAPSSWE (Gillick and Cox's matched-pairs sentence-segment
word error test); it is not here: its segmentation rules are not written down in the
documentation we work from, and a test that only resembles it would be worse than none.

>>> from scoring.evaluate import Utterance
>>> from scoring.formats import Record
>>> from scoring.metrics import Counts
>>> a = [Utterance(Record(str(k), "", ""), Counts(2, 0, 0, 5, 5)) for k in range(4)]
>>> b = [Utterance(Record(str(k), "", ""), Counts(1, 0, 0, 5, 5)) for k in range(4)]
>>> result = compare(a, b, bootstrap=Bootstrap(200))
>>> result.difference, (result.interval.low, result.interval.high), result.sign.b_better
(-0.2, (-0.2, -0.2), 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .evaluate import Utterance
from .metrics import Counts
from .report import Bootstrap, Row, summarize, unit_of
from .stats import Interval, SignTest, difference, paired_bootstrap, sign_test

__all__ = ["SIGNIFICANCE", "Comparison", "Pair", "compare", "format_comparison"]

SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class Pair:
    """One unit's counts under both systems."""

    id: str
    a: Counts
    b: Counts


@dataclass(frozen=True)
class Comparison:
    metric: str
    a: Row
    b: Row
    difference: float | None  # rate(B) - rate(A): negative when B makes fewer errors
    interval: Interval | None
    sign: SignTest
    pairs: tuple[Pair, ...]  # per unit, in input order
    bootstrap: Bootstrap

    def most_different(self, top: int = 10) -> list[Pair]:
        """The units whose error counts differ most, largest gap first."""
        differing = [p for p in self.pairs if p.a.errors != p.b.errors]
        differing.sort(key=lambda p: -abs(p.a.errors - p.b.errors))
        return differing[:top]

    @property
    def verdict(self) -> str:
        if self.difference is None:
            return "no verdict: an error rate is undefined (no reference words)"
        signed = self.sign.p_value < SIGNIFICANCE
        if self.interval is None:
            return "no verdict: no bootstrap interval (fewer than two units, or no resample)"
        below, above = self.interval.high < 0, self.interval.low > 0
        if signed and below and self.sign.b_better > self.sign.a_better:
            return "B makes fewer errors than A: both tests agree at the 5% level"
        if signed and above and self.sign.a_better > self.sign.b_better:
            return "A makes fewer errors than B: both tests agree at the 5% level"
        if not signed and not below and not above:
            return "no significant difference at the 5% level"
        return "inconclusive: the bootstrap interval and the sign test disagree"

    def as_dict(self, top: int = 10) -> dict:
        return {
            "metric": self.metric,
            "a": self.a.as_dict(self.metric),
            "b": self.b.as_dict(self.metric),
            "difference": self.difference,
            "interval": None if self.interval is None else self.interval.as_dict(),
            "bootstrap": self.bootstrap.as_dict(),
            "sign_test": {
                "a_better": self.sign.a_better,
                "b_better": self.sign.b_better,
                "ties": self.sign.ties,
                "p_value": self.sign.p_value,
            },
            "verdict": self.verdict,
            "most_different": [
                {
                    "id": p.id,
                    "errors_a": p.a.errors,
                    "errors_b": p.b.errors,
                    "words_a": p.a.ref_len,
                    "words_b": p.b.ref_len,
                }  # fmt: skip
                for p in self.most_different(top)
            ],
        }


def compare(
    a: Sequence[Utterance],
    b: Sequence[Utterance],
    *,
    bootstrap: Bootstrap,
    metric: str = "wer",
) -> Comparison:
    """Compare two scorings of the same utterances (matched by record id)."""
    by_id = {u.record.id: u for u in b}
    if len(by_id) != len(a) or any(u.record.id not in by_id for u in a):
        raise ValueError("the two systems must be scored on the same utterances")
    pairs = _units(a, by_id, bootstrap.unit)
    a_row = summarize(a, metric=metric).total
    b_row = summarize(b, metric=metric).total
    units = [(p.a.errors, p.a.ref_len, p.b.errors, p.b.ref_len) for p in pairs]
    interval = paired_bootstrap(units, replicates=bootstrap.replicates, seed=bootstrap.seed)
    return Comparison(
        metric,
        a_row,
        b_row,
        difference(
            a_row.counts.errors, a_row.counts.ref_len, b_row.counts.errors, b_row.counts.ref_len
        ),  # fmt: skip
        interval,
        sign_test([p.a.errors for p in pairs], [p.b.errors for p in pairs]),
        tuple(pairs),
        bootstrap,
    )


def _units(a: Sequence[Utterance], b: dict[str, Utterance], field: str | None) -> list[Pair]:
    """A pair per utterance, or per value of `field` (summed, in order of appearance)."""
    if field is None:
        return [Pair(u.record.id, u.counts, b[u.record.id].counts) for u in a]
    sums: dict[str, tuple[Counts, Counts]] = {}
    for u in a:
        key = unit_of(u.record, field)
        old_a, old_b = sums.get(key, (Counts(), Counts()))
        sums[key] = (old_a + u.counts, old_b + b[u.record.id].counts)
    return [Pair(key, ca, cb) for key, (ca, cb) in sums.items()]


def format_comparison(result: Comparison, a_name: str, b_name: str, *, top: int = 10) -> str:
    """The comparison as lines of text: both rates, the difference and its interval, the
    sign test, the verdict, then the units that differ most."""
    metric = result.metric.upper()
    lines = []
    for name, row, path in (("A", result.a, a_name), ("B", result.b, b_name)):
        c = row.counts
        rate = "n/a" if c.rate is None else f"{100 * c.rate:.2f}%"
        lines.append(f"{name}  {metric} {rate} ({c.errors}/{c.ref_len})  {path}")
    b = result.bootstrap
    unit = b.unit or "utterance"
    difference = "n/a" if result.difference is None else f"{100 * result.difference:+.2f} points"
    interval = "no interval"
    if result.interval is not None:
        low, high = 100 * result.interval.low, 100 * result.interval.high
        interval = f"95% paired bootstrap interval [{low:+.2f}, {high:+.2f}]"
    lines.append(f"B - A  {difference}, {interval} ({b.replicates} resamples of {unit}s, "
                 f"seed {b.seed})")  # fmt: skip
    s = result.sign
    lines.append(
        f"sign test  fewer errors in A on {s.a_better} {unit}s, in B on {s.b_better}, "
        f"{s.ties} tied: two-sided p = {s.p_value:.4g}"
    )
    lines.append(f"verdict  {result.verdict}")
    differing = result.most_different(top)
    if differing:
        lines.append(f"\n{unit}s that differ most (errors in A, in B):")
        width = max(len(p.id) for p in differing)
        lines += [f"  {p.id:<{width}}  {p.a.errors:>4}  {p.b.errors:>4}" for p in differing]
    return "\n".join(lines)
