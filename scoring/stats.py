"""Uncertainty of an error rate, and matched-pair tests between two systems.

A unit is what is resampled: an utterance, or a group of them that are not independent
(a conversation, a speaker). A rate is always a sum of errors over a sum of reference
words (`scoring.metrics.rate`), never a mean of per-unit rates.

- `bootstrap_rate`: the percentile interval of the rate, from resampling units with
  replacement (`random.Random(seed).choices`, so a seed gives the same interval).
- `paired_bootstrap`: the interval of rate(B) - rate(A), drawing the same units for both.
- `sign_test`: the exact two-sided sign test on per-unit error counts, ties left out.

Percentiles interpolate linearly between sorted values (numpy's default, and the review
app's agreement intervals). With fewer than two units there is no interval (one unit
resamples to itself), nor when fewer than half of the resamples have a defined rate.

>>> sign_test([3, 2, 2, 0, 5], [1, 1, 2, 0, 2])
SignTest(a_better=0, b_better=3, ties=2, p_value=0.25)
>>> interval = bootstrap_rate([(1, 10), (2, 20), (3, 30)], replicates=200, seed=1)
>>> interval.low, interval.high
(0.1, 0.1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import comb
from operator import itemgetter

from .metrics import rate

__all__ = [
    "Interval",
    "SignTest",
    "binomial_two_sided",
    "bootstrap_rate",
    "difference",
    "paired_bootstrap",
    "percentile_interval",
    "quantile",
    "sign_test",
]

LEVEL = 0.95


@dataclass(frozen=True)
class Interval:
    """A percentile bootstrap interval, and how it was drawn."""

    low: float
    high: float
    level: float
    replicates: int
    seed: int

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class SignTest:
    """Units where A made fewer errors, where B did, where they tied; the exact two-sided
    p-value of so lopsided a split if either system were as likely to win a unit."""

    a_better: int
    b_better: int
    ties: int
    p_value: float


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolating linearly between neighbours."""
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def percentile_interval(values: Sequence[float], level: float = LEVEL) -> tuple[float, float]:
    ordered = sorted(values)
    return quantile(ordered, (1 - level) / 2), quantile(ordered, (1 + level) / 2)


def bootstrap_rate(
    units: Sequence[tuple[int, int]],
    *,
    replicates: int = 1000,
    seed: int = 0,
    level: float = LEVEL,
) -> Interval | None:
    """Interval of sum(errors) / sum(words) over units given as (errors, words)."""
    errors = [e for e, _ in units]
    words = [w for _, w in units]

    def statistic(drawn: list[int]) -> float | None:
        pick = itemgetter(*drawn)  # two or more indices: it returns a tuple
        return rate(sum(pick(errors)), sum(pick(words)))

    return _bootstrap(len(units), statistic, replicates=replicates, seed=seed, level=level)


def paired_bootstrap(
    units: Sequence[tuple[int, int, int, int]],
    *,
    replicates: int = 1000,
    seed: int = 0,
    level: float = LEVEL,
) -> Interval | None:
    """Interval of rate(B) - rate(A) over units given as (errors A, words A, errors B,
    words B): the words differ only where an alternation took another path."""
    columns = [list(column) for column in zip(*units, strict=True)]

    def statistic(drawn: list[int]) -> float | None:
        pick = itemgetter(*drawn)
        a_errors, a_words, b_errors, b_words = (sum(pick(column)) for column in columns)
        return difference(a_errors, a_words, b_errors, b_words)

    return _bootstrap(len(units), statistic, replicates=replicates, seed=seed, level=level)


def difference(a_errors: int, a_words: int, b_errors: int, b_words: int) -> float | None:
    """rate(B) - rate(A), in one division so equal rates differ by exactly 0; None when
    either rate is undefined."""
    a, b = rate(a_errors, a_words), rate(b_errors, b_words)
    if a is None or b is None:
        return None
    if a_words and b_words:
        return (b_errors * a_words - a_errors * b_words) / (a_words * b_words)
    return b - a


def _bootstrap(
    count: int,
    statistic: Callable[[list[int]], float | None],
    *,
    replicates: int,
    seed: int,
    level: float,
) -> Interval | None:
    if count < 2 or replicates <= 0:
        return None
    rng = random.Random(seed)
    indices = range(count)
    values = []
    for _ in range(replicates):
        value = statistic(rng.choices(indices, k=count))
        if value is not None:
            values.append(value)
    if len(values) * 2 < replicates:
        return None
    low, high = percentile_interval(values, level)
    return Interval(low, high, level, replicates, seed)


def sign_test(a_errors: Sequence[int], b_errors: Sequence[int]) -> SignTest:
    """Compare per-unit error counts of two systems on the same units."""
    if len(a_errors) != len(b_errors):
        raise ValueError("the two systems must be counted on the same units")
    a_better = sum(a < b for a, b in zip(a_errors, b_errors, strict=True))
    b_better = sum(b < a for a, b in zip(a_errors, b_errors, strict=True))
    ties = len(a_errors) - a_better - b_better
    return SignTest(a_better, b_better, ties, binomial_two_sided(a_better, a_better + b_better))


def binomial_two_sided(k: int, n: int) -> float:
    """P(a split at least as uneven as k of n) for a fair coin: twice the smaller tail,
    at most 1. Exact: the tail is a sum of binomial coefficients.

    >>> binomial_two_sided(2, 10)  # 2 * (1 + 10 + 45) / 1024
    0.109375
    """
    if n == 0:
        return 1.0
    smaller = min(k, n - k)
    tail = sum(comb(n, i) for i in range(smaller + 1))
    return min(1.0, 2 * tail / 2**n)
