"""A text's budget: every config regex of every pass shares one deadline, and no step
may grow the text past its limits. The errors name the rule and are ScoringErrors, so
every caller that skips a pair or reports a problem handles them already."""

import itertools
from types import SimpleNamespace

import pytest

from scoring import ConfigError, ScoringError, build_normalizer, bundle_from_data, load_scorer
from scoring.errors import RuleTimeout, TextTooLong
from scoring.normalize import budget as budget_module
from scoring.normalize.budget import LIMITS, Limits

# Each rule stays under its own timeout on a long line, ten of them did not: the text's
# budget, not the rule's, has to stop them.
SLOW = r"(?:.?){30}(?:.?){30}(?=\d)(?!\d)"
DOUBLE = {"pattern": ".+", "replacement": r"\g<0> \g<0>"}


def normalizer(limits: Limits = LIMITS, **config):
    data = {"language": "xx", "name": "xx-norm", "version": "1.0.0", **config}
    return build_normalizer(bundle_from_data({"config": data, "lexicons": {}}), limits=limits)


def fake_clock(monkeypatch) -> None:
    """A clock that moves 0.1 s every time the budget looks at it."""
    ticks = itertools.count()
    monkeypatch.setattr(budget_module, "time", SimpleNamespace(monotonic=lambda: next(ticks) / 10))


def test_ten_slow_rules_stop_at_the_text_budget_naming_a_rule():
    slow = normalizer(
        Limits(seconds=0.05), replacements=[{"pattern": SLOW, "replacement": ""}] * 10
    )
    with pytest.raises(RuleTimeout) as raised:
        slow("word " * 400)
    assert isinstance(raised.value, ScoringError)
    assert raised.value.field.startswith("replacements.")
    assert str(raised.value).startswith(f"{raised.value.field}: pattern ")


def test_the_budget_is_shared_by_every_rule(monkeypatch):
    """Rules that take 0.1 s each (a clock that ticks on every look) under a budget of
    0.35 s: the fifth is the one that finds nothing left, and it is named."""
    fake_clock(monkeypatch)
    rules = [{"pattern": "a", "replacement": "a"}] * 5
    five = normalizer(Limits(seconds=0.35), replacements=rules)
    with pytest.raises(RuleTimeout, match=r"^replacements\.4: timed out before it ran: the text"):
        five("banana")


def test_only_time_in_config_rules_counts(monkeypatch):
    """Built-in steps do not spend the budget: a long text on a slow machine (or under a
    profiler) is not refused before its rules have run."""
    fake_clock(monkeypatch)
    one = normalizer(Limits(seconds=0.15), replacements=[{"pattern": "a", "replacement": "a"}])
    text = "banana " * 2000 + "12 34"
    assert one(text) == text.strip()


def test_a_normalizer_is_not_slowed_by_an_earlier_text(monkeypatch):
    """The budget is per call: no state carries from one text to the next."""
    fake_clock(monkeypatch)
    two = normalizer(Limits(seconds=0.25), replacements=[{"pattern": "a", "replacement": "a"}] * 2)
    assert [two(text) for text in ("banana", "cabana", "ananas")] == ["banana", "cabana", "ananas"]


def test_a_doubling_rule_is_stopped_before_the_text_explodes():
    doubling = normalizer(replacements=[DOUBLE] * 24)
    with pytest.raises(TextTooLong) as raised:
        doubling("hello world")
    # after rule k the text is 12 x 2**(k+1) - 1 characters: past a million at k = 16
    assert raised.value.field == "replacements.16"
    assert isinstance(raised.value, ScoringError)


def test_one_substitution_that_would_pass_the_limit_stops_at_it():
    """An empty match writes the template at every position: 300 x 5,001 characters
    would be built whole; they are stopped as they pass the limit."""
    wide = normalizer(replacements=[{"pattern": "(?:)", "replacement": "x" * 300}])
    with pytest.raises(TextTooLong, match=r"^replacements\.0: made the text 1000\d{3} char"):
        wide("h" * 5000)


def test_the_match_by_match_substitution_writes_what_sub_writes():
    rule = {"pattern": r"(o)(\w)", "replacement": r"<\2\g<1>>"}
    text = "foo boo zoom " * 30
    plain = normalizer(replacements=[rule])
    stepwise = normalizer(Limits(max_chars=0, slack=1000), replacements=[rule])
    assert stepwise(text) == plain(text)


def test_a_normalized_text_is_at_most_eight_times_its_input_and_a_little():
    growing = normalizer(replacements=[DOUBLE] * 4, lowercase=False)
    assert growing("hi") == "hi " * 15 + "hi"  # 47 characters: under 8 x 2 + 256
    with pytest.raises(TextTooLong, match=r"^normalizer: the normalized text is \d+ char"):
        growing("hello world, " * 10)


def test_the_trace_has_the_same_budget():
    doubling = normalizer(replacements=[DOUBLE] * 24)
    with pytest.raises(TextTooLong, match=r"^replacements\.16: "):
        doubling.trace("hello world")


def test_a_fold_of_five_thousand_characters_is_refused_naming_the_field():
    with pytest.raises(ConfigError, match=r"char_folds: the fold of 'a' is 5000 characters"):
        normalizer(char_folds={"a": "b" * 5000})
    profile = {"char_folds": {"a": "b" * 5000}}
    with pytest.raises(ConfigError, match=r"profiles\.folded\.char_folds: the fold of 'a'"):
        normalizer(profiles={"folded": profile}, default_profile="folded")


@pytest.mark.parametrize("field", ["spellings", "contractions", "loanwords", "number_words"])
def test_a_word_rewritten_to_a_page_is_refused_naming_the_field(field):
    with pytest.raises(ConfigError, match=rf"{field}: the entry 'colour' is 5000 characters"):
        normalizer(**{field: {"colour": "color " * 833 + "co"}})
    normalizer(**{field: {"colour": "c" * 100}})  # at the limit: a long phrase is fine


def test_a_lexicon_file_has_the_same_limit():
    bundle = {
        "config": {
            "language": "xx",
            "name": "xx-norm",
            "version": "1.0.0",
            "spellings": "xx_spellings.json",
        },
        "lexicons": {"xx_spellings.json": {"a" * 101: "b"}},
    }
    with pytest.raises(ConfigError, match=r"spellings: the entry 'a{40}' is 101 characters"):
        bundle_from_data(bundle, source="test")


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "5% of $5 at 3:30pm, °F"),
        ("hi", "₹5 और 10% और 3/4"),
        ("ja", "5% 3時30分 ¥500 ㎞"),
        ("ko", "5% 3시 30분 ₩500"),
        ("fa", "۵٪ و ۱۰۰ دلار"),
    ],
)
def test_shipped_configs_stay_far_under_the_output_bound(language, text):
    """Number and symbol expansions grow a text by about 3x."""
    assert len(load_scorer(language).normalizer(text)) <= 3 * len(text) + 20


def test_the_largest_growth_of_a_shipped_config_is_within_the_bound():
    """The largest Japanese numeral: two characters, 16 digits (8x); two of them need
    something between them, so a longer text grows less."""
    normalize = load_scorer("ja").normalizer
    assert normalize("千兆") == "1000000000000000"
    assert len(normalize("千兆、" * 1000)) < 8 * 3000
