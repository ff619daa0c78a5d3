"""Config section `korean` of a language config: rules only Korean needs.

Korean numbers are read to digits only in a numeric context: a well-formed number followed
by a counter of `counters` (삼월 -> 3월, 스무 살 -> 20살), next to a digit (1만 2천 ->
12000), or a spoken digit string (공일공 일이삼사 -> 0101234); surnames and words that hold
a number syllable (천민수, 만나서, 인터넷) stay. The wider contexts (decimals with 점,
fractions with 분의, a sign, units and currencies, times, dates, phone numbers, a text that
is one number) each have their own words here. The numerals themselves (일, 이, 삼 ... 십,
백, 천, 만; 한, 두, 세 ... 스물, 서른) are facts of the language and live in the code; every
choice about context lives here.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["Fractions", "IrregularNumber", "KoreanRules", "Phones"]


def _word(value: str) -> str:
    if not value or unicodedata.normalize("NFC", value) != value or value != value.strip():
        raise ValueError(f"{value!r} must be a non-empty NFC word without outer spaces")
    if any(ch.isspace() for ch in value):
        raise ValueError(f"{value!r} must be one word (no spaces)")
    return value


Word = Annotated[str, AfterValidator(_word)]
CounterKind = Literal["native", "sino", "both"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class IrregularNumber(_Model):
    """A number word that exists only before certain counters (유 in 유월 = 6월)."""

    word: Word
    value: int = Field(ge=0)
    counters: list[Word] = Field(min_length=1)


def _nfc_keys(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        for text in (key, value):
            if not text or unicodedata.normalize("NFC", text) != text or text != text.strip():
                raise ValueError(f"{text!r} must be a non-empty NFC string without outer spaces")
    return mapping


def _lower_keys(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        _word(key)
        _word(value)
        if key != key.lower() or value != value.lower():
            raise ValueError(f"{key!r}: {value!r} must be lower case (matched after the case step)")
    return mapping


Names = Annotated[dict[str, str], AfterValidator(_nfc_keys)]
Symbols = Annotated[dict[str, str], AfterValidator(_lower_keys)]


class Fractions(_Model):
    """사분의 삼 = 3/4, 일과 이분의 일 = 1 1/2, 루트 이 = √2."""

    mark: Word = Field(description="What joins denominator and numerator (분의).")
    joiners: list[Word] = Field(
        default_factory=list,
        description="What joins the whole part of a mixed number to its fraction (과, 와).",
    )
    root: Word | None = Field(None, description="The word said for √ (루트).")


class Phones(_Model):
    """Phone numbers said digit by digit: 공일공에 일이삼사에 오육칠팔 = 01012345678."""

    separators: list[Word] = Field(
        default_factory=list,
        description="Said between the digit groups inside one word (에): "
        "공일공에일이삼사에오육칠팔.",
    )
    country_code: list[Word] = Field(
        default_factory=list,
        description="Words said for the + of an international number (국가번호): the digit "
        "words after them are digits (국가번호 팔이 일이삼 = +82123).",
    )


class KoreanRules(_Model):
    counters: dict[Word, CounterKind] = Field(
        default_factory=dict,
        description="Counters that make a number span numeric, attached (삼월) or as the "
        "next word (스무 살). native: after native numbers (두 개); sino: after Sino-Korean "
        "numbers (삼 층); both. Arabic digits take any counter.",
    )
    sino_before_native_from: int = Field(
        20,
        ge=0,
        description="A Sino-Korean number this large or larger also takes a native counter "
        "(삼십오 명), a smaller one never does (일개, 사명 stay words).",
    )
    particles: list[Word] = Field(
        default_factory=list,
        description="Endings allowed after a counter in its word, each a whole ending, "
        "combinations listed as such (원이에요, 시에, 개를, 까지만). A counter followed by "
        "anything else is part of another word (네 개인정보, 회의가 stay).",
    )
    never_numbers: list[Word] = Field(
        default_factory=list,
        description="Number + counter stems that are ordinary words (이번, 사원, 구분): "
        "never converted, with or without a particle.",
    )
    ambiguous_alone: list[Word] = Field(
        default_factory=list,
        description="Numbers that are also words on their own (이 'this'): read as a number "
        "only when attached to a counter or part of a longer number, not alone before a "
        "spaced counter (이 분 stays, 이분 stays by never_numbers, 이십 분 -> 20분).",
    )
    irregular_numbers: list[IrregularNumber] = Field(
        default_factory=list,
        description="Number words used only before some counters: 유월 = 6월, 시월 = 10월, "
        "첫 번째 = 1번째.",
    )
    digit_strings: bool = Field(
        False,
        description="Read spoken digit strings (공일공 일이삼사 = 010 1234): a word of digit "
        "syllables that is not a well-formed number, of 4+ syllables or starting with 공/영, "
        "or in a run of such words.",
    )
    join_digit_runs: bool = Field(
        False,
        description="Join neighbouring all-digit words into one (010 1234 = 0101234 = "
        "010-1234), so a phone number or code matches however it is spaced.",
    )
    clock_times: bool = Field(
        False,
        description="3:30 = 3시 30분, 2:30:05 = 2시 30분 5초 (hours 0-24, two-digit minutes, "
        "zero parts left out).",
    )
    counters_apart: dict[Word, CounterKind] = Field(
        default_factory=dict,
        description="Counters that make a Hangul number numeric only as a word of their own "
        "(삼십 도 = 30도): attached they are a particle or a word (일도 'work too', 팔도). "
        "After digits they attach like any counter (30 도 = 30도).",
    )
    sino_from: dict[Word, int] = Field(
        default_factory=dict,
        description="Per native counter, the Sino-Korean number from which it also takes one, "
        "overriding sino_before_native_from (시: 10, so 십사시 = 14시 on a 24-hour clock).",
    )
    series: list[list[Word]] = Field(
        default_factory=list,
        description="Counters said in a row (년 월 일; 시 분 초): right after one of them, a "
        "later one of its series is read even where never_numbers or ambiguous_alone would "
        "keep a word (구월 오일 = 9월 5일, 네 시 이 분 = 4시 2분).",
    )
    negative_words: list[Word] = Field(
        default_factory=list,
        description="Words said for a minus sign before a number (마이너스, 영하): "
        "마이너스 일점오 = -1.5. A written -5 is read as the first of them.",
    )
    decimal_point: Word | None = Field(
        None,
        description="The word said for the decimal point (점): 일점삼 = 1.3, 영 점 오 = 0.5; "
        "the digits after it are read one by one. A lone 이 after it is read only before a "
        "unit or counter (이점이 'an advantage' stays).",
    )
    fractions: Fractions | None = None
    whole_text_numbers: bool = Field(
        False,
        description="A text that is one well-formed Sino-Korean number and nothing else is "
        "that number (영 = 0, 백오 = 105, 만 이천 = 12000); inside a sentence the contexts "
        "above still apply.",
    )
    number_prefixes: list[Word] = Field(
        default_factory=list,
        description="Words written apart from the number they come before (오전, 오후, 밤, "
        "기원전): 오전10시 = 오전 10시.",
    )
    half_hour: Word | None = Field(
        None, description="The word for half past the hour (반): 네 시 반 = 4시 30분."
    )
    named_times: dict[Word, Word] = Field(
        default_factory=dict,
        description="Times of day said by name -> the clock time (정오: 12시, 자정: 0시), "
        "as a whole word or before a particle (정오에 = 12시에).",
    )
    weekdays: dict[Word, Word] = Field(
        default_factory=dict,
        description="Short weekday -> full name (금: 금요일): 10일(금) = 10일 금요일, and a full "
        "name is written apart from its day (28일수요일 = 28일 수요일).",
    )
    written_dates: bool = Field(
        False,
        description="2024/01/30, 2024-01-30 and 2024.1.30 = 2024년 1월 30일 (a four-digit year, a "
        "real month and day).",
    )
    phones: Phones | None = None
    units: Symbols = Field(
        default_factory=dict,
        description="Every writing of a unit after a number -> its one written form (킬로미터: "
        "km, km: km, m²: m2, 프로: 퍼센트, py: 평); attached to the number (5 km = 5km). "
        "Each Hangul writing is also a Sino-Korean counter.",
    )
    per_word: Word | None = Field(
        None, description="The word said for / between units (퍼): 킬로미터 퍼 시간 = km/h."
    )
    per_units: Symbols = Field(
        default_factory=dict,
        description="Units written only after per (시간: h, 초: s): 2시간 stays 2시간.",
    )
    currencies: Names = Field(
        default_factory=dict,
        description="Currency codes, symbols and names -> the one name written after the "
        "amount (krw: 원, us$: 달러, nzd: 뉴질랜드달러, 뉴질랜드 달러: 뉴질랜드달러): KRW 5,000 = "
        "₩5000 = 오천 원 = 5000원, ₩30조 = 30000000000000원. Each name is a Sino-Korean counter.",
    )

    @model_validator(mode="after")
    def _check(self) -> KoreanRules:
        known = set(self.counters) | set(self.counters_apart)
        for irregular in self.irregular_numbers:
            for counter in irregular.counters:
                if counter not in known:
                    raise ValueError(
                        f"irregular number {irregular.word!r}: counter {counter!r} is not in "
                        "counters"
                    )
        for name, where in (("sino_from", self.sino_from), ("series", sum(self.series, []))):
            unknown = sorted(set(where) - known)
            if unknown:
                raise ValueError(f"{name}: {unknown} are not in counters")
        both = sorted(set(self.counters) & set(self.counters_apart))
        if both:
            raise ValueError(f"counters and counters_apart both list {both}")
        return self
