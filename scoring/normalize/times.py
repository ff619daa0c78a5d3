"""Step `times`: a clock time written `H MM`, with `am` / `pm` when said.

The canonical time is the hour without a leading zero, then the minutes as two digits
unless they are 00, then the seconds if any: `4:30` = `four thirty` = `4 30`; `8:05` =
`eight oh five` = `8 05`; `2:00 PM` = `2 o'clock p.m.` = `2 pm`; `16:30 Uhr` =
`sechzehn Uhr dreißig` = `16 30`. Two tokens, because an STT that writes "4 30" or a speaker
who says "four thirty" gives two words: a context-free "4 30" then needs no rule at all.

Read after the cardinals step (numbers are digits). What makes a time:
- a written clock: `4:30`, `04:30:05`, `4:30pm`, `16h30` / `16 h 30` (`hour_words` h);
- an hour (1-12) with `am` / `pm` (`a.m.`, `A M`, `pm`): `4 pm`, `4 30 p m`;
- an hour with an hour word (o'clock, Uhr, heures), its minutes after it or after the
  hour word (`16 Uhr 30`, `8 heures 7`), minute and second words dropped;
- a half or a quarter, or minutes, past or to an hour: `half past 4`, `quarter to 5` =
  `4 45`, `10 nach 12`, `viertel vor 12` = `11 45`, `halb 12` = `11 30` (`half_before`),
  from that half hour, `5 vor halb 3` = `2 25`, nl `10 over half 3` = `2 40`;
  `11 heures et demie`, `5 heures moins le quart`; minutes "to" an hour only with a
  quarter or a half, or an hour word, am/pm or a context word around ("10 to 5" is also a
  score);
- a named time: `noon` = 12, `minuit 17` = `0 17`;
- `4.30` only after a context word (`at 4.30`), before am/pm or before an hour word
  (`16.30 Uhr`);
- a day part after a 12-hour time, where the language writes 24 hours: `8 heures du soir`
  = `20`;
- after an article (`articles`: es la, las), an hour and its minutes, the article going
  with them: `las 2 menos 20` = `1 40`, `la 1 y cuarto` = `1 15`, `la 1 10` = `1 10`,
  `las 2 de la tarde` = `2 pm`; a bare hour keeps its article (`las 3` = `las 3:00` =
  `las 3`: "las tres personas" too);
- an hour, an and word and minutes, then a mark or a zone (es `12 y cuarto de la noche` =
  `12 15 am`), or a minute word (`and_minutes`: it `12 e 30 minuti` = `12 30`).

>>> from scoring.config.classes import TimeRules
>>> rules = TimeRules(am=["am", "a m", "a.m"], pm=["pm", "p m", "p.m"],
...     hour_words=["o'clock"], past_words=["past"], to_words=["to"], quarter_words=["quarter"],
...     half_words=["half"], context_words=["at"], named={"noon": "12"})
>>> step = build_times(rules)
>>> step("4:30 or 2 o'clock p m , 02:00 PM or half past 4 , quarter to 5 or 8 05 am , at 4.30")
'4 30 or 2 pm , 2 pm or 4 30 , 4 45 or 8 05 am , at 4 30'

Punctuation is transparent (the punctuation step removes it), so a number after a time,
even across a comma, leaves the time as written: `4:30 , 2 pm` keeps `4:30`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..config.classes import TimeRules
from .tables import (
    PhraseTable,
    can_read,
    has_digit,
    is_number,
    lowered,
    scan,
    split_lowered,
    word_set,
)

__all__ = ["build_times"]

StepFn = Callable[[str], str]

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?")
_HOUR = re.compile(r"\d{1,2}")
_MINUTES = re.compile(r"\d{1,2}")
_DOTTED = re.compile(r"(\d{1,2})[.](\d{2})")
_TWO_DIGITS = re.compile(r"[0-5]\d")
_TIME_LIKE = re.compile(r"\d{1,2}[:.]\d{2}")
_GLUED_CLOCK = re.compile(r"([/@#]*)(\d{1,2}:\d{2}(?::\d{2})?)([/@#]*)")
_ZONE_OFFSET = re.compile(r"[+-]?\d{1,2}")


def _offset(offset: str | None) -> list[str]:
    """A zone's offset as a token: +4 -> 4 (the punctuation step drops +), -3 -> -3."""
    if not offset:
        return []
    return [str(int(offset))]


