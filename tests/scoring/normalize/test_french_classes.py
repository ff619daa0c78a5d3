"""French numbers in their classes: cardinals, fractions, money, measures, times, dates and
ordinals, as a caller and a voice agent say them and as a writer writes them
(configs/fr.json, also read for fr-CA).

Two spellings of the same speech normalize alike; one digit, hour, amount or ordinal changed
is still an error; ordinary words that only look like a number, a unit or a time stay
words. Our own sentences throughout; CLDR (babel) and num2words check the tables.
"""

from __future__ import annotations

import pytest

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized
from tests.support.services import needs_module

try:  # test oracles (test dependencies): CLDR month names, French number words
    import babel
    from num2words import num2words
except ImportError:  # pragma: no cover
    babel = num2words = None
needs_oracles = needs_module("babel / num2words", installed=num2words is not None)

# (spoken, written) pairs of one class each: 0 errors, the same normal form.
SAME_SPEECH = {
    "cardinal": [
        ("Votre dossier compte mille deux cents pages", "Votre dossier compte 1 200 pages"),
        ("un million deux cent mille clients", "1 200 000 clients"),
        ("un million deux cent mille clients", "1.200.000 clients"),
        ("deux virgule cinq milliards", "2,5 milliards"),
        ("deux virgule cinq milliards", "2500000000"),
        ("quatre-vingt-dix-sept", "97"),
        ("soixante et onze", "71"),
        ("la température est de moins quatre", "la température est de -4"),
        ("trois billions", "3000000000000"),
        ("il me faut au moins cinq jours", "il me faut au moins 5 jours"),
    ],
    "fraction": [
        ("un tiers du montant", "1/3 du montant"),
        ("les deux tiers des clients", "les 2/3 des clients"),
        ("trois quarts d'heure", "3/4 d'heure"),
        ("un demi", "1/2"),
        ("un septième", "1/7"),
        ("cinq douzièmes", "5/12"),
        ("un centième", "1/100"),
        ("deux et demi", "2 1/2"),
        ("trois et trois quarts", "3 3/4"),
        ("trois sur huit", "3/8"),
    ],
    "money": [
        ("Votre facture s'élève à deux euros cinquante", "Votre facture s'élève à 2,50 €"),
        ("deux euros et cinquante centimes", "2,50 €"),
        ("deux euros et cinquante centimes", "2,50 EUR"),
        ("vingt-neuf euros quatre-vingt-dix-neuf par mois", "29,99 € par mois"),
        ("quarante centimes", "0,40 €"),
        ("un centime", "0,01 €"),
        ("mille cinq cents euros", "1 500 €"),
        ("trois millions d'euros", "3 millions d'euros"),
        ("trois millions d'euros", "3 000 000 €"),
        ("douze dollars", "12 $"),
        ("douze dollars", "12 USD"),
        ("dix livres et vingt pence", "10,20 £"),
        ("cent francs suisses", "100 CHF"),
    ],
    "measure": [
        ("la livraison est à cinq kilomètres", "la livraison est à 5 km"),
        ("cent trente kilomètres par heure", "130 km/h"),
        ("cent trente kilomètres heure", "130 km/h"),
        ("un colis de deux kilos", "un colis de 2 kg"),
        ("trois cent cinquante grammes", "350 g"),
        ("un appartement de soixante mètres carrés", "un appartement de 60 m²"),
        ("deux mètres cubes", "2 m³"),
        ("un virgule cinq litre", "1,5 l"),
        ("vingt degrés Celsius", "20 °C"),
        ("dix mégaoctets", "10 Mo"),
        ("quinze pour cent", "15 %"),
        ("trois kilowattheures", "3 kWh"),
    ],
    "time": [
        ("votre rendez-vous est à quatorze heures trente", "votre rendez-vous est à 14 h 30"),
        ("votre rendez-vous est à quatorze heures trente", "votre rendez-vous est à 14h30"),
        ("votre rendez-vous est à quatorze heures trente", "votre rendez-vous est à 14:30"),
        ("je vous rappelle à neuf heures", "je vous rappelle à 9 h"),
        ("je vous rappelle à neuf heures", "je vous rappelle à 09:00"),
        ("on passe à sept heures du soir", "on passe à 19 h"),
        ("à trois heures de l'après-midi", "à 15 h"),
        ("à six heures du matin", "à 6 h"),
        ("l'agence ouvre à neuf heures et quart", "l'agence ouvre à 9 h 15"),
        ("l'agence ferme à six heures moins le quart", "l'agence ferme à 5 h 45"),
        ("l'agence ferme à six heures moins dix", "l'agence ferme à 5 h 50"),
        ("le standard ferme à midi et demi", "le standard ferme à 12 h 30"),
        ("jusqu'à minuit", "jusqu'à 0 h"),
        ("à dix heures cinq", "à 10 h 05"),
    ],
    "date": [
        ("votre colis arrive le premier mars", "votre colis arrive le 1er mars"),
        ("votre colis arrive le premier mars", "votre colis arrive le 1ᵉʳ mars"),
        ("le quatorze février deux mille vingt-six", "le 14 février 2026"),
        ("le quatorze février deux mille vingt-six", "le 14/02/2026"),
        ("le quatorze février deux mille vingt-six", "le 14.02.2026"),
        ("le quatorze février deux mille vingt-six", "le 14 févr. 2026"),
        ("jusqu'au trente septembre", "jusqu'au 30 sept."),
        ("en janvier deux mille dix-neuf", "en janv. 2019"),
        ("les douze-treize octobre", "les 12-13 octobre"),
    ],
    "ordinal": [
        ("c'est votre deuxième appel", "c'est votre 2e appel"),
        ("c'est votre deuxième appel", "c'est votre 2ème appel"),
        ("c'est votre deuxième appel", "c'est votre 2ᵉ appel"),
        ("la première facture", "la 1re facture"),
        ("la première facture", "la 1ère facture"),
        ("le premier étage", "le 1er étage"),
        ("les premiers résultats", "les 1ers résultats"),
        ("le second semestre", "le 2d semestre"),
        ("le vingt et unième siècle", "le XXIᵉ siècle"),
        ("au troisième trimestre", "au 3e trimestre"),
    ],
    "abbreviation": [
        ("madame Lefèvre", "Mᵐᵉ Lefèvre"),
        ("madame Lefèvre", "Mme Lefèvre"),
        ("mademoiselle Roux", "Mˡˡᵉ Roux"),
        ("monsieur Girard", "M. Girard"),
        ("docteur Perrin", "Dr Perrin"),
    ],
    "email": [
        ("écrivez à c l arobase free point fr", "écrivez à cl@free.fr"),
        ("écrivez à c l at free point fr", "écrivez à cl@free.fr"),
        ("l point m arobase l a poste point fr", "l.m@laposte.fr"),
    ],
}

