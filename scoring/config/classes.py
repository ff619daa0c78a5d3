"""Config sections for the semiotic classes: the things STT systems and reference writers
spell differently although they are the same speech (numbers, money, measures, times,
dates, ordinals, fractions). Each section is a small table a linguist fills in; the grammar
that reads it is in `scoring/normalize/<class>.py`. Every section is off unless a language
sets it.

A vocabulary is matched whole-word and case-insensitively, before the case step, as written
and as the config's char folds write it ("März" and "Maerz"). A phrase is lower-case words
separated by single spaces ("kilometers per hour"). `configs/README.md` documents every
field with an example.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "CardinalRules",
    "DateRules",
    "FractionRules",
    "MeasureRules",
    "MoneyRules",
    "OrdinalRules",
    "TimeRules",
]


def _nfc(value: str) -> str:
    if not value or unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} must be a non-empty NFC string")
    return value


def _phrase(value: str) -> str:
    _nfc(value)
    if value != " ".join(value.split()):
        raise ValueError(f"{value!r} must be words separated by single spaces")
    return value


def _lower_phrase(value: str) -> str:
    _phrase(value)
    if value != value.lower():
        raise ValueError(f"{value!r} must be lower case")
    return value


def _phrase_keys(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        _phrase(key)
        _nfc(value)
    return mapping


Phrase = Annotated[str, AfterValidator(_lower_phrase)]
Form = Annotated[str, AfterValidator(_phrase)]
FormMap = Annotated[dict[str, str], AfterValidator(_phrase_keys)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class CardinalRules(_Model):
    """Step `cardinals`, after text2num: what it leaves as words, and numbers said in parts."""

    not_numbers: list[Phrase] = Field(
        default_factory=list,
        description="Words text2num must leave alone (en ones, os: 'my OS' is not 'my 0').",
    )
    minus_words: list[Phrase] = Field(
        default_factory=list, description="Words for a minus sign: minus two = -2."
    )
    minus_not_after: list[Phrase] = Field(
        default_factory=list,
        description="Words after which a minus word is an ordinary word: fr AU moins 5 (at "
        "least 5), plus OU moins 5.",
    )
    plus_words: list[Phrase] = Field(
        default_factory=list,
        description="A plus sign said before a number that starts a phone number (plus 44 "
        "= +44): dropped, as the punctuation step drops +. Not after a number (2 plus 3).",
    )
    point_words: list[Phrase] = Field(
        default_factory=list,
        description="The decimal point word where text2num leaves it: point five = 0.5.",
    )
    zero_words: list[Phrase] = Field(
        default_factory=list,
        description="Words read as 0 beside digits (en oh: eight oh five = 8 05).",
    )
    repeat_words: dict[str, int] = Field(
        default_factory=dict,
        description="A digit said twice or three times: double seven = 7 7.",
    )
    one_words: list[Phrase] = Field(
        default_factory=list,
        description="Words read as 1 before a power of ten: a hundred = 100, eine Million.",
    )
    apart_words: list[Phrase] = Field(
        default_factory=list,
        description="Words left as words where text2num reads them apart from the number "
        "before them: fr cents (vingt-cinq cents = 25 cents, a coin; trois cents = 300).",
    )
    roman_suffixes: list[str] = Field(
        default_factory=list,
        description="Ordinal suffixes after which a Roman numeral in capitals is its number, "
        "before the dates and fractions read it: fr e ᵉ ème (XXᵉ siècle = 20ᵉ siècle = vingtième "
        "siècle). A single letter only with a suffix no word has (Vème, Xᵉ; Le, Ce, Mer stay).",
    )
    scale_words: list[Phrase] = Field(
        default_factory=list,
        description="Scale words text2num must read apart after a decimal (es 2,5 millones).",
    )
    decimal_words: list[Phrase] = Field(
        default_factory=list, description="The decimal separator's word (komma, coma)."
    )
    roman_after: list[Phrase] = Field(
        default_factory=list,
        description="Words after which a Roman numeral is a number: es siglo (siglo XIX = "
        "siglo diecinueve = siglo 19).",
    )
    decimal_groups: bool = Field(
        False,
        description="Digits said in groups after a decimal word are one number: es tres coma "
        "catorce quince = 3,1415 (text2num writes 3,14 15).",
    )
    range_words: list[Phrase] = Field(
        default_factory=list,
        description="The word said for a dash between two quantities, first the canonical "
        "one: en to ($250-$300 = 250 dollars to 300 dollars, 1980-1990, 4:00 am - 8:12 pm).",
    )
    large_scales: dict[str, int] = Field(
        default_factory=dict,
        description="Scale words the number reader does not know, with their power of ten "
        "(de Billion 12, Billiarde 15): 10 Billionen 5 = 10000000000005. One it knows is read "
        "here after a written number (es millones 6: 3000 millones = 3000000000).",
    )


class FractionRules(_Model):
    """Step `fractions`: one half = 1/2, two and a half = 2 1/2, three over four = 3/4."""

    denominators: dict[str, int] = Field(
        default_factory=dict,
        description="Denominator words (half 2, halves 2, quarter 4, tiers 3, Drittel 3).",
    )
    ordinal_denominators: bool = Field(
        False,
        description="An ordinal after a number is a denominator: one fifth = 1 5th = 1/5.",
    )
    stem_suffixes: list[str] = Field(
        default_factory=list,
        description="Suffixes making a denominator of a number word (de -tel, -stel).",
    )
    and_words: list[Phrase] = Field(
        default_factory=list, description="two AND a half = 2 1/2 (and, und, et, y, e)."
    )
    and_denominators: dict[str, int] = Field(
        default_factory=dict,
        description="Denominators read only after a whole number and an and word, with no "
        "numerator: es dos y media = 2 1/2 (una media alone is an average), it due e mezzo.",
    )
    over_words: list[Phrase] = Field(default_factory=list, description="three OVER four = 3/4.")
    mixed_without_and: bool = Field(
        False,
        description="A whole number right before a fraction of one is a mixed number: de "
        "zwei ein halb = 2 1/2 (German says no and word there).",
    )
    joined: bool = Field(
        False,
        description="A fraction said as one word, read with `denominators`: a number word and "
        "a denominator (de dreiviertel = 3/4, nl driekwart), or a whole number, an and word "
        "or a one word, and a denominator (de zweieinhalb = 2 1/2, nl vijfenhalf).",
    )
    words: dict[str, str] = Field(
        default_factory=dict,
        description="Fraction words to `N/D` or `W N/D`: de anderthalb 1 1/2, nl anderhalf.",
    )

    @model_validator(mode="after")
    def _check(self) -> FractionRules:
        for word, value in self.words.items():
            _lower_phrase(word)
            if not re.fullmatch(r"(?:\d+ )?\d+/\d+", value):
                raise ValueError(f"words: {word!r} must map to N/D or W N/D, not {value!r}")
        return self


class MoneyRules(_Model):
    """Step `money`: `$5` = five dollars = `5 dollar`, `$29.50` = `29 dollar 50 cent`."""

    currencies: FormMap = Field(
        description="Every written form of a currency (symbol, code, name, plural) to one "
        "canonical word: $ dollar, USD dollar, dollars dollar, € euro."
    )
    minor_units: FormMap = Field(
        default_factory=dict,
        description="Every form of a minor unit to its canonical word: cents cent, pence penny.",
    )
    minor_of: dict[str, str] = Field(
        default_factory=dict,
        description="The canonical minor unit of a canonical currency: dollar cent.",
    )
    and_words: list[Phrase] = Field(
        default_factory=list,
        description="Words between the units and the cents: two dollars AND twenty cents.",
    )
    of_words: list[Phrase] = Field(
        default_factory=list,
        description="Words between a large amount and its currency: deux millions D'euros.",
    )
    scale_suffixes: dict[str, int] = Field(
        default_factory=dict,
        description="Scale abbreviations stuck to an amount after a currency symbol, with "
        "their power of ten: en k 3, m 6, bn 9 ($5m = 5 million dollars, ¥30b, $2.5bn). "
        "Only after a symbol: 5m alone is five meters.",
    )
    names_before: bool = Field(
        True,
        description="A currency name before the amount is its currency too (en dollars 5). "
        "Off where names only follow the amount (es, it: euros 25 is no amount, a date or a "
        "list put the number there): then only symbols and codes before it ($5, USD 5).",
    )
    bare_cents: bool = Field(
        False,
        description="A number right after the currency is its cents anywhere, not only at the "
        "end: de zwei Euro fünfzig pro Stück = 2 euro 50 cent (not after an and word, nor "
        "before another number).",
    )

    @model_validator(mode="after")
    def _check(self) -> MoneyRules:
        canonical = set(self.currencies.values())
        unknown = set(self.minor_of) - canonical
        if unknown:
            raise ValueError(f"minor_of names currencies not in currencies: {sorted(unknown)}")
        minors = set(self.minor_units.values())
        missing = set(self.minor_of.values()) - minors
        if missing:
            raise ValueError(f"minor_of names minor units not in minor_units: {sorted(missing)}")
        return self


class MeasureRules(_Model):
    """Step `measures`: a number and its unit, the unit written as its symbol:
    two hundred kilometers per hour = 200 km/h = `200 km/h`."""

    units: FormMap = Field(
        description="Written forms of units (names and symbols, singular and plural) to the "
        "canonical symbol: kilometers km, km km, kmh km/h, °C °c."
    )
    prefixes: dict[str, str] = Field(
        default_factory=dict,
        description="SI prefix words to their symbol, for a name said in parts or joined: "
        "kilo k (kilo watt hours, kilowatt = kw).",
    )
    prefixable: list[str] = Field(
        default_factory=list,
        description="Canonical symbols that take an SI prefix, as a word or a symbol: m "
        "(kilometers, km), g, l, w, wh, v, a, hz, b, bps, s.",
    )
    powers: list[str] = Field(
        default_factory=list,
        description="Canonical symbols (unprefixed) that take a square or cube: m, ft, in "
        "(km² = km2, sq ft = ft2).",
    )
    per_words: list[Phrase] = Field(default_factory=list, description="kilometers PER hour = km/h.")
    rate_words: list[Phrase] = Field(
        default_factory=list,
        description="A per word read before a unit wherever it stands, and a written /unit: "
        "20 dollars PER month = $20/mo = 20 dollar /month.",
    )
    implied_per: dict[str, list[str]] = Field(
        default_factory=dict,
        description="A unit said right after another with no per word, dividing it, and the "
        "canonical symbols (prefix aside) it divides so: fr heure [m, mi] (kilomètres heure "
        "= km/h; a kilowatt heure is kwh, a product).",
    )
    square_words: list[Phrase] = Field(
        default_factory=list, description="SQUARE meters = m2 (before the unit)."
    )
    cubic_words: list[Phrase] = Field(
        default_factory=list, description="CUBIC meters = m3 (before the unit)."
    )
    square_after_words: list[Phrase] = Field(
        default_factory=list,
        description="Square words after the unit: es metros CUADRADOS = m2, it metri quadri.",
    )
    cubic_after_words: list[Phrase] = Field(
        default_factory=list, description="Cubic words after the unit: es metros CÚBICOS = m3."
    )
    of_words: list[Phrase] = Field(
        default_factory=list,
        description="Words between a fraction or millions and the unit: es tres quintos DE "
        "milla = 3/5 mi, dos millones DE kilómetros = 2000000 km.",
    )
    amount_words: dict[str, str] = Field(
        default_factory=dict,
        description="Words that are an amount before a unit: es medio 1/2 (medio kilo = 1/2 kg, "
        "media hora = 1/2 h), it mezzo 1/2.",
    )
    joined_powers: bool = Field(
        False,
        description="Square and cubic words joined to the unit name, as German writes them: "
        "Quadratmeter = m2, Kubikzentimeter = cm3.",
    )
    case_sensitive: list[str] = Field(
        default_factory=list,
        description="Symbols matched only as written, because in lower case they are "
        "ordinary words (en A for amperes, not 'a').",
    )
    one_words: list[Phrase] = Field(
        default_factory=list,
        description="Words read as 1 before a unit, where the number reader leaves them: de "
        "eine Stunde = 1 h, einen Meter = 1 m (text2num reads ein, not its inflected forms).",
    )
    compound_units: list[list[str]] = Field(
        default_factory=list,
        description="Canonical symbols of one quantity from the largest, said one after "
        "another as one amount (h min s): an and word (`compound_and_words`) before a "
        "smaller one goes, es 1 h y 30 min = 1 h 30 min; 30 min y 1 h stays.",
    )
    compound_and_words: list[Phrase] = Field(
        default_factory=list,
        description="The and words of `compound_units`: es y.",
    )

    @model_validator(mode="after")
    def _check(self) -> MeasureRules:
        for symbol in self.case_sensitive:
            canonical = self.units.get(symbol)
            if canonical is None:
                raise ValueError(f"case_sensitive: {symbol!r} is not a form in units")
            if canonical != symbol.lower():
                # the case step lowers it: a second pass must read the text it wrote
                raise ValueError(
                    f"case_sensitive: {symbol!r} must stand for its own lower case, "
                    f"not {canonical!r}"
                )
        return self


class TimeRules(_Model):
    """Step `times`: a clock time as `H MM` (4:30 = four thirty = `4 30`), `:00` dropped,
    am/pm as `am` / `pm`."""

    am: list[Form] = Field(default_factory=list, description="a.m., am, a m: written `am`.")
    pm: list[Form] = Field(default_factory=list, description="p.m., pm, p m: written `pm`.")
    hour_words: list[Phrase] = Field(
        default_factory=list,
        description="Words that mark the hour and are dropped in a time: o'clock, Uhr, heures, h.",
    )
    minute_words: list[Phrase] = Field(
        default_factory=list,
        description="Words after the minutes, dropped: minutes, Minuten (zwei Uhr zwei Minuten).",
    )
    second_words: list[Phrase] = Field(
        default_factory=list, description="Words after the seconds, dropped."
    )
    past_words: list[Phrase] = Field(
        default_factory=list, description="ten PAST four = 4 10 (past, after, nach)."
    )
    to_words: list[Phrase] = Field(
        default_factory=list, description="ten TO five = 4 50 (to, before, vor)."
    )
    and_words: list[Phrase] = Field(
        default_factory=list, description="onze heures ET demie, las cinco Y media."
    )
    minus_words: list[Phrase] = Field(
        default_factory=list, description="cinq heures MOINS le quart = 4 45."
    )
    quarter_words: list[Phrase] = Field(
        default_factory=list, description="a quarter past, viertel, le quart, cuarto."
    )
    half_words: list[Phrase] = Field(
        default_factory=list, description="half past four, et demie, y media."
    )
    half_before: list[Phrase] = Field(
        default_factory=list,
        description="A half hour named by the next hour: de halb zwölf = 11 30, nl half twaalf.",
    )
    named: dict[str, str] = Field(
        default_factory=dict,
        description="Named times to H or H MM: noon 12, midnight 0, midi 12, minuit 0.",
    )
    evening_words: list[Phrase] = Field(
        default_factory=list,
        description="Day parts that make a 12-hour time a 24-hour one: du soir (8 h du soir = 20).",
    )
    morning_words: list[Phrase] = Field(
        default_factory=list,
        description="Day parts that leave a 12-hour time as it is, and go with it: du matin "
        "(8 h du matin = 8 h = 8).",
    )
    context_words: list[Phrase] = Field(
        default_factory=list,
        description="Words after which H.MM or HMM is a time (at 4.30, at 430).",
    )
    to_alone: bool = Field(
        False,
        description="Minutes to an hour are a time with nothing around them: de drei vor "
        "zwölf = 11 57 (English needs a context word: '10 to 5' is also a score).",
    )
    articles: list[Phrase] = Field(
        default_factory=list,
        description="Articles before an hour (es la, las; it le): after one, an hour and its "
        "minutes are a time (las 2 menos 20 = 1 40, la 1 10, las 2 y cuarto), and the article "
        "goes with it; a bare hour keeps it (las 3). After a to word it anchors the hour "
        "(10 para las 12 = 11 50).",
    )
    zones: list[str] = Field(
        default_factory=list,
        description="Time zones after a time, as one lower-case word however spelled, with "
        "their offset: UTC+4 = u t c más cuatro = utc 4, GMT-3 = gmt -3. A zone after an "
        "hour makes it a time (una e s t = 1.00 est).",
    )
    and_minutes: bool = Field(
        False,
        description="An hour, an and word, minutes and a minute word are a time with nothing "
        "around them: it dodici e trenta minuti = 12 30 (not de 2 und 30 Minuten).",
    )
    twenty_four_hours: bool = Field(
        False,
        description="am and pm written as a 24-hour clock, where the language writes one: es "
        "las 2 y media de la tarde = 2:30 p.m. = 14:30 = 14 30, 12 de la noche = 0.",
    )
    night_words: list[Phrase] = Field(
        default_factory=list,
        description="Day parts written pm, but am at 12 (es de la noche: 10 de la noche = 10 "
        "pm, 12 de la noche = 12 am, midnight).",
    )


class DateRules(_Model):
    """Step `dates`: a date as day, month name and year (`25 july 2012` or, for an
    English order, `july 25 2012`), from words or numbers."""

    months: FormMap = Field(
        description="Month names and their forms to the canonical name: july july, jul july."
    )
    calendar: list[Form] = Field(
        default_factory=list,
        description="The twelve canonical month names in calendar order: a numeric date "
        "(07/25/2012) reads its month by its place here. Without it a numeric date stays "
        "as written. A list, not the order of `months`: a JSON object's key order is not "
        "part of the content hash, and PostgreSQL's jsonb does not keep it.",
    )
    abbreviations_near_numbers: list[Form] = Field(
        default_factory=list,
        description="Month forms that are read only next to a day or a year (may, mar, sept).",
    )
    order: str = Field(
        "dmy",
        pattern="^(dmy|mdy)$",
        description="How a numeric date is read: dmy (03/04 = 3 April) or mdy (March 4). "
        "The canonical date is always day, month, year.",
    )
    day_after_month: bool = Field(
        True,
        description="A day may follow its month (en July 25); false where a day comes only "
        "before it (fr le 25 mai: 'mai 25' is a month and a number).",
    )
    day_suffixes: list[str] = Field(
        default_factory=list,
        description="The ordinal suffixes a day may carry (fr er, ᵉʳ: le 1er mai); default: "
        "every ordinal suffix. Another ordinal before a month is no day (fr le 2d mai).",
    )
    day_words: list[Phrase] = Field(
        default_factory=list,
        description="Words around a day that go: THE 25th OF july (the, of, de, le).",
    )
    decades: dict[str, str] = Field(default_factory=dict, description="Decade words: eighties 80s.")
    year_pairs: bool = Field(
        False,
        description="A year said in pairs is one number: nineteen seventeen = 1917, twenty "
        "oh five = 2005 (the first pair 13-99; also an address or a model number read so).",
    )

    @model_validator(mode="after")
    def _check(self) -> DateRules:
        names = set(self.months.values())
        if len(names) != 12:
            raise ValueError(f"months: 12 canonical month names expected, found {len(names)}")
        if self.calendar and (len(self.calendar) != 12 or set(self.calendar) != names):
            raise ValueError("calendar: the 12 canonical names of `months`, each once")
        return self


class OrdinalRules(_Model):
    """Step `ordinals`: one suffix per ordinal (fr 1er, 1re, 1ᵉʳ, premier = 1e)."""

    suffixes: dict[str, str] = Field(
        description="Written ordinal suffixes after digits to the canonical one: "
        "fr er e, ère e, ème e; es º º, ª º, er º."
    )
    words: dict[str, str] = Field(
        default_factory=dict,
        description="Ordinal words text2num leaves as words, to digit + suffix: fr second 2e. "
        "Not read right after a number (es un segundo = 1 s, tres cuartos = 3/4).",
    )
    joined: dict[str, int] = Field(
        default_factory=dict,
        description="Parts of an ordinal written as one word, with their value: a stem before "
        "the next ordinal (es vigesimo 20: vigesimoprimero = 21º; vigesimoctavo, the vowel "
        "they share written once), or a thousandth (1000 or more) after a number word (es "
        "milésimo 1000: dosmilésimo = 2000º).",
    )
    before_word: list[str] = Field(
        default_factory=list,
        description="Suffixes read as an ordinal only before a word, as they also mark degrees: "
        "it ° (3° piano = terzo piano; 20° C, 20° alone are degrees).",
    )
    roman_before: list[Phrase] = Field(
        default_factory=list,
        description="Words before which a Roman numeral is an ordinal: it secolo (il XXI "
        "secolo = il ventunesimo secolo = 21º secolo).",
    )
    in_parts: bool = Field(
        False,
        description="An ordinal said in parts is one: es vigésimo primero = 20º 1º = 21º, "
        "centésimo trigésimo cuarto = 134º (each part below the place the one before leaves).",
    )
    apart: list[str] = Field(
        default_factory=list,
        description="Suffixes also written as a word of their own after the number, as a "
        "transcriber types a suffix read out: en 12 th = 12th. Keys of `suffixes`; leave out "
        "those that are words too (en st: 12 St. is a street).",
    )

    @model_validator(mode="after")
    def _check_apart(self) -> OrdinalRules:
        unknown = sorted(set(self.apart) - set(self.suffixes))
        if unknown:
            raise ValueError(f"apart: {unknown} are not in suffixes")
        return self
