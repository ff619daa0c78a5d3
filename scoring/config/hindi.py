"""Config section `hindi` of a language config: rules only Hindi needs.

>>> HindiRules(code_digit_words={"एक": "1"}).code_digit_words
{'एक': '1'}
>>> HindiRules().apostrophe_splits_words
False
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["ClockTimes", "Dates", "FractionalTimes", "HindiNumbers", "HindiRules"]


def _nfc(value: str) -> str:
    if not value:
        raise ValueError("an empty word matches nothing")
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} is not in Unicode NFC form")
    return value


def _digit(value: str) -> str:
    if len(value) != 1 or not value.isascii() or not value.isdigit():
        raise ValueError(f"{value!r} is not one digit 0-9")
    return value


def _clock(value: str) -> str:
    hours, _, minutes = value.partition(":")
    if not (hours.isascii() and hours.isdigit() and minutes.isascii() and minutes.isdigit()):
        raise ValueError(f"{value!r} is not a clock time H:MM")
    if len(minutes) != 2 or not (0 <= int(hours) <= 23 and 0 <= int(minutes) <= 59):
        raise ValueError(f"{value!r} is not a clock time H:MM")
    return value


def _decimal(value: str) -> str:
    whole, dot, part = value.partition(".")
    if not (whole.isascii() and whole.isdigit() and dot and part.isascii() and part.isdigit()):
        raise ValueError(f"{value!r} is not a decimal number N.D")
    return value


def _fraction(value: str) -> str:
    numerator, slash, denominator = value.partition("/")
    if not (slash and numerator.isascii() and numerator.isdigit()):
        raise ValueError(f"{value!r} is not a fraction N/D")
    if not (denominator.isascii() and denominator.isdigit() and int(denominator) > 0):
        raise ValueError(f"{value!r} is not a fraction N/D")
    return value


def _ordinal(value: str) -> str:
    digits = value[: len(value) - len(value.lstrip("0123456789"))]
    ending = value[len(digits) :]
    if not digits or not ending or unicodedata.category(ending[0])[0] != "L":
        raise ValueError(f"{value!r} is not a number and its ending (1ला, 1st)")
    if not all(unicodedata.category(ch)[0] in "LM" for ch in ending):
        raise ValueError(f"{value!r} is not a number and its ending (1ला, 1st)")
    return value


def _power_of_ten(value: int) -> int:
    if value < 100 or str(value).rstrip("0") != "1":
        raise ValueError(f"{value} is not a power of ten from 100 up")
    return value


Word = Annotated[str, AfterValidator(_nfc)]
Digit = Annotated[str, AfterValidator(_digit)]
Clock = Annotated[str, AfterValidator(_clock)]
DecimalText = Annotated[str, AfterValidator(_decimal)]
FractionText = Annotated[str, AfterValidator(_fraction)]
OrdinalText = Annotated[str, AfterValidator(_ordinal)]
Scale = Annotated[int, AfterValidator(_power_of_ten)]


class FractionalTimes(BaseModel):
    """साढ़े तीन = 3:30, सवा तीन = 3:15, पौने चार = 3:45; डेढ़ बजे = 1:30 बजे."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    prefixes: dict[Word, Literal[15, 30, 45]] = Field(
        description=(
            "A word before an hour and the minutes it adds: साढ़े 30, सवा 15; 45 is a "
            "quarter to the hour, so पौने चार is 3:45."
        ),
    )
    hours: dict[Word, Annotated[int, Field(ge=1, le=12)]] = Field(
        description="Hour words (एक .. बारह); the digits 1-12 are hours too."
    )
    whole: dict[Word, Clock] = Field(
        default_factory=dict,
        description="Words that are a time alone (डेढ़ = 1:30, ढाई = 2:30), read only before a "
        "time word: डेढ़ घंटा stays 'an hour and a half'.",
    )
    time_words: list[Word] = Field(
        default_factory=list, description="Words that make the word before them a time (बजे)."
    )
    not_before: list[Word] = Field(
        default_factory=list,
        description="A prefix and hour before one of these stay words: साढ़े तीन सौ is 350.",
    )


