"""Languages without `code_switch_languages` give exactly the output they gave before
code-switching existed (the literals below were produced by the code before it)."""

import pytest

from scoring import PairInput, config_languages, load_bundle, load_scorer, score_corpus

# as_dict() of load_scorer("en").score(...) before code-switching, without the
# "normalizer" stamp (its version and hash change with any config or code change).
BEFORE = [
    (
        ("my flight is at seven", "my fight is at 7"),
        {"metric": "wer", "unit": "word", "wer": 0.2, "errors": 1, "ref_words": 5,
         "hyp_len": 5, "substitutions": 1, "deletions": 0, "insertions": 0, "hits": 4,
         "reference_normalized": "my flight is at 7",
         "hypothesis_normalized": "my fight is at 7",
         "alignment": [["equal", 0, 0], ["substitute", 1, 1], ["equal", 2, 2],
                       ["equal", 3, 3], ["equal", 4, 4]]},
    ),
    (
        ("I'm at twenty five", "I am at 25"),
        {"metric": "wer", "unit": "word", "wer": 0.0, "errors": 0, "ref_words": 4,
         "hyp_len": 4, "substitutions": 0, "deletions": 0, "insertions": 0, "hits": 4,
         "reference_normalized": "i am at 25", "hypothesis_normalized": "i am at 25",
         "alignment": [["equal", 0, 0], ["equal", 1, 1], ["equal", 2, 2], ["equal", 3, 3]]},
    ),
    (
        ("um, the colour grey", "the color gray"),
        {"metric": "wer", "unit": "word", "wer": 0.0, "errors": 0, "ref_words": 3,
         "hyp_len": 3, "substitutions": 0, "deletions": 0, "insertions": 0, "hits": 3,
         "reference_normalized": "the color gray", "hypothesis_normalized": "the color gray",
         "alignment": [["equal", 0, 0], ["equal", 1, 1], ["equal", 2, 2]]},
    ),
    (
        ("", "hello"),
        {"metric": "wer", "unit": "word", "wer": None, "errors": 1, "ref_words": 0,
         "hyp_len": 1, "substitutions": 0, "deletions": 0, "insertions": 1, "hits": 0,
         "reference_normalized": "", "hypothesis_normalized": "hello",
         "alignment": [["insert", None, 0]]},
    ),
]  # fmt: skip


@pytest.mark.parametrize("pair, expected", BEFORE)
def test_english_output_is_unchanged(pair, expected):
    out = load_scorer("en").score(*pair).as_dict()
    stamp = out.pop("normalizer")
    assert stamp["name"] == "en-norm"
    assert out == expected


WITHOUT_CODE_SWITCH = [
    lang for lang in config_languages() if not load_bundle(lang).config.code_switch_languages
]


@pytest.mark.parametrize("language", WITHOUT_CODE_SWITCH)
def test_no_code_switch_fields_without_code_switch_languages(language):
    scorer = load_scorer(language)
    assert scorer.identity == scorer.normalizer.identity
    result = scorer.score("flight seven", "fight 7")
    assert result.strict is None and result.code_switch is None
    out = result.as_dict()
    assert not {"strict_wer", "code_switch"} & set(out)  # ("strict" may be a profile's name)
    corpus = score_corpus(scorer, [PairInput("1", "flight seven", "fight 7")])
    assert corpus.strict_counts is None and corpus.code_switch is None
    assert "code_switch" not in corpus.as_dict()
