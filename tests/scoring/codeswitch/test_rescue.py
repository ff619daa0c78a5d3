"""The code-switch rescue: what it rescues, what it must not, and per-language counts."""

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ConfigError, bundle_from_data, get_scorer, load_bundle, load_scorer
from scoring.stamp import code_fingerprint
from tests.scoring import helpers


def score(reference: str, hypothesis: str):
    return helpers.scorer("hi").score(reference, hypothesis)


def block(reference: str, hypothesis: str) -> dict:
    return score(reference, hypothesis).code_switch


def before_after(reference: str, hypothesis: str) -> tuple[int, int]:
    result = score(reference, hypothesis)
    return result.strict.errors, result.counts.errors


@pytest.mark.parametrize(
    "reference, hypothesis, errors",
    [
        # The intended 7 is not English: the user may have said सात.
        ("मुझे 7 बजे की फ़्लाइट चाहिए", "मुझे seven बजे की फ़्लाइट चाहिए", 1),
        # A translation: both read 7, but the transcript is not English.
        ("मुझे seven बजे जाना है", "मुझे सात बजे जाना है", 1),
        # A real STT error.
        ("मेरी flight कल है", "मेरी fight कल है", 1),
        # Neighbouring errors are one region, rescued whole or not at all.
        ("मेरी flight seven बजे है", "मेरी fight 7 बजे है", 2),
        ("मेरे लैपटॉप में नेटवर्क प्रॉब्लम है", "मेरे लैपटॉप में network problems है", 2),
        # Native words with an English look-alike (stoplist, too few consonants).
        ("मैं कल आऊँगा", "मैं call आऊँगा", 1),
        ("मैं बस से आऊँगा", "मैं bus से आऊँगा", 1),
        ("होटल का कमरा छोटा है", "होटल का camera छोटा है", 1),
        # Another form of the word is another word.
        ("मेरा रिफंड नहीं आया", "मेरा refunded नहीं आया", 1),
        ("मेरा नंबर बताइए", "मेरा numbers बताइए", 1),
        # Single words only: two Latin words are not one Devanagari word.
        ("मेरा पासवर्ड गलत है", "मेरा pass word गलत है", 2),
        # The English views differ (5 dollar, 5 euro).
        ("मुझे $5 चाहिए", "मुझे 5 यूरो चाहिए", 1),
        # Nothing intended there: an inserted English word stays an insertion.
        ("मेरा नंबर बताइए", "मेरा नंबर please बताइए", 1),
        # Regions are re-checked only up to four words a side.
        ("मुझे one two three four five चाहिए", "मुझे 1 2 3 4 5 चाहिए", 5),
    ],
)
def test_must_not_be_rescued(reference, hypothesis, errors):
    strict, after = before_after(reference, hypothesis)
    assert strict == after == errors
    assert block(reference, hypothesis)["rescues"] == []


@pytest.mark.parametrize(
    "reference, hypothesis, strict",
    [
        ("मुझे nine ten eleven twelve चाहिए", "मुझे 9 10 11 12 चाहिए", 4),  # four a side
        ("I'll wait, आप आराम से check कीजिए।", "I will wait आप आराम से check कीजिए", 1),
        ("मेरी मीटिंग eleven बजे है", "मेरी मीटिंग 11 बजे है", 1),
        # The phonetic matcher works in both directions.
        ("मेरा password काम नहीं कर रहा", "मेरा पासवर्ड काम नहीं कर रहा", 1),
        ("मैं बस से स्टेशन जाऊँगा", "मैं बस से station जाऊँगा", 1),
        # Both rules in one region.
        ("मेरी फ़्लाइट seven बजे है और टिकट कन्फर्म है", "मेरी फ़्लाइट 7 बजे है और टिकट confirm है", 2),
        ("मेरी flight seven बजे है", "मेरी flight 7 बजे है", 1),
    ],
)
def test_rescued(reference, hypothesis, strict):
    assert before_after(reference, hypothesis) == (strict, 0)


def test_phonetic_and_english_rules_together():
    out = block("मुझे नेटवर्क twenty five बजे चाहिए", "मुझे network 25 बजे चाहिए")
    (rescue,) = out["rescues"]
    assert rescue["rule"] == "phonetic"
    assert rescue["view"] == "network 25"
    assert rescue["errors"] == 3


def test_errors_only_go_down_and_languages_add_up():
    for reference, hypothesis in PAIRS:
        result = score(reference, hypothesis)
        assert result.counts.errors <= result.strict.errors
        assert result.counts.ref_len == result.strict.ref_len
        per = result.code_switch["per_language"]
        for key in ("errors", "ref_words", "hyp_len", "substitutions", "deletions", "insertions"):
            assert per["hi"][key] + per["en"][key] == result.counts.as_dict("wer")[key]


PAIRS = [
    ("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है"),
    ("मेरी flight कल है", "मेरी कल है"),
    ("कृपया मेरा अपॉइंटमेंट कन्फर्म कीजिए", "मेरा appointment confirm भी कीजिए"),
    ("", "hello"),
    ("मेरा कोड A B C डैश एक दो तीन है", "मेरा कोड ABC-123 है"),
]


