"""The class steps skip their scan where `tables.can_read` finds nothing they could read:
with every skip turned off, each step of each language writes the same text. (`python -m
bench.outputs` checks the same on 27,376 texts.)"""

import itertools

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import config_languages
from scoring.normalize import (
    cardinals,
    dates,
    fractions,
    measures,
    money,
    ordinals,
    tables,
    times,
)
from tests.scoring.helpers import fresh_normalizer, shared_normalizer

from .test_tables import CLASS_TEXTS

GATED = (cardinals, dates, fractions, money, ordinals, times)

# Texts where a step reads what no word of its own lets it read, one thing each (a word of
# the step beside it would make the step read anyway): a clock, a dotted time, a zone with
# its offset, a written ordinal, a numeric date, a decade, a written fraction, a symbol or
# code stuck to a number, a run of single digits, a power of ten after a number.
HINT_TEXTS = [
    *["the 4:30 train", "12:05:30", "at 4.30", "16h30", "utc+4 now", "UTC-3", "7:30/"],
    *["the 1ST", "12 TH floor", "3rds", "the 1ᵉʳ", "le 1er", "20º 1º", "5.º", "le 2 nd"],
    *["2012-07-25", "15.01.2020", "02.03.", "the 1980's", "'80s", "80s", "90 S", "1990 s"],
    *["1 5th", "½", "4½", "1 / 2", "5/", "2 3rds", "1 / 2nd"],
    *["$2.5 1000000000", "PAB5,50", "13HKD", ".5", "_20", "4th_", "a 100", "US$5", "5€"],
    *["USD5", "EUR 5", "$5m", "€2.5bn", "US$2.5BN", "d'euros 5", "5 dollars", "50 cents"],
    *["2.5 1 0 0 0", "5 5 5", "0 1 4 7", "05 06 07", "a 1000", "400 1000000", "el 2,5 mil"],
    *["in 19 17", "the 19 80s", "the 19 '80s", "born 20 05", "anno 19\u00a099"],
    *["12kg", "5 m²", "$20/mo", "56.3 /km²", "a kilo", "2 kilowatt hours", "3 kilowatthours"],
    *["10 MB", "5 µs", "2 km/h", "1 h y 30 min", "tres quintos de milla", "20 Quadratmeter"],
]

# Tokens that start, end or hint at a span of some class step, for random texts.
TOKENS = (
    "5 05 1 2 12 100 1000 1000000 2.5 .5 -3 a an to past after and over half quarter th "
    "nd 1st 2ND 3rds 5th ½ 4½ / $ $5 € 5€ usd USD5 13hkd utc utc+4 gmt-3 4:30 4.30 16h30 "
    "16h pm a.m. am o'clock clock july may 25th 1980's 80s s S 2012-07-25 15.01.2020 . , ? "
    "uh minus point oh o double plus chapter xix trillion lakh kg km/h per mi million mil "
    "er ème 1er 2ème el la las menos y media cuarto heures uhr halb vor nach zwei "
    "kilo kilowatt hours square metres m² 5kg /km °c mb MB µs de milla kilomètres heure"
).split()


def _read_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in GATED:
        monkeypatch.setattr(module, "can_read", lambda *args: True)
    monkeypatch.setattr(measures, "_has_unit", lambda *args: True)


def test_can_read_takes_a_word_or_a_hint():
    assert tables.can_read(frozenset({"july"}), ["on", "july", "4"])
    assert not tables.can_read(frozenset({"july"}), ["on", "may", "4"], "on may 4")
    assert tables.can_read(frozenset(), [], "at 4:30", lambda text: ":" in text)
    assert not tables.can_read(frozenset(), [], "at 4 30", lambda text: ":" in text)


@pytest.mark.parametrize("language", config_languages())
def test_class_steps_write_what_they_write_without_skipping(language, monkeypatch):
    texts = HINT_TEXTS + CLASS_TEXTS  # (test_tables reads the demo turns so, with `starts`)
    skipping = fresh_normalizer(language)  # (was built again for each text: 76 builds)
    expected = [skipping.trace(text) for text in texts]
    _read_everywhere(monkeypatch)
    everywhere = fresh_normalizer(language)
    assert [everywhere.trace(text) for text in texts] == expected


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(config_languages()),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=8),
)
def test_random_texts_read_the_same_without_skipping(language, words):
    text = " ".join(words)
    normalizer = shared_normalizer(language)  # `trace` keeps no memo of whole texts
    expected = normalizer.trace(text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _read_everywhere(monkeypatch)
        assert normalizer.trace(text) == expected


def test_the_ascii_look_for_stuck_symbols_finds_what_the_unicode_one_finds():
    def unicode_look(text: str) -> bool:
        searches = (
            cardinals._CURRENCY_SYMBOL,
            cardinals._POINT_DIGIT,
            cardinals._LETTER_NUMBER,
            cardinals._NUMBER_LETTER,
        )
        return "_" in text or "/" in text or any(s.search(text) for s in searches)

    for size in range(1, 5):
        for chars in itertools.product("aZ09.,-_/$ x#", repeat=size):
            text = "".join(chars)
            assert cardinals._maybe_stuck(text) == unicode_look(text), text


@pytest.mark.parametrize("ignore_case", [False, True])
def test_the_ascii_look_for_a_currency_before_a_digit_finds_what_regex_finds(ignore_case):
    forms = ["USD", "eur", "$", "US$", "€", "\u212a"]  # the Kelvin sign: its lower case is k
    look = money._before_digit(forms, ignore_case=ignore_case)
    ends = "".join(sorted({regex.escape(form[-1]) for form in forms}))
    unicode_look = regex.compile(rf"[{ends}](?=\d)", regex.IGNORECASE if ignore_case else 0)
    for size in range(1, 4):
        for chars in itertools.product("Dd$rR5k0 .", repeat=size):
            text = "".join(chars)
            assert bool(look(text)) == bool(unicode_look.search(text)), text
    assert look("5€5") and not look("€ 5")
