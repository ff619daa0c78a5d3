"""German numbers in their classes: cardinals, fractions, money, measures, times, dates and
ordinals, as a speaker says them and as a writer writes them (configs/de.json).

Two spellings of the same speech normalize alike; one digit, unit or currency changed is
still an error; ordinary words that only look like a number, a unit or a fraction stay
words. Our own sentences throughout; CLDR (babel) and num2words check the tables.
"""

from __future__ import annotations

import pytest

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized
from tests.support.services import needs_module

try:  # test oracles (test dependencies): CLDR month names, German number words
    import babel
    from num2words import num2words
except ImportError:  # pragma: no cover
    babel = num2words = None
needs_oracles = needs_module("babel / num2words", installed=num2words is not None)

# (spoken, written) pairs of one class each: 0 errors, the same normal form.
SAME_SPEECH = {
    "cardinal": [
        ("Das Haus kostet eine Million zweihunderttausend Euro", "Das Haus kostet 1.200.000 €"),
        ("eine Million Menschen", "1 Mio. Menschen"),
        ("zwei Komma fünf Milliarden", "2,5 Mrd."),
        ("zwei Komma fünf Milliarden", "2500000000"),
        ("drei hundert zwei und vierzig", "342"),  # a compound written in pieces
        ("dreihundertzweiundvierzig", "342"),
        ("sechs und fünfzig tausend", "56.000"),
        ("minus sieben", "-7"),
        ("zwei Billionen", "2000000000000"),
        ("vier Billionen drei Milliarden", "4003000000000"),
    ],
    "fraction": [
        ("ein halb", "1/2"),
        ("ein Drittel der Stimmen", "1/3 der Stimmen"),
        ("zwei Drittel", "2/3"),
        ("drei Viertel der Befragten", "3/4 der Befragten"),
        ("dreiviertel der Befragten", "3/4 der Befragten"),
        ("ein Achtel", "⅛"),
        ("ein Siebtel", "1/7"),
        ("fünf Zwölftel", "5/12"),
        ("ein Zwanzigstel", "1/20"),
        ("ein Hundertstel", "1/100"),
        ("zweieinhalb Tage", "2 1/2 Tage"),
        ("zwei ein halb Tage", "2½ Tage"),
        ("eineinhalb Jahre", "1 1/2 Jahre"),
        ("anderthalb Jahre", "1½ Jahre"),
        ("zwei und ein halb", "2 1/2"),
    ],
    "money": [
        ("Der Kaffee kostet zwei Euro fünfzig", "Der Kaffee kostet 2,50 €"),
        ("zwei Euro fünfzig pro Tasse", "2,50 € pro Tasse"),
        ("zwei Euro und fünfzig Cent", "€2,50"),
        ("fünfzig Cent", "0,50 €"),
        ("ein Cent", "0,01 EUR"),
        ("zwanzig Euro", "20,00 €"),
        ("tausend Euro", "1.000 €"),
        ("drei Millionen Euro", "3 Mio. €"),
        ("zwölf Dollar", "$12"),
        ("zwölf US-Dollar", "12 USD"),
        ("zwölf Pfund fünfzig", "£12,50"),
        ("zehn Pfund und zwanzig Pence", "£10,20"),
        ("zehn Franken zwanzig", "CHF 10.20"),
        ("hundert Schweizer Franken", "CHF 100"),
        ("fünfhundert schwedische Kronen", "500 SEK"),
    ],
    "measure": [
        ("zweihundert Kilometer pro Stunde", "200 km/h"),
        ("zweihundert Stundenkilometer", "200 km/h"),
        ("zwölf Kilogramm", "12kg"),
        ("fünf Kilo Äpfel", "5 kg Äpfel"),
        ("eine Stunde", "1 h"),
        ("drei Stunden", "3 Std."),
        ("zehn Minuten", "10 min"),
        ("fünfzig Quadratmeter", "50 m²"),
        ("fünfzig Quadratmeter", "50 qm"),
        ("zwei Kubikmeter Holz", "2 m³ Holz"),
        ("drei Kubikzentimeter", "3 cm³"),
        ("zwei Kilowattstunden", "2 kWh"),
        ("vierhundert Milliliter", "400 ml"),
        ("zwanzig Grad Celsius", "20 °C"),
        ("minus fünf Grad Celsius", "-5°C"),
        ("zweieinhalb Liter", "2 1/2 Liter"),
        ("zwei Komma fünf Liter", "2,5 l"),
        ("zehn Megabyte", "10 MB"),
        ("hundert PS", "100 Pferdestärken"),
        ("siebenundzwanzig Zoll", "27 Zoll"),
    ],
    "time": [
        ("um halb zwölf", "um 11:30 Uhr"),
        ("um viertel nach neun", "um 9:15"),
        ("um viertel vor neun", "um 8:45 Uhr"),
        ("um fünf vor zwölf", "um 11:55"),
        ("um zehn nach drei", "um 3:10"),
        ("um fünf vor halb drei", "um 2:25"),
        ("um fünf nach halb drei", "um 2.35 Uhr"),
        ("um sechzehn Uhr dreißig", "um 16:30 Uhr"),
        ("um sechzehn Uhr dreißig", "um 16.30 Uhr"),
        ("um acht Uhr", "um 08:00 Uhr"),
        ("um null Uhr siebzehn", "um 00:17"),
        ("um zwei Uhr zwei Minuten und drei Sekunden", "um 02:02:03 Uhr"),
        ("um acht Uhr abends", "um 20 Uhr"),
    ],
    "date": [
        ("am vierundzwanzigsten Juli zweitausenddreizehn", "am 24. Juli 2013"),
        ("am vierundzwanzigsten Juli zweitausenddreizehn", "am 24.07.2013"),
        ("am vierundzwanzigsten Juli zweitausenddreizehn", "am 24. Jul. 2013"),
        ("der erste Mai", "der 1. Mai"),
        ("am dritten Oktober", "am 03.10."),
        ("am zweiten März", "am 02.03."),
        ("im Januar zweitausendneun", "im Jan. 2009"),
        ("bis zum dreißigsten September", "bis zum 30. Sept."),
        ("im März neunzehn achtzig", "im März 1980"),
        ("neunzehnhundertachtzig", "1980"),
        ("zwanzig zwanzig", "2020"),
        ("die achtziger Jahre", "die 80er Jahre"),
        ("in den Neunzigern", "in den 90ern"),
        ("am zweiten März zweitausenddrei", "am 2003-03-02"),
    ],
    "ordinal": [
        ("der dritte Platz", "der 3. Platz"),
        ("der dritte Platz", "der 3te Platz"),
        ("zum hundertsten Geburtstag", "zum 100. Geburtstag"),
        ("der einundzwanzigste", "der 21ste"),
    ],
    "abbreviation": [
        ("Doktor Weber", "Dr. Weber"),
        ("das heißt morgen", "d.h. morgen"),
        ("unter anderem Berlin", "u.a. Berlin"),
        ("Mister Smith", "Mr. Smith"),
        ("Professor Weber", "Prof. Weber"),
        ("Sankt Pauli", "St. Pauli"),
        ("im neunzehnten Jahrhundert", "im 19. Jh."),
    ],
    "telephone": [
        ("null drei null, eins zwei drei vier fünf sechs", "030 123456"),
        ("null drei null eins zwei drei vier fünf sechs", "030-123456"),
        ("null eins fünf eins, zwölf vierunddreißig sechsundfünfzig", "0151 123456"),
        ("plus vier neun, eins sieben sechs, eins zwei drei vier fünf sechs", "+49 176 123456"),
    ],
}

