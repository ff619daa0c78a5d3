"""German, Dutch, French (and fr-CA), Spanish, Italian: every rule of their configs, with the
cases that must match and the ordinary words that must be left alone."""

import pytest

from tests.scoring.helpers import errors, normalized

SAME_SPEECH = {
    "de": [
        ("mein Anmelde-Konto", "mein Anmeldekonto"),
        ("Herr Krüger", "Herr Krueger"),
        ("die Straße", "die Strasse"),
        ("fünf Minuten", "5 Minuten"),
        ("fuenf Minuten", "5 Minuten"),  # folds reach the number words
        ("HR-Fragen", "HR Fragen"),  # the hyphen next to an acronym is a space, not a join
        ("A B C Bindestrich eins zwei drei", "ABC-123"),
        ("read Unterstrich only", "read_only"),
        ("Pfad A Schrägstrich B", "Pfad A/B"),
        ("max Klammeraffe firma", "max@firma"),
        ("X Y Strich 4", "XY-4"),
        ("Hr. Müller", "Herr Müller"),
        ("ähm ja", "ja"),
        ("3,5 Prozent", "drei Komma fünf Prozent"),
        ("1.000 Euro", "tausend Euro"),
    ],
    "nl": [
        ("zorg-verlof", "zorgverlof"),
        ("e-mailadres", "emailadres"),
        ("A B koppelteken 4", "AB-4"),
        ("naam laag streepje test", "naam_test"),
        ("naam liggend streepje test", "naam_test"),
        ("A schuine streep B", "A/B"),
        ("jan apenstaartje bedrijf", "jan@bedrijf"),
        ("X Y streepje 9", "XY-9"),
        ("vijfentwintig euro", "25 euro"),
    ],
    "fr": [
        ("A B C trait d'union un deux trois", "ABC-123"),
        ("A B C trait d’union un deux trois", "ABC-123"),
        ("A B C tiret 1 2 3", "ABC-123"),
        ("nom tiret bas test", "nom_test"),
        ("A barre oblique B", "A/B"),
        ("jean arobase société", "jean@société"),
        ("M. Dupont", "monsieur Dupont"),
        ("Mme Martin", "madame Martin"),
        ("St Laurent", "saint Laurent"),
        ("vingt-cinq euros", "25 €"),
        ("trois virgule cinq", "3,5"),
        ("1 000 personnes", "mille personnes"),
        ("1.000 personnes", "1000 personnes"),
        ("euh, mm, oui", "oui"),
    ],
    "es": [
        ("A B C guion 1 2 3", "ABC-123"),
        ("nombre guion bajo test", "nombre_test"),
        ("A B C barra 1 2 3", "ABC/123"),
        ("A barra oblicua B", "A/B"),
        ("juan arroba empresa", "juan@empresa"),
        ("D. José", "don José"),
        ("Sra. García", "señora García"),
        ("veinticinco euros", "25 €"),
    ],
    "it": [
        ("1995 trattino 04 trattino 18", "1995-04-18"),
        ("nome trattino basso test", "nome_test"),
        ("mario chiocciola azienda", "mario@azienda"),
        ("A barra obliqua B", "A/B"),
        ("X Y barra 9", "XY/9"),
        ("venticinque euro", "25 €"),
        ("Sig. Rossi", "signor Rossi"),
    ],
}

# Must-not-change: each text and the exact normalized form it must keep.
LEFT_ALONE = {
    "de": [("ein langer Strich", "1 langer strich"), ("die Strasse", "die strasse")],
    "nl": [("een streepje verder", "1 streepje verder")],
    "fr": [
        ("il me faut du pain", "il me faut du pain"),
        ("le code M 4 B", "le code m4b"),  # a spelled code, not monsieur
        ("trait de caractère", "trait de caractère"),
        ("ST 4", "st 4"),
    ],
    "es": [
        ("una barra de pan", "1 barra de pan"),
        ("me da igual", "me da igual"),
        ("el código D 4", "el código d4"),  # a spelled code, not don
    ],
    "it": [("la barra del menu", "la barra del menu")],
}

