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

__all__ = ["FractionalTimes", "HindiRules"]


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


Word = Annotated[str, AfterValidator(_nfc)]
Digit = Annotated[str, AfterValidator(_digit)]
Clock = Annotated[str, AfterValidator(_clock)]


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
