"""Bootstrap intervals and the sign test, on small tables worked out by hand."""

import random
import statistics

import pytest

from scoring.stats import (
    binomial_two_sided,
    bootstrap_rate,
    paired_bootstrap,
    quantile,
    sign_test,
)


def test_quantiles_interpolate_between_sorted_values():
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([0, 10], 0.025) == 0.25
    assert quantile([7], 0.975) == 7


def test_units_with_one_rate_give_that_rate_at_both_ends():
    interval = bootstrap_rate([(1, 10), (2, 20), (3, 30)], replicates=500, seed=3)
    assert (interval.low, interval.high) == (0.1, 0.1)


def test_two_units_give_the_two_extreme_resamples():
    # (0 of 2 words) and (2 of 2): a resample of two units is both of the first (rate 0,
    # one time in four), one of each (0.5, two in four) or both of the second (1.0, one
    # in four). Each end holds far more than 2.5% of 2,000 resamples, so the 95% interval
    # is exactly [0, 1].
    interval = bootstrap_rate([(0, 2), (2, 2)], replicates=2000, seed=11)
    assert (interval.low, interval.high) == (0.0, 1.0)
    assert (interval.level, interval.replicates, interval.seed) == (0.95, 2000, 11)


def naive_interval(units, replicates, seed):
    """The documented procedure, written out: draw len(units) indices with replacement
    from random.Random(seed) for each resample, sum, then the 2.5% and 97.5% quantiles
    (the standard library's inclusive method is the same linear interpolation)."""
    rng = random.Random(seed)
    rates = []
    for _ in range(replicates):
        drawn = rng.choices(range(len(units)), k=len(units))
        rates.append(sum(units[i][0] for i in drawn) / sum(units[i][1] for i in drawn))
    cuts = statistics.quantiles(rates, n=40, method="inclusive")
    return cuts[0], cuts[-1]


def test_a_seed_fixes_the_interval_and_it_is_the_documented_procedure():
    units = [(1, 4), (0, 4), (2, 5), (0, 3), (4, 6)]
    interval = bootstrap_rate(units, replicates=1000, seed=7)
    assert (interval.low, interval.high) == pytest.approx(naive_interval(units, 1000, 7))
    assert bootstrap_rate(units, replicates=1000, seed=7) == interval
    assert bootstrap_rate(units, replicates=1000, seed=8) != interval


def test_no_interval_from_one_unit_or_no_resample():
    assert bootstrap_rate([(1, 4)], replicates=100) is None
    assert bootstrap_rate([(1, 4), (2, 4)], replicates=0) is None


def test_no_interval_when_most_resamples_have_no_rate():
    # insertions against empty references: every resample's rate is undefined
    assert bootstrap_rate([(1, 0), (2, 0)], replicates=100) is None


def test_paired_bootstrap_of_a_constant_difference():
    # B makes exactly one error fewer than A in every 5-word utterance: every resample
    # differs by -1/5, so the interval is [-0.2, -0.2] exactly
    units = [(2, 5, 1, 5), (3, 5, 2, 5), (1, 5, 0, 5), (4, 5, 3, 5)]
    interval = paired_bootstrap(units, replicates=500, seed=3)
    assert (interval.low, interval.high) == (-0.2, -0.2)


def test_paired_bootstrap_of_identical_systems_is_zero():
    units = [(2, 5, 2, 5), (0, 3, 0, 3), (1, 7, 1, 7)]
    interval = paired_bootstrap(units, replicates=300, seed=0)
    assert (interval.low, interval.high) == (0.0, 0.0)


def test_the_sign_test_on_a_hand_table():
    #   unit:      1  2  3  4  5  6
    a_errors = [3, 0, 4, 2, 5, 1]
    b_errors = [1, 2, 1, 2, 0, 0]
    # B fewer on 1, 3, 5, 6; A fewer on 2; a tie on 4. Of 5 untied units, 1 went to A:
    # P(X <= 1) for X ~ Binomial(5, 1/2) is (1 + 5) / 32, two-sided 12 / 32.
    result = sign_test(a_errors, b_errors)
    assert (result.a_better, result.b_better, result.ties) == (1, 4, 1)
    assert result.p_value == 0.375


@pytest.mark.parametrize(
    ("k", "n", "p"),
    [
        (2, 10, 2 * (1 + 10 + 45) / 1024),  # 0.109375
        (8, 10, 2 * (1 + 10 + 45) / 1024),  # the same split the other way
        (1, 10, 2 * (1 + 10) / 1024),
        (0, 10, 2 / 1024),
        (5, 10, 1.0),  # an even split: twice the tail passes 1 and is capped
        (0, 1, 1.0),
        (0, 0, 1.0),  # no untied unit: no evidence either way
    ],
)
def test_exact_two_sided_binomial(k, n, p):
    assert binomial_two_sided(k, n) == p


def test_the_sign_test_needs_the_same_units():
    with pytest.raises(ValueError):
        sign_test([1, 2], [1])