class HindiNumbers(BaseModel):
    """Hindi number words to digits (`scoring/normalize/hi_numbers.py`): the 1-99 words,
    the Indian scales, decimals, fractions, quantities and ordinals."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    words: dict[Word, Annotated[int, Field(ge=0, le=99)]] = Field(
        description="Every word for 0-99 and its spelling variants (छह, छः, छे = 6): each "
        "is irregular, so each is listed. A word 0-9 is also a digit of a spoken string."
    )
    scales: dict[Word, Scale] = Field(
        description="Multipliers in the Indian system: सौ 100, हज़ार 1000, लाख 10^5, करोड़ "
        "10^7, अरब 10^9 ...; a larger one after a smaller multiplies all before it."
    )
    scales_after_number: list[Word] = Field(
        default_factory=list,
        description="Scales that are a number only after another number (अरब is also Arabia, "
        "शंख a conch): सऊदी अरब stays, दो अरब is 2000000000.",
    )
    prefixes: dict[Word, Literal[-0.25, 0.25, 0.5]] = Field(
        default_factory=dict,
        description="Words before a number that add to it: सवा 0.25, साढ़े 0.5, पौने -0.25 "
        "(साढ़े तीन सौ = 3.5 x 100 = 350; सवा सौ = 125).",
    )
    quantities: dict[Word, DecimalText] = Field(
        default_factory=dict,
        description="Words that are a quantity alone: डेढ़ 1.5, ढाई 2.5 (डेढ़ सौ = 150).",
    )
    fractions: dict[Word, FractionText] = Field(
        default_factory=dict,
        description="Fraction words read alone, not after a number: आधा 1/2, पाव 1/4.",
    )
    decimal_words: list[Word] = Field(
        default_factory=list,
        description="The decimal point (दशमलव): the digits after it are read one by one.",
    )
    fraction_words: list[Word] = Field(
        default_factory=list, description="Between numerator and denominator (बटा): 3/4."
    )
    mixed_words: list[Word] = Field(
        default_factory=list,
        description="Between a whole number and a fraction (सही, और): दो सही एक बटा छह = 2 1/6. "
        "A mixed number in halves or quarters is written as a decimal (2 1/2 = 2.5), as "
        "ढाई and साढ़े are.",
    )
    negative_words: list[Word] = Field(
        default_factory=list, description="Before a number, its minus sign (ऋण, माइनस): -5."
    )
    signs: dict[Literal["-", "+"], Word] = Field(
        default_factory=dict,
        description="A sign written before a digit, as the word it is read (-5 = ऋण 5, "
        "+91 = प्लस 91), so the punctuation step cannot drop it; a minus word must be one "
        "of `negative_words`.",
    )
    digits_after: list[Word] = Field(
        default_factory=list,
        description="Words after which digits said one by one are one number, as an "
        "address or a flat number is read (नंबर पाँच दो = नंबर 52); elsewhere two digit words "
        "are two numbers (दो तीन दिन).",
    )
    dot_words: list[Word] = Field(
        default_factory=list,
        description="Between groups of digits said one by one (an IP address 192.168.1.1): "
        "two of them or more make one dotted number.",
    )
    ordinal_suffixes: dict[Word, Word] = Field(
        default_factory=dict,
        description="Ordinal endings (वां, वीं, वें) and their variants, to one form: "
        "दसवें = 10वें, सातवा = 7वां.",
    )
    ordinal_stems: dict[Word, Annotated[int, Field(ge=1, le=99)]] = Field(
        default_factory=dict,
        description="Ordinal stems that are not a number word, read with a full ending only "
        "(नवां = 9वां, छठवां = 6वां; नवी मुंबई stays).",
    )
    ordinals: dict[Word, OrdinalText] = Field(
        default_factory=dict,
        description="Irregular ordinals: पहला = 1ला, दूसरी = 2री, चौथा = 4था. Forms that are "
        "also ordinary words (पहले 'before', दूसरे 'others') are better left out.",
    )
    english_ordinals: dict[Word, OrdinalText] = Field(
        default_factory=dict,
        description="English ordinals written in Devanagari (फ़र्स्ट = 1st); not after a "
        "number, where सेकंड is the unit of time.",
    )
    dimension_word: Word | None = Field(
        None, description="The word for x between two numbers (बाई): 5x5 = 5 बाई 5."
    )

    @model_validator(mode="after")
    def _check(self) -> HindiNumbers:
        unknown = set(self.scales_after_number) - set(self.scales)
        if unknown:
            raise ValueError(f"scales_after_number not in scales: {sorted(unknown)}")
        minus = self.signs.get("-")
        if minus is not None and minus not in self.negative_words:
            raise ValueError(f"signs: {minus!r} is not one of negative_words")
        forms = set(self.ordinal_suffixes.values())
        chained = forms & (set(self.ordinal_suffixes) - forms)
        if chained:
            raise ValueError(f"ordinal_suffixes: {sorted(chained)} is a variant and a form")
        return self


class ClockTimes(BaseModel):
    """Clock times to `H MM` (`scoring/normalize/hi_calendar.py`): दो बजकर ग्यारह मिनट =
    2:11 = `2 11`; a whole hour keeps its hour word: सात बजे = 7:00 = `7 बजे`."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    hour_words: list[Word] = Field(
        description="The word of a whole hour (बजे): kept after the hour, as 7:00 is read."
    )
    past_words: list[Word] = Field(
        default_factory=list, description="Hour words before the minutes (बजकर, बजके)."
    )
    minute_words: list[Word] = Field(description="The word after the minutes (मिनट).")
    second_words: list[Word] = Field(
        default_factory=list, description="The word after the seconds (सेकंड)."
    )


