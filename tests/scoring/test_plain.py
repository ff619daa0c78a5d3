"""`--lang plain`: no normalization, so counts line up with jiwer's token for token."""

import random

import jiwer
import pytest

from scoring import load_scorer

WORDS = "the a cat sat on mat hello, world! it's 25 twenty-five ok. straße ünder 東京 ab-12".split()


def random_text(rng: random.Random, empty_ok: bool) -> str:
    words = rng.choices(WORDS, k=rng.randint(0 if empty_ok else 1, 12))
    # spaces only: jiwer's default transform splits on spaces, not on tabs or newlines
    return "".join(word + rng.choice([" ", "  "]) for word in words)


def test_plain_counts_match_jiwer_on_random_pairs():
    rng = random.Random(19)
    scorer = load_scorer("plain")
    for _ in range(1_000):
        reference, hypothesis = random_text(rng, False), random_text(rng, True)
        ours = scorer.score(reference, hypothesis).counts
        theirs = jiwer.process_words(reference, hypothesis)
        assert (ours.substitutions, ours.deletions, ours.insertions) == (
            theirs.substitutions,
            theirs.deletions,
            theirs.insertions,
        ), (reference, hypothesis)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Hello,  World!", "hello, world!"),  # punctuation stays, case folds
        ("twenty-five 25", "twenty-five 25"),  # no number reading
        ("Straße", "strasse"),  # case folding, not lower()
        ("e\u0301te\u0301", "\u00e9t\u00e9"),  # NFC
        ("um, I'm", "um, i'm"),  # no fillers, no contractions
    ],
)
def test_plain_only_folds_case_and_composes(text, plain):
    assert load_scorer("plain").normalizer(text) == plain
