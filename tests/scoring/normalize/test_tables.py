"""`scan` with a `starts` set: the reader is skipped only where it could not start a span,
so the output is the same as reading at every word."""

import json
from pathlib import Path

import pytest

from scoring.normalize import cardinals, dates, fractions, measures, money, ordinals, tables, times
from scoring.normalize.tables import scan
from tests.scoring.helpers import fresh_normalizer

DEMO = Path(__file__).resolve().parents[3] / "reviewapp" / "demo" / "demo_conversations.jsonl"

CLASS_TEXTS = [
    "it weighs two and a half kilos, per bag",
    "one kilometer per hour, or 5 km/h, and a third of a mile",
    "meet me at a quarter past four or half past 7 pm",
    "the train leaves at noon, not midnight; at 16.30 Uhr",
    "three quarters of the 20 kg, $20/mo, 1 1/2 cups",
    "twenty uh kilos and one, kilo",
    "call 5 5 5 0 1 4 7 at ten to 5 pm",
    "on the twenty fifth of July 1990, the 3rd of May, in the 1980s",
    "am fünfundzwanzigsten Mai, dreiviertel Stunden, der dritte Platz",
    "le premier janvier, trois quarts d'heure, le XXI siècle",
    "el quinto día de mayo, tres cuartos, el siglo XXI",
    "one million people, 2.5 million, one billion",
    "fifty six point three per square kilometer, the zeroth item",
    "zwei und vierzig tausend zwei hundert neun und fünfzig pro quadrat meter, eine stunde",
    "cinquante-six virgule trois par kilomètre carré, la seconde fois",
    "medio milímetro, el vigesimosegundo, el tercer piso",
    "it costs USD 5 or EUR 20, cinco euros, CHF 12, 12 francs",
]


def _read_at_digits(words, lower, k):
    """A toy reader: a number and the word after it become `N<word>`."""
    if words[k].isdigit() and k + 1 < len(words):
        return k + 2, [words[k] + words[k + 1]]
    return None


def test_scan_reads_words_with_digits_and_starts_only():
    seen = []

    def reader(words, lower, k):
        seen.append(words[k])
        return _read_at_digits(words, lower, k)

    tokens = "we need 5 kg and some salt , 2 bags".split()
    out = scan(tokens, tables.lowered(tokens), reader, starts=frozenset({"some"}))
    assert out == "we need 5kg and some salt , 2bags".split()
    assert seen == ["5", "some", "2"]


def test_scan_with_starts_writes_what_scan_without_them_writes():
    tokens = "a 1 , uh b then 2 c 3".split()
    lower = tables.lowered(tokens)
    with_starts = scan(tokens, lower, _read_at_digits, frozenset({"uh"}), frozenset())
    assert with_starts == scan(tokens, lower, _read_at_digits, frozenset({"uh"}))
    assert with_starts == ["a", "1b", "then", "2c", "3"]  # what is skipped inside goes too


def _texts() -> list[str]:
    texts = list(CLASS_TEXTS)
    for line in DEMO.read_text(encoding="utf-8").splitlines():
        for turn in json.loads(line)["turns"]:
            texts += [turn["reference"], turn["hypothesis"]]
    return texts


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "nl"])
def test_class_steps_give_the_same_text_as_reading_at_every_word(language, monkeypatch):
    texts = _texts()
    fast = fresh_normalizer(language)
    expected = [fast(text) for text in texts]

    def scan_every_word(tokens, lower, read, skip=frozenset(), starts=None):
        return scan(tokens, lower, read, skip)

    for module in (cardinals, dates, fractions, measures, money, ordinals, times):
        monkeypatch.setattr(module, "scan", scan_every_word)
    slow = fresh_normalizer(language)
    assert [slow(text) for text in texts] == expected


@pytest.mark.parametrize(
    "text",
    ["ΟΔΟΣ ΑΣ. Σ", "the KELVIN \u212a and İstanbul", "a\u00a0b\u2003C\u3000D\tE\nF", "ΣΑΣ'Σ ΣΣ"],
)
def test_split_lowered_lowers_each_token_as_lowered_does(text):
    tokens, lower = tables.split_lowered(text)
    assert tokens == text.split()
    assert lower == tables.lowered(tokens)


def test_has_digit_is_any_character_isdigit_accepts():
    for code in range(0x30000):
        text = "ab" + chr(code)
        assert tables.has_digit(text) == chr(code).isdigit(), hex(code)