# (a, b) pairs that are different speech: at least one error.
KEPT_APART = [
    ("zwei Euro fünfzig", "2,40 €"),
    ("zwei Euro fünfzig", "2,50 $"),
    ("fünfzig Cent", "0,40 €"),
    ("zehn Franken", "10 €"),
    ("zwölf Kilogramm", "12 g"),
    ("zwölf Kilogramm", "13 kg"),
    ("fünfzig Quadratmeter", "50 m³"),
    ("drei Kubikzentimeter", "3 cm"),
    ("zwei Kilowattstunden", "2 kW"),
    ("um halb zwölf", "um 12:30"),
    ("um viertel vor neun", "um 9:15"),
    ("um fünf vor halb drei", "um 2:35"),
    ("um sechzehn Uhr dreißig", "um 16:40 Uhr"),
    ("am vierundzwanzigsten Juli", "am 24. Juni"),
    ("am vierundzwanzigsten Juli zweitausenddreizehn", "am 24.07.2014"),
    ("im März neunzehn achtzig", "im März 1981"),
    ("zweieinhalb Tage", "2 1/3 Tage"),
    ("drei Viertel", "3/8"),
    ("minus sieben", "7"),
    ("eine Million", "1000001"),
    ("zwei Billionen", "3000000000000"),
    ("fünfhundert schwedische Kronen", "500 NOK"),
]

