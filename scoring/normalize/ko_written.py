"""Korean written forms that the punctuation steps would break, read before they run.

The tokenize, hyphens and punctuation steps take a minus sign, a +, a date's slashes and a
weekday's parentheses for punctuation; each of these is said as words, so it is written
here as the words the later Korean steps read (`ko_phrases`, `ko_numbers`):

- a minus sign before a number: -5 -> 마이너스5 (`negative_words`, the first one);
- the + of an international phone number: +82 10-1234-5678 -> 국가번호 82 10-1234-5678
  (`phones.country_code`); a + before a short number (+5도) is left alone;
- a date with / - or . between year, month and day (`written_dates`): 2024/01/30 ->
  2024년 1월 30일; only a four-digit year, a month 1-12 and a day 1-31;
- a short weekday in parentheses after a day (`weekdays`): 10일(금) -> 10일 금요일;
- √ before a number (`fractions.root`): √16 -> 루트16;
- a decimal without its zero: .5 -> 0.5.

>>> from scoring.config.korean import KoreanRules
>>> read = build_written(KoreanRules(negative_words=["마이너스"], written_dates=True,
...     weekdays={"금": "금요일"}, phones={"country_code": ["국가번호"]}))
>>> read("-3.5도, 2024-07-23, 5월10일(금), +82 10-1234-5678")
'마이너스3.5도, 2024년 7월 23일, 5월10일 금요일, 국가번호 82 10-1234-5678'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..config.korean import KoreanRules

__all__ = ["build_written"]

# What any of the rules below needs to see in a text at all.
_DIGIT = re.compile(r"\d")
_PROBE = re.compile(r"[-−+./(√]")
# A sign that starts a word: not 010-1234 (a digit before it) nor A-5 (a letter).
_MINUS = re.compile(r"(?<![\w.,:/)\]])[-−](?=[\d√.]|[$₩€¥£]\d)")
# + and a phone number: at least 8 more digits, in groups a space, hyphen or bracket apart.
_PLUS = re.compile(r"(?<![\w+])\+(?=\d{1,3}(?:[\s\-().]*\d){7,})")
_DATE = re.compile(
    r"(?<!\d)(?<!\d[./\-])([12]\d{3})([./\-])(\d{1,2})\2(\d{1,2})"  # year, month, day
    r"(?!\d)(?!/\d)(?!\2\d)"  # and not more of a longer code
)
_BARE_DECIMAL = re.compile(r"(?<![\w.,])\.(?=\d)")


def build_written(rules: KoreanRules) -> Callable[[str], str] | None:
    subs: list[tuple[re.Pattern, Callable[[re.Match], str] | str]] = []
    if rules.negative_words:
        subs.append((_MINUS, rules.negative_words[0]))
    if rules.phones is not None and rules.phones.country_code:
        subs.append((_PLUS, rules.phones.country_code[0] + " "))
    if rules.written_dates:
        subs.append((_DATE, _date))
    if rules.weekdays:
        names = "|".join(re.escape(short) for short in sorted(rules.weekdays, key=len))
        weekday = re.compile(rf"(?<=\d일)\s*\(\s*({names})\s*\)")
        subs.append((weekday, lambda m, table=dict(rules.weekdays): " " + table[m[1]]))
    if rules.fractions is not None and rules.fractions.root:
        subs.append((re.compile(r"√\s*(?=\d)"), rules.fractions.root))
    if not subs:
        return None
    subs.append((_BARE_DECIMAL, "0."))

    def read(text: str) -> str:
        if not _DIGIT.search(text) or not _PROBE.search(text):
            return text  # every rule here is about a number
        for pattern, replacement in subs:
            text = pattern.sub(replacement, text)
        return text

    return read


def _date(match: re.Match) -> str:
    year, month, day = match[1], int(match[3]), int(match[4])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return match[0]
    return f"{int(year)}년 {month}월 {day}일"
