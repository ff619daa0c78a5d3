"""Script shares: letters and their script's signs count, shared marks and digits do not;
every language the product scores has its scripts."""

from __future__ import annotations

import pytest

from reviewapp.languages import languages
from scoring.dataquality.scripts import (
    allowed_scripts,
    describe_shares,
    language_scripts,
    script_counts,
    script_shares,
)


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("Straße 12", {"Latin": 6}),
        ("मेरा", {"Devanagari": 4}),  # two letters, two vowel signs
        ("パスワード", {"Katakana": 4}),  # ー is shared by both kana: no script's own
        ("비밀번호 Outlook", {"Hangul": 4, "Latin": 7}),
        ("رمز", {"Arabic": 3}),
        ("Привет", {"Cyrillic": 6}),
        ("ⴰⵣⵓⵍ", {"Other": 4}),  # Tifinagh: a script no report names
        ("123 !?", {}),
    ],
)
def test_script_counts(text, counts):
    assert dict(script_counts(text)) == counts


def test_shares_are_largest_first_and_described():
    shares = script_shares("ab cd ef चल")
    assert list(shares) == ["Latin", "Devanagari"]
    assert describe_shares(shares) == "75% Latin, 25% Devanagari"
    assert script_shares("") == {}


def test_every_language_has_its_scripts():
    for code in languages():
        assert language_scripts(code), code


def test_code_switching_adds_the_other_languages_scripts():
    assert allowed_scripts("hi") == {"Devanagari"}
    assert allowed_scripts("hi", ["en"]) == {"Devanagari", "Latin"}
    assert allowed_scripts("ja", ["en"]) == {"Han", "Hiragana", "Katakana", "Latin"}
