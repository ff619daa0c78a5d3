"""Kanji numerals in running Japanese text to digits, only where they are numbers.

A numeral (三百, 二十五, 一万二千, 1万2千) is read in a numeric context:

- a counter of the config follows it (三百円 -> 300円, 二十五日 -> 25日);
- it mixes digits and units (1万2千 -> 12000, 1.5万 -> 15000);
- a prefix of the config comes before it (第一 -> 第1, マイナス七, 午前九から);
- a range word and another number follow it (令和二から四年: 四年 makes 二 a number);
- with `bare_numerals`, it stands as a number of its own: it is not glued to a kanji on
  either side (一, 答えは九, 二千二十二FIFA), or it is a compound numeral glued only on the
  left (紀元前九百から), or it holds a multiple of 万, 億 or 兆 (お寺に一万寄付した).

Words that merely contain a numeral stay: a lone digit glued to a kanji (統一, 唯一, 一緒),
a numeral before a kanji that is no counter (八百屋, 五十嵐, 三十路), a vague amount (何百,
数万), a lone 〇 (a mark: 〇をつける), and the config's `number_exceptions`, which may carry
the words around the numeral (十分 'enough', 万が一, 嘘八百). An exception is a number
again after an hour or a clock word (八時十分, 正午十分 are ten minutes). Thousands commas
go (12,000円 = 12000円). Digit strings (三一八五〇四) are not positional numbers: `ja_codes`
reads them, after this step.

Two smaller readers share the grammar: `build_decimals` (三点一四 -> 3.14) and
`build_fractions` (四分の三 -> 3/4, 一と四分の三 -> 一と3/4 and a written 1 3/4 -> 1と3/4).

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
>>> read = build_kanji_numbers(["円"], ["十分", "万が一"], bare=True, prefixes=["第"])
>>> read("百、第一、一緒、統一、万が一、お寺に一万寄付")
'100、第1、一緒、統一、万が一、お寺に10000寄付'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal

from .ja_codes import KANJI_DIGITS
from .positional import read_positional

__all__ = [
    "NUMERALS",
    "build_decimals",
    "build_fractions",
    "build_kanji_numbers",
    "is_glue",
    "parse_kanji_number",
]

SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
BIG_UNITS = {"万": 10**4, "億": 10**8, "兆": 10**12}
NUMERALS = "〇零一二三四五六七八九十百千万億兆"
_NUMERAL_SET = frozenset(NUMERALS)
_KANJI_VALUES = {kanji: int(digit) for kanji, digit in KANJI_DIGITS.items()}
# 何百円 (hundreds of yen), 数万人 (tens of thousands): a vague amount, not a number.
VAGUE_BEFORE = "何数幾"

# A numeral, with the spaces in it and after it (3 百, 三 円): punctuation is a space by
# now, and every space goes at the end of the chain, so a second pass would see 3百, 三円.
# A decimal counts only before a big unit (1.5万); 3.14 alone is left as written.
_UNIT = rf"(?:[0-9]+(?:\.[0-9]+)?(?=[万億兆])|[0-9{NUMERALS}])"
_SPAN = re.compile(rf"{_UNIT}+(?: +{_UNIT}+)* *")
_PART = re.compile(rf"[0-9]+(?:\.[0-9]+)?|[{NUMERALS}]")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
# A multiple of a big unit (五万, 九千九百億): a number wherever it stands.
_MULTIPLE = re.compile(r"[0-9〇零一二三四五六七八九十百千][万億兆]")
_NUMBER = rf"[0-9{NUMERALS}]+"
_HAS_NUMERAL = re.compile(f"[{NUMERALS}]").search


def is_glue(ch: str) -> bool:
    """A kanji (or 々 〆 ヶ) next to a numeral makes the two one word: 統一, 八百屋."""
    return bool(ch) and (
        "\u4e00" <= ch <= "\u9fff"
        or "\u3400" <= ch <= "\u4dbf"
        or "\uf900" <= ch <= "\ufaff"
        or ch in "々〆ヶ"
    )


def _is_numeral(ch: str) -> bool:
    return ch in _NUMERAL_SET or "0" <= ch <= "9"


def parse_kanji_number(text: str) -> int | None:
    """三百二十五 = 325, 一万二千 = 12000, 1万2千 = 12000, 1.5万 = 15000, 二〇 = None (a
    digit string)."""
    parts = _PART.findall(text)
    if "".join(parts) != text:
        return None
    if any("." in part for part in parts):
        # only "1.5万" alone: a decimal times one big unit, a whole number
        if len(parts) != 2 or parts[1] not in BIG_UNITS:
            return None
        value = Decimal(parts[0]) * BIG_UNITS[parts[1]]
        return int(value) if value == value.to_integral_value() else None
    return read_positional(parts, _KANJI_VALUES, SMALL_UNITS, BIG_UNITS)


def _written(numeral: str) -> str | None:
    """A numeral as digits: 3 as written, 三百 = 300, a digit string 三一 = 31 (as
    `ja_codes` would read it), or None."""
    if numeral.isdigit():
        return numeral
    if all(ch in KANJI_DIGITS for ch in numeral):
        if len(numeral) > 1:
            return "".join(KANJI_DIGITS[ch] for ch in numeral)
    value = parse_kanji_number(numeral)
    return None if value is None else str(value)


def _left(text: str, start: int) -> int:
    """Index of the last character before `start` that is not a space (-1 if none)."""
    i = start - 1
    while i >= 0 and text[i] == " ":
        i -= 1
    return i


def _counter_finder(counters: Iterable[str]) -> Callable[[str, int], str]:
    """The longest counter at a position of a text, or ''."""
    by_first: dict[str, list[str]] = {}
    for counter in sorted(set(counters), key=len, reverse=True):
        by_first.setdefault(counter[0], []).append(counter)

    def counter_at(text: str, pos: int) -> str:
        for counter in by_first.get(text[pos : pos + 1], ()):
            if text.startswith(counter, pos):
                return counter
        return ""

    return counter_at


def _clock_test(clock_words: Iterable[str], counters: Iterable[str]) -> Callable[[str, int], bool]:
    """Does the text end, at index `i`, with a time of day? A clock word that is a counter
    (時, 時間) must follow a number (八時, 2時間); one that is not (正午) stands alone."""
    counter_set = frozenset(counters)
    words = sorted(set(clock_words), key=len, reverse=True)

    def after_clock(text: str, i: int) -> bool:
        for word in words:
            begin = i + 1 - len(word)
            if begin >= 0 and text.startswith(word, begin):
                if word not in counter_set:
                    return True
                before = _left(text, begin)
                if before >= 0 and _is_numeral(text[before]):
                    return True
        return False

    return after_clock


def build_kanji_numbers(
    counters: Iterable[str],
    exceptions: Iterable[str],
    *,
    bare: bool = False,
    prefixes: Iterable[str] = (),
    clock_words: Iterable[str] = (),
    range_word: str | None = None,
    code_words: Iterable[str] = (),
) -> Callable[[str], str]:
    """`code_words`: the katakana letter and digit names of spelled codes (エー, ゼロ)."""
    counters = tuple(counters)
    code_words = tuple(code_words)
    counter_at = _counter_finder(counters)
    after_clock = _clock_test(clock_words, counters)
    prefix_list = sorted(set(prefixes), key=len, reverse=True)
    # an exception is a word around a numeral: (text before the numeral, numeral, after),
    # once for each numeral in it (万が一 protects its 万 and its 一)
    never: dict[str, list[tuple[str, str]]] = {}
    for word in sorted(set(exceptions), key=len, reverse=True):
        for found in re.finditer(f"[{NUMERALS}]+", word):
            never.setdefault(found.group(), []).append((word[: found.start()], word[found.end() :]))

    def is_exception(text: str, start: int, numeral: str, after: int, counter: str) -> bool:
        for lead, tail in never.get(numeral, ()):
            if not text.startswith(tail, after):
                continue
            if lead and not text.endswith(lead, 0, start):
                continue
            if tail and len(counter) > len(tail) and counter.startswith(tail):
                continue  # 十八番 'forte' is an exception, 十八番目 the 18th
            # each numeral of the word is a whole numeral of the text: 億万が一 and
            # 万が一十 are numbers, and a second pass would see them read
            if lead and _is_numeral(lead[0]):
                before = _left(text, start - len(lead))
                if before >= 0 and _is_numeral(text[before]):
                    continue
            if tail and _is_numeral(tail[-1]):
                end = after + len(tail)
                while end < len(text) and text[end] == " ":
                    end += 1
                if end < len(text) and _is_numeral(text[end]):
                    continue
            return True
        return False

    def has_prefix(text: str, i: int) -> bool:
        return any(text.endswith(prefix, 0, i + 1) for prefix in prefix_list)

    def before_range(text: str, after: int) -> bool:
        if not range_word or not text.startswith(range_word, after):
            return False
        pos = after + len(range_word)
        while pos < len(text) and text[pos] == " ":
            pos += 1
        return pos < len(text) and _is_numeral(text[pos])

    def stands_alone(numeral: str, text: str, i: int, start: int, after: int) -> bool:
        if _MULTIPLE.search(numeral):
            return True
        right = text[after : after + 1]
        if is_glue(right) or numeral == "〇":
            return False
        if len(numeral) > 1:
            return True
        # one digit: not in a word (統一), nor glued to a letter or digit name, where it
        # is part of a spelled code that `ja_codes` reads whole (ゼロ一ゼロ, エー一)
        if i >= 0 and is_glue(text[i]):
            return False
        return not (
            code_words
            and (
                any(text.endswith(word, 0, start) for word in code_words)
                or any(text.startswith(word, after) for word in code_words)
            )
        )

    def replace(match: re.Match) -> str:
        whole = match.group()
        span = whole.rstrip(" ")
        if span.isascii():
            return whole
        text, start, after = match.string, match.start(), match.end()
        i = _left(text, start)
        left = text[i] if i >= 0 else ""
        if left and left in VAGUE_BEFORE:
            return whole
        numeral = span.replace(" ", "")
        counter = counter_at(text, after)
        if numeral in never:
            # the counter as a second pass sees it, spaces gone (十分 間 is 十分間)
            glued = text[after : after + 12].replace(" ", "")
            if is_exception(text, start, numeral, after, counter_at(glued, 0)):
                if not after_clock(text, i):
                    return whole
        value = parse_kanji_number(numeral)
        if value is None:
            return whole
        if not (
            counter
            or any(ch.isdigit() for ch in numeral)
            or has_prefix(text, i)
            or before_range(text, after)
            or (bare and stands_alone(numeral, text, i, start, after))
        ):
            return whole
        return str(value) if counter else str(value) + whole[len(span) :]

    def read(text: str) -> str:
        if "," in text:
            text = _THOUSANDS.sub("", text)
        if not _HAS_NUMERAL(text):
            return text
        return _SPAN.sub(replace, text)

    return read


def build_decimals(point: str, counters: Iterable[str]) -> Callable[[str], str]:
    """三点一四 -> 3.14, マイナス七点零零六 -> マイナス7.006. The digits after the point are
    kanji digits read one by one. Not a list (一点二点), and not a word after them (一点一画:
    a kanji after the digits must be a counter, as in 二点五倍)."""
    counter_at = _counter_finder(counters)
    pattern = re.compile(rf"({_NUMBER}) *{re.escape(point)} *([〇零一二三四五六七八九]+)")

    def replace(match: re.Match) -> str:
        text, end = match.string, match.end()
        start = match.start()
        if start and text[start - 1] in VAGUE_BEFORE:
            return match.group()
        nxt = text[end : end + 1]
        if _is_numeral(nxt) or text.startswith(point, end):
            return match.group()
        if is_glue(nxt) and not counter_at(text, end):
            return match.group()
        whole = _written(match.group(1))
        if whole is None:
            return match.group()
        digits = "".join(KANJI_DIGITS[ch] for ch in match.group(2))
        return f"{whole}.{digits}"

    def read(text: str) -> str:
        if point not in text:
            return text
        return pattern.sub(replace, text)

    return read


def build_fractions(
    mark: str,
    joiner: str | None,
    signs: Iterable[str],
    clock_words: Iterable[str],
    counters: Iterable[str],
) -> Callable[[str], str]:
    """四分の三 -> 3/4, 二分のルート一 -> ルート1/2, 十分の一 -> 1/10 (十分 'enough' is an
    exception only alone). Not after an hour: 五時十五分の一本 is a train, not 1/15. With a
    joiner, a written 1 3/4 becomes 1と3/4 (spaces go at the end: 13/4 would be another
    number); the spoken 一と四分の三 gets its whole part from `ja_numbers`."""
    after_clock = _clock_test(clock_words, counters)
    sign = "|".join(re.escape(word) for word in sorted(set(signs), key=len, reverse=True))
    sign_part = f"((?:{sign}) *)?" if sign else "()"
    spaced_mark = " *".join(map(re.escape, mark))  # 分 の: punctuation between them goes
    # the numerator stops before the next fraction (四分の三四分の一 is 3/4 and 1/4), and
    # a denominator is no part of a number already read (3/4分の1 stays)
    pattern = re.compile(
        rf"(?<![0-9./])({_NUMBER}) *{spaced_mark} *{sign_part}({_NUMBER})(?! *{spaced_mark})"
    )
    first, last = mark[0], mark[-1]
    mixed = re.compile(r"(?<![0-9./])([0-9]+) +([0-9]+/[0-9]+)(?![0-9/])") if joiner else None

    def replace(match: re.Match) -> str:
        text, start = match.string, match.start()
        i = _left(text, start)
        if i >= 0 and (text[i] in VAGUE_BEFORE or after_clock(text, i)):
            return match.group()
        denominator, numerator = _written(match.group(1)), _written(match.group(3))
        if denominator is None or numerator is None:
            return match.group()
        prefix = (match.group(2) or "").replace(" ", "")
        return f"{prefix}{numerator}/{denominator}"

    def read(text: str) -> str:
        if first in text and last in text:
            text = pattern.sub(replace, text)
        if mixed is not None and "/" in text:
            text = mixed.sub(rf"\1{joiner}\2", text)
        return text

    return read
