"""Agreement between coders: Krippendorff's alpha (nominal) and raw percent agreement,
with a bootstrap confidence interval over groups of units.

A *unit* is the list of values the coders gave one thing (here: the labels reviewers
gave one error region), missing values left out; a unit with fewer than two values
cannot be paired and counts for nothing. Alpha follows Krippendorff, "Computing
Krippendorff's Alpha-Reliability" (2011): from the coincidence matrix
o[c][k] = sum over units of (ordered pairs of values c, k in the unit) / (m_u - 1),
with n_c its row sums and n the number of pairable values,

    alpha = 1 - (n - 1) * sum(o[c][k] for c != k) / sum(n_c * n_k for c != k)

Percent agreement is the share of pairs of values within a unit that are equal:
sum over units of equal pairs / sum over units of m_u * (m_u - 1) / 2. With two coders
per unit it is the share of units they agree on.

>>> a = agreement([["x", "x"], ["x", "y"], ["y", "y"], ["y", "y", "y"]])
>>> round(a.alpha, 3), round(a.percent, 3)
(0.556, 0.833)

Pure Python, no Django and no numpy: the `krippendorff` package would bring numpy in
for a computation on a few thousand small units.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from scoring.stats import percentile_interval

__all__ = ["Agreement", "Tally", "agreement", "bootstrap"]

#: Resamples of the bootstrap; the interval is their 2.5th and 97.5th percentiles.
BOOTSTRAP_SAMPLES = 1000


@dataclass
class Tally:
    """The sums alpha and percent agreement are made of; tallies of disjoint sets of
    units add up (the bootstrap adds the tallies of the groups it draws)."""

    coincidences: Counter = field(default_factory=Counter)  # (c, k) -> o_ck
    equal_pairs: int = 0
    pairs: int = 0
    units: int = 0

    @classmethod
    def of(cls, units: Iterable[Sequence[Hashable]]) -> Tally:
        tally = cls()
        for values in units:
            tally.add_unit(values)
        return tally

    def add_unit(self, values: Sequence[Hashable]) -> None:
        m = len(values)
        if m < 2:
            return
        counts = Counter(values)
        for c, n_c in counts.items():
            for k, n_k in counts.items():
                ordered = n_c * (n_k - 1) if c == k else n_c * n_k
                if ordered:
                    self.coincidences[c, k] += ordered / (m - 1)
        self.equal_pairs += sum(n * (n - 1) // 2 for n in counts.values())
        self.pairs += m * (m - 1) // 2
        self.units += 1

    def __iadd__(self, other: Tally) -> Tally:
        self.coincidences.update(other.coincidences)
        self.equal_pairs += other.equal_pairs
        self.pairs += other.pairs
        self.units += other.units
        return self

    @property
    def alpha(self) -> float | None:
        """None when undefined: no pairable values, or a single value used throughout
        (no disagreement is expected, so none can be measured against it)."""
        totals: Counter = Counter()
        for (c, _), o in self.coincidences.items():
            totals[c] += o
        n = sum(totals.values())
        expected = n * n - sum(n_c * n_c for n_c in totals.values())
        if n <= 1 or expected <= 1e-9:
            return None
        observed = sum(o for (c, k), o in self.coincidences.items() if c != k)
        return 1 - (n - 1) * observed / expected

    @property
    def percent(self) -> float | None:
        return self.equal_pairs / self.pairs if self.pairs else None


@dataclass(frozen=True)
class Agreement:
    alpha: float | None
    percent: float | None
    units: int  # pairable units (two values or more)
    alpha_ci: tuple[float, float] | None = None
    percent_ci: tuple[float, float] | None = None
    samples: int = 0  # bootstrap resamples the intervals come from


def agreement(units: Iterable[Sequence[Hashable]]) -> Agreement:
    """Alpha and percent agreement of units, without an interval."""
    tally = Tally.of(units)
    return Agreement(tally.alpha, tally.percent, tally.units)


def bootstrap(
    groups: Sequence[Iterable[Sequence[Hashable]]],
    *,
    seed: int = 0,
    samples: int = BOOTSTRAP_SAMPLES,
) -> Agreement:
    """Alpha and percent agreement of all units, with 95% intervals from resampling the
    groups (turns) with replacement: units of one group are not independent (one reviewer
    read them together), so they are drawn together. The same seed gives the same interval.

    A resample whose alpha is undefined (a single value throughout) is left out of the
    alpha interval; with fewer than half the resamples left, there is no interval.
    """
    tallies = [Tally.of(units) for units in groups]
    tallies = [t for t in tallies if t.units]
    total = Tally()
    for tally in tallies:
        total += tally
    if len(tallies) < 2 or samples <= 0:  # one group resamples to itself: no interval
        return Agreement(total.alpha, total.percent, total.units)
    rng = random.Random(seed)
    vectors = _vectors(tallies)
    alphas, percents = [], []
    for _ in range(samples):
        drawn = [0.0] * len(vectors.cells)
        for vector in rng.choices(vectors.rows, k=len(tallies)):
            for index, value in vector:
                drawn[index] += value
        alpha, percent = vectors.measures(drawn)
        if alpha is not None:
            alphas.append(alpha)
        percents.append(percent)
    alpha_ci = percentile_interval(alphas) if len(alphas) * 2 >= samples else None
    return Agreement(
        total.alpha, total.percent, total.units, alpha_ci, percentile_interval(percents), samples
    )


@dataclass(frozen=True)
class _Vectors:
    """Tallies as sparse rows over one list of cells, so a resample is a sum of a few
    numbers per group instead of a merge of dictionaries (a thousand resamples of a few
    hundred turns then take a fraction of a second)."""

    cells: list  # (c, k) pairs, then "equal_pairs", then "pairs"
    rows: list[list[tuple[int, float]]]

    def measures(self, sums: list[float]) -> tuple[float | None, float | None]:
        tally = Tally()
        for cell, value in zip(self.cells, sums, strict=True):
            if cell == "equal_pairs":
                tally.equal_pairs = int(value)
            elif cell == "pairs":
                tally.pairs = int(value)
            elif value:
                tally.coincidences[cell] = value
        return tally.alpha, tally.percent


def _vectors(tallies: list[Tally]) -> _Vectors:
    cells: list = sorted({cell for t in tallies for cell in t.coincidences}, key=repr)
    cells += ["equal_pairs", "pairs"]
    index = {cell: i for i, cell in enumerate(cells)}
    rows = []
    for tally in tallies:
        row = [(index[cell], value) for cell, value in tally.coincidences.items()]
        row += [(index["equal_pairs"], tally.equal_pairs), (index["pairs"], tally.pairs)]
        rows.append(row)
    return _Vectors(cells, rows)
