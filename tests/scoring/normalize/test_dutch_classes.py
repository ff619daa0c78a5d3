"""Dutch numbers in their classes: cardinals, fractions, money, measures, times, dates and
ordinals, as a speaker says them and as a writer writes them (configs/nl.json).

There is no Dutch development set: these pairs are written from Dutch conventions (euro
and cent, kwart over / voor, half drie = 2:30, drie uur, komma decimals, dot or space
thousands, 3e and 1ste). Two spellings of the same speech normalize alike; one digit, unit
or currency changed is still an error; ordinary words stay words. CLDR (babel) and
num2words check the tables.
"""

from __future__ import annotations

import pytest

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized
from tests.support.services import needs_module

try:  # test oracles (test dependencies): CLDR month names, Dutch number words
    import babel
    from num2words import num2words
except ImportError:  # pragma: no cover
    babel = num2words = None
needs_oracles = needs_module("babel / num2words", installed=num2words is not None)

# (spoken, written) pairs of one class each: 0 errors, the same normal form.
SAME_SPEECH = {
    "cardinal": [
        ("een miljoen tweehonderdduizend inwoners", "1.200.000 inwoners"),
        ("een miljoen tweehonderdduizend inwoners", "1 200 000 inwoners"),
        ("twee komma vijf miljoen", "2,5 miljoen"),
        ("twee komma vijf miljoen", "2,5 mln."),
        ("driehonderdtweeënveertig", "342"),
        ("min vijf", "-5"),
        ("twee biljard", "2000000000000000"),
    ],
    "fraction": [
        ("een half", "1/2"),
        ("een derde van de stemmen", "1/3 van de stemmen"),
        ("twee derde", "2/3"),
        ("tweederde", "⅔"),
        ("driekwart van de leden", "3/4 van de leden"),
        ("drie kwart", "3/4"),
        ("een vijfde", "1/5"),
        ("drie achtste", "3/8"),
        ("vijfenhalf", "5 1/2"),
        ("tweeënhalf jaar", "2½ jaar"),
        ("twee en een half jaar", "2 1/2 jaar"),
        ("anderhalf jaar", "1 1/2 jaar"),
    ],
    "money": [
        ("dat kost twee euro vijftig", "dat kost € 2,50"),
        ("twee euro vijftig per stuk", "€2,50 per stuk"),
        ("twee euro en vijftig cent", "2,50 euro"),
        ("vijftig cent", "€ 0,50"),
        ("vijfentwintig euro", "25 €"),
        ("tien euro's", "10 EUR"),
        ("duizend euro", "€ 1.000"),
        ("drie miljoen euro", "€ 3 mln."),
        ("twaalf dollar", "$12"),
        ("drie pond", "£3"),
        ("honderd Zwitserse frank", "CHF 100"),
        ("vijftig Surinaamse dollar", "SRD 50"),
    ],
    "measure": [
        ("honderd kilometer per uur", "100 km/u"),
        ("honderd kilometer per uur", "100 km/h"),
        ("drie kilo appels", "3 kg appels"),
        ("twaalf kilogram", "12kg"),
        ("vijf liter", "5 l"),
        ("vijfhonderd milliliter", "500 ml"),
        ("vijftig vierkante meter", "50 m²"),
        ("twee kubieke meter", "2 m³"),
        ("twintig graden Celsius", "20 °C"),
        ("min vijf graden", "-5°"),
        ("twee kilowattuur", "2 kWh"),
        ("anderhalf uur", "1½ uur"),
        ("tien minuten", "10 min"),
    ],
    "time": [
        ("om kwart over drie", "om 3:15"),
        ("om kwart voor vier", "om 3:45"),
        ("om half vier", "om 3:30"),
        ("om half twaalf", "om 11.30 uur"),
        ("om tien over half drie", "om 2:40"),
        ("om vijf voor half drie", "om 2:25"),
        ("om tien voor twaalf", "om 11:50"),
        ("om drie uur", "om 3 uur"),
        ("om drie uur", "om 3:00"),
        ("om vijftien uur dertig", "om 15.30 uur"),
        ("om acht uur 's avonds", "om 20:00"),
        ("om drie uur 's middags", "om 15.00 uur"),
    ],
    "date": [
        ("op drie mei negentien tachtig", "op 3 mei 1980"),
        ("op drie mei negentien tachtig", "op 03-05-1980"),
        ("op de derde mei", "op de 3e mei"),
        ("zeventien september", "17 sept."),
        ("vierentwintig juli tweeduizend dertien", "24 jul. 2013"),
        ("in maart negentien tachtig", "in maart 1980"),
        ("in maart negentien tachtig", "in mrt. 1980"),
        ("de jaren tachtig", "de jaren '80"),
    ],
    "ordinal": [
        ("de eerste", "de 1e"),
        ("de eerste", "de 1ste"),
        ("de tweede", "de 2de"),
        ("de achtste", "de 8ste"),
        ("de twintigste keer", "de 20ste keer"),
    ],
    "abbreviation": [
        ("dat wil zeggen morgen", "d.w.z. morgen"),
        ("onder andere Utrecht", "o.a. Utrecht"),
    ],
    "telephone": [
        ("bel nul zes één twee drie vier vijf zes zeven acht", "bel 06-12345678"),
        ("bel nul zes twaalf vierendertig zesenvijftig achtenzeventig", "bel 06 12 34 56 78"),
        ("plus eenendertig zes twaalf vierendertig zesenvijftig achtenzeventig", "+31 6 12345678"),
    ],
}

