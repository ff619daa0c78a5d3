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
    over_words: list[Phrase] = Field(default_factory=list, description="three OVER four = 3/4.")


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
    case_sensitive: list[str] = Field(
        default_factory=list,
        description="Symbols matched only as written, because in lower case they are "
        "ordinary words (en A for amperes, not 'a').",
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


class DateRules(_Model):
    """Step `dates`: a date as day, month name and year (`25 july 2012` or, for an
    English order, `july 25 2012`), from words or numbers."""

    months: FormMap = Field(
        description="Month names and their forms to the canonical name: july july, jul july. "
        "The twelve canonical names first appear in calendar order (a numeric date is read "
        "by it)."
    )
    abbreviations_near_numbers: list[Form] = Field(
        default_factory=list,
        description="Month forms that are read only next to a day or a year (may, mar, sept).",
    )
    order: str = Field(
        "dmy",
        pattern="^(dmy|mdy)$",
        description="The order of the canonical date, and of a numeric date: dmy or mdy.",
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
        names = list(dict.fromkeys(self.months.values()))
        if len(names) != 12:
            raise ValueError(f"months: 12 canonical month names expected, found {len(names)}")
        return self


class OrdinalRules(_Model):
    """Step `ordinals`: one suffix per ordinal (fr 1er, 1re, 1ᵉʳ, premier = 1e)."""

    suffixes: dict[str, str] = Field(
        description="Written ordinal suffixes after digits to the canonical one: "
        "fr er e, ère e, ème e; es º º, ª º, er º."
    )
    words: dict[str, str] = Field(
        default_factory=dict,
        description="Ordinal words text2num leaves as words, to digit + suffix: fr second 2e.",
    )
