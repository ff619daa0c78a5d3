"""Config section `persian` of a language config: how Persian writes and says numbers.

Three rules, each off unless its sub-section is set:

- `digits` (step `fa_digits`, early): a written number in one form, whatever script its
  digits are in: `۳٫۵` = `3.5`, `۱۲٬۰۰۰` = `12,000` = `12000`, `-۱۲` = `منفی 12` (the
  sign kept as a word until the numbers step writes `-12`), `٪۱۰` = `10%` = `10 درصد`,
  `$5` = `5 دلار` (the symbols are the config's `unit_symbols`).
- `numbers` (step `fa_numbers`, late): number words to digits by a small grammar over the
  tables below, reading only well-formed numbers: `بیست و پنج` = 25, `دو هزار و پانصد`
  = 2500, `۲٫۵ میلیون` = 2500000, `سه ممیز پنج` = 3.5, `منفی هفت` = -7, `بیست و پنجم` =
  `25م`, `پنجم مهر` = `5 مهر`.
- `times` (step `fa_times`, after it): a clock time as `H MM`: `۴:۳۰` = `4 30`, `ساعت
  چهار و سی دقیقه` = `ساعت 4 30`, `ساعت سه و نیم` = `ساعت 3 30`, `۷:۰۰` = `7`.

>>> rules = PersianRules(digits=PersianDigits(minus_word="منفی"))
>>> rules.digits.decimal_separators
['٫', '.']
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["PersianDigits", "PersianNumbers", "PersianRules", "PersianTimes"]


def _word(value: str) -> str:
    if not value or unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} must be a non-empty NFC word")
    if any(ch.isspace() for ch in value):
        raise ValueError(f"{value!r} must be one word (no spaces)")
    return value


def _separator(value: str) -> str:
    if len(value) != 1 or value.isalnum() or value.isspace():
        raise ValueError(f"{value!r} must be one punctuation character")
    return value


Word = Annotated[str, AfterValidator(_word)]
Separator = Annotated[str, AfterValidator(_separator)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _values_in(table: dict[str, int], allowed: set[int], name: str) -> None:
    wrong = {word: value for word, value in table.items() if value not in allowed}
    if wrong:
        raise ValueError(f"{name}: values out of range: {wrong}")


class PersianDigits(_Model):
    decimal_separators: list[Separator] = Field(
        default_factory=lambda: ["٫", "."],
        description="Between digits, the decimal point (۳٫۵ = 3.5): written `.`.",
    )
    thousands_separators: list[Separator] = Field(
        default_factory=lambda: ["٬", ","],
        description="Between groups of three digits, removed (۱۲٬۰۰۰ = 12000).",
    )
    minus_word: Word = Field(
        description="A minus sign before a number (-۱۲) is written as this word until "
        "the numbers step writes -12; the punctuation step would delete the sign itself.",
    )

    @model_validator(mode="after")
    def _check(self) -> PersianDigits:
        both = set(self.decimal_separators) & set(self.thousands_separators)
        if both:
            raise ValueError(f"separators both decimal and thousands: {sorted(both)}")
        return self


class PersianNumbers(_Model):
    ones: dict[Word, int] = Field(
        description="صفر 0 … نوزده 19, with spelling variants (هجده, هیجده 18)."
    )
    tens: dict[Word, int] = Field(description="بیست 20 … نود 90.")
    hundreds: dict[Word, int] = Field(description="صد 100, یکصد 100, دویست 200 … نهصد 900.")
    scales: dict[Word, int] = Field(
        description="Powers of a thousand after their multiplier: هزار 1000, میلیون, میلیارد."
    )
    conjunction: Word = Field(
        description="The word between the parts of a number (بیست و پنج): a number is read "
        "across it only from a larger part to a smaller one."
    )
    minus_words: list[Word] = Field(default_factory=list, description="منفی هفت = -7.")
    point_words: list[Word] = Field(default_factory=list, description="سه ممیز پنج = 3.5.")
    half_words: list[Word] = Field(
        default_factory=list, description="دو و نیم = 2.5 (after a number and the conjunction)."
    )
    denominators: dict[Word, int] = Field(
        default_factory=dict,
        description="Decimal fractions said as a count of tenths, hundredths: بیست و پنج "
        "صدم = 0.25, سه و پنج دهم = 3.5 (دهم 10, صدم 100). Not هزارم: بیست و پنج هزارم "
        "is the 25000th, as a count before a scale word says.",
    )
    ordinals: dict[Word, int] = Field(
        default_factory=dict,
        description="Ordinal words (پنجم 5, سوم 3, سیام 30, صدم 100) read as the number "
        "with the ordinal mark: بیست و پنجم = 25م. Only the last word of a number.",
    )
    ordinal_mark: str = Field(
        "م", min_length=1, description="Written after the digits of an ordinal (25م)."
    )
    adjective_suffix: str = Field(
        "ین",
        min_length=1,
        description="An ordinal with this suffix (پنجمین) is the mark plus it (5مین).",
    )
    digit_ordinal_marks: dict[str, str] = Field(
        default_factory=dict,
        description="Marks written after digits to the canonical one (۵ام = 5م, ۵امین = 5مین).",
    )
    ambiguous_alone: list[Word] = Field(
        default_factory=list,
        description="Number words that are also ordinary words (نه 'no', یکم 'a bit'): read "
        "only inside a longer number, before a counter, or after a number head.",
    )
    counters: list[Word] = Field(
        default_factory=list,
        description="Words after which an ambiguous number word is a number (نه تا, نه نفر).",
    )
    number_heads: list[Word] = Field(
        default_factory=list,
        description="Words before which an ambiguous number word is a number (ساعت نه).",
    )
    months: list[Word] = Field(
        default_factory=list,
        description="Month names: a day before one loses its ordinal mark (پنجم مهر = ۵ مهر "
        "= 5 مهر).",
    )

    @model_validator(mode="after")
    def _check(self) -> PersianNumbers:
        _values_in(self.ones, set(range(20)), "ones")
        _values_in(self.tens, set(range(20, 100, 10)), "tens")
        _values_in(self.hundreds, set(range(100, 1000, 100)), "hundreds")
        _values_in(self.scales, {1000**k for k in range(1, 6)}, "scales")
        _values_in(self.denominators, {10, 100, 1000}, "denominators")
        cardinals = [*self.ones, *self.tens, *self.hundreds, *self.scales]
        words = [
            *cardinals,
            *self.ordinals,
            *self.minus_words,
            *self.point_words,
            *self.half_words,
            *self.denominators,
            self.conjunction,
        ]
        repeated = sorted({w for w in words if words.count(w) > 1} - set(self.denominators))
        if repeated:
            raise ValueError(f"words in two tables: {repeated}")
        unknown = set(self.ambiguous_alone) - set(cardinals) - set(self.ordinals)
        if unknown:
            raise ValueError(f"ambiguous_alone words that are no number word: {sorted(unknown)}")
        return self


class PersianTimes(_Model):
    heads: list[Word] = Field(
        min_length=1,
        description="The word before a clock time (ساعت): ساعت چهار و سی دقیقه = ساعت ۴:۳۰ "
        "= ساعت 4 30. It stays; a number after it is an hour (0-24).",
    )
    and_words: list[Word] = Field(description="ساعت چهار و ربع: between hour and minutes.")
    minute_words: list[Word] = Field(
        default_factory=list, description="After the minutes, dropped (دقیقه)."
    )
    half_words: list[Word] = Field(default_factory=list, description="ساعت سه و نیم = 3 30.")
    quarter_words: list[Word] = Field(
        default_factory=list, description="ساعت ده و ربع = 10 15; یک ربع به پنج = 4 45."
    )
    to_words: list[Word] = Field(
        default_factory=list,
        description="Minutes before the hour: ساعت ده دقیقه به پنج = 4 50, یک ربع به پنج = 4 45.",
    )


class PersianRules(_Model):
    digits: PersianDigits | None = Field(None, description="Step fa_digits.")
    numbers: PersianNumbers | None = Field(None, description="Step fa_numbers.")
    times: PersianTimes | None = Field(None, description="Step fa_times.")

    @model_validator(mode="after")
    def _check(self) -> PersianRules:
        if self.digits and self.numbers and self.digits.minus_word not in self.numbers.minus_words:
            raise ValueError(
                f"digits.minus_word {self.digits.minus_word!r} is not in numbers.minus_words"
            )
        return self
