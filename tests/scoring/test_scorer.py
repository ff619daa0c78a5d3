"""Scores: the same normalizer on both sides, corpus sums, honest counts, stamps."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    PairInput,
    clear_caches,
    config_languages,
    load_bundle,
    load_scorer,
    score_corpus,
)
from scoring import scorer as scorer_module
from scoring.scorer import scorer_identity
from tests.scoring import helpers
from tests.scoring.helpers import DEMO
from tests.scoring.test_align import naive_distance

# Realistic text: words of every kind the rules touch, with punctuation where writers put it.
words = st.sampled_from(
    [
        "the",
        "cat",
        "I'm",
        "I’m",
        "don't",
        "colour",
        "grey",
        "twenty",
        "five",
        "twenty-five",
        "3.5",
        "1,000",
        "$120",
        "5%",
        "uh",
        "um",
        "dash",
        "underscore",
        "slash",
        "A",
        "B",
        "C",
        "M4B",
        "ABC-123",
        "Anmelde-Konto",
        "Krüger",
        "Straße",
        "fünf",
        "trait",
        "d'union",
        "tiret",
        "barra",
        "una",
        "M.",
        "Dupont",
        "[slow]",
        "e-mail",
        "HR-Fragen",
        "one",
        "two",
        "fourth",
        "Strich",
        "Schrägstrich",
        "zwoelf",
        "point",
        "neuf",
    ]
)
marks = st.sampled_from(["", "", "", ",", ".", "?", "!", "…"])
word_with_mark = st.tuples(st.sampled_from(["", "", "(", "«", '"']), words, marks).map("".join)
texts = st.lists(word_with_mark, max_size=14).map(" ".join)


@settings(max_examples=200)
@given(texts)
def test_normalizing_twice_equals_normalizing_once(text):
    for language in ("en", "de", "fr", "es"):
        normalizer = helpers.scorer(language).normalizer
        once = normalizer(text)
        assert normalizer(once) == once, (language, text)


def _demo_vocabulary() -> dict[str, list[str]]:
    """Every word of the demo set's references and transcripts, per language."""
    words: dict[str, set[str]] = {}
    for line in DEMO.read_text("utf-8").splitlines():
        record = json.loads(line)
        seen = words.setdefault(record["language"], set())
        for turn in record["turns"]:
            seen.update(turn["reference"].split())
            seen.update(turn["hypothesis"].split())
    return {language: sorted(seen) for language, seen in words.items()}


DEMO_WORDS = _demo_vocabulary()


@pytest.mark.parametrize("language", sorted(DEMO_WORDS))
@settings(max_examples=150)
@given(data=st.data())
def test_demo_words_in_any_order_normalize_the_same_twice(language, data):
    """Real words of every language, shuffled: rules meet neighbours they never met in the
    examples (a filler before a number word, a symbol word after an ordinal)."""
    words = data.draw(st.lists(st.sampled_from(DEMO_WORDS[language]), min_size=1, max_size=10))
    text = " ".join(words)
    scorer = helpers.scorer(language)
    once = scorer.normalizer(text)
    assert scorer.normalizer(once) == once
    # the scorer normalizes a hypothesis already in normal form to the same tokens
    assert scorer.score(text, once).counts.errors == 0


# Found by fuzzing with the demo set's words: each gave a different text on a second pass.
@pytest.mark.parametrize(
    ("language", "text"),
    [
        # a digit ordinal (4th) is a plain number, as the word it came from (fourth) was
        ("en", "fourth dash the birth reference"),
        ("en", "reference six. slash ninth. seat"),
        ("en", "today? anna ninth. dash Monday."),
        # symbol and number words are read in their folded spelling too
        ("de", "Geburtsdatum Strich 7 zwoelf."),
        ("de", "für 12. Unterstrich Schrägstrich"),
        ("de", "0 Punkt Schrägstrich Bindestrich seit meinen"),
        ("de", "äh Strich äh Q zwanzig X Kollege"),
        ("de", "des BX/74. äh Strich den mehr."),
        # text2num reads "neuf" as 9 only once "un" before it is a digit
        ("fr-CA", "un expire point neuf paye."),
        # text2num reads "le X neuf" as "the new X": with the filler gone, X is "neuf" itself
        ("fr-CA", "changer le euh neuf inclus Ma"),
        ("fr", "le euh neuf"),
    ],
)
def test_found_cases_normalize_the_same_on_a_second_pass(language, text):
    normalizer = load_scorer(language).normalizer
    once = normalizer(text)
    assert normalizer(once) == once


