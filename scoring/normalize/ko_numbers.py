"""Korean numbers to digits, only in a numeric context.

A span of words is read as a number only when it is well formed and the context says it is
a number: a counter follows it (attached, 삼월; or as the next word, 스무 살), or it touches
a digit (1만 2천), or it is a spoken digit string (공일공 일이삼사). The numerals are facts of
the language, so they are tables here; every contextual choice comes from `KoreanRules`.

Canonical output: plain digits, the counter attached, endings kept (만 이천 원이에요 and
12,000원이에요 are both `12000원이에요`). With `join_digit_runs`, neighbouring all-digit
words are joined (010 1234 = 0101234). A clock time is `H시 M분 S초`, the zero parts left
out (3:30 = 3시 30분, 2:30:05 = 2시 30분 5초, 7:00 = 7시).

A span of number words is at most `MAX_SPAN` words (a number and its counter: 일 억 이천
만 원 is five), so the reader is linear in the length of the text.

The reader runs after punctuation and fillers are gone (nothing after it changes which
words are neighbours), so normalizing twice gives the same text as once.

>>> from scoring.config.korean import KoreanRules
>>> read = build_korean_numbers(KoreanRules(counters={"월": "sino", "일": "sino",
...     "살": "native", "원": "sino"}, particles=["에"]))
>>> read("삼월 이십오일에 스무 살 천민수 만 이천 원")
'3월 25일에 20살 천민수 12000원'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import regex

from ..caches import memo
from ..config.korean import KoreanRules
from .positional import read_positional

__all__ = ["DIGIT_SYLLABLES", "MAX_SPAN", "build_korean_numbers", "digit_string",
           "parse_native", "parse_sino"]  # fmt: skip

SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "륙": 6, "칠": 7, "팔": 8,
               "구": 9}  # fmt: skip
SMALL_UNITS = {"십": 10, "백": 100, "천": 1000}
BIG_UNITS = {"만": 10**4, "억": 10**8, "조": 10**12}
# 경 (10^16) is above what the positional reader groups: a number is split at it.
GYEONG, GYEONG_VALUE = "경", 10**16
# A spoken digit string reads each digit; 0 is 공 (or 영).
DIGIT_SYLLABLES = {**SINO_DIGITS, "공": 0, "영": 0}
NATIVE_TENS = {
    "열": 10, "스물": 20, "스무": 20, "서른": 30, "마흔": 40, "쉰": 50,
    "예순": 60, "일흔": 70, "여든": 80, "아흔": 90,
}  # fmt: skip
# Standalone and attributive forms (하나/한, 셋/세/석): both occur before counters.
NATIVE_ONES = {
    "하나": 1, "한": 1, "둘": 2, "두": 2, "셋": 3, "세": 3, "석": 3, "넷": 4, "네": 4,
    "넉": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9,
}  # fmt: skip

_SINO_PART = regex.compile(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+|[일이삼사오육륙칠팔구십백천만억조]")
_ARABIC = regex.compile(r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?")
_CLOCK = regex.compile(r"([01]?\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?")
_MAX_CACHE = 50_000
#: The most words one number and its counter may span (일 억 이천 만 원 is five).
MAX_SPAN = 8


@memo(8192)
def parse_sino(text: str) -> int | None:
    """A well-formed Sino-Korean number, Hangul and digits mixed: 이십오, 만이천, 1만2천,
    팔경이천조 (경 = 10^16)."""
    if GYEONG in text:
        head, _, tail = text.partition(GYEONG)
        high = 1 if not head else int(head) if head.isdigit() else parse_sino(head)
        low = 0 if not tail else int(tail) if tail.isdigit() else parse_sino(tail)
        if not high or high >= 10**4 or low is None or GYEONG in tail:
            return None
        return high * GYEONG_VALUE + low
    parts = _SINO_PART.findall(text)
    if not parts or sum(map(len, parts)) != len(text):
        return None
    if all(part[0].isdigit() for part in parts):
        return None  # plain digits are not a Hangul number
    return read_positional(parts, SINO_DIGITS, SMALL_UNITS, BIG_UNITS)


@memo(4096)
def parse_native(text: str) -> int | None:
    """A native Korean number 1-99: 스무, 열두, 스물한, 서른다섯, 셋."""
    for tens_word, tens in NATIVE_TENS.items():
        if text.startswith(tens_word):
            rest = text[len(tens_word) :]
            if not rest:
                return tens
            if tens_word == "스무":
                return None  # 스무 is only the attributive 20: 스물한, never 스무한
            ones = NATIVE_ONES.get(rest)
            return None if ones is None else tens + ones
    return NATIVE_ONES.get(text)


@memo(8192)
def digit_string(text: str) -> str | None:
    """공일공 -> 010: a word of two or more digit syllables that is not a well-formed number."""
    if len(text) < 2 or any(ch not in DIGIT_SYLLABLES for ch in text):
        return None
    if parse_sino(text) is not None:
        return None
    return "".join(str(DIGIT_SYLLABLES[ch]) for ch in text)


def _strong_digit_string(text: str) -> bool:
    """Long enough, or phone-like, to be a digit string on its own (오일 'oil' is not)."""
    return len(text) >= 4 or (len(text) >= 3 and text[0] in "공영")


def _digit_context(word: str) -> bool:
    """A word that makes its neighbours digit strings: a strong digit string, or digits
    that start with 0 (010). Not any digits: 10000 may be a number read on a first pass
    (오일 1만 -> 오일 10000), and must not turn 오일 into 51 on a second one."""
    if word.isdigit():
        return word.startswith("0")
    return digit_string(word) is not None and _strong_digit_string(word)


def _mixed(word: str) -> bool:
    """2천, 1만: digits and Hangul in one word."""
    return not word.isascii() and any(ch.isdigit() for ch in word)


def _joinable(words: Sequence[str]) -> bool:
    """Words that may form one number: digits alone only as the last word, after a word
    written with digits (12만 500 = 120500). 010 만 is two numbers, and so is 만 10 in
    만 10월, or the output of a first pass would read differently a second time."""
    *head, last = words
    if any(word.isdigit() for word in head):
        return False
    return not last.isdigit() or any(_mixed(word) for word in head)


def _arabic(text: str) -> str | None:
    """12,000 -> 12000; 3.5 stays; None unless the whole word is a written number."""
    if text[:1].isdigit() and _ARABIC.fullmatch(text):
        return text.replace(",", "")
    return None


class _Candidate:
    """One way to read a word as number + counter + ending (이십오일에 = 이십오|일|에)."""

    __slots__ = ("number", "counter", "ending")

    def __init__(self, number: str, counter: str, ending: str):
        self.number, self.counter, self.ending = number, counter, ending


class _Word:
    """What a word can be: (part of) a number, number + counter, or counter + ending."""

    __slots__ = ("number", "attached", "counter")

    def __init__(self):
        self.number = False
        self.attached: list[_Candidate] = []
        self.counter: tuple[str, str] | None = None  # counter, ending


_SERIES_TOKEN = regex.compile(r"\d+(\D+)")
# A number head is never longer than this (구천구백구십구경 ... is 40 syllables): a longer
# word is not split into number + counter, so one very long word costs linear time.
_MAX_HEAD = 48


def build_korean_numbers(
    rules: KoreanRules, extra_counters: Mapping[str, str] = {}
) -> Callable[[str], str]:
    """The reader. `extra_counters` (counter -> native/sino/both) add to the config's
    `counters`: the unit and currency words the Korean module also reads after a number."""
    counters = {**extra_counters, **rules.counters, **rules.counters_apart}
    apart = frozenset(rules.counters_apart)
    by_length = sorted(counters, key=len, reverse=True)
    max_counter = max(map(len, counters), default=0)
    endings = frozenset(rules.particles) | {""}
    never = frozenset(rules.never_numbers)
    alone = frozenset(rules.ambiguous_alone)
    irregular = {
        item.word: (item.value, frozenset(item.counters)) for item in rules.irregular_numbers
    }
    threshold = rules.sino_before_native_from
    sino_from = dict(rules.sino_from)
    # after 9월, 일 may follow even as 오일; after 4시, 분 even as 이분
    series_next = {
        counter: frozenset(series[k + 1 :])
        for series in rules.series
        for k, counter in enumerate(series)
    }
    nothing: frozenset[str] = frozenset()

    def loosened(previous: Sequence[str]) -> frozenset[str]:
        """The counters a word may take right after the words `previous` (9월 -> 일;
        5678 시 -> 분, as digit runs join them), whatever never_numbers and
        ambiguous_alone say."""
        if not previous or not series_next:
            return nothing
        previous = " ".join(previous).split()[-2:]  # 3:30 was read as one "3시 30분"
        found = _SERIES_TOKEN.fullmatch(previous[-1])
        if found:
            return series_next.get(found[1], nothing)
        if len(previous) > 1 and previous[-2].isdigit():
            return series_next.get(previous[-1], nothing)
        return nothing

    def reading(
        number: str,
        counter: str,
        spaced_alone: bool,
        joined: bool = False,
        attached: bool = False,
        loose: frozenset[str] = nothing,
    ) -> str | None:
        """Digits for `number` before `counter`, or None when that is not a number here.

        `joined`: `number` is several words put together (만 + 이천); digits alone never
        join across words (010 12000원 is not 01012000원). `attached`: the counter is in
        the same word, where 일 is a digit of a digit string, not the counter 일.
        `loose`: counters that follow the previous word in a series (4시 이 분).
        """
        arabic = _arabic(number)
        if arabic is not None:
            return None if joined else arabic
        if number in irregular:
            value, allowed = irregular[number]
            if counter in allowed:
                return str(value)
        if spaced_alone and number in alone and counter not in loose:
            return None
        kind = counters[counter]
        sino = parse_sino(number)
        if sino is not None:
            from_ = sino_from.get(counter, threshold)
            native_ok = sino >= from_ or any(ch.isdigit() for ch in number)
            return str(sino) if kind != "native" or native_ok else None
        native = parse_native(number)
        if native is not None:
            return str(native) if kind != "sino" else None
        if rules.digit_strings and not (attached and counter in DIGIT_SYLLABLES):
            digits = digit_string(number)
            if digits is not None and _strong_digit_string(number):
                return digits
        return None

    def numberish(text: str) -> bool:
        return bool(
            _arabic(text) is not None
            or text in irregular
            or parse_sino(text) is not None
            or parse_native(text) is not None
            or (rules.digit_strings and digit_string(text) is not None)
        )

    def ending_of(rest: str, counter: str) -> str | None:
        """What follows a counter in its word: a particle, or another number + counter
        (3시30분 -> 3시 30분)."""
        if rest in endings:
            return rest
        inner = classify(rest) if len(rest) <= _MAX_HEAD else None
        if inner is not None:
            loose = series_next.get(counter, nothing)
            for cand in inner.attached:
                value = attached_value(cand, (), loose)
                if value is not None:
                    return " " + value + cand.counter + cand.ending
        return None

    def clock_time(word: str) -> _Candidate | None:
        """3:30 -> 3시 30분, 2:30:05 -> 2시 30분 5초, 7:00 -> 7시 (and an ending)."""
        clock = _CLOCK.match(word)
        if not clock or word[clock.end() :] not in endings:
            return None
        minutes = f" {int(clock[2])}분" if int(clock[2]) else ""
        seconds = f" {int(clock[3])}초" if clock[3] and int(clock[3]) else ""
        ending = f"시{minutes}{seconds}{word[clock.end() :]}"
        return _Candidate(str(int(clock[1])), "", ending)

    def analyse(word: str) -> _Word | None:
        info = _Word()
        info.number = numberish(word)
        if rules.digit_strings and digit_string(word) and _strong_digit_string(word):
            return info  # 일일일일 is 1111, not 1일 1일
        # number + counter (+ ending), longest number first
        for split in range(min(len(word) - 1, _MAX_HEAD), 0, -1):
            head = word[:split]
            if not numberish(head):
                continue
            tail = word[split:]
            for size in range(min(max_counter, len(tail)), 0, -1):
                counter = tail[:size]
                if counter not in counters:  # 이번 is in never_numbers: see attached_value
                    continue
                if counter in apart and _arabic(head) is None:
                    continue  # 일도 'work too': 도 counts only apart from a Hangul number
                ending = ending_of(tail[size:], counter)
                if ending is not None:
                    info.attached.append(_Candidate(head, counter, ending))
        if rules.clock_times and ":" in word:
            clock = clock_time(word)
            if clock is not None:
                info.attached.append(clock)
        # counter (+ ending) as its own word: 원, 시에, 살이에요
        for counter in by_length:
            if word.startswith(counter) and word[len(counter) :] in endings:
                info.counter = (counter, word[len(counter) :])
                break
        if not (info.number or info.attached or info.counter):
            return None
        return info

    classify = memo(_MAX_CACHE)(analyse)

    def attached_value(
        cand: _Candidate, before: tuple[str, ...], loose: frozenset[str] = nothing
    ) -> str | None:
        if not cand.counter:  # a clock time: the number is digits already
            return None if before else cand.number
        word = cand.number + cand.counter
        if not before and word in never and cand.counter not in loose:
            return None  # 이번(에) is a word; 십만 일원 is 100001원
        if before and not _joinable((*before, cand.number)):
            return None
        number = "".join(before) + cand.number
        return reading(number, cand.counter, False, bool(before), True)

    def span_reading(
        words: Sequence[str],
        infos: list,
        start: int,
        end: int,
        limit: int,
        loose: frozenset[str] = nothing,
    ) -> str | None:
        """The reading of words[start..end] as one number in context, or None; words from
        `limit` on are not looked at."""
        target = infos[end]
        if target is None:
            return None
        before = tuple(words[start:end])
        # 십일 장: a whole number before a counter it cannot take is not 10일 + 장
        next_info = infos[end + 1] if end + 1 < limit else None
        whole_before_counter = bool(
            target.number and next_info and next_info.counter and not next_info.number
        )
        for cand in target.attached:
            if whole_before_counter and not cand.ending:
                continue
            value = attached_value(cand, before, loose)
            if value is not None:
                return value + cand.counter + cand.ending
        if before and target.counter:
            if len(before) > 1 and not _joinable(before):
                return None
            counter, ending = target.counter
            value = reading(
                "".join(before), counter, len(before) == 1, len(before) > 1, loose=loose
            )
            if value is not None:
                return value + counter + ending
        return None

    @memo(8192)
    def without_counter(words: tuple[str, ...]) -> tuple[str, ...]:
        """A run of number words with no counter: read only what touches a digit (1만 2천)
        and digit strings strong on their own (공일공, 일이삼사); a weak one (오일) is read
        only inside a digit run (`digit_runs`), everything else stays as written."""
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            arabic = _arabic(word)
            if arabic is not None:
                out.append(arabic)
                i += 1
                continue
            # the longest span from here with a word that mixes digits and Hangul units
            # (1만 2천, 12만 500). Not 천 010: digits in a word of their own are no context.
            for end in range(min(len(words), i + MAX_SPAN), i, -1):
                span = words[i:end]
                if not any(_mixed(w) for w in span) or not _joinable(span):
                    continue
                value = parse_sino("".join(span))
                if value is not None:
                    out.append(str(value))
                    i = end
                    break
            else:
                strong = rules.digit_strings and _strong_digit_string(word)
                out.append((digit_string(word) or word) if strong else word)
                i += 1
        return tuple(out)

    def read_run(
        words: list[str], infos: list, i: int, j: int, limit: int, previous: Sequence[str]
    ) -> tuple[list[str], int]:
        """Read the number words words[i:j] (and the word after them, a counter): the output
        words and the index after what they replace.

        The earliest, then longest, span that reads as a number in context wins: its
        counter is attached to its last word (만 이천원), or is that word (스무 살; 삼 일
        동안, where 일 is a counter though it is also a number). Longest, so 구천육백오십일
        살 is 9651살, not 9650일 살. A span is at most MAX_SPAN words."""
        last = min(j, limit - 1)
        for start in range(i, last + 1):
            loose = loosened(previous) if start == i else nothing
            for end in range(min(last, start + MAX_SPAN - 1), start - 1, -1):
                result = span_reading(words, infos, start, end, limit, loose)
                if result is not None:
                    return [*without_counter(tuple(words[i:start])), result], end + 1
        if j > i:
            return list(without_counter(tuple(words[i:j]))), j
        return [words[i]], i + 1

    def digit_runs(words: list[str]) -> dict[int, int]:
        """Spoken digit runs, start -> end: two or more words of digits or digit strings,
        one of them phone-like (공일공, 010) or six syllables in all (공일공 일이삼사)."""
        runs: dict[int, int] = {}
        i, n = 0, len(words)
        while i < n:
            k = i
            while k < n and (words[k].isdigit() or digit_string(words[k]) is not None):
                k += 1
            if k - i >= 2:
                span = words[i:k]
                syllables = sum(len(w) for w in span if not w.isdigit())
                if syllables >= 6 or any(_digit_context(w) for w in span):
                    runs[i] = k
            i = max(k, i + 1)
        return runs

    def convert(text: str) -> str:
        words = text.split()
        if "," in text:  # 12,000 is 12000 to every rule below, as in a second pass
            words = [_arabic(w) or w if "," in w else w for w in words]
        infos = [classify(word) for word in words]
        if not any(infos):
            return text
        runs = digit_runs(words) if rules.digit_strings else {}
        out: list[str] = []
        i, n = 0, len(words)
        j = -1  # the end of the current run of number words, kept while i is inside it
        while i < n:
            if i in runs:  # one spoken number (공일공 공일공): digits, joined below
                out.extend(w if w.isdigit() else digit_string(w) for w in words[i : runs[i]])
                i = runs[i]
                continue
            if infos[i] is None:
                out.append(words[i])
                i += 1
                continue
            if j < i:
                j = i
                while j < n and infos[j] is not None and infos[j].number and j not in runs:
                    j += 1
            # the run, and the word after it (a counter, or what tells 십일 장 from 십일)
            limit = j if j in runs else min(min(j, n - 1) + 2, n)  # a digit run is no counter
            produced, i = read_run(words, infos, i, j, limit, out[-2:])
            out.extend(produced)
        return " ".join(finish(out) if rules.digit_strings or rules.join_digit_runs else out)

    def finish(words: list[str]) -> list[str]:
        """Digit runs again, on the output: numbers read above may now stand next to a
        digit string (공일공 2천 오이 -> 010 2000 52), and joined digits take a counter
        (공일공 공일공 살 -> 010010살). What a second pass would do, done now."""
        if rules.digit_strings:
            runs = digit_runs(words)
            if runs:
                out: list[str] = []
                i = 0
                while i < len(words):
                    if i in runs:
                        out.extend(
                            w if w.isdigit() else digit_string(w) for w in words[i : runs[i]]
                        )
                        i = runs[i]
                    else:
                        out.append(words[i])
                        i += 1
                words = out
        if not rules.join_digit_runs or sum(1 for w in words if w.isdigit()) < 2:
            return words
        # parts of each output word, and whether the last one is all digits so far: no
        # string is copied or scanned again as a run grows
        joined: list[list[str]] = []
        digits_last = merged = False
        for word in words:
            info = classify(word)
            is_digits = word.isdigit() and word.isascii()
            if is_digits and digits_last:
                joined[-1].append(word)
                merged = True
            elif merged and info is not None and info.counter:
                joined[-1].append(word)  # 0101234 살 -> 0101234살, as a second pass reads it
                digits_last = merged = False
            else:
                joined.append([word])
                digits_last, merged = word.isdigit(), False
        return ["".join(parts) for parts in joined]

    return convert
