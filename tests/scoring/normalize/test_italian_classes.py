"""Italian: numbers, money, measures, times, dates, fractions, ordinals and abbreviations,
each written one way (configs/it.json, it_currencies.json, it_units.json)."""

import babel
import pytest
from num2words import num2words

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized

SAME_SPEECH = [
    # cardinals
    ("meno cinque gradi", "-5 gradi"),
    ("due virgola cinque milioni di abitanti", "2,5 milioni di abitanti"),
    ("tre miliardi", "3.000.000.000"),
    ("quattromila euro", "4.000 €"),
    ("tre virgola uno quattro", "3,14"),
    ("zero virgola zero due", "0,02"),
    ("il secolo diciannovesimo", "il secolo 19º"),
    ("il secolo diciannove", "il secolo XIX"),
    # hundreds said apart from the thousands word after them: one number
    ("il comune ha duecento quarantatremila abitanti", "il comune ha 243.000 abitanti"),
    ("il mutuo è di cento ventimila euro", "il mutuo è di 120.000 €"),
    ("novecento novantanovemila novecento novantanove", "999.999"),
    # fractions
    ("tre quarti", "3/4"),
    ("un terzo", "1/3"),
    ("due quinti", "2/5"),
    ("due e mezzo", "2 1/2"),
    ("tre fratto otto", "3/8"),
    # money
    ("costa venti euro", "costa 20 €"),
    ("costa venti euro", "costa €20"),
    ("due euro e cinquanta centesimi", "2,50 €"),
    ("trenta centesimi", "€0,30"),
    ("dieci dollari", "$10"),
    ("cinque sterline", "£5"),
    ("tre sterline e venti penny", "£3,20"),
    ("un milione di euro", "1.000.000 €"),
    ("otto franchi svizzeri", "CHF 8"),
    # measures
    ("ho corso dieci chilometri", "ho corso 10 km"),
    ("a cento chilometri all'ora", "a 100 km/h"),
    ("a cento chilometri orari", "a 100 km/h"),
    ("pesa tre chili", "pesa 3 kg"),
    ("mezzo litro", "1/2 l"),
    ("ottanta metri quadrati", "80 m²"),
    ("ottanta metri quadri", "80 m2"),
    ("cinque metri cubi", "5 m³"),
    ("trenta gradi centigradi", "30 °C"),
    ("il venti per cento", "il 20%"),
    ("il venti percento", "il 20 %"),
    ("dieci metri al secondo", "10 m/s"),
    ("tre ore", "3 h"),
    # times
    ("alle cinque e mezza", "alle 5:30"),
    ("sono le cinque meno un quarto", "sono le 4:45"),
    ("sono le tre e un quarto", "sono le 3:15"),
    ("all'una e dieci", "all'1:10"),
    ("le sette di sera", "le 7 p.m."),
    ("le sette di sera", "le 19:00"),
    ("alle due e mezza del pomeriggio", "alle 14:30"),
    ("le dieci e venti minuti", "10:20"),
    ("alle sei in punto", "alle 6:00"),
    ("alle diciassette e trenta", "alle 17:30"),
    # dates
    ("il venticinque luglio duemiladodici", "il 25 luglio 2012"),
    ("venticinque luglio duemiladodici", "25/07/2012"),
    ("il primo maggio", "il 1° maggio"),
    ("il primo maggio", "il 1º maggio"),
    ("l'otto marzo", "l'8 marzo"),
    ("l'undici settembre", "l'11 set."),
    ("quattordici febbraio", "14 feb"),
    # ordinals
    ("il terzo piano", "il 3° piano"),
    ("il terzo piano", "il 3º piano"),
    ("la prima volta", "la 1ª volta"),
    ("il secondo posto", "il 2º posto"),
    ("il ventunesimo secolo", "il 21º secolo"),
    # abbreviations
    ("l'avvocato Rossi", "l'avv. Rossi"),
    ("il dottor Bianchi", "il dott. Bianchi"),
    ("la signorina Sonia", "la sig.na Sonia"),
    ("piazza Garibaldi", "p.za Garibaldi"),
    ("il dipartimento di Fisica", "il dip. di Fisica"),
    # codes
    ("doppio zero tre nove", "0039"),
    # addresses, said as Italians say them
    ("scrivimi a mario punto rossi chiocciola gmail punto com", "scrivimi a mario.rossi@gmail.com"),
    ("l'indirizzo è l u c a chiocciola l i b e r o punto it", "l'indirizzo è luca@libero.it"),
    ("ok, g i u l i a trattino basso n e r i, giusto?", "ok, giulia_neri, giusto?"),
    ("chiocciola m a r c o otto sette è il mio profilo", "@marco87 è il mio profilo"),
    ("il modulo è su servizi punto agenzia punto gov", "il modulo è su servizi.agenzia.gov"),
    ("trovate il corso su aula punto ateneo punto edu", "trovate il corso su aula.ateneo.edu"),
    (
        "il sito è h t t p s due punti slash slash w w w punto comune punto roma punto it",
        "il sito è https://www.comune.roma.it",
    ),
    ("vai su h t t p due punti barra barra esempio punto org", "vai su http://esempio.org"),
    (
        "scrivete a info chiocciola pizzeria trattino napoli punto it",
        "scrivete a info@pizzeria-napoli.it",
    ),
]

