"""Spanish: numbers, money, measures, times, dates, fractions, ordinals, phone numbers and
abbreviations, each written one way (configs/es.json, es_currencies.json, es_units.json)."""

import babel
import pytest
from num2words import num2words

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized

SAME_SPEECH = [
    # cardinals: signs, scales text2num leaves, decimals said in groups, written groups
    ("menos doce grados", "-12 grados"),
    ("dos coma cinco millones de habitantes", "2,5 millones de habitantes"),
    ("tres mil millones", "3.000 millones"),
    ("cuatro mil millones", "4000000000"),
    ("un millardo doscientos", "1000000200"),
    ("siete billones", "7 billones"),
    ("dos millones quinientos mil", "2 millones 500 mil"),
    ("veinte mil personas", "20 000 personas"),
    ("cero coma cero cinco", "0,05"),
    ("pi vale tres coma catorce dieciséis", "pi vale 3,1416"),
    ("uno coma cinco siete", "1,57"),
    ("el siglo dieciocho", "el siglo XVIII"),
    # fractions
    ("tres cuartos", "3/4"),
    ("un quinto de la población", "1/5 de la población"),
    ("dos tercios", "2/3"),
    ("un doceavo", "1/12"),
    ("tres veinteavos", "3/20"),
    ("dos y medio", "2 1/2"),
    ("cuatro y tres octavos", "4 3/8"),
    ("cinco sobre ocho", "5/8"),
    ("menos un cuarto", "-1/4"),
    ("un milésimo", "1/1000"),
    # money
    ("cuesta veinte euros", "cuesta 20 €"),
    ("cuesta veinte euros", "cuesta €20"),
    ("tres euros con cincuenta céntimos", "3,50 €"),
    ("tres euros cincuenta", "3,50 €"),
    ("cuarenta centavos", "$0,40"),
    ("diez dólares y cinco centavos", "$10,05"),
    ("dos millones de dólares", "2.000.000 $"),
    ("mil quinientos pesos mexicanos", "MXN 1500"),
    ("cien libras esterlinas", "£100"),
    ("ocho francos suizos", "CHF 8"),
    ("un yen", "¥1"),
    ("son cuarenta dólares de hong kong", "son 40HKD"),
    ("el premio: tres coma cinco millones de pesos mexicanos", "el premio: MXN3,5 millones"),
    # measures
    ("corrí diez kilómetros", "corrí 10 km"),
    ("a cien kilómetros por hora", "a 100 km/h"),
    ("a cien kilómetros a la hora", "a 100 km/h"),
    ("pesa tres kilos", "pesa 3 kg"),
    ("dos litros y medio", "2 litros y medio"),
    ("medio kilo de harina", "1/2 kg de harina"),
    ("ochenta metros cuadrados", "80 m²"),
    ("cinco metros cúbicos", "5 m3"),
    ("treinta grados centígrados", "30 °C"),
    ("veinte por ciento", "20 %"),
    ("veinte porciento", "20%"),
    ("tres cuartos de hora", "3/4 h"),
    ("diez metros por segundo", "10 m/s"),
    # times
    ("a las cinco y media", "a las 5:30"),
    ("a las cinco menos cuarto", "a las 4:45"),
    ("son las tres y cuarto", "son las 3:15"),
    ("la una y diez", "la 1:10"),
    ("las dos menos veinte", "la 1:40"),
    ("diez para las ocho", "las 7:50"),
    ("cuarto para las nueve", "8:45"),
    ("a las siete de la tarde", "a las 7:00 p.m."),
    ("a las siete de la tarde", "a las 7 pm"),
    ("las ocho de la mañana", "las 8 a. m."),
    ("las doce de la noche", "las 12:00 a.m."),
    ("las once de la noche", "las 11 p.m."),
    ("son las dos y media de la tarde", "son las 14:30"),
    ("las siete de la tarde", "las 19:00"),
    ("llego a las seis", "llego a las 6:00"),
    ("las cinco en punto", "las 5:00"),
    ("a las nueve y veinte", "a las 9.20"),
    ("a las dieciséis treinta", "a las 16:30"),
    ("las tres de la tarde u t c", "las 3:00 p.m. UTC"),
    # dates
    ("el veinticinco de julio de dos mil doce", "el 25 de julio de 2012"),
    ("veinticinco de julio de dos mil doce", "25/07/2012"),
    ("primero de mayo", "1.º de mayo"),
    ("el primero de mayo", "el 1 de mayo"),
    ("nueve de setiembre", "9 de septiembre"),
    ("catorce de febrero", "14 feb."),
    ("octubre de mil novecientos noventa", "oct. 1990"),
    ("treinta y uno de diciembre de dos mil veinte", "31-12-2020"),
    # ordinals
    ("el primer día", "el 1.er día"),
    ("el primer día", "el 1er día"),
    ("la primera vez", "la 1.ª vez"),
    ("el tercer piso", "el 3.er piso"),
    ("el tercer piso", "el 3ro piso"),
    ("el segundo puesto", "el 2.º puesto"),
    ("el cuarto capítulo", "el 4º capítulo"),
    ("los quintos", "los 5.os"),
    ("la vigésima primera edición", "la 21.ª edición"),
    ("la vigesimoprimera edición", "la 21ª edición"),
    ("el trigésimo quinto aniversario", "el 35.º aniversario"),
    ("el centésimo aniversario", "el 100.º aniversario"),
    ("el milésimo cliente", "el 1000.º cliente"),
    ("el decimoctavo", "el 18.º"),
    # phone numbers, codes
    ("mi número es seis uno dos tres cuatro cinco seis siete ocho", "mi número es 612 345 678"),
    ("llame al nueve uno cuatro cinco seis siete ocho nueve cero", "llame al 914-567-890"),
    ("más uno dos cero dos cinco cinco cinco cero uno cuatro siete", "+1 202-555-0147"),
    ("doble cero uno", "001"),
    (
        "llame al más treinta y cuatro seis uno dos tres cuatro cinco seis siete ocho",
        "llame al +34 612 345 678",
    ),
    # abbreviations
    ("¿habla usted inglés?", "¿Habla Ud. inglés?"),
    ("ustedes pueden pasar", "Uds. pueden pasar"),
    ("la señora García", "la Sra. García"),
    ("extensión veinte", "ext. 20"),
    # addresses: spelled names, a scheme with dos puntos, a user name after arroba
    ("mi correo es m r o arroba hotel punto com", "mi correo es mro@hotel.com"),
    ("escriba al correo l u z dos arroba correo punto es", "escriba al correo luz2@correo.es"),
    ("entre en h t t p dos puntos barra barra tienda punto com", "entre en http://tienda.com"),
    ("arroba p a n a d e r i a en instagram", "@panaderia en instagram"),
    ("arroba marta ochenta y siete es mi usuario", "@marta87 es mi usuario"),
    # an equation, an era, a zone said with más, units of one quantity as one amount
    ("dos más tres es igual a cinco", "2 + 3 = 5"),
    ("x es igual a diez menos cuatro", "x = 10 - 4"),
    ("se fundó en el año trescientos antes de Cristo", "se fundó en el año 300 a. C."),
    ("hacia el año mil cien después de Cristo", "hacia el año 1100 d.C."),
    ("la llamada es a las cinco de la tarde u t c más dos", "la llamada es a las 17:00 UTC más 2"),
    ("el vuelo dura dos horas y quince minutos", "el vuelo dura 2 h 15 min"),
    ("mide un metro y setenta centímetros", "mide 1 m 70 cm"),
    ("la espera fue de un minuto y diez segundos", "la espera fue de 1 min 10 s"),
]