# score(x, x) has no error by construction (one deterministic normalizer, equal tokens):
# the properties below can fail.


@given(texts)
def test_a_text_scores_zero_against_its_normal_form(text):
    """Fails when normalizing the normal form changes it (a step that is not idempotent)."""
    scorer = helpers.scorer("en")
    assert scorer.score(text, scorer.normalizer(text)).counts.errors == 0


@given(texts, texts)
def test_counts_are_the_edit_distance_of_the_normalized_tokens(reference, hypothesis):
    """Against a naive dynamic-programming edit distance of the tokens the result shows."""
    scorer = helpers.scorer("en")
    result = scorer.score(reference, hypothesis)
    ref, hyp = scorer.tokens(result.reference), scorer.tokens(result.hypothesis)
    assert result.counts.errors == naive_distance(ref, hyp)
    assert (result.counts.ref_len, result.counts.hyp_len) == (len(ref), len(hyp))
    assert result.counts.hits + result.counts.substitutions + result.counts.deletions == len(ref)


@given(texts, texts)
def test_swapping_reference_and_hypothesis_keeps_the_error_count(a, b):
    """Both sides go through one normalizer, and the edit distance is symmetric. (How the
    errors split into S, D and I may differ: equal-cost paths are chosen by position.)"""
    scorer = helpers.scorer("en")
    forward, backward = scorer.score(a, b).counts, scorer.score(b, a).counts
    assert forward.errors == backward.errors
    assert (forward.ref_len, forward.hyp_len) == (backward.hyp_len, backward.ref_len)


def test_corpus_rate_is_a_ratio_of_sums_not_a_mean_of_rates():
    scorer = load_scorer("en")
    corpus = score_corpus(
        scorer,
        [
            PairInput("short", "yes", "no"),  # 1/1
            PairInput(
                "long",
                "one two three four five six seven eight nine ten",
                "one two three four five six seven eight nine ten",
            ),  # 0/10
        ],
    )
    assert corpus.counts.errors == 1
    assert corpus.counts.ref_len == 11
    assert corpus.value == 1 / 11


def test_unscorable_pairs_are_counted_not_dropped():
    corpus = score_corpus(
        load_scorer("en"),
        [
            PairInput("a", "hello there", "hello there"),
            PairInput("b", None, "hello"),
            PairInput("c", "hello", 42),
        ],
    )
    assert corpus.scored == 1
    assert corpus.manifest == 3
    assert [s.as_dict() for s in corpus.skipped] == [
        {"id": "b", "reason": "missing reference"},
        {"id": "c", "reason": "hypothesis is not a string"},
    ]
    assert corpus.report_line().endswith(" 1/3")


def test_report_line_has_the_five_fields():
    scorer = load_scorer("en")
    corpus = score_corpus(scorer, [PairInput("1", "a b c d", "a b c x")])
    metric, unit, value, label, counts = corpus.report_line().split()
    assert (metric, unit, value, counts) == ("wer", "word", "0.2500", "1/1")
    assert label == scorer.identity.label()


def test_every_score_carries_the_normalizer_stamp():
    result = load_scorer("de").score("a", "b").as_dict()
    assert set(result["normalizer"]) == {"name", "version", "hash"}
    assert result["normalizer"]["name"] == "de-norm"


def test_empty_reference_gives_a_defined_result():
    scorer = load_scorer("en")
    assert scorer.score("", "").rate == 0.0
    assert scorer.score("", "hello").rate is None
    assert scorer.score("...", "um").counts.errors == 0


@pytest.mark.parametrize("language", config_languages())
def test_a_scorer_s_identity_is_known_without_building_it(language, monkeypatch):
    bundle = load_bundle(language)
    companions = {other: load_bundle(other) for other in bundle.config.code_switch_languages}
    built = load_scorer(language).identity
    clear_caches(code_stamp=False)  # no built scorer left to find
    monkeypatch.setattr(scorer_module, "build_normalizer", None)  # fails if called
    assert scorer_identity(bundle, companions) == built


def test_scorers_are_built_once_per_content():
    assert load_scorer("en") is load_scorer("en")
