"""Alignment through a reference network: against a naive expansion of every path, and
sclite's documented weights (0 correct, 3 insertion, 3 deletion, 4 substitution)."""

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from scoring.alternations import Alternation, parse_transcript
from scoring.network import LEVENSHTEIN, SCLITE, align_network

WORDS = st.sampled_from("abcd")


def paths(items):
    """Every word sequence the reference allows (the naive reading of alternations)."""
    choices = []
    for item in items:
        if isinstance(item, Alternation):
            choices.append([p for option in item.options for p in paths(option)])
        else:
            choices.append([(item,)])
    return [sum(parts, ()) for parts in product(*choices)]


def weighted_distance(ref, hyp, costs):
    """Textbook edit distance with the given weights, row by row."""
    row = [costs.insertion * j for j in range(len(hyp) + 1)]
    for i, word in enumerate(ref, start=1):
        new = [costs.deletion * i]
        for j, other in enumerate(hyp, start=1):
            step = 0 if word == other else costs.substitution
            best = min(row[j] + costs.deletion, new[j - 1] + costs.insertion, row[j - 1] + step)
            new.append(best)
        row = new
    return row[-1]


def cost(alignment, costs):
    return (
        costs.substitution * alignment.substitutions
        + costs.insertion * alignment.insertions
        + costs.deletion * alignment.deletions
    )


alternations = st.builds(
    lambda options: Alternation(tuple(tuple(o) for o in options)),
    st.lists(st.lists(WORDS, max_size=2), min_size=2, max_size=3),
)
references = st.lists(st.one_of(WORDS, alternations), max_size=5)


@settings(max_examples=300, deadline=None)
@given(references, st.lists(WORDS, max_size=6))
def test_the_network_finds_the_cheapest_path_of_all(reference, hypothesis):
    for costs in (SCLITE, LEVENSHTEIN):
        alignment = align_network(reference, hypothesis, costs)
        assert alignment.ref in paths(reference)
        best = min(weighted_distance(p, hypothesis, costs) for p in paths(reference))
        assert cost(alignment, costs) == best
        assert len(alignment.ref) == alignment.hits + alignment.substitutions + alignment.deletions


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=8), st.lists(WORDS, max_size=8))
def test_without_alternations_levenshtein_weights_count_as_rapidfuzz(reference, hypothesis):
    alignment = align_network(reference, hypothesis, LEVENSHTEIN)
    assert alignment.errors == Levenshtein.distance(reference, hypothesis)
    assert [op.kind for op in alignment.ops].count("equal") == alignment.hits


def test_sclite_weights_prefer_a_deletion_and_an_insertion_to_two_substitutions():
    # "a b" -> "b c": two substitutions cost 4 + 4 = 8, deleting a, keeping b and
    # inserting c costs 3 + 0 + 3 = 6, so sclite reports C=1 D=1 I=1
    alignment = align_network(["a", "b"], ["b", "c"], SCLITE)
    assert (alignment.hits, alignment.substitutions, alignment.deletions, alignment.insertions) == (
        1, 0, 1, 1,
    )  # fmt: skip
    assert [(op.kind, op.ref_index, op.hyp_index) for op in alignment.ops] == [
        ("delete", 0, None), ("equal", 1, 0), ("insert", None, 1),
    ]  # fmt: skip


def test_sclite_weights_can_count_more_errors_than_the_edit_distance():
    # five substitutions cost 5 * 4 = 20; deleting a a a, keeping b b and inserting c c a
    # costs 3 * 3 + 0 + 3 * 3 = 18: sclite reports 6 errors where Levenshtein finds 5
    reference, hypothesis = "a a a b b".split(), "b b c c a".split()
    sclite = align_network(reference, hypothesis, SCLITE)
    assert (sclite.hits, sclite.deletions, sclite.insertions, sclite.errors) == (2, 3, 3, 6)
    assert align_network(reference, hypothesis, LEVENSHTEIN).errors == 5


def test_an_unmatched_optional_word_is_an_insertion_under_sclite_weights():
    # { um / uh / @ } against "ah": a substitution (4) or @ and an insertion (3)
    reference = parse_transcript("i've { um / uh / @ } as far")
    sclite = align_network(reference, "i've ah as far".split(), SCLITE)
    assert (sclite.substitutions, sclite.insertions, len(sclite.ref)) == (0, 1, 3)
    # with equal weights the two cost the same; the path through a word wins the tie
    levenshtein = align_network(reference, "i've ah as far".split(), LEVENSHTEIN)
    assert (levenshtein.substitutions, levenshtein.insertions, len(levenshtein.ref)) == (1, 0, 4)


def test_regions_and_ops_follow_the_chosen_path():
    alignment = align_network(parse_transcript("the { cat / dog } sat"), ["the", "dog", "sit"])
    assert alignment.ref == ("the", "dog", "sat")
    assert [(r.ref_start, r.ref_end, r.hyp_start, r.hyp_end) for r in alignment.regions] == [
        (2, 3, 2, 3)
    ]


def test_between_equal_costs_the_path_with_fewer_errors_wins():
    # "a a a" against "b c b": three substitutions, 12. "a a a b b": three deletions, b
    # correct, c inserted, b correct, also 12 but four errors. The @ path is taken.
    alignment = align_network(parse_transcript("a a a { b b / @ }"), ["b", "c", "b"])
    assert (alignment.ref, alignment.substitutions, alignment.errors) == (("a", "a", "a"), 3, 3)
