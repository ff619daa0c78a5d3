"""Alignment agrees with a naive dynamic-programming reference; counts add up."""

from hypothesis import given
from hypothesis import strategies as st

from scoring import align
from scoring.align import regions_of_ops

tokens = st.lists(st.sampled_from(["a", "b", "c", "d", "मेरी", "ज़"]), max_size=12)


def naive_distance(ref: list[str], hyp: list[str]) -> int:
    rows = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, start=1):
        previous, rows[0] = rows[0], i
        for j, h in enumerate(hyp, start=1):
            previous, rows[j] = rows[j], min(rows[j] + 1, rows[j - 1] + 1, previous + (r != h))
    return rows[-1]


@given(tokens, tokens)
def test_error_count_is_the_minimum_edit_distance(ref, hyp):
    assert align(ref, hyp).errors == naive_distance(ref, hyp)


@given(tokens, tokens)
def test_substitutions_deletions_and_hits_add_up_to_the_reference(ref, hyp):
    a = align(ref, hyp)
    assert a.substitutions + a.deletions + a.hits == len(ref)
    assert a.substitutions + a.insertions + a.hits == len(hyp)


@given(tokens, tokens)
def test_ops_cover_both_sides_in_order(ref, hyp):
    a = align(ref, hyp)
    assert [op.ref_index for op in a.ops if op.ref_index is not None] == list(range(len(ref)))
    assert [op.hyp_index for op in a.ops if op.hyp_index is not None] == list(range(len(hyp)))
    for op in a.ops:
        if op.kind == "equal":
            assert ref[op.ref_index] == hyp[op.hyp_index]
        if op.kind == "substitute":
            assert ref[op.ref_index] != hyp[op.hyp_index]


@given(tokens, tokens)
def test_regions_are_maximal_runs_of_errors(ref, hyp):
    a = align(ref, hyp)
    covered = sum(r.ref_end - r.ref_start for r in a.regions)
    assert covered == a.substitutions + a.deletions
    for left, right in zip(a.regions, a.regions[1:], strict=False):
        assert left.ref_end < right.ref_start or left.hyp_end < right.hyp_start


@given(tokens)
def test_identical_sequences_have_no_error(ref):
    assert align(ref, ref).errors == 0
    assert align(ref, ref).regions == ()


@given(tokens, tokens)
def test_regions_are_numbered_in_reading_order(ref, hyp):
    a = align(ref, hyp)
    assert [r.index for r in a.regions] == list(range(len(a.regions)))


def test_a_region_reads_its_tokens_back_as_text_by_unit():
    ref, hyp = ["at", "seven", "five"], ["at", "75"]
    words = align(ref, hyp).regions[0]
    assert (words.ref_span(ref, "word"), words.hyp_span(hyp, "word")) == ("seven five", "75")
    ref, hyp = list("ab"), list("xyb")
    chars = align(ref, hyp).regions[0]
    assert (chars.ref_span(ref, "char"), chars.hyp_span(hyp, "char")) == ("a", "xy")


def test_neighbouring_errors_form_one_region():
    a = align(["flight", "seven", "ok"], ["fight", "7", "ok"])
    assert [(r.ref_start, r.ref_end) for r in a.regions] == [(0, 2)]


@given(tokens, tokens)
def test_regions_read_op_by_op_are_the_alignments_regions(ref, hyp):
    """A stored alignment keeps ops, not blocks: both readings must find the same regions,
    or a flag's token indices would mean something else on the page than in the library."""
    a = align(ref, hyp)
    assert regions_of_ops(op.kind for op in a.ops) == a.regions


@given(tokens, tokens)
def test_each_regions_wrong_ops_are_the_mismatched_ops_inside_it(ref, hyp):
    """`wrong_by_region` reads the blocks, not `ops`: the same ops, each in its region."""
    a = align(ref, hyp)
    pairs = a.wrong_by_region()
    assert [region for region, _ in pairs] == list(a.regions)
    mismatched = [(op.kind, op.ref_index, op.hyp_index) for op in a.ops if op.kind != "equal"]
    assert [op for _, wrong in pairs for op in wrong] == mismatched
    for region, wrong in pairs:
        for _kind, ref_index, hyp_index in wrong:
            if ref_index is not None:
                assert region.ref_start <= ref_index < region.ref_end
            else:
                assert region.hyp_start <= hyp_index < region.hyp_end
