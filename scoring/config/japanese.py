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

    bare_numerals: bool = Field(
        False,
        description="Step ja_numbers also reads a numeral with no counter where it stands as "
        "a number: not glued to a kanji (一, 答えは九), a compound numeral after a kanji "
        "(紀元前九百から), a multiple of 万/億/兆 anywhere (お寺に一万寄付). A lone digit in a "
        "word (統一, 一緒) and a numeral before a kanji (八百屋) stay.",
    )
    number_prefixes: list[Word] = Field(
        default_factory=list,
        description="Words after which a numeral is a number, glued or not: 第一 -> 第1, "
        "マイナス七, 午前九から.",
    )
    clock_words: list[Word] = Field(
        default_factory=list,
        description="Words of the time of day (正午) after which a `number_exceptions` word "
        "is minutes: 正午十分過ぎ -> 正午10分過ぎ, as after an hour (八時十分).",
    )
    decimal_point: Word | None = Field(
        None,
        description="Step ja_decimals: the word said for the decimal point, 三点一四 -> 3.14 "
        "(kanji digits after it, no list 一点二点, no word 一点一画).",
    )
    fraction_mark: Word | None = Field(
        None,
        description="Step ja_fractions: denominator, this mark, numerator: 四分の三 -> 3/4, "
        "十分の一 -> 1/10 (not after an hour: 五時十五分の電車).",
    )
    fraction_joiner: Word | None = Field(
        None,
        description="The word between the whole part and the fraction: 一と四分の三 -> "
        "1と3/4; a written 1 3/4 is joined with it too.",
    )
    sign_words: dict[str, Word] = Field(
        default_factory=dict,
        description="Step ja_signs: a sign written before a number and its word (- "
        "マイナス, + プラス, √ ルート), so it survives the punctuation step. Step ja_negatives "
        "then writes the word of - as - before the number: マイナス七 = -7.",
    )
    weekdays: list[Word] = Field(
        default_factory=list,
        description="Step ja_dates: weekday marks in brackets after a date, written as the "
        "day and `weekday_suffix`: 3月1日(水) -> 3月1日水曜日, (火〜土) -> 火曜日から土曜日.",
    )
    weekday_suffix: Word = Field("曜日", description="What a weekday mark is said with.")
    date_words: list[Word] = Field(
        default_factory=list,
        description="Step ja_dates: year, month and day words for a written date: "
        "2024/01/30 -> 2024年1月30日.",
    )
    time_words: list[Word] = Field(
        default_factory=list,
        description="Step ja_times: hour, minute and second words for a clock time: "
        "9:05 -> 9時5分, 21:00 -> 21時, 9:05:30 -> 9時5分30秒.",
    )
    half_hour: Word | None = Field(
        None,
        description="Step ja_clock: the word for half past after an hour: 二時半 -> "
        "二時30分 (1時間半 is an hour and a half and stays).",
    )
    day_halves: dict[str, Word] = Field(
        default_factory=dict,
        description="Step ja_clock: a.m. and p.m. marks written before or after a clock "
        "time, as the word said before it: 3:30PM -> 午後3時30分, am9時 -> 午前9時.",
    )
    drop_zero_padding: bool = Field(
        False,
        description="Step ja_zeros: a zero that pads a month, day, hour, minute or second "
        "(`date_words`, `time_words`) goes: 01月 -> 1月, 08時05分 -> 8時5分.",
    )
    range_marks: list[str] = Field(
        default_factory=list,
        description="Step ja_ranges: marks between two numbers said as `range_word`: "
        "5〜9日 -> 5から9日, 10月中旬〜11月上旬; only after a number, before a number or "
        "at the end of a phrase (はい〜 stays).",
    )
    range_word: Word | None = Field(
        None,
        description="The word said for a range mark (から). A numeral before it and "
        "another numeral is a number: 令和二から四年.",
    )
    minor_units: dict[Word, Word] = Field(
        default_factory=dict,
        description="Step ja_money: a currency word and its minor unit; an amount with two "
        "decimals is said in both: $10.50 = 10.50ドル -> 10ドル50セント, $0.05 -> 5セント.",
    )
    units: dict[Word, str] = Field(
        default_factory=dict,
        description="Step ja_units: unit words after a number to the international symbol "
        "(キロメートル -> km, センチ -> cm); ambiguous words (キロ: km or kg) are left out. "
        "The words also act as counters for ja_numbers.",
    )

    @model_validator(mode="after")
    def _check(self) -> JapaneseRules:
        if self.range_marks and self.range_word is None:
            raise ValueError("range_marks need a range_word")
        for unit, symbol in self.units.items():
            if not symbol or symbol != symbol.lower() or any(ch.isspace() for ch in symbol):
                raise ValueError(f"units: {unit!r} -> {symbol!r} must be lower case, no spaces")
        for sign in self.sign_words:
            if len(sign) != 1 or sign.isalnum():
                raise ValueError(f"sign_words: {sign!r} must be one symbol character")
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
