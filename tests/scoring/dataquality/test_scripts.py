"""Script shares: letters and their script's signs count, shared marks and digits do not;
every language the product scores lists its scripts in its config."""

from __future__ import annotations

import pytest

from scoring import load_bundle
from scoring.config import config_languages
from scoring.config.models import SCRIPTS
from scoring.dataquality.scripts import (
    OTHER,
    ExpectedScripts,
    describe_shares,
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


def test_every_config_lists_its_scripts():
    for code in config_languages():
        assert load_bundle(code).config.scripts, code


def test_every_script_a_config_may_list_is_counted_by_name():
    letters = {"Latin": "a", "Devanagari": "क", "Arabic": "ب", "Han": "字", "Hiragana": "あ",
               "Katakana": "ア", "Hangul": "한", "Cyrillic": "ж", "Greek": "λ", "Hebrew": "ש",
               "Thai": "ก", "Bengali": "ক", "Tamil": "க"}  # fmt: skip
    assert set(letters) == set(SCRIPTS) and OTHER not in SCRIPTS
    for name, letter in letters.items():
        assert dict(script_counts(letter)) == {name: 1}


def test_code_switching_adds_the_other_languages_scripts():
    assert ExpectedScripts(("Devanagari",)).allowed == {"Devanagari"}
    assert ExpectedScripts(("Devanagari",), ("Latin",)).allowed == {"Devanagari", "Latin"}
    japanese = ExpectedScripts(("Han", "Hiragana", "Katakana"), ("Latin",))
    assert japanese.native == {"Han", "Hiragana", "Katakana"}