KEPT_APART = {
    "de": [("Krüger", "Kruger")],  # an STT that drops the umlaut misspells the name
    "fr": [("M 4 B", "monsieur 4 B")],
    "es": [("me da igual", "me doña igual")],
}


def cases(table):
    return [(lang, *case) for lang, items in table.items() for case in items]


@pytest.mark.parametrize(("lang", "a", "b"), cases(SAME_SPEECH))
def test_two_spellings_of_the_same_speech_normalize_alike(lang, a, b):
    assert normalized(lang, a) == normalized(lang, b)


@pytest.mark.parametrize(("a", "b"), SAME_SPEECH["fr"])
def test_canadian_french_normalizes_exactly_like_french(a, b):
    assert normalized("fr-CA", a) == normalized("fr", a)
    assert normalized("fr-CA", a) == normalized("fr-CA", b)


@pytest.mark.parametrize(("lang", "text", "expected"), cases(LEFT_ALONE))
def test_ordinary_words_are_left_alone(lang, text, expected):
    assert normalized(lang, text) == expected


def test_bare_m_in_a_code_is_not_monsieur():
    assert normalized("fr", "le code M 4 B") == "le code m4b"


def test_me_is_not_maitre():
    assert normalized("fr", "il me faut") == "il me faut"


def test_da_is_not_dona_and_d_in_a_code_is_not_don():
    assert normalized("es", "me da igual") == "me da igual"
    assert "don" not in normalized("es", "el código D 4")


@pytest.mark.parametrize(("lang", "a", "b"), cases(KEPT_APART))
def test_real_differences_stay_errors(lang, a, b):
    assert errors(lang, a, b) > 0


# Two-letter titles expand only before a capitalized name, never on a code.
TITLES_EXPANDED = [
    ("nl", "mr. Jansen", "meester Jansen"),
    ("nl", "mr Jansen", "meester Jansen"),
    ("nl", "hr. de Vries", "hr. de Vries"),  # "de" is not a name: nothing to expand
    ("nl", "hr. Visser", "heer Visser"),
    ("nl", "ds. Bakker", "dominee Bakker"),
    ("nl", "dr. Visser", "dokter Visser"),
    ("de", "Hr. Müller", "Herr Müller"),
    ("de", "Fr. Krüger", "Frau Krüger"),
    ("fr", "St Laurent", "saint Laurent"),
    ("fr", "Dr Martin", "docteur Martin"),
    ("es", "al Sr. Gómez", "al señor Gómez"),
    ("it", "il sig. Rossi", "il signor Rossi"),
    ("it", "l'ing. Greco", "l'ingegner Greco"),
]

TITLES_LEFT = [
    ("nl", "MR 4", "mr4"),  # capitals before a number: one code (codes.per_character)
    ("nl", "mr 4", "mr 4"),
    ("nl", "hr 4B", "hr 4b"),
    ("nl", "code H R 4", "code hr4"),
    ("nl", "ds AB", "ds ab"),
    ("de", "Hr. 4", "hr 4"),
    ("fr", "St 4", "st 4"),
    ("fr", "St laurent", "st laurent"),
    ("fr", "St ABC", "st abc"),
    ("es", "Sr. 4", "sr 4"),
]


@pytest.mark.parametrize(("lang", "a", "b"), TITLES_EXPANDED)
def test_a_title_before_a_name_is_its_spoken_word(lang, a, b):
    assert normalized(lang, a) == normalized(lang, b)


@pytest.mark.parametrize(("lang", "text", "expected"), TITLES_LEFT)
def test_a_title_before_a_code_or_a_lowercase_word_stays(lang, text, expected):
    assert normalized(lang, text) == expected


def test_the_dates_of_the_demo_set_match_with_a_repeated_symbol_word():
    assert normalized("es", "1992 guion 07 guion 09") == normalized("es", "1992-07-09")
    assert normalized("it", "1987 trattino 11 trattino 02") == normalized("it", "1987-11-02")
    assert normalized("nl", "12 koppelteken 03 koppelteken 1988") == normalized("nl", "12-03-1988")
    assert normalized("es", "20 guion 3") == "20 guion 3"  # one symbol between numbers
    assert errors("es", "1992 guion 07 guion 09", "1992-07-19") > 0
