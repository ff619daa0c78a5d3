"""Odd text through `scoring.load_scorer(lang).score` for EVERY config in configs/: empty
strings, only punctuation, only fillers, 10k-word turns, mixed scripts, combining marks,
zero-width characters, bidi marks, controls. Each gives a defined result (no crash): the
counts add up, the rate is the rate of the counts, and a text scored against itself has
no error. Hypothesis then tries text drawn from (nearly) the whole of Unicode."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import config_languages, load_scorer
from scoring.metrics import rate
from tests.scoring import helpers

LANGUAGES = config_languages()


def test_every_config_is_covered():
    assert len(LANGUAGES) >= 10 and {"en", "de", "fr", "hi", "ja", "ko"} <= set(LANGUAGES)


def assert_defined(scorer, reference: str, hypothesis: str):
    result = scorer.score(reference, hypothesis)
    c = result.counts
    assert min(c.substitutions, c.deletions, c.insertions, c.ref_len, c.hyp_len) >= 0
    assert c.ref_len == len(scorer.tokens(result.reference))
    assert c.hyp_len == len(scorer.tokens(result.hypothesis))
    assert c.substitutions + c.deletions <= c.ref_len
    assert c.substitutions + c.insertions <= c.hyp_len
    assert result.rate == rate(c.errors, c.ref_len)
    if result.rate is not None:
        assert math.isfinite(result.rate) and result.rate >= 0
    else:  # undefined only for insertions against an empty reference
        assert c.ref_len == 0 and c.errors > 0
    json.dumps(result.as_dict(), allow_nan=False)  # storable as the web app stores it
    # the same input, the same answer
    assert scorer.score(reference, hypothesis).as_dict() == result.as_dict()
    return result


def fillers_of(scorer) -> list[str]:
    return list(scorer.config.fillers) or ["um", "uh"]


MIXED_SCRIPTS = "Hello Привет مرحبا 你好 नमस्ते こんにちは 안녕하세요 Γειά שלום ẞtraße ǅemal"
ODD_TEXTS = {
    "empty": "",
    "blank": " \t\n\r\u00a0\u2003 ",
    "punctuation": "... !? ¿¡ — « » “ ” „ ‚ ' \" ( ) [ ] { } ; : , . 。 、 ！ ？ ・ ।",
    "symbols": "$ € £ % & @ # * + = / \\ | ~ ^ _ - – ° № ©",
    "digits": "0 1 2 3 4 5 6 7 8 9 10 1,000 1.000 1 000 3.14 3,14 ½ ² ٣ ७ 三",
    "mixed scripts": MIXED_SCRIPTS,
    "combining marks": "cafe\u0301 nai\u0308ve a\u0300\u0301\u0302\u0303 \u0301 alone "
    "Z\u0335\u0328\u0347",
    "zero width": "\u200bbook\u200c a\u200d flight\ufeff \u2060now\u00ad",
    "bidi marks": "\u200fسلام\u200e 123 \u202bتست\u202c \u2067abc\u2069 \u061c",
    "controls": "\x00nul \x07bell\ttab\x0bvt\x1b[0m esc \x7f",
    "emoji": "👩\u200d👩\u200d👧 family 👍🏽 🇩🇪 ❤\ufe0f",
    "annotations only": "[laughs] [noise] [slow]",
    "brackets": "[[[ ]]] [unclosed ]not opened[",
    "private and unassigned": "\ue000\uf8ff \U000f0000 \u0378 \U0010fffd",
    "one long token": "a" * 5000,
}


@pytest.fixture(scope="module", params=LANGUAGES)
def scorer(request):
    return load_scorer(request.param)


@pytest.mark.parametrize("name", list(ODD_TEXTS))
def test_odd_text_gives_a_defined_result(scorer, name):
    text = ODD_TEXTS[name]
    assert_defined(scorer, text, text)
    assert assert_defined(scorer, text, text).counts.errors == 0
    assert_defined(scorer, text, "")
    assert_defined(scorer, "", text)
    assert_defined(scorer, text, MIXED_SCRIPTS)
    assert_defined(scorer, "book a flight to Berlin", text)


def test_empty_against_empty_is_a_perfect_zero(scorer):
    result = assert_defined(scorer, "", "")
    assert (result.counts.errors, result.counts.ref_len, result.rate) == (0, 0, 0.0)


def test_inserting_into_an_empty_reference_is_undefined_not_zero(scorer):
    result = assert_defined(scorer, "", "hello there friend 123")
    assert result.counts.ref_len == 0
    if result.counts.hyp_len:
        assert result.rate is None


def test_only_fillers(scorer):
    fillers = " ".join(fillers_of(scorer))
    assert assert_defined(scorer, fillers, fillers).counts.errors == 0
    assert_defined(scorer, fillers, "")
    assert_defined(scorer, "", fillers)
    if scorer.config.fillers:  # a filler is not speech: fillers alone score like silence
        assert assert_defined(scorer, fillers, "").counts.ref_len == 0


def test_ten_thousand_word_turns(scorer):
    words = (MIXED_SCRIPTS + " book a flight to Berlin at 7 30 please").split()
    reference = " ".join(words[i % len(words)] for i in range(10_000))
    hypothesis = " ".join(words[(i + (i % 13 == 0)) % len(words)] for i in range(10_000) if i % 17)
    result = assert_defined(scorer, reference, hypothesis)
    assert result.counts.ref_len > 0 and result.counts.errors > 0
    assert assert_defined(scorer, reference, reference).counts.errors == 0


# --- Hypothesis ---------------------------------------------------------------------------

# Everything but lone surrogates (no UTF-8 file or database text can hold one).
WIDE = st.characters(exclude_categories=("Cs",))
SPECIAL = st.sampled_from(
    ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202b", "\u202c", "\u2066", "\u2069",
     "\ufeff", "\u00ad", "\u0301", "\u0308", "\u0327", "\u093c", "\u3099", "\x00", "\t", "\n",
     "[", "]", "-", "'", "’", ".", ",", "%", "$", "@", "/", " "]
)  # fmt: skip
TOKENS = st.sampled_from(
    ["um", "uh", "ähm", "euh", "eh", "seven", "7", "twenty-one", "21st", "1,000", "3.5",
     "Mr.", "Dr", "LAX", "l a x", "e-mail", "I'm", "can't", "नमस्ते", "टिकट", "ticket",
     "こんにちは", "チケット", "안녕하세요", "티켓", "سلام", "بلیط", "Straße", "ĳ", "ǅ"]
)  # fmt: skip
texts = st.one_of(
    st.text(alphabet=WIDE, max_size=60),
    st.lists(st.one_of(TOKENS, st.text(alphabet=WIDE, max_size=6), SPECIAL), max_size=25).map(
        " ".join
    ),
    st.lists(st.one_of(TOKENS, SPECIAL), max_size=25).map("".join),
)


@pytest.mark.parametrize("language", LANGUAGES)
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(reference=texts, hypothesis=texts)
def test_any_text_gives_a_defined_result(language, reference, hypothesis):
    scorer = helpers.scorer(language)
    assert_defined(scorer, reference, hypothesis)
    assert assert_defined(scorer, reference, reference).counts.errors == 0
