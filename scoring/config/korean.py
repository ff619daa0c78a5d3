"""Config section `korean` of a language config: rules only Korean needs.

Korean numbers are read to digits only in a numeric context (issue 4, seed 000): a
well-formed number followed by a counter of `counters` (삼월 -> 3월, 스무 살 -> 20살), next
to a digit (1만 2천 -> 12000), or a spoken digit string (공일공 일이삼사 -> 0101234). The
numerals themselves (일, 이, 삼 ... 십, 백, 천, 만; 한, 두, 세 ... 스물, 서른) are facts of
the language and live in the code; every choice about context lives here.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["IrregularNumber", "KoreanRules"]


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
    clock_times: bool = Field(False, description="3:30 = 3시 30분 (hours 0-24, two-digit minutes).")

    @model_validator(mode="after")
    def _check(self) -> KoreanRules:
        for irregular in self.irregular_numbers:
            for counter in irregular.counters:
                if counter not in self.counters:
                    raise ValueError(
                        f"irregular number {irregular.word!r}: counter {counter!r} is not in "
                        "counters"
                    )
        return self
