"""The light text forms the checks compare."""

from __future__ import annotations

import pytest

from scoring.dataquality.texts import has_content, plain, spoken_length, text_key


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[slow] Hi, I'M  locked out!", "hi i'm locked out"),
        ("l'homme 'cité'", "l'homme cité"),
        ("मेरा नेटवर्क, ठीक है।", "मेरा नेटवर्क ठीक है"),
        ("ＡＢＣ－１２３", "abc 123"),
        ("", ""),
    ],
)
def test_plain(text, expected):
    assert plain(text) == expected


def test_spoken_length_counts_letters_signs_and_digits_thrice():
    assert spoken_length("ab [noise] c") == 3
    assert spoken_length("मेरा") == 4
    assert spoken_length("12") == 6


def test_has_content_ignores_annotations_and_punctuation():
    assert not has_content(" [noise] ... ")
    assert has_content("7")


def test_text_key_keeps_case_and_punctuation_but_not_spacing():
    assert text_key("  Hello,   World ") == "Hello, World"
    assert text_key("Hello, world") != text_key("hello world")


def test_a_bracket_with_a_digit_is_speech_as_the_normalizer_keeps_it():
    # phones written in brackets are what was said: the annotations step keeps them
    assert has_content("[HH AH0 L OW1]")
    assert spoken_length("[AH0]") == 2 + 3
    assert plain("[slow] [HH AH0]") == "hh ah0"
