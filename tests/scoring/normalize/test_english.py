"""English: what a Whisper-style normalizer does, without its defects (a title expanded
on a code, a name or a number word changed)."""

import pytest

from tests.scoring.helpers import errors, normalized

SAME_SPEECH = [
    # contractions, with the curly apostrophe U+2019 unified first
    ("I’m not sure", "I am not sure"),
    ("I'm not sure", "I am not sure"),
    ("we can't go, it's late", "we cannot go it is late"),
    ("they’re here", "they are here"),
    # British and American spellings
    ("my favourite colour is grey", "my favorite color is gray"),
    ("the programme was cancelled", "the program was canceled"),
    # number words, ordinals, decimals, thousands
    ("twenty five people", "25 people"),
    ("twenty-five people", "25 people"),
    ("on the third of March", "on the 3rd of March"),
    ("three point five percent", "3.5%"),
    ("one thousand two hundred", "1,200"),
    ("two cats", "2 cats"),
    # currency
    ("it costs five dollars", "it costs $5"),
    ("under $120", "under 120 dollars"),
    # fillers, case, punctuation
    ("um, we should uh launch on Friday", "we should launch on friday"),
    ("Hello, World!", "hello world"),
    # spoken symbols in codes
    ("A B C dash one two three", "ABC-123"),
    ("mag underscore mutual", "mag_mutual"),
    ("code X Y slash nine", "code XY/9"),
    # annotations are not speech
    ("[slow] my booking [assistant interrupts] reference", "my booking reference"),
]

KEPT_APART = [
    ("3.5 percent", "35 percent"),  # decimals are never merged
    ("my flight", "my fight"),
    ("I am here", "I was here"),
    ("umbrella", "brella"),  # a filler goes only as a whole word
]


@pytest.mark.parametrize(("a", "b"), SAME_SPEECH)
def test_two_spellings_of_the_same_speech_normalize_alike(a, b):
    assert normalized("en", a) == normalized("en", b)
    assert errors("en", a, b) == 0


@pytest.mark.parametrize(("a", "b"), KEPT_APART)
def test_different_speech_stays_different(a, b):
    assert errors("en", a, b) > 0


def test_decimal_survives_punctuation_removal():
    assert normalized("en", "It is 3.5 metres.") == "it is 3.5 m"


def test_a_spelled_code_does_not_swallow_the_next_code():
    assert normalized("en", "A B C dash 1 2 3 ABC-123") == "abc123 abc123"


def test_slash_between_ordinary_words_is_left_alone():
    assert normalized("en", "read the slash fiction") == "read the slash fiction"


@pytest.mark.parametrize("variant", ["en-GB", "en-US", "en-AU"])
def test_regional_variants_fall_back_to_english(variant):
    assert normalized(variant, "I’m twenty five") == "i am 25"


# Dates with a repeated symbol word, and titles only before a capitalized name.
def test_a_date_spelled_with_dashes_matches_the_written_date():
    assert errors("en", "1995 dash 04 dash 18", "1995-04-18") == 0
    assert normalized("en", "20 dash 3") == "20 dash 3"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mr. Smith", "mister smith"),
        ("Dr. Patel", "doctor patel"),
        ("St. Louis", "saint louis"),
        ("123 Main St. apartment 4", "123 main street apartment 4"),  # after a name: street
        ("Elm Dr. in Springfield", "elm dr in springfield"),
    ],
)
def test_titles_expand_only_before_a_capitalized_name(text, expected):
    assert normalized("en", text) == expected