KEPT_APART = [
    ("tre virgola uno quattro", "3,15"),
    ("venti euro", "20 $"),
    ("dieci chilometri", "10 m"),
    ("alle cinque e mezza", "alle 5:45"),
    ("il venticinque luglio", "il 26 luglio"),
    ("tre quarti", "3/5"),
    ("il terzo piano", "il 4° piano"),
    ("due euro e cinquanta centesimi", "2,60 €"),
    ("meno cinque", "5"),
    ("il comune ha duecento quarantatremila abitanti", "il comune ha 234.000 abitanti"),
    ("l'indirizzo è l u c a chiocciola l i b e r o punto it", "l'indirizzo è luka@libero.it"),
    ("chiocciola m a r c o otto sette è il mio profilo", "@marco88 è il mio profilo"),
    (
        "scrivete a info chiocciola pizzeria trattino napoli punto it",
        "scrivete a info@pizzeria-napule.it",
    ),
    (
        "il sito è h t t p s due punti slash slash w w w punto comune punto roma punto it",
        "il sito è https://www.comune.rome.it",
    ),  # fmt: skip
]

LEFT_ALONE = [
    ("sono le tre", "sono le 3"),
    ("venti gradi", "20 °"),
    ("fa 20° all'ombra", "fa 20 ° all'ombra"),
    ("un secondo", "1 s"),
    ("in mezzo alla strada", "in mezzo alla strada"),
    ("cinque meno due", "5 meno 2"),
    ("dura trenta minuti", "dura 30 min"),
    ("ci sono due punti da chiarire", "ci sono 2 punti da chiarire"),
    ("il punto è questo", "il punto è questo"),
    ("metti uno slash tra le parole", "metti 1 slash tra le parole"),
    ("cento assimila", "100 assimila"),
]


@pytest.mark.parametrize(("a", "b"), SAME_SPEECH)
def test_two_writings_of_the_same_speech_give_no_error(a, b):
    assert normalized("it", a) == normalized("it", b)
    assert errors("it", a, b) == 0


@pytest.mark.parametrize(("a", "b"), KEPT_APART)
def test_a_real_difference_is_still_an_error(a, b):
    assert errors("it", a, b) > 0


@pytest.mark.parametrize(("text", "expected"), LEFT_ALONE)
def test_ordinary_words_stay_words(text, expected):
    assert normalized("it", text) == expected


@pytest.mark.parametrize("text", [text for pair in SAME_SPEECH for text in pair])
def test_the_canonical_writing_is_a_fixed_point(text):
    once = normalized("it", text)
    assert normalized("it", once) == once


def test_the_month_table_covers_cldr_names_and_abbreviations():
    months = load_scorer("it").normalizer.config.dates.months
    locale = babel.Locale("it")
    for number, name in locale.months["format"]["wide"].items():
        assert months[name] == name
        assert months[locale.months["format"]["abbreviated"][number]] == name


@pytest.mark.parametrize("number", [7, 16, 21, 99, 101, 500, 999, 1001, 2024, 15000, 345678])
def test_numbers_num2words_writes_read_back_to_the_number(number):
    assert normalized("it", num2words(number, lang="it")) == str(number)