class Dates(BaseModel):
    """Written numeric dates to words (`scoring/normalize/hi_calendar.py`): 23-08-2024 =
    `23 अगस्त 2024`, as तेईस अगस्त दो हज़ार चौबीस is read; 1990-91 = `1990 से 91`."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    months: dict[Word, Annotated[int, Field(ge=1, le=12)]] = Field(
        description="Month names; the first name of each month is the one written out."
    )
    range_word: Word | None = Field(
        None, description="How a range of years is read (से): 1990-1991 = 1990 से 1991."
    )
    eras: dict[Word, Word] = Field(
        default_factory=dict,
        description="Era abbreviations after a year and their words (ई.पू. = ईसा पूर्व, "
        "ई. = ईस्वी); a space inside one may be left out (ई. पू.).",
    )

    @model_validator(mode="after")
    def _every_month(self) -> Dates:
        missing = set(range(1, 13)) - set(self.months.values())
        if missing:
            raise ValueError(f"months without a name: {sorted(missing)}")
        return self


class HindiRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    apostrophe_splits_words: bool = Field(
        False,
        description=(
            "An apostrophe separates words, as any punctuation: English I'm is two words "
            "for the Hindi rules (the English view of code-switching still reads i am)."
        ),
    )
    code_digit_words: dict[Word, Digit] = Field(
        default_factory=dict,
        description=(
            "Digit words read as digits inside a spelled code only (A B C डैश एक दो तीन -> "
            "ABC-123): a run of them next to a spoken symbol or a Latin code token. "
            "Elsewhere number words stay words (दो तीन दिन is 'a few days')."
        ),
    )
    phonetic_stoplist: list[Word] = Field(
        default_factory=list,
        description=(
            "Native words that the phonetic matcher never reads as English, however close "
            "their sounds (कल / call, कमरा / camera)."
        ),
    )
    anusvara_same_class: bool = Field(
        False,
        description=(
            "A nasal consonant with virama before a stop of its own class is written as "
            "anusvara (सितम्बर = सितंबर, हिन्दी = हिंदी, ठण्डा = ठंडा); न्म, म्ह, न्य and "
            "nasal pairs (सम्मान) are left alone."
        ),
    )
    spelling_variants: dict[Word, Word] = Field(
        default_factory=dict,
        description=(
            "Whole-word spelling variants of one word, to one form (वापिस -> वापस, "
            "गये -> गए); compared after the folds and the anusvara rule."
        ),
    )
    fractional_times: FractionalTimes | None = Field(
        None, description="Fractional clock times to H:MM (साढ़े तीन = 3:30)."
    )
    numbers: HindiNumbers | None = Field(
        None, description="Number words to digits (दो सौ छह = 206, साढ़े तीन सौ = 350)."
    )
    clock_times: ClockTimes | None = Field(
        None, description="Clock times to `H MM` (दो बजकर ग्यारह मिनट = 2:11 = 2 11)."
    )
    dates: Dates | None = Field(None, description="Numeric dates to `D month YYYY`.")
    web_words: dict[Word, Annotated[str, Field(pattern=r"^[a-z]+$")]] = Field(
        default_factory=dict,
        description="Words of a spoken web address in Devanagari, after a dot word, in "
        "their Latin spelling (डॉट कॉम = .com, डॉट इन = .in).",
    )
    romanized_hindi: Literal["off", "count", "accept"] = Field(
        "off",
        description=(
            "Romanized Hindi in the transcript (mujhe for मुझे), with code-switching on: "
            "'count' reports `romanized_hindi_words`, 'accept' also counts such a word as "
            "correct. Never 'accept' by default."
        ),
    )

    @model_validator(mode="after")
    def _variants_do_not_chain(self) -> HindiRules:
        for variant, form in self.spelling_variants.items():
            if form in self.spelling_variants:
                raise ValueError(f"spelling_variants: {variant!r} -> {form!r}, which is a variant")
        return self
