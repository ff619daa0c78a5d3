"""Kanji numerals in running Japanese text to digits, only in a numeric context.

A numeral (三百, 二十五, 一万二千, 1万2千) is read when a counter of the config follows it
(三百円 -> 300円, 二十五日 -> 25日) or when it mixes digits and units (1万2千 -> 12000).
Words that merely contain a numeral (一緒, 統一, 万が一) have no counter after them and stay;
numeral + counter words read differently from the number (十分 'enough') are config
exceptions, and 何百, 数万 are no number. Thousands commas go (12,000円 = 12000円). Digit
strings (三一八五〇四) are not positional numbers: `ja_codes` reads them, after this step.

Why a table and not Sudachi: we evaluated sudachipy 0.7 with sudachidict_small. Its
normalized forms do read numerals (三一八五〇四 -> 318504, 一万二千 -> 12000) and unify some
spellings (苗字 -> 名字, 振替 -> 振り替え), but they also lemmatize every verb and auxiliary
(行きます -> 行く|ます, し -> 為る), which would hide real errors in conjugation, and they do
not unify 合って / あって (合う|てる vs 有る|て). Using it only for numerals and nouns would
add a tokenizer (about 30 µs a sentence, the whole budget of a pair at 10k pairs/s) and tie
the metric to a dictionary version the normalizer hash cannot see. A small table is exact,
deterministic and fast.

>>> read = build_kanji_numbers(["円", "日", "分"], ["十分"])
>>> read("三百円と二十五日、十分です。1万2千")
'300円と25日、十分です。12000'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .ja_codes import KANJI_DIGITS
from .positional import read_positional

__all__ = ["build_kanji_numbers", "parse_kanji_number"]

SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
BIG_UNITS = {"万": 10**4, "億": 10**8, "兆": 10**12}
_KANJI_VALUES = {kanji: int(digit) for kanji, digit in KANJI_DIGITS.items()}
# 何百円 (hundreds of yen), 数万人 (tens of thousands): a vague amount, not a number.
VAGUE_BEFORE = "何数幾"

# A numeral, with the spaces in it and after it (3 百, 三 円): punctuation is a space by
# now, and every space goes at the end of the chain, so a second pass would see 3百, 三円.
_SPAN = re.compile(
    r"[0-9〇零一二三四五六七八九十百千万億兆]+(?: +[0-9〇零一二三四五六七八九十百千万億兆]+)* *"
)
_PART = re.compile(r"[0-9]+|[〇零一二三四五六七八九十百千万億兆]")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")


def parse_kanji_number(text: str) -> int | None:
    """三百二十五 = 325, 一万二千 = 12000, 1万2千 = 12000, 二〇 = None (a digit string)."""
    return read_positional(_PART.findall(text), _KANJI_VALUES, SMALL_UNITS, BIG_UNITS)


def build_kanji_numbers(counters: Iterable[str], exceptions: Iterable[str]) -> Callable[[str], str]:
    counter_list = sorted(set(counters), key=len, reverse=True)
    by_first: dict[str, list[str]] = {}
    for counter in counter_list:
        by_first.setdefault(counter[0], []).append(counter)
    never = sorted(set(exceptions), key=len, reverse=True)
    starts = frozenset("〇零一二三四五六七八九十百千万億兆")

    def replace(match: re.Match) -> str:
        whole = match.group()
        span = whole.rstrip(" ")
        if span.isascii():
            return whole
        text, start, after = match.string, match.start(), match.end()
        if start > 0 and text[start - 1] in VAGUE_BEFORE:
            return whole
        if any(text.startswith(word, start) for word in never):
            return whole
        # 三 円 = 三円: the spaces go at the end of the chain anyway
        has_counter = any(
            text.startswith(c, after) for c in by_first.get(text[after : after + 1], ())
        )
        if not (has_counter or any(ch.isdigit() for ch in span)):
            return whole
        value = parse_kanji_number(span.replace(" ", ""))
        if value is None:
            return whole
        return str(value) if has_counter else str(value) + whole[len(span) :]

    def read(text: str) -> str:
        if "," in text:
            text = _THOUSANDS.sub("", text)
        if starts.isdisjoint(text):
            return text
        return _SPAN.sub(replace, text)

    return read
