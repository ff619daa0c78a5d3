"""Hausa numbers, money, percent and clock times (Maʼauni v1): two spellings of the same
speech match in both profiles, a real difference still counts, and a missing hook is still
a strict error inside a number."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.scoring import helpers


def profile_errors(reference: str, hypothesis: str) -> tuple[int, int]:
    result = helpers.scorer("ha").score(reference, hypothesis)
    return result.profiles["strict"].counts.errors, result.profiles["folded"].counts.errors


def normalized(text: str, profile: str | None = None) -> str:
    return helpers.scorer("ha").normalizer(text, profile)


SAME = [
    # compositional numbers
    ("Mutane ashirin da biyar sun zo.", "mutane 25 sun zo"),
    ("shekara goma sha biyu", "shekara 12"),
    ("dubu biyu da ɗari biyar", "2500"),
    ("kwana ɗari uku da sittin da biyar", "kwana 365"),
    ("a shekarar dubu ɗaya da ɗari tara da casaʼin", "a shekarar 1990"),
    ("ɗalibai dubu goma", "ɗalibai 10,000"),
    ("ɗari da biyar", "105"),
    ("mutum dubu ɗari biyu", "mutum 200,000"),
    ("miliyan biyu da dubu ɗari biyar", "2,500,000"),
    ("dubu biyu da 500", "2500"),
    ("sau uku", "sau 3"),
    # money, by symbol and by name, in either order
    ("naira ɗari biyar", "₦500"),
    ("naira ɗari biyar", "N500"),
    ("naira dubu ɗaya da ɗari biyar", "1,500 naira"),
    ("kuɗin ya kai naira dubu hamsin", "kuɗin ya kai N50,000"),
    ("dala biyar", "$5"),
    ("dalar Amurka dubu ɗaya", "$1,000"),
    ("yuro ashirin", "€20"),
    ("naira biyar da kobo hamsin", "₦5.50"),
    ("naira miliyan goma", "naira miliyan 10"),
    ("naira dubu ɗari", "Naira Dubu 100"),
    ("mutane uku, naira biyar", "mutane 3 ₦5"),
    # percent, as Hausa says it
    ("kashi goma cikin ɗari", "10%"),
    ("kashi ashirin da biyar cikin ɗari", "25 %"),
    ("kaso hamsin cikin ɗari", "%50"),
    ("kashi arbaʼin da biyu bisa ɗari", "42%"),
    # clock times
    ("ƙarfe biyu da rabi", "ƙarfe 2:30"),
    ("ƙarfe goma da kwata", "ƙarfe 10:15"),
    ("ƙarfe biyu da minti goma", "ƙarfe 2:10"),
    ("saura kwata ƙarfe uku", "ƙarfe 2:45"),
    ("ƙarfe takwas na safe", "ƙarfe 8:00 na safe"),
    # the demo set's spellings
    ("kafin ƙarfe biyu", "kafin ƙarfe 2"),
    ("Lambar tikitina ita ce A B uku biyar.", "lambar tikitina ita ce AB35."),
    # a letter sign reads the same whether the code was spelled or written
    ("N biyar", "N5"),
]

APART = [
    ("ashirin da biyar", "26"),
    ("dubu biyu da ɗari biyar", "2600"),
    ("naira ɗari biyar", "₦600"),
    ("naira ɗari biyar", "$500"),
    ("naira biyar da kobo hamsin", "₦5.60"),
    ("kashi goma cikin ɗari", "11%"),
    ("ƙarfe biyu da rabi", "ƙarfe 2:31"),
    ("T ɗaya bakwai", "T18"),
]


@pytest.mark.parametrize(("spoken", "written"), SAME)
def test_two_spellings_match_in_both_profiles(spoken, written):
    assert profile_errors(spoken, written) == (0, 0)


@pytest.mark.parametrize(("reference", "hypothesis"), APART)
def test_a_real_difference_is_an_error_in_both_profiles(reference, hypothesis):
    strict, folded = profile_errors(reference, hypothesis)
    assert strict >= 1 and folded >= 1


@pytest.mark.parametrize(
    ("reference", "hypothesis"),
    [
        ("dubu biyu da ɗari biyar", "dubu biyu da dari biyar"),
        ("ashirin da ɗaya", "ashirin da daya"),
        ("goma sha huɗu", "goma sha hudu"),
        ("naira ɗari biyar", "naira dari biyar"),
        ("kashi arbaʼin cikin ɗari", "kashi arbain cikin ɗari"),
    ],
)
def test_a_number_written_without_its_hook_is_one_strict_error(reference, hypothesis):
    assert profile_errors(reference, hypothesis) == (1, 0)


def test_a_number_read_only_without_hooks_carries_the_mark_folded_removes():
    assert normalized("ashirin da daya", "strict") == "21ʼ"
    assert normalized("ashirin da daya", "folded") == "21"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("biyu da uku", "2 da 3"),  # two and three
        ("goma da biyar", "10 da 5"),  # not a teen: goma sha biyar is
        ("dubu biyu da dubu uku", "2000 da 3000"),
        ("Ya tara kuɗi", "ya 9 kuɗi"),  # the table's reading, as before
        ("daya", "daya"),  # one word without its hook: the table reads it when folded
        ("ƙarfe takwas na safe", "ƙarfe 8 na safe"),
        ("₦500", "naira 500"),
        ("N1,500", "naira 1500"),
        ("₦0.50", "kobo 50"),
        ("$5.50", "dala 5.50"),  # no minor unit for the dollar in the table
        ("10%", "kashi 10 cikin 100"),
        ("mutane uku naira biyar", "mutane 3 naira 5"),
        ("ƙarfe 8:00", "ƙarfe 8"),
    ],
)
def test_one_written_form(text, expected):
    assert normalized(text) == expected


def test_the_rules_are_steps_that_the_config_turns_off():
    steps = helpers.scorer("ha").normalizer.step_names
    assert {"ha_numbers", "ha_symbols", "ha_percent", "ha_money", "ha_times"} <= set(steps)


WORDS = (
    "ɗaya daya biyu uku huɗu hudu biyar goma sha ashirin arbaʼin arbain ɗari dari dubu "
    "miliyan da naira kobo dala N500 ₦5 $5 10% % kashi kaso cikin bisa 100 ƙarfe karfe "
    "rabi kwata minti saura 2:30 1,500 5.50 umm ee A B T K N , . na"
).split()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=10))
def test_normalizing_twice_equals_normalizing_once(words):
    normalizer = helpers.scorer("ha").normalizer
    once = normalizer(" ".join(words))
    assert normalizer(once) == once