# A real difference must still count: a digit, a unit, a currency, an hour, a day.
KEPT_APART = [
    ("tres coma catorce dieciséis", "3,1417"),
    ("dos millones de dólares", "2000000 €"),
    ("veinte euros", "20 $"),
    ("diez kilómetros", "10 m"),
    ("a las cinco y media", "a las 5:45"),
    ("las siete de la tarde", "las 7 a.m."),
    ("el veinticinco de julio", "el 26 de julio"),
    ("tres cuartos", "3/5"),
    ("un doceavo", "1/11"),
    ("el vigésimo primero", "el 22.º"),
    ("menos doce", "12"),
    ("siete billones", "7000000000"),
    ("cuarenta centavos", "$0,50"),
    ("son cuarenta dólares de hong kong", "son 40USD"),
    ("el premio: tres coma cinco millones de pesos mexicanos", "el premio: MXN3,6 millones"),
    ("seis uno dos tres cuatro cinco seis siete ocho", "612 345 679"),
    ("más treinta y cuatro seis uno dos tres cuatro cinco seis siete ocho", "+33 612 345 678"),
    ("m r o arroba hotel punto com", "mro@motel.com"),
    ("h t t p s dos puntos barra barra tienda punto com", "http://tienda.com"),
    ("arroba p a n a d e r i a en instagram", "@panadero en instagram"),
    ("arroba marta ochenta y siete es mi usuario", "@marta78 es mi usuario"),
    ("dos más tres es igual a cinco", "2 + 3 = 6"),
    ("el año trescientos antes de Cristo", "el año 300 d. C."),
    ("a las cinco de la tarde u t c más dos", "a las 17:00 UTC menos 2"),
    ("el vuelo dura dos horas y quince minutos", "el vuelo dura 2 h 16 min"),
    ("el vuelo dura dos horas y quince minutos", "el vuelo dura 2 min 15 h"),
]

