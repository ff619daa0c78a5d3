"""Parts of an error region (what a flag on some of its tokens covers): a part lies within
its region, all its tokens are the region itself, and parts of disjoint tokens never
overlap, whatever the alignment. The module's docstring examples hold too."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reviewapp import alignment
from reviewapp.alignment import overlaps, part_of, regions, within
from scoring.align import Region


def test_the_docstring_examples_hold():
    result = doctest.testmod(alignment)
    assert result.attempted and result.failed == 0


@pytest.mark.parametrize(
    ("a", "b", "shared"),
    [
        ((0, 2, 0, 1), (2, 3, 1, 2), False),  # side by side
        ((0, 2, 0, 1), (1, 3, 1, 2), True),  # a reference token in common
        ((0, 2, 0, 1), (2, 3, 0, 2), True),  # a hypothesis token in common
        ((1, 1, 0, 2), (0, 2, 2, 3), False),  # an empty side inside the other: no token
        ((1, 1, 0, 2), (1, 1, 1, 2), True),
    ],
)
def test_overlaps_means_a_token_in_common(a, b, shared):
    assert overlaps(Region(0, *a), Region(0, *b)) is shared
    assert overlaps(Region(0, *b), Region(0, *a)) is shared


KINDS = st.sampled_from(["equal", "substitute", "delete", "insert"])


def ops_of(kinds: list[str]) -> list[list]:
    ops, ref, hyp = [], 0, 0
    for kind in kinds:
        ops.append([kind, None if kind == "insert" else ref, None if kind == "delete" else hyp])
        ref += kind != "insert"
        hyp += kind != "delete"
    return ops


@given(st.lists(KINDS, min_size=1, max_size=12), st.data())
def test_parts_of_disjoint_tokens_lie_within_and_never_overlap(kinds, data):
    ops = ops_of(kinds)
    for region in regions(ops):
        ref = list(range(region.ref_start, region.ref_end))
        hyp = list(range(region.hyp_start, region.hyp_end))
        assert part_of(ops, region, ref, hyp) == region
        ref_cut = data.draw(st.integers(0, len(ref)))
        hyp_cut = data.draw(st.integers(0, len(hyp)))
        parts = []
        for r, h in ((ref[:ref_cut], hyp[:hyp_cut]), (ref[ref_cut:], hyp[hyp_cut:])):
            if r or h:
                parts.append(part_of(ops, region, r, h))
        for part in parts:
            assert within(part, region)
            assert [p for p in regions(ops) if within(part, p)] == [region]
        if len(parts) == 2:
            assert not overlaps(*parts)
