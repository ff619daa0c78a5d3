"""A pass of the chain that reaches a step with the text the last pass gave it ends there
(`Normalizer._once`): it gives what every pass run to its end gives."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import build_normalizer, config_languages, load_bundle
from scoring.normalize.chain import Normalizer
from tests.scoring.helpers import fresh_normalizer, shared_normalizer

from .test_gates import HINT_TEXTS, TOKENS
from .test_tables import CLASS_TEXTS

# Texts a first pass leaves unchanged, or changes only in its first or last steps.
SETTLED = ["call 5 5 5 0 1 4 7", "room 12 b", "flight ba 2 9 0", "Call 555-0147.", "at 4:30 pm"]


def _full_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    settle = Normalizer._settle
    monkeypatch.setattr(
        Normalizer, "_settle", lambda self, done, budget, given=None: settle(self, done, budget)
    )


@pytest.mark.parametrize("language", config_languages())
def test_passes_that_end_early_give_what_full_passes_give(language, monkeypatch):
    texts = SETTLED + HINT_TEXTS + CLASS_TEXTS
    normalizer = fresh_normalizer(language)
    expected = [normalizer(text) for text in texts]
    _full_passes(monkeypatch)
    normalizer.clear_memo()
    assert [normalizer(text) for text in texts] == expected


def test_a_second_pass_over_an_unchanged_text_ends_at_the_first_unbudgeted_step():
    normalizer = build_normalizer(load_bundle("en"))
    text = normalizer("call 5 5 5 0 1 4 7")
    budget = normalizer.limits.start(text)
    first: list[str] = []
    assert normalizer._once(text, budget, first) == text
    second: list[str] = []
    assert normalizer._once(text, budget, second, first) == text
    assert len(second) == normalizer._unbudgeted_from < len(first)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(config_languages()),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8),
)
def test_random_texts_settle_as_with_full_passes(language, words):
    text = " ".join(words)
    normalizer = shared_normalizer(language)
    normalizer.clear_memo()
    expected = normalizer(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _full_passes(monkeypatch)
        normalizer.clear_memo()
        assert normalizer(text) == expected