# Words that must stay words, or readings that must not reach further.
LEFT_ALONE = [
    ("las tres personas", "las 3 personas"),
    ("las dos", "las 2"),
    ("estuvo en coma tres días", "estuvo en coma 3 días"),
    ("desde mi punto de vista", "desde mi punto de vista"),
    ("en medio de la calle", "en medio de la calle"),
    ("una media de cinco", "1 media de 5"),
    ("tengo euros y pesos", "tengo euros y pesos"),
    ("entre uno y treinta minutos", "entre 1 y 30 min"),
    ("cinco menos dos", "5 menos 2"),
    ("un segundo", "1 s"),
    ("los centavos", "los centavos"),
    ("la calle Córdoba", "la calle córdoba"),
    ("pesaba dos arrobas de trigo", "pesaba 2 arrobas de trigo"),
    ("una arroba de trigo", "1 arroba de trigo"),
    ("treinta minutos y una hora", "30 min y 1 h"),
    ("en mil novecientos noventa y mil novecientos noventa y uno", "en 1990 y 1991"),
    ("dos kilos y tres litros", "2 kg y 3 l"),
    ("la casa a. c. de Juan", "la casa a c de juan"),
    ("son dos puntos más", "son 2 puntos más"),
]


@pytest.mark.parametrize(("a", "b"), SAME_SPEECH)
def test_two_writings_of_the_same_speech_give_no_error(a, b):
    assert normalized("es", a) == normalized("es", b)
    assert errors("es", a, b) == 0


@pytest.mark.parametrize(("a", "b"), KEPT_APART)
def test_a_real_difference_is_still_an_error(a, b):
    assert errors("es", a, b) > 0


@pytest.mark.parametrize(("text", "expected"), LEFT_ALONE)
def test_ordinary_words_stay_words(text, expected):
    assert normalized("es", text) == expected


@pytest.mark.parametrize("text", [text for pair in SAME_SPEECH for text in pair])
def test_the_canonical_writing_is_a_fixed_point(text):
    once = normalized("es", text)
    assert normalized("es", once) == once


def test_the_month_table_covers_cldr_names_and_abbreviations():
    months = load_scorer("es").normalizer.config.dates.months
    locale = babel.Locale("es")
    for number, name in locale.months["format"]["wide"].items():
        assert months[name] == name
        short = locale.months["format"]["abbreviated"][number].rstrip(".")
        assert months[short] == name


@pytest.mark.parametrize(
    "number", [7, 16, 21, 99, 101, 115, 500, 999, 1001, 2024, 15000, 21000, 100000, 345678]
)
def test_numbers_num2words_writes_read_back_to_the_number(number):
    assert normalized("es", num2words(number, lang="es")) == str(number)


@pytest.mark.parametrize("number", [1, 2, 3, 5, 8, 10, 20, 30, 50, 100, 300, 1000])
def test_ordinals_num2words_writes_read_back(number):
    assert normalized("es", num2words(number, lang="es", to="ordinal")) == f"{number}º"
