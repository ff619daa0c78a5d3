"""`score_transcript` with `--lang plain`: counts on references with alternations, worked
out by hand from sclite's documented rules (weights 0/3/3/4, `@` is no word and no error,
`# Wrd` counts the words on the chosen path)."""

import pytest

from scoring import load_scorer
from scoring.network import LEVENSHTEIN
from scoring.transcript import score_transcript

DOC = "i've { um / uh / @ } as far as i'm concerned"  # sclite's trn example


@pytest.fixture(scope="module")
def plain():
    return load_scorer("plain")


def counts(plain, reference, hypothesis, **options):
    c = score_transcript(plain, reference, hypothesis, **options).counts
    return c.hits, c.substitutions, c.deletions, c.insertions, c.ref_len


@pytest.mark.parametrize(
    ("reference", "hypothesis", "expected"),
    [
        # C, S, D, I, Wrd
        (DOC, "i've um as far as i'm concerned", (7, 0, 0, 0, 7)),
        (DOC, "I've UH as far as I'm concerned", (7, 0, 0, 0, 7)),  # case is mapped
        (DOC, "i've as far as i'm concerned", (6, 0, 0, 0, 6)),  # @ taken: nothing missed
        (DOC, "i've ah as far as i'm concerned", (6, 0, 0, 1, 6)),  # @ + insertion (3) < sub (4)
        (DOC, "as far as i'm concerned", (5, 0, 1, 0, 6)),  # i've deleted, @ taken
        (DOC, "", (0, 0, 6, 0, 6)),  # an empty hypothesis: the shortest path, all deleted
        ("the cat sat on { @ / the } mat", "the cat sat on the mat", (6, 0, 0, 0, 6)),
        ("the cat sat on { @ / the } mat", "the cat sat on mat", (5, 0, 0, 0, 5)),
        ("the cat sat on { @ / the } mat", "the cat sat on a mat", (5, 0, 0, 1, 5)),
        ("I am a (farmer)", "i am a", (3, 0, 0, 0, 3)),
        ("I am a (farmer)", "i am a farmer", (4, 0, 0, 0, 4)),
        ("{ what are / what're } you doing", "what're you doing", (3, 0, 0, 0, 3)),
        ("{ what are / what're } you doing", "what are you doing", (4, 0, 0, 0, 4)),
        ("{ what are / what're } you doing", "what you doing", (3, 0, 1, 0, 4)),
    ],
)
def test_plain_counts_agree_with_sclite_by_hand(plain, reference, hypothesis, expected):
    assert counts(plain, reference, hypothesis) == expected


def test_without_alternations_braces_are_words(plain):
    assert counts(plain, "{ a / b }", "a", alternations=False) == (1, 0, 4, 0, 5)


def test_the_weights_can_be_levenshtein(plain):
    # equal weights: a substitution for "ah" costs what @ + insertion costs; the word wins
    assert counts(plain, DOC, "i've ah as far as i'm concerned", costs=LEVENSHTEIN) == (
        6, 1, 0, 0, 7,
    )  # fmt: skip


def test_the_score_says_what_was_compared(plain):
    result = score_transcript(plain, DOC, "i've uh as far as i'm concerned")
    assert result.reference == "i've uh as far as i'm concerned"
    assert result.normalizer == plain.identity
    assert result.as_dict(alignment=False)["wer"] == 0.0


def test_a_language_normalizes_each_alternative():
    english = load_scorer("en")
    result = score_transcript(english, "I have { twenty five / 25 } apples", "i have 25 apples")
    assert result.counts.errors == 0
