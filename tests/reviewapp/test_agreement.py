"""Krippendorff's alpha (nominal) and percent agreement against hand-computed values, the
published example, and a naive pairwise implementation; the bootstrap interval."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reviewapp.agreement import Tally, agreement, bootstrap

# Krippendorff, "Computing Krippendorff's Alpha-Reliability" (2011), section C: four
# observers A-D, twelve units, values 1-5, "." missing.
#
#   unit  1  2  3  4  5  6  7  8  9 10 11 12
#   A     1  2  3  3  2  1  4  1  2  .  .  .
#   B     1  2  3  3  2  2  4  1  2  5  .  3
#   C     .  3  3  3  2  3  4  2  2  5  1  .
#   D     1  2  3  3  2  4  4  1  2  5  1  .
PUBLISHED = [
    [1, 1, 1],
    [2, 2, 3, 2],
    [3, 3, 3, 3],
    [3, 3, 3, 3],
    [2, 2, 2, 2],
    [1, 2, 3, 4],
    [4, 4, 4, 4],
    [1, 1, 2, 1],
    [2, 2, 2, 2],
    [5, 5, 5],
    [1, 1],
    [3],
]


def test_published_nominal_example():
    # By hand. Unit 12 has one value: not pairable. n = 3 + 8*4 + 3 + 2 = 40 values.
    # Coincidences, each ordered pair of a unit weighted 1/(m_u - 1):
    #   u1 (1,1,1): o11 += 6/2 = 3      u2 (2,2,3,2): o22 += 6/3 = 2, o23 = o32 += 3/3 = 1
    #   u3, u4: o33 += 4 each           u5, u9: o22 += 4 each      u7: o44 += 4
    #   u6 (1,2,3,4): o_ck += 1/3 for each of the 12 ordered pairs c != k
    #   u8 (1,1,2,1): o11 += 2, o12 = o21 += 1
    #   u10 (5,5,5): o55 += 3           u11 (1,1): o11 += 2
    # Diagonal: o11 = 7, o22 = 10, o33 = 8, o44 = 4, o55 = 3 -> 32; off it 40 - 32 = 8.
    # Row sums: n1 = 7 + 4/3 + 1/3 + 1/3 = 9, n2 = 4/3 + 10 + 4/3 + 1/3 = 13,
    #   n3 = 1/3 + 4/3 + 8 + 1/3 = 10, n4 = 1/3 * 3 + 4 = 5, n5 = 3 (sum 40).
    # sum over c != k of n_c n_k = 40^2 - (81 + 169 + 100 + 25 + 9) = 1600 - 384 = 1216.
    # alpha = 1 - (n - 1) * 8 / 1216 = 1 - 39 * 8 / 1216 = 1 - 312/1216 = 0.74342...,
    # the published 0.743.
    # Percent agreement: equal pairs / pairs per unit: 3/3, 3/6, 6/6, 6/6, 6/6, 0/6,
    #   6/6, 3/6, 6/6, 3/3, 1/1 -> 43 / 55.
    result = agreement(PUBLISHED)
    assert result.alpha == pytest.approx(1 - 312 / 1216)
    assert round(result.alpha, 3) == 0.743
    assert result.percent == pytest.approx(43 / 55)
    assert result.units == 11


# Two reviewers on six regions, and a third reviewer on two of them:
#   region  1      2      3      4      5      6
#   A       false  false  real   none   none   real
#   B       false  real   real   none   false  real
#   C       false  .      .      .      .      real
TABLE = [
    ["false", "false", "false"],
    ["false", "real"],
    ["real", "real"],
    ["none", "none"],
    ["none", "false"],
    ["real", "real", "real"],
]


def test_small_table_by_hand():
    # n = 3 + 2 + 2 + 2 + 2 + 3 = 14 pairable values.
    # Coincidences: r1 o_ff += 6/2 = 3; r2 o_fr = o_rf += 1; r3 o_rr += 2; r4 o_nn += 2;
    #   r5 o_nf = o_fn += 1; r6 o_rr += 3.
    # o_ff = 3, o_rr = 5, o_nn = 2 (diagonal 10), off-diagonal 4.
    # n_f = 3 + 1 + 1 = 5, n_r = 5 + 1 = 6, n_n = 2 + 1 = 3 (sum 14).
    # sum over c != k of n_c n_k = 196 - (25 + 36 + 9) = 126.
    # alpha = 1 - 13 * 4 / 126 = 1 - 52/126 = 0.5873.
    # Percent: equal pairs 3 + 0 + 1 + 1 + 0 + 3 = 8 of 3 + 1 + 1 + 1 + 1 + 3 = 10.
    result = agreement(TABLE)
    assert result.alpha == pytest.approx(1 - 52 / 126)
    assert result.percent == pytest.approx(0.8)


def test_unpairable_units_count_for_nothing():
    assert agreement([*TABLE, ["real"], []]) == agreement(TABLE)


def test_perfect_agreement_is_one():
    assert agreement([["a", "a"], ["b", "b", "b"]]).alpha == pytest.approx(1.0)


def test_alpha_is_undefined_when_one_value_is_used_throughout():
    result = agreement([["none", "none"], ["none", "none", "none"]])
    assert result.alpha is None and result.percent == 1.0


def test_no_pairable_units_no_figures():
    result = agreement([["a"], []])
    assert (result.alpha, result.percent, result.units) == (None, None, 0)


def test_systematic_disagreement_is_negative():
    assert agreement([["a", "b"], ["b", "a"]]).alpha < 0


def naive_alpha(units):
    """Alpha as 1 - D_o / D_e from pairs of values (Krippendorff 2011, section A)."""
    units = [u for u in units if len(u) >= 2]
    values = [v for u in units for v in u]
    n = len(values)
    observed = sum(
        sum(a != b for a, b in itertools.permutations(u, 2)) / (len(u) - 1) for u in units
    )
    expected = sum(a != b for a, b in itertools.permutations(values, 2)) / (n - 1)
    if n < 2 or expected == 0:
        return None
    return 1 - observed / expected


units_strategy = st.lists(st.lists(st.sampled_from("abcd"), max_size=4), max_size=12)


@given(units_strategy)
def test_alpha_matches_the_pairwise_definition(units):
    expected = naive_alpha(units)
    result = agreement(units).alpha
    if expected is None:
        assert result is None
    else:
        assert result == pytest.approx(expected)


@given(units_strategy, units_strategy)
def test_tallies_add_up(first, second):
    total = Tally.of(first)
    total += Tally.of(second)
    both = Tally.of(first + second)
    assert (total.alpha is None) == (both.alpha is None)
    if both.alpha is not None:
        assert total.alpha == pytest.approx(both.alpha)
    assert (total.equal_pairs, total.pairs, total.units) == (
        both.equal_pairs,
        both.pairs,
        both.units,
    )


GROUPS = [TABLE[:2], TABLE[2:3], TABLE[3:5], TABLE[5:], [["none", "real"]], [["real", "real"]]]


def test_bootstrap_gives_the_point_estimates_of_all_units():
    result = bootstrap(GROUPS, seed=3, samples=200)
    whole = agreement([unit for group in GROUPS for unit in group])
    assert (result.alpha, result.percent, result.units) == (
        whole.alpha,
        whole.percent,
        whole.units,
    )
    assert result.samples == 200


def test_bootstrap_interval_is_reproducible_and_brackets_the_estimate():
    first = bootstrap(GROUPS, seed=7, samples=300)
    assert first == bootstrap(GROUPS, seed=7, samples=300)
    assert first != bootstrap(GROUPS, seed=8, samples=300)
    low, high = first.alpha_ci
    assert -1 <= low <= first.alpha <= high <= 1
    low, high = first.percent_ci
    assert 0 <= low <= first.percent <= high <= 1


def test_bootstrap_of_identical_groups_has_a_zero_width_interval():
    result = bootstrap([[["a", "a"], ["a", "b"]]] * 5, seed=1, samples=50)
    assert result.percent_ci == (pytest.approx(0.5), pytest.approx(0.5))


def test_bootstrap_without_units_has_no_interval():
    result = bootstrap([[["a"]], []], seed=1)
    assert result.alpha is None and result.alpha_ci is None and result.percent_ci is None


def test_one_group_has_no_interval():
    # a single turn resamples to itself: a zero-width interval would claim certainty
    result = bootstrap([[["a", "b"], ["a", "a"]]], seed=1)
    assert result.alpha_ci is None and result.percent_ci is None
    assert result.percent == 0.5
