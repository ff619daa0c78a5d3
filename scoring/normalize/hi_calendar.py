"""Hindi clock times and dates: the steps `hi_dates` (early) and `hi_clock` (late).

Clock times (`hindi.clock_times`), after the number reader: hour and minutes are two
tokens, seconds a third, as the shared canonical form writes them.

- दो बजकर ग्यारह मिनट = 2:11 = `2 11`; एक बजे सात मिनट = 1:07 = `1 07`; the minutes
  word may be left out after बजकर (दो बजकर दस = `2 10`).
- seconds: तीन बजकर अठारह मिनट तैंतालीस सेकंड = 3:18:43 = `3 18 43`; चार बजे पाँच सेकंड
  = 4:00:05 = `4 00 05`.
- a whole hour keeps its hour word: सात बजे = 7 बजे = 7:00 = `7 बजे`. A bare सात is no
  time in Hindi; बजे is what makes it one, so it is the word a written 7:00 is read with
  (and "seven बजे" against "7 बजे" stays one word apart, as code-switching expects).
- a written time with minutes loses the hour word after it: 3:30 बजे = `3 30`, as साढ़े
  तीन बजे (read 3:30 by `hi_times`) is.

Dates (`hindi.dates`), early, before the hyphen and punctuation steps split them: a
numeric date is written as it is read, day, month name, year: 23-08-2024 = `23 अगस्त
2024` (तेईस अगस्त दो हज़ार चौबीस), 06-05 = `6 मई` (a date without a year needs a leading
zero: 10-12 may be a range), 02-27 = `फ़रवरी 27` (a month first when the second part cannot
be one). A range of years is read with the range word: 1990-1991 = `1990 से 1991`,
1920-26 = `1920 से 26`. An ISO date (1993-08-21) is left alone: it is read as a code.
An era after a year is its words: 1920 ई. = `1920 ईस्वी`, 400 ई.पू. = `400 ईसा पूर्व`.

>>> from scoring.config.hindi import ClockTimes
>>> clock = build_clock(ClockTimes(hour_words=["बजे"], past_words=["बजकर"],
...     minute_words=["मिनट"], second_words=["सेकंड"]), lambda word: word)
>>> clock("2 बजकर 11 मिनट 4:00:05 7 बजे 7:00 3:30 बजे")
'2 11 4 00 05 7 बजे 7 बजे 3 30'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from ..config.hindi import ClockTimes, Dates
from .hi_numbers import Seen, substring_probe, token_views

__all__ = ["build_clock", "build_dates", "month_names"]

StepFn = Callable[[str], str]

_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$", re.ASCII)
_DIGIT = "[0-9\u0966-\u096f]"
# A date or range stands alone: no digit, letter or joining mark right before or after it.
_ALONE_BEFORE = r"(?<![\w.,/:-])"
_ALONE_AFTER = r"(?![\w/:-]|[.,]\w)"


def _hour(token: str) -> int | None:
    if token.isascii() and token.isdigit() and len(token) <= 2:
        hour = int(token)
        return hour if hour <= 24 else None
    return None


def _minute(token: str) -> int | None:
    if token.isascii() and token.isdigit() and len(token) <= 2:
        minute = int(token)
        return minute if minute <= 59 else None
    return None


def build_clock(rules: ClockTimes, form: StepFn, fillers: frozenset[str] = frozenset()) -> StepFn:
    """The `hi_clock` step, over tokens as the number reader left them: before the measure
    step, which would write मिनट as min. It decides by each token's final spelling
    (`form`), looking through punctuation and fillers, as the number reader does."""
    hour_words = frozenset(form(word) for word in rules.hour_words)
    past_words = frozenset(form(word) for word in rules.past_words)
    minute_words = frozenset(form(word) for word in rules.minute_words)
    second_words = frozenset(form(word) for word in rules.second_words)
    whole_hour = form(rules.hour_words[0])
    triggers = hour_words | past_words

    def seconds(tokens: list[str], j: int) -> tuple[str, int] | None:
        """`S सेकंड` at token j: (SS, the index after it)."""
        if j + 1 < len(tokens) and tokens[j + 1] in second_words:
            second = _minute(tokens[j])
            if second is not None:
                return f"{second:02d}", j + 2
        return None

    def spoken(tokens: list[str], i: int) -> tuple[str, int] | None:
        """H बजकर M [मिनट] [S सेकंड], H बजे M मिनट [..], H बजे S सेकंड."""
        hour = _hour(tokens[i])
        word = tokens[i + 1] if i + 1 < len(tokens) else ""
        if hour is None or word not in triggers:
            return None
        minute = _minute(tokens[i + 2]) if i + 2 < len(tokens) else None
        if minute is not None:
            j = i + 3
            has_word = j < len(tokens) and tokens[j] in minute_words
            if has_word or word in past_words:
                j += has_word
                text = f"{hour} {minute:02d}"
                found = seconds(tokens, j) if has_word else None
                if found is not None:
                    text, j = f"{text} {found[0]}", found[1]
                if j < len(tokens) and tokens[j] in triggers:
                    j += 1  # दो बजकर दस बजे: the hour word again is part of the time
                return text, j
        if word in hour_words:
            found = seconds(tokens, i + 2)
            if found is not None:
                return f"{hour} 00 {found[0]}", found[1]
            return f"{hour} {word}", i + 2
        return None

    def written(tokens: list[str], i: int) -> tuple[str, int] | None:
        """H:MM[:SS] [बजे]."""
        match = _CLOCK.match(tokens[i])
        if match is None:
            return None
        hour, minute, second = match.groups()
        if int(hour) > 24 or int(minute) > 59 or (second is not None and int(second) > 59):
            return None
        j = i + 1
        if j < len(tokens) and tokens[j] in triggers:
            j += 1  # 7:30 बजे: the hour word is part of the time
        if second is not None:
            return f"{int(hour)} {minute} {second}", j
        if minute == "00":
            return f"{int(hour)} {whole_hour}", j
        return f"{int(hour)} {minute}", j

    def rewrite(text: str, read) -> str:
        """Every time `read` finds in the text, in place of its tokens."""
        seen = Seen.of(text, form, fillers)
        spans: list[tuple[int, int, str | None]] = []
        i = 0
        while i < len(seen.views):
            found = read(seen.views, i)
            if found is None:
                spans.append((i, i + 1, None))
                i += 1
                continue
            spans.append((i, found[1], found[0]))
            i = found[1]
        return seen.rebuild(spans)

    may_hold = substring_probe([*rules.hour_words, *rules.past_words], form)

    def convert(text: str) -> str:
        if ":" not in text and not may_hold(text):
            return text
        # Written times first: the minutes of 7:30 are a token of their own before any
        # spoken time is read, as on a second pass (एक बजकर 7:30).
        if ":" in text:
            text = rewrite(text, lambda views, i: written(views, i) if ":" in views[i] else None)
        if triggers.isdisjoint(token_views(text, text.split(), form)):
            return text
        return rewrite(text, spoken)

    return convert


def build_dates(rules: Dates) -> StepFn:
    """The `hi_dates` step, on the raw text (digits ASCII or Devanagari)."""
    names = month_names(rules)
    d = _DIGIT
    full = re.compile(rf"{_ALONE_BEFORE}({d}{{1,2}})([-/.])({d}{{1,2}})\2({d}{{4}}){_ALONE_AFTER}")
    short = re.compile(rf"{_ALONE_BEFORE}({d}{{2}})-({d}{{2}}){_ALONE_AFTER}")
    years = re.compile(rf"{_ALONE_BEFORE}([12१२]{d}{{3}})-({d}{{4}}|{d}{{2}}){_ALONE_AFTER}")

    def day_month(first: str, second: str) -> tuple[str, str] | None:
        a, b = int(first), int(second)
        if 1 <= a <= 31 and 1 <= b <= 12:
            return f"{a} {names[b]}", ""
        if 1 <= a <= 12 and 13 <= b <= 31:
            return f"{names[a]} {b}", ""  # the month first: 02-27
        return None

    def whole_date(match: re.Match) -> str:
        found = day_month(match.group(1), match.group(3))
        return match.group(0) if found is None else f"{found[0]} {int(match.group(4))}"

    def short_date(match: re.Match) -> str:
        first, second = match.group(1), match.group(2)
        if not (first.startswith(("0", "०")) or second.startswith(("0", "०"))):
            return match.group(0)
        found = day_month(first, second)
        return match.group(0) if found is None else found[0]

    def year_range(match: re.Match) -> str:
        start, end = int(match.group(1)), match.group(2)
        later = int(end) > (start if len(end) == 4 else start % 100)
        if not later or rules.range_word is None:
            return match.group(0)
        return f"{start} {rules.range_word} {int(end)}"

    eras = {"".join(key.split()): words for key, words in rules.eras.items()}
    era = None
    if eras:
        spelled = sorted(rules.eras, key=len, reverse=True)
        alternatives = "|".join(_spaced_abbreviation(key) for key in spelled)
        era = re.compile(rf"(?<=[0-9\u0966-\u096f])\s*({alternatives})(?!\w)")

    def era_words(match: re.Match) -> str:
        return " " + eras["".join(match.group(1).split())]

    def convert(text: str) -> str:
        if not any(sep in text for sep in "-/."):
            return text
        if era is not None:
            text = era.sub(era_words, text)
        text = full.sub(whole_date, text)
        if "-" in text:
            text = years.sub(year_range, text)
            text = short.sub(short_date, text)
        return text

    return convert


def _spaced_abbreviation(key: str) -> str:
    """ई.पू. as a pattern that also reads ई. पू.: a space may follow each dot."""
    key = "".join(key.split())
    body = r"\.\s*".join(map(re.escape, key.rstrip(".").split(".")))
    return body + (r"\." if key.endswith(".") else "")


def month_names(rules: Dates) -> Mapping[int, str]:
    """Month number -> the name a date is written with: the first one the config lists."""
    names: dict[int, str] = {}
    for name, month in rules.months.items():
        names.setdefault(month, name)
    return names
