"""Step `dates`: a date written as day, month name and year.

The canonical date has the day without ordinal marks, the month by its canonical name and
the year in digits, always in that order (a day moved after its month would meet the number
before it on a second pass); the config's `order` says how a numeric date is read (`mdy`:
07/25/2012 is July 25). So `July 25th, 2012`, `the twenty fifth of July twenty twelve`,
`25 July 2012` and `07/25/2012` are all `25 july 2012` in English, and `24. Jul. 2013`,
`vierundzwanzigster Juli zweitausenddreizehn` and `24.07.2013` are `24 juli 2013` in German.

Read after the times step (numbers are digits, a clock is already `H MM`):
- day and month in either order, with the words around a day (`the 25th of July`, `le 1er
  janvier`, `25 de julio de 2012`: `day_words`), then an optional year;
- month and year (`Jan. 2009`), a month form in `abbreviations_near_numbers` only next to
  a number (`jan`, `mar`, `sept`: "mar" alone is a word);
- a numeric date: day, month and year with dots, slashes or hyphens (`15.01.2020`,
  `1998/2/30`, `2012-07-25`), the day and month told apart by the config's order when both
  are 12 or less; a day and month with dots and a leading zero (`02.03`) where the
  language writes decimals with a comma;
- a year said in pairs after a month and day (`july 25 20 12`); alone it is the late
  `year_pairs` step's (`build_year_pairs`); decades by name (`eighties` = `80s`, `'80s`,
  `1980's`).

>>> from scoring.config.classes import DateRules
>>> names = ("january february march april may june july august september october "
...     "november december").split()
>>> rules = DateRules(months={**{m: m for m in names}, "jul": "july"}, calendar=names,
...     abbreviations_near_numbers=["jul"], order="mdy", day_words=["the", "of"],
...     year_pairs=True, decades={"eighties": "80s"})
>>> step = build_dates(rules, ordinal_suffixes=["st", "nd", "rd", "th"])
>>> step("the 25th of July 20 12 , July 25th , 2012 , 07/25/2012 , the eighties , 1980's")
'25 july 2012 , 25 july 2012 , 25 july 2012 , the 80s , 1980s'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..caches import memo
from ..config.classes import DateRules
from .tables import (
    PhraseTable,
    StartWords,
    can_read,
    has_digit,
    lowered,
    scan,
    split_lowered,
    word_set,
)

__all__ = ["build_dates", "build_year_pairs"]

StepFn = Callable[[str], str]

_NUMERIC = re.compile(r"(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})")
_DAY_MONTH = re.compile(r"(0\d|[12]\d|3[01])\.(0\d|1[0-2])\.?")
_PAIR_FIRST = re.compile(r"[1-9]\d")
_PAIR_SECOND = re.compile(r"\d\d")
_DECADE = re.compile(r"'?(\d{2}|\d{4}) ?'?s")
# Somewhere in a text with a year said in pairs (`_pair`): a token of two digits, the
# first 1-9, then a token that starts with a digit (or a quote and a digit: '80s).
_PAIR_HINT = re.compile(r"[1-9](?<!\S[1-9])\d\s+'?\d")
_SKIP = frozenset({",", "."})
# Somewhere in a text with a numeric date (`_NUMERIC`, `_DAY_MONTH`: a digit, a mark, a
# digit) or a decade written so (`_DECADE`: 80s, 80's; `_decades`: a lone s): where none
# is, only words make a date. Each search starts at a plain character, which is fast.
_DATE_HINTS = (
    re.compile(r"[./-](?<=\d[./-])\d"),
    re.compile(r"s(?<=\ds)"),
    re.compile(r"'s(?<=\d's)"),
    re.compile(r"(?<!\S)[sS](?!\S)"),
)


def _date_hint(text: str) -> bool:
    return any(pattern.search(text) for pattern in _DATE_HINTS)


_DAY_LIST = re.compile(r"\d{1,2}(?:-\d{1,2})+")


def build_dates(
    rules: DateRules,
    *,
    ordinal_suffixes: Iterable[str] = (),
    decimal: str = ".",
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
    ordinal_words: Callable[[str], str | None] | None = None,
) -> StepFn:
    """`ordinal_words`: ordinal words the ordinals step reads later (es cuarto = 4º), read
    here as days too, so a second pass, which sees them as digits, reads the same date."""
    months = PhraseTable(rules.months, form)
    near = word_set(rules.abbreviations_near_numbers, form)
    day_words = word_set(rules.day_words, form)
    decades = PhraseTable(rules.decades, form)
    by_number = dict(enumerate(rules.calendar, start=1))
    day_suffixes = rules.day_suffixes or ordinal_suffixes
    suffixes = sorted({s for s in day_suffixes if s} | {"."}, key=len, reverse=True)
    day_pattern = re.compile(
        r"(\d{1,2})(?:" + "|".join(re.escape(s) for s in suffixes) + ")?", flags=re.IGNORECASE
    )
    month_first = rules.order == "mdy"
    numeric_day_month = decimal == ","

    def day_at(tokens, lower, i) -> tuple[int, str] | None:
        if i < len(tokens):
            match = day_pattern.fullmatch(lower[i])
            if match is None and ordinal_words is not None and lower[i].isalpha():
                match = day_pattern.fullmatch(ordinal_words(lower[i]) or "")
            if match and 1 <= int(match.group(1)) <= 31:
                return i + 1, str(int(match.group(1)))
        return None

    def month_at(tokens, lower, i) -> tuple[int, str] | None:
        if i < len(tokens) and lower[i] in months.firsts:
            found = months.match(tokens, i, lower)
            if found:
                end = i + found[0]
                if end < len(tokens) and tokens[end] == "." and lower[i] in near:
                    end += 1  # Jan. 15
                return end, found[1]
        return None

    def year_at(tokens, lower, i) -> tuple[int, str] | None:
        j = i
        while j < len(tokens) and tokens[j] in _SKIP:
            j += 1
        if j < len(tokens) and lower[j] in day_words and j + 1 < len(tokens):
            j += 1  # 25 de julio DE 2012
        if j >= len(tokens):
            return None
        if tokens[j].isdigit() and len(tokens[j]) == 4:
            return j + 1, tokens[j]
        if rules.year_pairs and j + 1 < len(tokens) and _pair(tokens[j], tokens[j + 1]):
            return j + 2, tokens[j] + tokens[j + 1]
        return None

    def skip_day_words(lower, i) -> int:
        while i < len(lower) and lower[i] in day_words:
            i += 1
        return i

    def read(tokens, lower, i) -> tuple[int, list[str]] | None:
        """(index after, canonical tokens) of a date starting at tokens[i], or None."""
        numeric = _numeric(tokens[i], month_first, by_number, numeric_day_month)
        if numeric:
            return i + 1, _ordered(*numeric, month_first)
        start = skip_day_words(lower, i)
        days = None if month_first else _day_list(lower[start]) if start < len(lower) else None
        month = month_at(tokens, lower, start + 1) if days else None
        if month:  # les 17-18 juin, 17-18-19 mars: days said one after another
            year = year_at(tokens, lower, month[0])
            end = year[0] if year else month[0]
            last = _ordered(days[-1], month[1], year[1] if year else None, month_first)
            return end, [*days[:-1], *last]
        day = day_at(tokens, lower, start)
        if day and start > i and tokens[start].isdigit():
            # words before a day go only with a day said as an ordinal (THE 25th of July):
            # the canonical date has none, and a second pass must not take one before it
            day = None
        if day:  # the 25th of July
            end = skip_day_words(lower, day[0])
            month = month_at(tokens, lower, end)
            if month:
                year = year_at(tokens, lower, month[0])
                end = year[0] if year else month[0]
                return end, _ordered(day[1], month[1], year[1] if year else None, month_first)
            return None
        month = month_at(tokens, lower, i)
        if month is None and not month_first and start > i:
            ahead = month_at(tokens, lower, start)  # it il marzo 8: its day words go with it
            if ahead and day_at(tokens, lower, skip_day_words(lower, ahead[0])):
                month = ahead
        if month and i > 0 and month_at(tokens, lower, i - 1):
            # dmy, a month right before: "luglio aprile 3" would become "luglio 3 aprile",
            # and a second pass would read luglio 3
            month = month if not day_at(tokens, lower, skip_day_words(lower, month[0])) else None
        if month:
            if not month_first:  # dmy: März 19 80 is a year said in pairs, not a day
                year = year_at(tokens, lower, month[0])
                if year:
                    return year[0], [month[1], year[1]]
            end = skip_day_words(lower, month[0])
            day = day_at(tokens, lower, end) if rules.day_after_month else None
            if day and month_at(tokens, lower, skip_day_words(lower, day[0])):
                day = None  # july 11 february: the 11 is february's (a second pass reads so)
            if day and day[0] < len(tokens) and tokens[day[0]].isdigit():
                year = year_at(tokens, lower, day[0])
                if year is None:
                    day = None  # july 1 9 8 8, july 9 30: part of a code, of a clock
            if day:
                year = year_at(tokens, lower, day[0])
                end = year[0] if year else day[0]
                return end, _ordered(day[1], month[1], year[1] if year else None, month_first)
            year = year_at(tokens, lower, month[0])
            if year:
                return year[0], [month[1], year[1]]
            if lower[i] not in near:
                return month[0], [month[1]]
        return None

    def read_or_decade(tokens, lower, i) -> tuple[int, list[str]] | None:
        found = read(tokens, lower, i)
        if found is None and lower[i] in decades.firsts:
            decade = decades.match(tokens, i, lower)
            if decade:
                return i + decade[0], [decade[1]]
        return found

    # Words of letters only that `read_or_decade` can start at: day words (the 25th of),
    # months, decades, and an ordinal word said as a day; a numeric date has digits.
    @memo(8192)
    def day_word(word: str) -> bool:
        return day_at([word], [word], 0) is not None  # (each word of a text is looked at)

    starts = StartWords(
        day_words | months.firsts | decades.firsts,
        day_word if ordinal_words is not None else None,
    )

    # Every date has a month, or is a numeric date or a decade: a day alone reads nothing.
    needed = months.firsts | decades.firsts

    def convert(text: str) -> str:
        if not has_digit(text) and not _has(text, decades.firsts):
            if ordinal_words is None or not _has(text, months.firsts):
                return text
            if not any(ordinal_words(word) for word in text.lower().split() if word.isalpha()):
                return text
        tokens, lower = split_lowered(text)
        if not can_read(needed, lower, text, _date_hint):
            return " ".join(tokens)
        if not month_first:
            # Numeric dates first, so the words around them are read as a second pass
            # reads them: "junio 1992-07-09" is "junio 9 julio 1992", and junio 9 a date.
            tokens = [part for token in tokens for part in numeric_written(token)]
            lower = lowered(tokens)
        out = scan(tokens, lower, read_or_decade, skip, starts)
        return " ".join(_decades(out))

    def numeric_written(token: str) -> list[str]:
        numeric = _numeric(token, month_first, by_number, numeric_day_month)
        return _ordered(*numeric, month_first) if numeric else [token]

    return convert


def _has(text: str, words: frozenset[str]) -> bool:
    return not words.isdisjoint(text.lower().split())


def _pair(first: str, second: str) -> bool:
    return (
        _PAIR_FIRST.fullmatch(first) is not None
        and int(first) >= 13
        and (_PAIR_SECOND.fullmatch(second) is not None or _DECADE.fullmatch(second) is not None)
    )


def build_year_pairs(
    months: frozenset[str] = frozenset(), signs: frozenset[str] = frozenset()
) -> StepFn:
    """Step `year_pairs` (late, after punctuation and codes, so a second pass sees the
    same neighbours): a pair of numbers said as one, `19 17` = 1917, `20 05` = 2005,
    `19 80s` = 1980s, when the first is 13-99 and the pair stands alone (no number or single
    letter beside it: not inside a phone number or a spelled code).

    >>> build_year_pairs()("in 19 17 , the 19 80s , call 55 12 34 , h j 44 14 , 12 30")
    'in 1917 , the 1980s , call 55 12 34 , h j 44 14 , 12 30'
    """

    def join(text: str) -> str:
        if not has_digit(text):
            return text
        tokens = text.split()
        if not can_read(frozenset(), tokens, text, _PAIR_HINT.search):
            return " ".join(tokens)
        out: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            if (
                i + 1 < n
                and _pair(tokens[i], tokens[i + 1])
                and not (out and (out[-1].isdigit() or len(out[-1]) == 1 or out[-1] in signs))
                and not (i + 2 < n and (tokens[i + 2].isdigit() or tokens[i + 2] in months))
                and not (_DECADE.fullmatch(tokens[i + 1]) and len(tokens[i + 1]) != 3)
            ):
                out.append(tokens[i] + tokens[i + 1])
                i += 2
                continue
            out.append(tokens[i])
            i += 1
        return " ".join(out)

    return join


def _decades(tokens: list[str]) -> list[str]:
    """`1980's`, `'80s`, `80 s` -> `1980s`, `80s`."""
    out: list[str] = []
    for token in tokens:
        if token in ("s", "S") and out and out[-1].isdigit() and len(out[-1]) in (2, 4):
            out[-1] += "s"
            continue
        match = _DECADE.fullmatch(token)
        out.append(match.group(1) + "s" if match and not token.isdigit() else token)
    return out


def _numeric(token, month_first, by_number, day_month) -> tuple[str, str, str | None] | None:
    """(day, month name, year) of 15.01.2020, 1998/2/30, 2012-07-25, or de 02.03."""
    match = _NUMERIC.fullmatch(token)
    if match:
        a, _, b, c = match.groups()
        if len(a) == 4:  # year first: 2012-07-25, 1998/2/30
            year, month, day = a, int(b), int(c)
        elif len(c) in (2, 4):
            first, second = int(a), int(b)
            if month_first and first <= 12 or second > 12:
                month, day = first, second
            else:
                day, month = first, second
            if not month_first and first <= 12 and second <= 12:
                day, month = first, second
            year = c
        else:
            return None
        if not (1 <= month <= 12 and 1 <= int(day) <= 31) or month not in by_number:
            return None
        return str(int(day)), by_number[month], year
    if day_month:
        match = _DAY_MONTH.fullmatch(token)
        if match and int(match.group(2)) in by_number and int(match.group(1)) >= 1:
            return str(int(match.group(1))), by_number[int(match.group(2))], None
    return None


def _day_list(token: str) -> list[str] | None:
    """`17-18`, `17-18-19`: days in a row before a month (dmy), or None. Not `17/18`: a
    slash between numbers is the fractions step's (trois quarts octobre, 3/4 octobre)."""
    if _DAY_LIST.fullmatch(token) is None:
        return None
    days = [int(day) for day in token.split("-")]
    if all(1 <= day <= 31 for day in days) and days == sorted(set(days)):
        return [str(day) for day in days]
    return None


def _ordered(day: str, month: str, year: str | None, month_first: bool) -> list[str]:
    """Day, month, year, whatever the language's order: a day moved after its month would
    meet the number before it on a second pass (9:13 July: 9 13 july, never 9 july 13)."""
    return [day, month, year] if year else [day, month]