KEPT_APART = [
    ("twee euro vijftig", "€ 2,40"),
    ("twee euro vijftig", "$ 2,50"),
    ("vijftig cent", "€ 0,40"),
    ("drie pond", "€3"),
    ("honderd kilometer per uur", "100 km"),
    ("vijftig vierkante meter", "50 m³"),
    ("om kwart over drie", "om 3:45"),
    ("om half vier", "om 4:30"),
    ("om tien over half drie", "om 3:10"),
    ("op drie mei negentien tachtig", "op 3 mei 1981"),
    ("op drie mei", "op 3 juni"),
    ("de eerste", "1"),
    ("tweeënhalf", "2 1/3"),
    ("min vijf", "5"),
]

LEFT_ALONE = [
    ("behalve jij", "behalve jij"),
    ("het glas is half leeg", "het glas is half leeg"),
    ("een halfvol glas", "1 halfvol glas"),  # text2num reads een as 1, on both sides
    ("over een kwartier", "over 1 kwartier"),
    ("ten huize van", "ten huize van"),
    ("ons huis", "ons huis"),
    ("jan komt in mei", "jan komt in mei"),
    ("huisnummer 4B", "huisnummer 4b"),  # a house, not four bytes
]


def cases(table):
    return [(cls, *pair) for cls, pairs in table.items() for pair in pairs]


@pytest.mark.parametrize(("cls", "spoken", "written"), cases(SAME_SPEECH))
def test_two_spellings_of_the_same_speech_normalize_alike(cls, spoken, written):
    assert normalized("nl", spoken) == normalized("nl", written)
    assert errors("nl", written, spoken) == 0


@pytest.mark.parametrize(("a", "b"), KEPT_APART)
def test_different_speech_stays_an_error(a, b):
    assert errors("nl", a, b) > 0


@pytest.mark.parametrize(("text", "expected"), LEFT_ALONE)
def test_ordinary_words_stay_words(text, expected):
    assert normalized("nl", text) == expected


@pytest.mark.parametrize(
    "text", [text for _, *pair in cases(SAME_SPEECH) for text in pair] + [a for a, _ in LEFT_ALONE]
)
def test_normalizing_twice_equals_normalizing_once(text):
    once = normalized("nl", text)
    assert normalized("nl", once) == once


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dat kost € 2,50", "dat kost 2 euro 50 cent"),
        ("om 3:15", "om 3 15"),
        ("op 03-05-1980", "op 3 mei 1980"),
        ("de 1ste", "de 1e"),
        ("2½ jaar", "2 1/2 jaar"),
    ],
)
def test_the_canonical_writing(text, expected):
    assert normalized("nl", text) == expected


@needs_oracles
def test_every_cldr_month_name_and_abbreviation_reads_as_its_month():
    locale = babel.Locale("nl")
    wide = locale.months["format"]["wide"]
    for table in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in locale.months[context][table].items():
                expected = normalized("nl", f"op 3 {wide[number]} 2020")
                assert normalized("nl", f"op 3 {name} 2020") == expected, name


@needs_oracles
@pytest.mark.parametrize("number", [7, 19, 56, 101, 342, 1000, 2013, 56000, 1200000, 1156173])
def test_number_words_from_num2words_read_back_to_the_number(number):
    assert normalized("nl", num2words(number, lang="nl")) == normalized("nl", str(number))


@needs_oracles
@pytest.mark.parametrize("number", [1, 2, 3, 8, 12, 20, 21, 100])
def test_ordinal_words_from_num2words_read_as_the_written_ordinal(number):
    word = num2words(number, lang="nl", to="ordinal")
    assert normalized("nl", f"de {word} keer") == normalized("nl", f"de {number}e keer")


def test_the_config_turns_every_class_on():
    steps = load_scorer("nl").normalizer.step_names
    for step in ("cardinals", "money", "times", "dates", "fractions", "ordinals", "measures"):
        assert step in steps