# (a, b) pairs that are different speech: at least one error.
REAL_ERRORS = [
    ("deux euros cinquante", "2,40 €"),
    ("deux euros cinquante", "2,50 £"),
    ("deux euros cinquante", "3,50 €"),
    ("quarante centimes", "0,04 €"),
    ("douze dollars", "12 €"),
    ("à sept heures du soir", "à 7 h"),
    ("à sept heures du soir", "à 20 h"),
    ("à quatorze heures trente", "à 14 h 40"),
    ("à six heures moins le quart", "à 6 h 45"),
    ("à neuf heures et quart", "à 9 h 30"),
    ("le premier mars", "le 2 mars"),
    ("le premier mars", "le 1er mai"),
    ("le quatorze février deux mille vingt-six", "le 14/02/2025"),
    ("le premier étage", "le deuxième étage"),
    ("le premier étage", "le 2e étage"),
    ("c'est votre deuxième appel", "c'est votre 3e appel"),
    ("cinq kilomètres", "5 m"),
    ("soixante mètres carrés", "60 m³"),
    ("trois quarts", "3/8"),
    ("moins quatre", "4"),
    ("un million deux cent mille", "1 200 001"),
    ("cent francs suisses", "100 €"),
]

# Text that must keep this exact normal form: no number, unit, fraction or time in it.
LEFT_ALONE = [
    ("attendez quelques secondes", "attendez quelques secondes"),
    ("le quart de la somme", "le quart de la somme"),
    ("c'est plus ou moins correct", "c'est plus ou moins correct"),
    ("la planète Mars", "la planète mars"),
    ("en mars dernier", "en mars dernier"),
    ("j'ai vu Le Monde ce matin", "j'ai vu le monde ce matin"),
    ("la Mer du Nord", "la mer du nord"),
    ("un point c'est tout", "1 point c'est tout"),  # text2num reads un as 1, on both sides
    ("elle a raison", "elle a raison"),
]

# Canadian French (fr-CA reads fr.json): 19 h 30, 2,50 $ with the dollar after the amount,
# dollars and cents or sous, le 1er juillet.
SAME_SPEECH_CA = [
    ("votre rendez-vous est à dix-neuf heures trente", "votre rendez-vous est à 19 h 30"),
    ("ça fait deux dollars cinquante", "ça fait 2,50 $"),
    ("ça fait deux dollars et cinquante cents", "ça fait 2,50 $"),
    ("vingt-cinq cents", "0,25 $"),
    ("cinquante sous", "0,50 $"),
    ("mille dollars canadiens", "1 000 $ CA"),
    ("mille dollars canadiens", "1000 CAD"),
    ("on ferme le premier juillet", "on ferme le 1er juillet"),
    ("le premier juillet deux mille vingt-six", "le 1ᵉʳ juill. 2026"),
    ("il fait moins vingt degrés Celsius", "il fait -20 °C"),
    ("un écran de vingt-sept pouces", "un écran de 27 po"),
]

