"""The benchmark corpora hold what their descriptions say: distinct references where a row
says cold, the repetition where a row says so, and a loud word when EVA is missing."""

import pytest

from bench import data


def test_english_distinct_has_only_distinct_references():
    corpus = data.english_distinct(500, seed=1)
    assert len(corpus.pairs) == 500
    assert corpus.distinct_references == 500
    assert "500 distinct refs" in corpus.describe()


def test_english_repeated_scores_each_reference_for_every_model():
    corpus = data.english_repeated(500, models=5, seed=1)
    assert len(corpus.pairs) == 500
    assert corpus.distinct_references == 100


@pytest.mark.parametrize("language", ["de", "hi", "ja", "ko", "fa"])
def test_language_distinct_has_only_distinct_references(language):
    corpus = data.language_distinct(language, 300)
    assert corpus.distinct_references == len(corpus.pairs) == 300


def test_missing_eva_is_said_loudly(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "EVA", tmp_path / "no-eva")
    corpus = data.english_distinct(50)
    assert corpus.source.startswith("WARNING:")
    assert "GENERATED TEMPLATE SENTENCES" in corpus.describe()


def test_varied_values_keep_their_shape():
    import random

    mapping: dict[str, str] = {}
    text = data.vary_values("Code ZK3FFW at 4:00, $120 please", random.Random(2), mapping)
    _, code, _, time, money, _ = text.split()
    assert len(code) == 6 and code.isalnum() and code.isupper()
    assert time.count(":") == 1 and time.rstrip(",").split(":")[1].isdigit()
    assert money.startswith("$") and len(money) == 4
    assert set(mapping) == {"ZK3FFW", "4:00", "120"}
