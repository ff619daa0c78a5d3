"""Config section `japanese` of a language config: rules only Japanese needs.

The kana and kanji digit readings (いち, に, さん ... 一, 二, 三, 〇) and the kanji numeral
units (十, 百, 千, 万 ...) are facts of the writing system and live in the code; every
table of words (letter names, counters, spelling variants, exceptions) lives here. Product
names are the top-level `loanwords` lexicon (`ja_loanwords.json`).
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["JapaneseRules"]


def _word(value: str) -> str:
    if not value or unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} must be a non-empty NFC string")
    if any(ch.isspace() for ch in value):
        raise ValueError(f"{value!r} must not contain spaces")
    return value


def _letter(value: str) -> str:
    if len(value) != 1 or not ("A" <= value <= "Z" or "a" <= value <= "z"):
        raise ValueError(f"{value!r} is not one Latin letter")
    return value


def _digit(value: str) -> str:
    if len(value) != 1 or not "0" <= value <= "9":
        raise ValueError(f"{value!r} is not one digit 0-9")
    return value


Word = Annotated[str, AfterValidator(_word)]
Letter = Annotated[str, AfterValidator(_letter)]
Digit = Annotated[str, AfterValidator(_digit)]


class JapaneseRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    width: bool = Field(
        False,
        description="jaconv: half-width katakana to full width (ｱ -> ア), full-width Latin, "
        "digits and ASCII punctuation to half width (ＡＢＣ１２３ -> ABC123).",
    )
    letter_names: dict[Word, Letter] = Field(
        default_factory=dict,
        description="Katakana letter names (エー, ビー, ダブリュー) and their Latin letter, read "
        "only in a spelled code: a run of two or more code tokens.",
    )
    digit_names: dict[Word, Digit] = Field(
        default_factory=dict,
        description="Katakana digit names (ゼロ, ワン) read in a spelled code, next to the "
        "built-in kana (いち, に, さん) and kanji (一, 二, 〇) digits.",
    )
    code_exceptions: list[Word] = Field(
        default_factory=list,
        description="Katakana words made only of letter or digit names that are ordinary "
        "words (ワイワイ, ピーピー): never read as a code.",
    )
    counters: list[Word] = Field(
        default_factory=list,
        description="Counters after a kanji numeral that make it a number: 三百円 -> 300円, "
        "二十五日 -> 25日. Without a counter (or a digit next to it) a numeral stays.",
    )
    number_exceptions: list[Word] = Field(
        default_factory=list,
        description="Numeral + counter words read differently from the number (十分 "
        "'enough' is not 10分, 五月雨 is not 5月雨): never converted.",
    )
    variants: dict[Word, Word] = Field(
        default_factory=dict,
        description="Spellings of one word and the one form they map to (なんとか -> 何とか, "
        "振り替え -> 振替). Replaced wherever they occur (Japanese has no spaces), longest "
        "first; a key must sound the same as its form in every word it can occur in.",
    )
    fillers_at_word_start: bool = Field(
        False,
        description="Also remove the `fillers` at the start of a word (start of text, or "
        "after punctuation or a space), not only as whole words: えーと今日は -> 今日は. "
        "Never inside a word (なんとか keeps its んと).",
    )

    @model_validator(mode="after")
    def _check(self) -> JapaneseRules:
        for key, value in self.variants.items():
            if key == value:
                raise ValueError(f"variants: {key!r} maps to itself")
            if key.startswith(value) and key[len(value) :].strip("ー"):
                raise ValueError(
                    f"variants: {key!r} -> {value!r} only drops an ending, so it would also "
                    f"eat the start of the next word ({value}、{key[len(value) :]}...); "
                    "only a long vowel mark may go (サーバー -> サーバ)"
                )
            for other in self.variants:
                if other in value:
                    raise ValueError(
                        f"variants: {key!r} -> {value!r} contains the key {other!r} "
                        "(the map must give the same text when applied twice)"
                    )
        return self