REAL_ERRORS_CA = [
    ("ça fait deux dollars cinquante", "ça fait 2,05 $"),
    ("vingt-cinq cents", "0,35 $"),
    ("cinquante sous", "0,05 $"),
    ("à dix-neuf heures trente", "à 19 h 45"),
    ("le premier juillet", "le 1er juin"),
    ("mille dollars canadiens", "1 000 $ US"),
]


def cases(table):
    return [(cls, *pair) for cls, pairs in table.items() for pair in pairs]


@pytest.mark.parametrize(("cls", "spoken", "written"), cases(SAME_SPEECH))
def test_two_spellings_of_the_same_speech_normalize_alike(cls, spoken, written):
    assert normalized("fr", spoken) == normalized("fr", written)
    assert errors("fr", written, spoken) == 0


@pytest.mark.parametrize(("a", "b"), REAL_ERRORS)
def test_different_speech_stays_an_error(a, b):
    assert errors("fr", a, b) > 0


@pytest.mark.parametrize(("text", "expected"), LEFT_ALONE)
def test_ordinary_words_stay_words(text, expected):
    assert normalized("fr", text) == expected


@pytest.mark.parametrize(("spoken", "written"), SAME_SPEECH_CA)
def test_canadian_french_spellings_of_the_same_speech(spoken, written):
    assert normalized("fr-CA", spoken) == normalized("fr-CA", written)
    assert errors("fr-CA", written, spoken) == 0


@pytest.mark.parametrize(("a", "b"), REAL_ERRORS_CA)
def test_canadian_french_different_speech_stays_an_error(a, b):
    assert errors("fr-CA", a, b) > 0


@pytest.mark.parametrize(
    "text",
    [text for _, *pair in cases(SAME_SPEECH) for text in pair]
    + [text for pair in SAME_SPEECH_CA for text in pair]
    + [a for a, _ in LEFT_ALONE],
)
def test_normalizing_twice_equals_normalizing_once(text):
    once = normalized("fr", text)
    assert normalized("fr", once) == once


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Votre facture s'élève à 2,50 €", "votre facture s'élève à 2 euro 50 centime"),
        ("0,40 €", "40 centime"),
        ("à 14 h 30", "à 14 30"),
        ("à 19 h", "à 19"),
        ("le 1er mars 2026", "le 1 mars 2026"),
        ("la 1re facture", "la 1e facture"),
        ("60 m²", "60 m2"),
        ("2 1/2", "2 1/2"),
    ],
)
def test_the_canonical_writing(text, expected):
    assert normalized("fr", text) == expected


@needs_oracles
@pytest.mark.parametrize("locale_name", ["fr", "fr_CA"])
def test_every_cldr_month_name_and_abbreviation_reads_as_its_month(locale_name):
    locale = babel.Locale.parse(locale_name)
    wide = locale.months["format"]["wide"]
    for table in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in locale.months[context][table].items():
                expected = normalized("fr", f"le 3 {wide[number]} 2020")
                assert normalized("fr", f"le 3 {name} 2020") == expected, name


@needs_oracles
@pytest.mark.parametrize(
    "number", [7, 17, 71, 80, 91, 101, 342, 1000, 2026, 56000, 1200000, 2000000, 90000000]
)
def test_number_words_from_num2words_read_back_to_the_number(number):
    assert normalized("fr", num2words(number, lang="fr")) == normalized("fr", str(number))


@needs_oracles
@pytest.mark.parametrize("number", [1, 2, 3, 7, 12, 21, 100, 1000])
def test_ordinal_words_from_num2words_read_as_the_written_ordinal(number):
    word = num2words(number, lang="fr", to="ordinal")
    assert normalized("fr", f"le {word} jour") == normalized("fr", f"le {number}e jour")


def test_the_config_turns_every_class_on():
    steps = load_scorer("fr").normalizer.step_names
    for step in ("cardinals", "money", "times", "dates", "fractions", "ordinals", "measures"):
        assert step in steps


def test_letters_spelled_after_a_spoken_at_before_a_word_stay_one_label():
    # Merging the Italian rule (letters after @ joined: chiocciola m a r c o = @marco) with
    # the French one (l a poste = laposte): the symbol step leaves "l a" apart before a word
    assert normalized("fr", "l point m arobase l a poste point fr") == "l.m@laposte.fr"
