"""Loanword lexicons write English words in Devanagari; they never translate them and never
map an English function word (receipt = रसीद is a loanword; may = मई is the month)."""

import pytest

from scoring import config_languages, load_bundle
from scoring.config.loanword_lint import loanword_problems


@pytest.mark.parametrize("language", sorted(config_languages()))
def test_shipped_loanword_lexicons_are_transliterations(language):
    loanwords = load_bundle(language).config.loanwords
    devanagari = {k: v for k, v in loanwords.items() if any("\u0900" <= c <= "\u097f" for c in v)}
    assert loanword_problems(devanagari) == []


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("receipt", "रसीद"),  # the Hindi word for a receipt; रिसीट is the loanword
        ("office", "दफ़्तर"),
        ("ticket", "पर्ची"),
        ("train", "रेलगाड़ी"),
        ("help", "मदद"),
        ("price", "दाम"),
    ],
)
def test_a_translation_is_caught(source, target):
    (problem,) = loanword_problems({source: target})
    assert problem.startswith(f"{source}: {target} is not a transliteration")


@pytest.mark.parametrize("source", ["may", "can", "will", "me", "the"])
def test_an_english_function_word_is_caught(source):
    (problem,) = loanword_problems({source: "मई"})
    assert "function word" in problem


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("receipt", "रिसीट"),
        ("station", "स्टेशन"),
        ("form", "फॉर्म"),
        ("phone", "फोन"),  # फ without the nukta, as often typed
        ("schedule", "शेड्यूल"),
        ("atm", "एटीएम"),  # letters said one by one
    ],
)
def test_a_transliteration_passes(source, target):
    assert loanword_problems({source: target}) == []
