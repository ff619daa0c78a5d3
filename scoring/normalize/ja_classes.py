"""Japanese numbers written with marks, and the words they are said with: one form per class.

Japanese is scored by characters with every space removed, so each class has one written
form, close to how it is said (configs/README.md lists them):

- dates `2024年1月30日`, weekday `水曜日`: 2024/01/30, 3月1日(水) (`build_dates`);
- times `9時5分30秒`, `9時` on the hour: 9:05:30 (`build_times`); a.m. and p.m. said first
  and `半` as `30分`: 3:30 PM -> 午後3時30分, 二時半 -> 二時30分 (`build_clock`); no zero
  padding: 08時05分 -> 8時5分, 01月 -> 1月 (`build_zeros`);
- signs as words before punctuation removes them: -5 -> マイナス5, √2 -> ルート2, and unit
  symbols after the number: $5 -> 5ドル, 30℃ -> 30度; .5 -> 0.5 (`build_signs`);
- ranges `から`: 5〜9日 -> 5から9日 (`build_ranges`);
- negative numbers `-N`, once punctuation is gone: マイナス5 -> -5 (`build_negatives`);
- money with two decimals in its minor unit: 10.50ドル -> 10ドル50セント (`build_money`);
- measures with the international symbol: 5キロメートル -> 5km (`build_units`).

Dates, times, ranges and signs run early, before the punctuation step deletes the marks
they read; the clock words before the numbers step; zeros, units and negatives after it.
A second pass over their output gives the same text: `-5` is read as マイナス5 by
`build_signs` and written back as -5 by `build_negatives`.

>>> signs = build_signs({"-": "マイナス"}, {"$": "ドル"})
>>> signs("気温は-5度、$1,000です"), build_negatives("マイナス")(signs("-5"))
('気温はマイナス5度、1,000ドルです', '-5')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from .ja_numbers import NUMERALS, is_glue, parse_kanji_number

__all__ = [
    "build_clock",
    "build_dates",
    "build_money",
    "build_negatives",
    "build_ranges",
    "build_signs",
    "build_times",
    "build_units",
    "build_zeros",
]

StepFn = Callable[[str], str]

_KATAKANA = "\u30a1-\u30fa\u30fc"
_has_digit = re.compile("[0-9]").search
_has_number = re.compile(f"[0-9{NUMERALS}]").search


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(word) for word in sorted(set(words), key=len, reverse=True))


def _any_of(chars: Iterable[str]) -> Callable[[str], object]:
    """A quick probe: does the text hold one of these characters? (A regex character
    class scans in C, several times faster than a set test over the text.)"""
    found = re.compile("[" + "".join(sorted({re.escape(ch) for ch in chars})) + "]").search
    return found


def _is_hiragana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def _is_number(ch: str) -> bool:
    return "0" <= ch <= "9" or ch in NUMERALS


def build_dates(
    date_words: Sequence[str],
    weekdays: Sequence[str],
    suffix: str,
    range_word: str | None,
) -> StepFn | None:
    """2024/01/30, 2024-01-30, 2024.1.30 -> 2024年1月30日 (a real month and day only); a
    weekday mark in brackets after a date is said as the weekday: 1日(水) -> 1日水曜日,
    (火〜土) -> 火曜日から土曜日."""
    if len(date_words) != 3 and not weekdays:
        return None
    year, month, day = date_words if len(date_words) == 3 else ("", "", "日")
    # not part of a longer string of numbers (1.2024/01/30, 2024/01/30/5); a mark that is
    # no separator goes with the punctuation, so it does not count
    slashed = re.compile(
        r"(?<![0-9])(?<![0-9][/.\-])([0-9]{4})([/.\-])([0-9]{1,2})\2([0-9]{1,2})"
        r"(?![0-9]|[/.\-][0-9])"
    )
    slash_probe = re.compile(r"[0-9]{4}[/.\-]").search if year else None

    def date(match: re.Match) -> str:
        y, m, d = match.group(1), int(match.group(3)), int(match.group(4))
        if not (1 <= m <= 12 and 1 <= d <= 31):
            return match.group()
        return f"{y}{year}{m}{month}{d}{day}"

    one = rf"(?:{_alternation(weekdays)})(?:{re.escape(suffix)}|{re.escape(suffix[:1])})?"
    marks = re.compile(rf"(?<=[0-9{re.escape(day)}]) *\( *{one}(?: *[〜~・、,/\-] *{one})* *\)")
    days = re.compile(
        rf"({_alternation(weekdays)})(?:{re.escape(suffix)}|{re.escape(suffix[:1])})?"
    )

    def weekday(match: re.Match) -> str:
        inside = match.group().strip(" ()")
        out, pos = [], 0
        for found in days.finditer(inside):
            if out and range_word and not {"〜", "~"}.isdisjoint(inside[pos : found.start()]):
                out.append(range_word)
            out.append(found.group(1) + suffix)
            pos = found.end()
        return "".join(out)

    def rewrite(text: str) -> str:
        if (
            slash_probe is not None
            and ("/" in text or "-" in text or "." in text)
            and slash_probe(text)
        ):
            text = slashed.sub(date, text)
        if weekdays and "(" in text:  # the width step wrote （ as (, ～ as ~
            text = marks.sub(weekday, text)
        return text

    return rewrite


def build_times(time_words: Sequence[str]) -> StepFn | None:
    """9:05 -> 9時5分, 21:00 -> 21時, 9:05:30 -> 9時5分30秒, before the punctuation step
    takes the colon (it keeps one between digits, but 3:30 alone would stay a number)."""
    if len(time_words) != 3:
        return None
    hour, minute, second = time_words
    clock = re.compile(
        r"(?<![0-9])(?<![0-9][:.])([0-9]{1,2}):([0-5][0-9])(?::([0-5][0-9]))?(?![0-9]|[:.][0-9])"
    )

    def time(match: re.Match) -> str:
        h, m, s = int(match.group(1)), int(match.group(2)), match.group(3)
        if h > 30:
            return match.group()
        out = f"{h}{hour}"
        if m or (s and int(s)):
            out += f"{m}{minute}"
        if s and int(s):
            out += f"{int(s)}{second}"
        return out

    def rewrite(text: str) -> str:
        return clock.sub(time, text) if ":" in text else text

    return rewrite


def build_clock(
    day_halves: Mapping[str, str], half: str | None, time_words: Sequence[str]
) -> StepFn | None:
    """a.m. and p.m. said first: 3時30分pm -> 午後3時30分, PM3時 -> 午後3時, 9am -> 午前9時;
    half past as 30 minutes: 二時半 -> 二時30分 (not 一時間半, an hour and a half, nor
    二時半ば). On the text a second pass sees (lower case, a.m. is "a m" once punctuation
    is gone, 3:30 is 3時30分), before the numbers step, so an hour it makes is an hour to
    that step too (正午, 八時 make 十分 ten minutes). A mark before a number needs the hour
    word after it (PM2.5 and PM25 are no times), and the hour is 12 or less."""
    if len(time_words) != 3 or not (day_halves or half):
        return None
    hour, minute, second = map(re.escape, time_words)
    number = rf"[0-9{NUMERALS[:11]}十]{{1,3}}"
    if day_halves:
        marks = {
            "".join(ch for ch in key.lower() if ch.isalnum()): w for key, w in day_halves.items()
        }
        mark = "|".join(" *".join(map(re.escape, k)) for k in sorted(marks, key=len, reverse=True))
        rest = rf"(?: *[0-9{NUMERALS}]+ *{minute})?(?: *[0-9{NUMERALS}]+ *{second})?"
        edge = rf"(?<![0-9.{NUMERALS}])"
        after = re.compile(rf"{edge}({number})((?: *{hour}{rest})?) *({mark})(?![a-z])")
        before = re.compile(rf"(?<![a-z])({mark}) *({number}) *(?={hour})")

        def twelve_or_less(found: str) -> bool:
            value = int(found) if found.isdigit() else parse_kanji_number(found)
            return value is not None and value <= 12

        def mark_after(match: re.Match) -> str:
            found, time = match.group(1), match.group(2).replace(" ", "")
            if not twelve_or_less(found):
                return match.group()
            return marks[match.group(3).replace(" ", "")] + found + (time or time_words[0])

        def mark_before(match: re.Match) -> str:
            if not twelve_or_less(match.group(2)):
                return match.group()
            return marks[match.group(1).replace(" ", "")] + match.group(2)

        def said_first(text: str) -> str:
            for _ in range(4):  # 3時am am: the mark a second pass would find next
                new = after.sub(mark_after, text)
                if new == text:
                    break
                text = new
            return before.sub(mark_before, text)

        lasts = "".join(sorted({key[-1] for key in marks}))  # am, pm: m
        has_mark = re.compile(f"[{re.escape(lasts)}]").search
    if half:
        past = re.compile(rf"([0-9{NUMERALS}]) *{hour} *{re.escape(half)}(?![ば端分])")
        thirty = rf"\1{time_words[0]}30{time_words[1]}"

    def once(text: str) -> str:
        if half and half in text:
            text = past.sub(thirty, text)
        if day_halves and has_mark(text) and _has_number(text):
            text = said_first(text)
        return text

    def rewrite(text: str) -> str:
        for _ in range(4):  # 二pm半: the hour word comes with the mark, then 半 is 30分
            new = once(text)
            if new == text:
                return text
            text = new
        return text

    return rewrite


def build_zeros(words: Iterable[str]) -> StepFn | None:
    """A zero that pads a month, day, hour, minute or second goes: 01月 -> 1月, 08時05分
    -> 8時5分, 〇九時 (a digit string, 09) -> 9時. Late, after the digit strings are read."""
    words = [word for word in words if word]
    if not words:
        return None
    zeros = re.compile(rf"(?<![0-9.])0+(?=[0-9] *(?:{_alternation(words)}))")
    return lambda text: zeros.sub("", text) if "0" in text else text


def build_signs(sign_words: Mapping[str, str], unit_symbols: Mapping[str, str]) -> StepFn | None:
    """A sign before a number as its word (-5 -> マイナス5, √2 -> ルート2), not between
    two numbers or after a Latin letter (3-4, ABC-123); a unit symbol before or after a
    number as its word after the number ($5 -> 5ドル, 30℃ -> 30度); .5 -> 0.5."""
    signs = dict(sign_words)
    symbols = dict(unit_symbols)
    number = r"[0-9][0-9,]*(?:\.[0-9]+)?[千万億兆]*"
    chars = re.escape("".join(signs))
    sign = re.compile(rf"[{chars}](?=[{chars}]*[0-9{NUMERALS}])") if signs else None
    if symbols:
        alternation = _alternation(symbols)
        before = re.compile(rf"({alternation}) *({number})")
        after = re.compile(rf"(?<![0-9.,])({number}) *({alternation})")
    point = re.compile(r"(?<![\w.])\.(?=[0-9])")
    has_symbol = _any_of("".join(symbols)) if symbols else None
    probe = _any_of("".join(signs) + "".join(symbols) + ".")

    def sign_word(match: re.Match) -> str:
        # right after a digit or a Latin letter it joins two things (3-4, ABC-123); after
        # a space it is a sign (3 -4 is 3 and -4), which the negatives step keeps a word
        # when a number comes before it, as a second pass sees it (3マイナス4)
        text, i = match.string, match.start() - 1
        if i >= 0 and text[i].isascii() and text[i].isalnum():
            return match.group()
        return signs[match.group()]

    def rewrite(text: str) -> str:
        if not probe(text):
            return text
        if "." in text:
            text = point.sub("0.", text)
        if has_symbol is not None and has_symbol(text):
            text = before.sub(lambda m: m.group(2) + symbols[m.group(1)], text)
            text = after.sub(lambda m: m.group(1) + symbols[m.group(2)], text)
        if sign is not None:
            text = sign.sub(sign_word, text)
        return text

    return rewrite


def build_ranges(marks: Iterable[str], word: str) -> StepFn | None:
    """A mark between two numbers is said as `word`: 5〜9日 -> 5から9日, 10月中旬〜11月上旬,
    紀元前12〜同9世紀, and after a number at the end of a phrase (10時〜). A number comes
    before it in the same word (a counter or a suffix of up to four characters between), or
    a kanji word when a number follows (元年〜9年); after it, up to three characters of a
    prefix (同, 紀元) before the number. はい〜 and はい〜3時 stay."""
    marks = [mark for mark in marks if mark]
    if not marks:
        return None
    pattern = re.compile(_alternation(marks))
    probe = _any_of(mark[0] for mark in marks)

    def in_word(ch: str) -> bool:
        return ch.isalnum() and not _is_hiragana(ch)

    def replace(match: re.Match) -> str:
        text, start, end = match.string, match.start(), match.end()
        i, steps, before = start - 1, 0, False
        while i >= 0 and steps <= 4 and in_word(text[i]):
            if _is_number(text[i]):
                before = True
                break
            i, steps = i - 1, steps + 1
        if not before and not (start and is_glue(text[start - 1])):
            return match.group()
        j = end
        while j < len(text) and text[j] == " ":
            j += 1
        if j == len(text) or not (text[j].isalnum() or text[j] in "-−+"):
            return word if before else match.group()  # an open range: 10時〜
        for k in range(j, min(j + 4, len(text))):
            if _is_number(text[k]) or (k == j and text[k] in "-−+"):
                return word
            if not in_word(text[k]):
                break
        return match.group()

    def rewrite(text: str) -> str:
        return pattern.sub(replace, text) if probe(text) else text

    return rewrite


def build_negatives(word: str) -> StepFn:
    """マイナス5 -> -5, unless a number or a Latin letter comes before it (3マイナス2 is a
    subtraction said aloud, kept as said; its written 3-2 is no negative number either)."""
    pattern = re.compile(rf"{re.escape(word)} *(?=[0-9])")

    def replace(match: re.Match) -> str:
        text, i = match.string, match.start() - 1
        while i >= 0 and text[i] == " ":
            i -= 1
        if i >= 0 and text[i].isascii() and text[i].isalnum():
            return match.group()
        return "-"

    def rewrite(text: str) -> str:
        if word not in text:
            return text
        return pattern.sub(replace, text)

    return rewrite


def build_money(minor_units: Mapping[str, str]) -> StepFn | None:
    """An amount with two decimals said in the currency and its minor unit: 10.50ドル ->
    10ドル50セント, 0.05ドル -> 5セント ($10.50 is 10.50ドル by now)."""
    if not minor_units:
        return None
    minor = dict(minor_units)
    pattern = re.compile(rf"(?<![0-9.])([0-9]+)\.([0-9]{{2}}) *({_alternation(minor)})")

    def said(match: re.Match) -> str:
        whole, cents, word = int(match.group(1)), int(match.group(2)), match.group(3)
        out = f"{whole}{word}" if whole else ""
        return out + (f"{cents}{minor[word]}" if cents else "")

    return lambda text: pattern.sub(said, text) if "." in text else text


def build_units(units: Mapping[str, str]) -> StepFn | None:
    """A unit word right after a number to its symbol: 5キロメートル -> 5km, 2.5センチ ->
    2.5cm; a longer katakana word is not the unit (5センチメンタル stays)."""
    if not units:
        return None
    table = dict(units)
    pattern = re.compile(rf"(?<=[0-9]) *({_alternation(table)})(?![{_KATAKANA}])")
    probe = _any_of(unit[0] for unit in table)

    def rewrite(text: str) -> str:
        if not (_has_digit(text) and probe(text)):
            return text
        return pattern.sub(lambda m: table[m.group(1)], text)

    return rewrite
