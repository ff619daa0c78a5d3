"""One pattern says what an annotation is: the normalizer, the review page and the data
checks all use it."""

from __future__ import annotations

import pytest

from scoring import load_scorer
from scoring.normalize.annotations import ANNOTATION


@pytest.mark.parametrize(
    ("text", "notes"),
    [
        ("[slow] hello [assistant interrupts]", ["[slow]", "[assistant interrupts]"]),
        ("say [HH AH0 L OW1]", []),  # phones are speech
        ("[a [b] c]", ["[b]"]),  # no nesting: the innermost note
        ("no notes here", []),
    ],
)
def test_annotations_are_brackets_without_digits(text, notes):
    assert ANNOTATION.findall(text) == notes


def test_the_normalizer_drops_exactly_these_annotations():
    scorer = load_scorer("en")
    result = scorer.score("[noise] hello [HH AH0]", "hello")
    assert "noise" not in result.reference
    assert "ah0" in result.reference.casefold()
