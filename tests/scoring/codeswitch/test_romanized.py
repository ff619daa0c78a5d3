"""Romanized Hindi in the transcript: a switchable policy with its own count,
`hindi.romanized_hindi` = off | count | accept, never accept in the shipped config."""

import pytest

from scoring import PairInput, bundle_from_data, get_scorer, load_bundle, score_corpus
from scoring.codeswitch.romanized import RomanizedHindi


def hindi(policy: str | None):
    data = load_bundle("hi").data
    rules = dict(data["config"]["hindi"])
    if policy is None:
        rules.pop("romanized_hindi", None)
    else:
        rules["romanized_hindi"] = policy
    config = {**data["config"], "hindi": rules}
    bundle = bundle_from_data({"config": config, "lexicons": data["lexicons"]})
    return get_scorer(bundle, {"en": load_bundle("en")})


def test_the_shipped_config_counts_and_never_accepts():
    assert load_bundle("hi").config.hindi.romanized_hindi == "count"


@pytest.mark.parametrize(
    "devanagari, latin",
    [("मुझे", "mujhe"), ("मुझे", "muje"), ("है", "hai"), ("नहीं", "nahin"), ("नहीं", "nahi"),
     ("क्या", "kya"), ("आप", "aap"), ("कमरा", "kamra"), ("चाहिए", "chahiye"), ("अच्छा", "achha"),
     ("अच्छा", "accha"), ("में", "mein"), ("मैं", "main"), ("कल", "kal"), ("ठीक", "theek")],
)  # fmt: skip
def test_romanizations_match(devanagari, latin):
    assert RomanizedHindi().match(devanagari, latin)


@pytest.mark.parametrize(
    "devanagari, latin",
    [("मुझे", "mujhse"), ("में", "main"), ("कल", "call"), ("कल", "kab"), ("टिकट", "ticket"),
     ("है", "hi"), ("मुझे", "7"), ("7", "seven")],
)  # fmt: skip
def test_must_not_match(devanagari, latin):
    assert not RomanizedHindi().match(devanagari, latin)


PAIRS = [
    ("मुझे टिकट चाहिए", "mujhe टिकट चाहिए"),  # one romanized word
    ("मुझे टिकट चाहिए", "mujhe ticket chahiye"),  # two, and an English word (phonetic)
    ("मैं कल आऊँगा", "मैं call आऊँगा"),  # an English look-alike: not romanized Hindi
    ("मुझे टिकट चाहिए", "mujhse टिकट चाहिए"),  # another word
]


def test_off_adds_nothing():
    scorer = hindi(None)
    for reference, hypothesis in PAIRS:
        result = scorer.score(reference, hypothesis)
        assert "romanized_hindi_words" not in result.code_switch
        assert result.counts.errors == result.strict.errors


def test_count_reports_and_changes_no_score():
    scorer = hindi("count")
    counts = [scorer.score(r, h).code_switch["romanized_hindi_words"] for r, h in PAIRS]
    assert counts == [1, 2, 0, 0]
    for reference, hypothesis in PAIRS:
        result = scorer.score(reference, hypothesis)
        assert result.counts.errors == result.strict.errors


def test_accept_counts_a_romanized_word_as_correct():
    scorer = hindi("accept")
    results = [scorer.score(r, h) for r, h in PAIRS]
    assert [(r.strict.errors, r.counts.errors) for r in results] == [(1, 0), (3, 0), (1, 1), (1, 1)]
    rescue = results[1].code_switch["rescues"][0]
    assert rescue["rule"] == "romanized_hindi"
    assert rescue["romanized"] == [
        {"reference": "मुझे", "hypothesis": "mujhe"},
        {"reference": "चाहिए", "hypothesis": "chahiye"},
    ]
    assert rescue["phonetic"][0]["hypothesis"] == "ticket"
    # A romanized word is a Hindi word: it does not make the English share grow.
    assert results[0].code_switch["english_words"] == 0
    assert results[0].code_switch["per_language"]["hi"]["ref_words"] == 3


def test_the_corpus_sums_the_count():
    pairs = [PairInput(str(k), r, h) for k, (r, h) in enumerate(PAIRS)]
    block = score_corpus(hindi("count"), pairs).as_dict()["code_switch"]
    assert block["romanized_hindi_words"] == 3
    assert "romanized_hindi_words" not in score_corpus(hindi(None), pairs).as_dict()["code_switch"]


def test_a_policy_is_one_of_three():
    with pytest.raises(Exception, match="romanized_hindi"):
        hindi("yes")