_NEGATIVE_MINUTES = re.compile(r"-[1-5]?\d")


def build_times(
    rules: TimeRules,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
    not_before: frozenset[str] = frozenset(),
    plus_words: frozenset[str] = frozenset(),
) -> StepFn:
    """`not_before`: words after which a number is not an hour (months: 4 july is a date).
    `plus_words`: a plus sign said before a zone's offset (es u t c más 4 = UTC+4)."""
    marks = PhraseTable({**dict.fromkeys(rules.am, "am"), **dict.fromkeys(rules.pm, "pm")}, form)
    hour_words = PhraseTable(dict.fromkeys(rules.hour_words, ""), form)
    minute_words = PhraseTable(dict.fromkeys(rules.minute_words, ""), form)
    second_words = PhraseTable(dict.fromkeys(rules.second_words, ""), form)
    past = PhraseTable(dict.fromkeys(rules.past_words, 1), form)
    to = PhraseTable(dict.fromkeys(rules.to_words, -1), form)
    fractions = PhraseTable(
        {**dict.fromkeys(rules.quarter_words, 15), **dict.fromkeys(rules.half_words, 30)}, form
    )
    half_before = word_set(rules.half_before, form)
    and_words = word_set(rules.and_words, form)
    minus_words = PhraseTable(dict.fromkeys(rules.minus_words, -1), form)
    named = PhraseTable(rules.named, form)
    evening = PhraseTable(
        {**dict.fromkeys(rules.morning_words, 0), **dict.fromkeys(rules.evening_words, 12)}, form
    )
    night = PhraseTable(dict.fromkeys(rules.night_words, 12), form)
    # A zone as a word (UTC) or spelled letter by letter (u t c), with its offset
    zones = PhraseTable(
        {spelled: zone.lower() for zone in rules.zones for spelled in (zone, " ".join(zone))}
    )
    zone_pattern = re.compile(
        "(" + "|".join(re.escape(zone.lower()) for zone in rules.zones) + r")([+-]\d{1,2})?"
    )
    context = word_set(rules.context_words, form)
    articles = word_set(rules.articles, form)
    # "h" stuck between hour and minutes: 16h30, 4h
    stuck_h = (
        re.compile(r"(\d{1,2})h(\d{2})?")
        if any(w.lower() == "h" for w in rules.hour_words)
        else None
    )
    stuck_mark = _stuck_marks([*rules.am, *rules.pm])
    vocabulary = (
        marks.firsts
        | hour_words.firsts
        | past.firsts
        | to.firsts
        | fractions.firsts
        | half_before
        | named.firsts
        | articles
        | zones.firsts
        | night.firsts
        | minute_words.firsts
    )

    def match(table: PhraseTable, tokens, lower, i) -> tuple[int, object] | None:
        if i < len(tokens) and lower[i] in table.firsts:
            return table.match(tokens, i, lower)
        return None

    def suffix(tokens, lower, i, hour: int, parts: list[str]) -> tuple[int, list[str]]:
        """am/pm or a day part after a time, then a time zone: (index after, tokens)."""
        i, parts = _day_half(tokens, lower, i, hour, parts)
        zone = zone_at(tokens, lower, i)
        return (zone[0], [*parts, *zone[1]]) if zone else (i, parts)

    def _day_half(tokens, lower, i, hour: int, parts: list[str]) -> tuple[int, list[str]]:
        mark = match(marks, tokens, lower, i)
        late = match(night, tokens, lower, i) if not mark and hour <= 12 else None
        if late:
            mark = late[0], "am" if hour == 12 else "pm"
        if mark and rules.twenty_four_hours and hour <= 12:
            # 2:30 p.m. = 14:30, 12 de la noche = 0
            hour = (hour % 12) + (12 if mark[1] == "pm" else 0)
            return i + mark[0], [str(hour), *parts[1:]]
        if mark:
            return i + mark[0], [*parts, mark[1]]
        day = match(evening, tokens, lower, i)
        if day and hour < 12:
            return i + day[0], [str(hour + day[1]), *parts[1:]]
        return i, parts

    def zone_at(tokens, lower, i) -> tuple[int, list[str]] | None:
        """A time zone and its offset: UTC+4 = u t c +4 = `utc 4`, gmt-3 = `gmt -3`."""
        if not zones or i >= len(tokens):
            return None
        stuck = zone_pattern.fullmatch(lower[i])
        if stuck and stuck.group(2):
            return i + 1, [stuck.group(1), *_offset(stuck.group(2))]
        found = match(zones, tokens, lower, i)  # UTC más 4 too, as symbol_names writes UTC+4
        if not found:
            return None
        end = i + found[0]
        sign = ""
        if _at(lower, end) in plus_words or match(minus_words, tokens, lower, end):
            sign, end = "" if _at(lower, end) in plus_words else "-", end + 1  # más 4, menos 3
        offset = _ZONE_OFFSET.fullmatch(tokens[end]) if end < len(tokens) else None
        if offset and not (sign and offset.group(0)[:1] in "+-"):
            return end + 1, [found[1], *_offset(sign + offset.group(0))]
        return (end - 1 if sign else end), [found[1]]

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        """(index after, canonical tokens) of a time at tokens[i], or None."""
        token, n = tokens[i], len(tokens)
        if lower[i] in articles:
            return _after_article(tokens, lower, i)
        if zones and ("+" in token or "-" in token):
            zone = zone_pattern.fullmatch(lower[i])  # UTC+4 alone: the punctuation step
            if zone and zone.group(2):  # would cut it, and a unit after it is read then
                return i + 1, [zone.group(1), *_offset(zone.group(2))]
        glued = _GLUED_CLOCK.fullmatch(token)
        if glued and (glued.group(1) or glued.group(3)):
            # 7:30/: a spoken symbol glued to a clock; the punctuation step drops the mark
            found = read([glued.group(2)], [glued.group(2)], 0)
            if found:
                parts = list(found[1])
                parts[0], parts[-1] = glued.group(1) + parts[0], parts[-1] + glued.group(3)
                return i + 1, parts
        clock = _CLOCK.fullmatch(token) or (stuck_h.fullmatch(lower[i]) if stuck_h else None)
        if clock:
            hour, minutes, seconds = clock.group(1), clock.group(2), clock.groups()[2:3]
            seconds = seconds[0] if seconds else None
            if int(hour) > 24 or (minutes and int(minutes) > 59):
                return None
            end = i + 1
            if match(hour_words, tokens, lower, end):  # 16:30 Uhr
                end += match(hour_words, tokens, lower, end)[0]
            return suffix(tokens, lower, end, int(hour), _canonical(hour, minutes, seconds))
        fraction = match(fractions, tokens, lower, i)
        if fraction or (_MINUTES.fullmatch(token) and int(token) < 60):
            found = _relative(tokens, lower, i, fraction)
            if found:
                return found
        if lower[i] in half_before and i + 1 < n and _is_hour(tokens[i + 1]):
            hour = int(tokens[i + 1]) - 1 or 12
            return suffix(tokens, lower, i + 2, hour, _canonical(str(hour), "30", None))
        name = match(named, tokens, lower, i)
        if name:
            hour, _, minutes = str(name[1]).partition(" ")
            end = i + name[0]
            if (
                not minutes
                and end < n
                and _MINUTES.fullmatch(tokens[end])
                and int(tokens[end]) < 60
            ):
                minutes, end = tokens[end], end + 1  # minuit 17
            extra = None if minutes else _after_hour(tokens, lower, end)
            if extra:  # midi et demie, minuit moins 5
                return extra[1], _shifted(int(hour), extra[0])
            return end, _canonical(hour, minutes or None, None)
        if _HOUR.fullmatch(token) and int(token) <= 24:
            return _from_hour(tokens, lower, i)
        # Not 430 (at 430): a late step joins spoken digits into such numbers, and a
        # second pass would then read a time the first did not.
        dotted = _DOTTED.fullmatch(token)
        if dotted and int(dotted.group(1)) <= 24 and int(dotted.group(2)) < 60:
            marked = match(marks, tokens, lower, i + 1) or zone_at(tokens, lower, i + 1)
            worded = match(hour_words, tokens, lower, i + 1)  # 16.30 Uhr
            if marked or worded or (i > 0 and lower[i - 1] in context):
                hour, minutes = dotted.group(1), dotted.group(2)
                end = i + 1 + (worded[0] if worded else 0)
                return suffix(tokens, lower, end, int(hour), _canonical(hour, minutes, None))
        return None

    def _from_hour(tokens, lower, i) -> tuple[int, list[str]] | None:
        """An hour, then minutes and a mark in any of the orders languages use."""
        n = len(tokens)
        hour = tokens[i]
        end = i + 1
        minutes = seconds = None
        marked = False
        word = match(hour_words, tokens, lower, end)
        if word:  # 4 o'clock, 16 Uhr 30, 8 heures 7, 8 heures et demie
            marked = True
            end += word[0]
            if end < n and _MINUTES.fullmatch(tokens[end]) and int(tokens[end]) < 60:
                minutes, end = tokens[end], end + 1
                end = _skip(minute_words, tokens, lower, end)
                k = end + 1 if end < n and lower[end] in and_words else end  # 2 Min. und 3 Sek.
                if k < n and _MINUTES.fullmatch(tokens[k]) and int(tokens[k]) < 60:
                    after = _skip(second_words, tokens, lower, k + 1)
                    if after > k + 1:  # a seconds word is needed: "16 Uhr 30 20" is not
                        seconds, end = tokens[k], after
            else:
                extra = _after_hour(tokens, lower, end)
                if extra:
                    delta, end = extra
                    return suffix(tokens, lower, end, int(hour), _shifted(int(hour), delta))
        elif end < n and _MINUTES.fullmatch(tokens[end]) and len(tokens[end]) == 2:
            if match(marks, tokens, lower, end + 1):  # 4 30 pm
                minutes, end = tokens[end], end + 1
        elif end < n and (lower[end] in and_words or match(minus_words, tokens, lower, end)):
            extra = _after_hour(tokens, lower, end)
            if extra and _anchored_after(tokens, lower, extra):
                return suffix(tokens, lower, extra[1], int(hour), _shifted(int(hour), extra[0]))
        mark = match(marks, tokens, lower, end) or match(night, tokens, lower, end)
        zoned = zone_at(tokens, lower, end)  # una e s t
        if not (marked or mark or zoned) or int(hour) > 24 or (mark and int(hour) > 12):
            return None
        return suffix(tokens, lower, end, int(hour), _canonical(hour, minutes, seconds))

    def _anchored_after(tokens, lower, extra: tuple[int, int]) -> bool:
        """An hour and its minutes with no hour word are a time when a minute word ends
        them (`and_minutes`: it 12 e 30 minuti) or a mark or a zone follows (es doce y
        cuarto de la noche)."""
        delta, end = extra
        if rules.and_minutes and delta > 0 and match(minute_words, tokens, lower, end - 1):
            return True
        cue = match(marks, tokens, lower, end) or match(night, tokens, lower, end)
        return bool(cue or zone_at(tokens, lower, end))

    def _after_article(tokens, lower, i) -> tuple[int, list[str]] | None:
        """An hour after an article, with minutes or a mark: the article goes with it."""
        n = len(tokens)
        j = i + 1
        if j >= n or not (_is_hour(tokens[j]) or _TIME_LIKE.match(tokens[j])):
            return None
        found = read(tokens, lower, j)
        if found is None and _is_hour(tokens[j]):
            hour, end = int(tokens[j]), j + 1
            extra = _after_hour(tokens, lower, end)  # las 2 menos 20, la 1 y cuarto
            if extra:
                found = suffix(tokens, lower, extra[1], hour, _shifted(hour, extra[0]))
            elif end < n and _TWO_DIGITS.fullmatch(tokens[end]):  # la 1 10
                parts = _canonical(tokens[j], tokens[end], None)
                found = suffix(tokens, lower, end + 1, hour, parts)
        if found is None or len(found[1]) < 2:
            return None  # las 3: a bare hour keeps its article
        return found

    def _after_hour(tokens, lower, i) -> tuple[int, int] | None:
        """`et demie`, `et quart`, `moins le quart`, `moins 10` after an hour word:
        (minutes to add, index after)."""
        n = len(tokens)
        sign = 1
        if i < n and lower[i] in and_words:
            i += 1
        else:
            minus = match(minus_words, tokens, lower, i)
            if not minus:
                if minus_words and _NEGATIVE_MINUTES.fullmatch(_at(tokens, i)):
                    # moins 10, which the cardinals step wrote -10
                    return int(tokens[i]), _skip(minute_words, tokens, lower, i + 1)
                return None
            sign, i = -1, i + minus[0]
        fraction = match(fractions, tokens, lower, i)
        if fraction:
            return sign * fraction[1], i + fraction[0]
        if i < n and _MINUTES.fullmatch(tokens[i]) and int(tokens[i]) < 60:
            return sign * int(tokens[i]), _skip(minute_words, tokens, lower, i + 1)
        return None

    def _relative(tokens, lower, i, fraction) -> tuple[int, list[str]] | None:
        """`half past 4`, `10 to 5`, `viertel vor 12`: minutes, a past/to word, an hour."""
        n = len(tokens)
        minutes = fraction[1] if fraction else int(tokens[i])
        end = i + (fraction[0] if fraction else 1)
        if not fraction:
            end = _skip(minute_words, tokens, lower, end)
        way = match(past, tokens, lower, end) or match(to, tokens, lower, end)
        if not way or end + way[0] >= n:
            return None
        hour_at = end + way[0]
        article = lower[hour_at] in articles and hour_at + 1 < n
        if article:  # 10 para las 12
            hour_at += 1
        half = lower[hour_at] in half_before and hour_at + 1 < n and _is_hour(tokens[hour_at + 1])
        if half:  # 5 vor halb 3 = 2 25, nl 10 over half 3 = 2 40: from the half hour
            hour_at += 1
        following = _at(lower, hour_at + 1)
        if not _is_hour(tokens[hour_at]) or following in not_before or following.isdigit():
            # 8 past 4 july: the 4 is a day; past 0 1 4: digits of a code; 40 past 7 50:
            # the 7 is another time's hour
            return None
        if i > 0 and tokens[i - 1].isdigit() and not fraction:
            return None  # 9 30 past 9 (9:30 past nine): the 30 is a time's minutes
        if way[1] < 0 and fraction and fraction[1] == 30:
            return None  # half to 11: English says half past, never half to
        # No test of a capitalized noun after the hour ("5 nach 3 Tagen"): the case step
        # lowers it, and a second pass would read the clock the first one left.
        after = hour_at + 1
        hour = int(tokens[hour_at])
        if way[1] < 0 and not fraction and not rules.to_alone and not article:
            anchored = (i > 0 and lower[i - 1] in context) or match(marks, tokens, lower, after)
            if not (anchored or match(hour_words, tokens, lower, after)):
                return None  # "10 to 5" is also a score
        if after < n and match(hour_words, tokens, lower, after):
            after += match(hour_words, tokens, lower, after)[0]
        base = -30 if half else 0
        return suffix(tokens, lower, after, hour, _shifted(hour, base + way[1] * minutes))

    # Words of letters only that `read` can start at: an article, a fraction of an hour, a
    # half-before word, a named time; a clock, an hour or a zone offset has a digit or a sign.
    starts = articles | fractions.firsts | half_before | named.firsts

    # What `read` needs in a text: a word of one of these (a phrase needs its last word;
    # "a" alone, or a number alone, is no time), or what `time_hint` finds.
    needed = (
        articles
        | half_before
        | named.lasts
        | past.lasts
        | to.lasts
        | hour_words.lasts
        | marks.lasts
        | night.lasts
        | zones.lasts
        | (minute_words.lasts if rules.and_minutes else frozenset())
    )
    time_hint = _time_hint(rules.zones, stuck_h is not None)

    def convert(text: str) -> str:
        if not has_digit(text) and not (named and _has(text, named.firsts)):
            return text
        tokens, lower = split_lowered(text)
        if stuck_mark is not None and stuck_mark[1].search(text):
            tokens = _set_marks_apart(tokens, stuck_mark[0])
            lower = lowered(tokens)
        if not can_read(needed, lower, text, time_hint):
            return " ".join(tokens)
        if vocabulary.isdisjoint(lower) and not any(
            ":" in t or (stuck_h is not None and "h" in t) or "." in t for t in tokens
        ):
            return " ".join(tokens)
        return " ".join(scan(tokens, lower, read_whole, skip, starts))

    def read_whole(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        """A time and the hour words right after it: one left after `0 h` (0 h h) would
        make another time with it on a second pass."""
        found = read(tokens, lower, i)
        if found is None:
            return None
        end = found[0]
        # A number right after it is not the clock's: written as the time, "3 heures
        # 1000" would read as 3000 on a second pass.
        if is_number(_at(tokens, end)):
            return None
        while word := match(hour_words, tokens, lower, end):
            end += word[0]
        return end, found[1]

    return convert


def _time_hint(zones: list[str], stuck_h: bool) -> Callable[[str], bool]:
    """What a time with no word of its tables has: a clock (4:30), a dotted time (4.30), a
    stuck h (16h30), a zone and its offset in one token (UTC+4). Each search starts at a
    plain character: one pattern of alternatives is several times slower."""
    ends = "".join(sorted({re.escape(zone[-1:].lower()) for zone in zones if zone}))
    offset = re.compile(rf"[+-](?<=[{ends}][+-])\d", re.IGNORECASE) if ends else None

    def hint(text: str) -> bool:
        return bool(
            ":" in text
            or _DOT_TIME.search(text)
            or (stuck_h and _STUCK_H.search(text))
            or (offset is not None and offset.search(text))
        )

    return hint


_DOT_TIME = re.compile(r"\.(?<=\d\.)\d")
_STUCK_H = re.compile(r"h(?<=\dh)", re.IGNORECASE)


def _single(token: str) -> bool:
    return len(token) == 1 and token.isdigit()


def _at(tokens: list[str], i: int) -> str:
    return tokens[i] if 0 <= i < len(tokens) else ""


def _has(text: str, words: frozenset[str]) -> bool:
    return not words.isdisjoint(text.lower().split())


def _is_hour(token: str) -> bool:
    return _HOUR.fullmatch(token) is not None and 0 <= int(token) <= 24


def _skip(table: PhraseTable, tokens, lower, i) -> int:
    if i < len(tokens) and lower[i] in table.firsts:
        found = table.match(tokens, i, lower)
        if found:
            return i + found[0]
    return i


def _shifted(hour: int, minutes: int) -> list[str]:
    """An hour and a signed number of minutes past it: (12, -15) -> 11 45."""
    total = (hour * 60 + minutes) % (24 * 60)
    h, m = divmod(total, 60)
    if hour <= 12 and h == 0 and minutes < 0:
        h = 12  # "quarter to 1" is 12 45, not 0 45
    if hour <= 12 and h > 12 and minutes < 0 and hour != 0:
        h -= 12
    return _canonical(str(h), f"{m:02d}", None)


def _canonical(hour: str, minutes: str | None, seconds: str | None) -> list[str]:
    parts = [str(int(hour))]
    if seconds is not None and int(seconds) != 0:
        parts += [f"{int(minutes or 0):02d}", f"{int(seconds):02d}"]
    elif minutes is not None and int(minutes) != 0:
        parts.append(f"{int(minutes):02d}")
    return parts


def _stuck_marks(forms: list[str]) -> tuple[re.Pattern, re.Pattern] | None:
    """am/pm stuck to a time: 4pm, 4:30pm, 11:20AM; and what such a text has somewhere (a
    digit, then a mark's first letter), so that most texts are searched once instead of
    token by token."""
    plain = sorted({f.lower() for f in forms if " " not in f}, key=len, reverse=True)
    if not plain:
        return None
    alternatives = "|".join(re.escape(f) for f in plain)
    firsts = "".join(sorted({re.escape(f[0]) for f in plain}))
    return (
        re.compile(rf"(\d{{1,2}}(?::\d{{2}})?)({alternatives})", flags=re.IGNORECASE),
        re.compile(rf"[{firsts}](?<=\d[{firsts}])", flags=re.IGNORECASE),
    )


def _set_marks_apart(tokens: list[str], pattern: re.Pattern) -> list[str]:
    out = []
    for token in tokens:
        stuck = pattern.fullmatch(token) if token[:1].isdigit() else None
        out.extend([stuck.group(1), stuck.group(2)] if stuck else [token])
    return out