# Text that must keep this exact normal form: no number, unit, fraction or time in it.
LEFT_ALONE = [
    ("deshalb kam er nicht", "deshalb kam er nicht"),
    ("innerhalb einer Woche", "innerhalb einer woche"),
    ("eine Schachtel Pralinen", "eine schachtel pralinen"),
    ("das Viertel am Hafen", "das viertel am hafen"),
    ("halb so schlimm", "halb so schlimm"),
    ("die Uhr ist kaputt", "die uhr ist kaputt"),
    ("wir sind einer Meinung", "wir sind einer meinung"),
    ("Jan kommt im Mai", "jan kommt im mai"),
    ("das Pfund Sterling", "das pfund sterling"),
    ("ein Glas Wein", "1 glas wein"),  # text2num reads ein as 1, on both sides
    ("Hr. 4", "hr 4"),
    ("Zimmer 4B", "zimmer 4b"),  # a room, not four bytes
]


def cases(table):
    return [(cls, *pair) for cls, pairs in table.items() for pair in pairs]


@pytest.mark.parametrize(("cls", "spoken", "written"), cases(SAME_SPEECH))
def test_two_spellings_of_the_same_speech_normalize_alike(cls, spoken, written):
    assert normalized("de", spoken) == normalized("de", written)
    assert errors("de", written, spoken) == 0


@pytest.mark.parametrize(("a", "b"), KEPT_APART)
def test_different_speech_stays_an_error(a, b):
    assert errors("de", a, b) > 0


@pytest.mark.parametrize(("text", "expected"), LEFT_ALONE)
def test_ordinary_words_stay_words(text, expected):
    assert normalized("de", text) == expected


@pytest.mark.parametrize(
    "text", [text for _, *pair in cases(SAME_SPEECH) for text in pair] + [a for a, _ in LEFT_ALONE]
)
def test_normalizing_twice_equals_normalizing_once(text):
    once = normalized("de", text)
    assert normalized("de", once) == once


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Der Kaffee kostet 2,50 €", "der kaffee kostet 2 euro 50 cent"),
        ("um 11:30 Uhr", "um 11 30"),
        ("am 24. Juli 2013", "am 24 juli 2013"),
        ("2½ kg", "2 1/2 kg"),
        ("-5°C", "-5 °c"),
        ("der 3. Platz", "der 3 platz"),  # an ordinal's dot is also a full stop: one writing
    ],
)
def test_the_canonical_writing(text, expected):
    assert normalized("de", text) == expected


@needs_oracles
def test_every_cldr_month_name_and_abbreviation_reads_as_its_month():
    locale = babel.Locale("de")
    wide = locale.months["format"]["wide"]
    for table in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in locale.months[context][table].items():
                expected = normalized("de", f"am 3. {wide[number]} 2020")
                assert normalized("de", f"am 3. {name} 2020") == expected, name


@needs_oracles
@pytest.mark.parametrize(
    "number", [7, 19, 56, 101, 342, 1000, 2013, 56000, 1200000, 2000000, 1156173, 90000000]
)
def test_number_words_from_num2words_read_back_to_the_number(number):
    assert normalized("de", num2words(number, lang="de")) == normalized("de", str(number))


@needs_oracles
@pytest.mark.parametrize("number", [1, 2, 3, 7, 12, 21, 100, 1000])
def test_ordinal_words_from_num2words_read_as_the_written_ordinal(number):
    word = num2words(number, lang="de", to="ordinal")
    assert normalized("de", f"der {word} Tag") == normalized("de", f"der {number}. Tag")


def test_the_config_turns_every_class_on():
    steps = load_scorer("de").normalizer.step_names
    for step in ("cardinals", "money", "times", "dates", "fractions", "ordinals", "measures"):
        assert step in steps