class TestPerLanguageCounts:
    """S and D count against the intended word's language, I against the inserted word's."""

    def test_substitution_of_an_english_word(self):
        out = block("मेरी flight कल है", "मेरी fight कल है")
        assert out["per_language"]["en"]["substitutions"] == 1
        assert out["per_language"]["en"]["ref_words"] == 1
        assert out["per_language"]["hi"]["errors"] == 0
        assert out["per_language"]["hi"]["ref_words"] == 3
        assert (out["wer_hi"], out["wer_en"]) == (0.0, 1.0)
        assert out["english_words"] == 1
        assert out["code_switch_word_rate"] == 0.25

    def test_substitution_by_an_english_word(self):
        out = block("मैं कल आऊँगा", "मैं call आऊँगा")
        assert out["per_language"]["hi"]["substitutions"] == 1
        assert out["per_language"]["en"]["errors"] == 0
        assert out["per_language"]["en"]["hyp_len"] == 1
        assert "wer_en" not in out  # no English word intended
        assert out["wer_hi"] == pytest.approx(1 / 3)
        assert out["english_words"] == 0

    def test_deletion_of_an_english_word(self):
        out = block("मेरी flight कल है", "मेरी कल है")
        assert out["per_language"]["en"]["deletions"] == 1
        assert out["per_language"]["hi"]["deletions"] == 0

    def test_insertions_count_against_the_inserted_word(self):
        out = block("मेरा flight नंबर", "मेरा भी flight नंबर please")
        assert out["per_language"]["hi"]["insertions"] == 1  # भी
        assert out["per_language"]["en"]["insertions"] == 1  # please
        assert out["per_language"]["en"]["ref_words"] == 1

    def test_rescued_and_lexicon_words_are_english(self):
        out = block("मेरे लैपटॉप में नेटवर्क प्रॉब्लम है", "मेरे लैपटॉप में network problem है")
        # नेटवर्क and प्रॉब्लम were rescued; लैपटॉप matched as is, so it counts as Hindi
        # (the English share is an undercount, as the seed says).
        assert out["english_words"] == 2
        assert out["per_language"]["en"]["ref_words"] == 2
        assert out["code_switch_word_rate"] == pytest.approx(2 / 6)
        assert block("मेरा कोड यह है", "मेरा code यह है")["english_words"] == 1

    def test_rates(self):
        out = block("मुझे twenty five मार्च की booking चाहिए", "मुझे 25 मार्च की बुकिंग चाहिए")
        assert out["english_words"] == 3  # twenty, five, booking
        assert out["rescued_errors"] == 2
        assert out["code_switch_rescue_rate"] == 1.0
        perfect = block("मेरी flight कल है", "मेरी flight कल है")
        assert perfect["code_switch_rescue_rate"] is None  # nothing to rescue
        assert perfect["rescues"] == []
        assert block("मैं कल आऊँगा", "मैं call आऊँगा")["code_switch_rescue_rate"] == 0.0


def test_the_alignment_itself_is_the_hindi_one():
    result = score("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है")
    assert result.alignment.substitutions == 1  # unchanged; only the counts are rescued
    assert result.reference == "मेरी फ्लाइट seven बजे है"


WORDS = ["मेरी", "फ़्लाइट", "seven", "7", "सात", "flight", "fight", "नेटवर्क", "network", "I'm",
         "I", "am", "twenty", "five", "25", "कल", "call", "कोड", "code", "है", ",", "बजे",
         "booking", "बुकिंग", "A", "डैश", "एक", "हम्म"]  # fmt: skip
texts = st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(texts, texts)
def test_property_errors_only_go_down(reference, hypothesis):
    result = score(reference, hypothesis)
    assert result.counts.errors <= result.strict.errors
    assert result.code_switch["rescued_errors"] == result.strict.errors - result.counts.errors
    assert sum(r["errors"] for r in result.code_switch["rescues"]) == (
        result.strict.errors - result.counts.errors
    )
    # the normal form scores as the text itself (can fail, unlike a text against itself)
    assert score(reference, helpers.scorer("hi").normalizer(reference)).counts.errors == 0


def test_identity_covers_both_normalizers_and_the_rescue_code():
    scorer = load_scorer("hi")
    english = load_scorer("en").normalizer
    parts = [scorer.normalizer.identity.hash, english.identity.hash, code_fingerprint()]
    assert scorer.identity.hash == hashlib.sha256(":".join(parts).encode()).hexdigest()
    assert scorer.identity.name == "hi-norm"


def test_a_config_must_name_one_known_language():
    hindi = load_bundle("hi")
    english = load_bundle("en")
    with pytest.raises(ConfigError, match="no normalizer for 'en'"):
        get_scorer(hindi, {})
    data = {**hindi.data, "config": {**hindi.data["config"], "code_switch_languages": ["en", "fr"]}}
    with pytest.raises(ConfigError, match="exactly one language"):
        get_scorer(bundle_from_data(data), {"en": english, "fr": load_bundle("fr")})


def test_the_phonetic_matcher_is_off_unless_the_config_says_so():
    hindi = load_bundle("hi")
    data = {**hindi.data, "config": {**hindi.data["config"], "code_switch_phonetic": False}}
    scorer = get_scorer(bundle_from_data(data), {"en": load_bundle("en")})
    result = scorer.score("मेरे लैपटॉप में नेटवर्क प्रॉब्लम है", "मेरे लैपटॉप में network problem है")
    assert result.counts.errors == 2
    result = scorer.score("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है")
    assert result.counts.errors == 0  # the English views still work
