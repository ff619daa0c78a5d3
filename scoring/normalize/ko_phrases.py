"""Korean number phrases whose context is in the words themselves, read before `ko_numbers`.

Each rule below has a word that says "this is a number" (a sign, a point, 분의, 국가번호,
a time of day), so it may read what `ko_numbers` alone would leave as words:

- expressions (`ko_expressions`): 마이너스 일 점 오 = -1.5, 사분의 삼 = 3/4, 일과 이분의 일 =
  1 1/2, 루트 이 = √2, 3분의1 = 1/3; 이분의 일 'this person's work' needs a unit, a sign or
  a whole part to be 1/2, as 이 is also 'this';
- a text that is one number and nothing else (`whole_text_numbers`): 영 = 0, 백오 = 105,
  만 이천 = 12000, 십일 = 11 (not 10일), but 십만 일 = 100000일 (a counter after a space);
  inside a sentence such a number needs a counter, and a word of `never_numbers` (만일
  'if') stays a word even alone;
- phone numbers (`phones`): 공일공에일이삼사에오육칠팔 = 01012345678, and the digit words
  after 국가번호 are digits: 국가번호 팔이 일이삼 = 국가번호 82123 (`ko_measures` writes
  the +, once `ko_numbers` has joined the digits);
- a currency code before its amount (`currencies`): krw 5,000 = 5,000 원 (a code with a
  symbol, US$, is read before the punctuation step, by `ko_units`);
- a unit said with 퍼 (킬로미터 퍼 시간 = 킬로미터퍼시간, for `ko_measures`), and a
  currency name of two words after a number (뉴질랜드 달러 = 뉴질랜드달러);
- a time of day or an era written apart from its number (오전10시 = 오전 10시, 기원전128년
  = 기원전 128년), and a weekday from its day (28일수요일 = 28일 수요일);
- half past the hour: 네 시 반 = 네 시 30분 (`half_hour`); a time said by name: 정오 =
  12시 (`named_times`).

>>> from scoring.config.korean import KoreanRules
>>> read = build_phrases(KoreanRules(negative_words=["마이너스"], decimal_point="점",
...     fractions={"mark": "분의"}, half_hour="반", whole_text_numbers=True,
...     phones={"separators": ["에"]}, number_prefixes=["오전"], particles=["이"],
...     ambiguous_alone=["이"]),
...     counters=["시", "분"])
>>> read("마이너스 일 점 오 그리고 사분의 삼이 오전열시 반 공일공에일이삼사에오육칠팔")
'-1.5 그리고 3/4이 오전 열시 30분 01012345678'
>>> read("만 이천"), read("이 분의 일이 많아요")
('12000', '이 분의 일이 많아요')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from ..config.korean import KoreanRules
from .ko_expressions import ExpressionGrammar, Reading
from .ko_numbers import DIGIT_SYLLABLES, parse_native, parse_sino

__all__ = ["build_phrases", "MAX_GROUP"]

#: The most words one spoken expression spans (마이너스 일과 이분의 루트 일 is five; 일 점
#: 영 영 영 일, digits said one word each, is six).
MAX_GROUP = 12
_BIG_UNITS = "만억조경"
_NUMERALS = frozenset("영일이삼사오육륙칠팔구십백천만억조경")
_DIGIT_SYLLABLE = frozenset(DIGIT_SYLLABLES)
_DIGIT_WORD = re.compile(f"[{''.join(DIGIT_SYLLABLES)}]+")


def _hangul_number(text: str) -> bool:
    return bool(text) and (
        (text.isdigit() and text.isascii())
        or parse_sino(text) is not None
        or parse_native(text) is not None
        or text == "영"
    )


def build_phrases(
    rules: KoreanRules,
    counters: Collection[str],
    per_endings: Collection[str] = (),
    unit_of: Callable[[str], str | None] = lambda rest: None,
    measure_words: Collection[str] = (),
) -> Callable[[str], str] | None:
    """`counters`: every counter and unit word (`ko_numbers` reads them); `per_endings`:
    퍼 + a unit (퍼시간), which may follow a unit in its word; `unit_of`: a written unit
    and its ending (km/h를, `ko_measures.UnitReader`); `measure_words`: currencies and
    counters a signed number may take besides units (원, 도)."""
    fractions = rules.fractions
    particles = frozenset(rules.particles) | frozenset(per_endings) | {""}
    counter_list = sorted(counters, key=len, reverse=True)
    counter_set = frozenset(counters)

    def unit_rest(rest: str) -> bool:
        """What may follow a number in its word: a counter or a unit, and an ending."""
        if unit_of(rest) is not None:
            return True
        return any(rest.startswith(c) and rest[len(c) :] in particles for c in counter_list)

    grammar = ExpressionGrammar(
        rules.negative_words, rules.decimal_point, fractions, endings=particles, unit=unit_rest
    )
    markers = grammar.markers()
    joiners = tuple(fractions.joiners) if fractions else ()
    ambiguous = frozenset(rules.ambiguous_alone)
    never = frozenset(rules.never_numbers)
    units = counter_list
    # each pass with what a text needs to hold for the pass to change it
    passes: list[tuple[re.Pattern, Callable[[list[str]], list[str]]]] = []
    codes = {key: name for key, name in rules.currencies.items() if _is_code(key)}
    if codes:
        passes.append((_any_of(codes), _code_pass(codes)))
    names = [name for name in rules.currencies if " " in name and _is_hangul(name)]
    if names:
        firsts = [name.split()[0] for name in names]
        passes.append((_any_of(firsts), _currency_pass(names, rules.currencies, particles)))
    if rules.phones is not None:
        phones = rules.phones
        syllables = "".join(DIGIT_SYLLABLES)
        separated = [
            f"[{syllables}]{{2}}{re.escape(sep)} ?[{syllables}]{{2}}" for sep in phones.separators
        ]
        trigger = "|".join([*separated, *map(re.escape, phones.country_code)])
        if trigger:
            apply = _phone_pass(phones.separators, phones.country_code, particles)
            passes.append((re.compile(trigger), apply))
    if rules.per_word:
        per = _per_pass(rules.per_word, {*counters, *rules.per_units})
        passes.append((_any_of([rules.per_word]), per))
    if rules.number_prefixes:
        prefixes = _prefix_pass(rules.number_prefixes, units)
        passes.append((_any_of(rules.number_prefixes), prefixes))
    if rules.named_times:
        named = _named_pass(rules.named_times, particles)
        passes.append((_any_of(rules.named_times), named))
    if rules.weekdays:
        days = frozenset(rules.weekdays.values())
        passes.append((_any_of(days), _weekday_pass(days, particles)))
    marked = re.compile("|".join([*map(re.escape, markers), r"[./√\-]"]))
    if not (markers or passes or rules.half_hour or rules.whole_text_numbers):
        return None
    # one search tells most texts apart: nothing here for them
    triggers = [trigger.pattern for trigger, _ in passes] + [marked.pattern]
    probe = re.compile(
        "|".join([*triggers, *([re.escape(rules.half_hour)] if rules.half_hour else [])])
    )

    unit_word = unit_rest

    marker_set = frozenset(markers)
    # a word ending in one of these goes on in the next word: 일과 | 이분의 | 일
    open_ends = tuple(w for w in (rules.decimal_point, *joiners) if w)
    if fractions is not None:
        open_ends += (fractions.mark, *((fractions.root,) if fractions.root else ()))
    mark = fractions.mark if fractions is not None else None

    def structural(left: str, right: str) -> bool:
        """May two words be one expression? Only across a sign, a point, a mark, a root or
        a joiner: 일 점 오, 이 분의 일, 일과 이분의 일, 마이너스 이."""
        if left in marker_set or right in marker_set or left.endswith(open_ends):
            return True
        if left[-1] in _BIG_UNITS and right[:1] in _NUMERALS and _hangul_number(left):
            return True  # 만 일 점 오: a number is spaced after 만, 억, 조 and 경
        return bool(mark and right.startswith(mark))

    measures = sorted(measure_words, key=len, reverse=True)

    def measure(rest: str) -> bool:
        """A unit, currency or temperature and its ending: what a signed number or a
        fraction may take (마이너스 2시 is no time: the sign is not read)."""
        if rest in particles or unit_of(rest) is not None:
            return True
        return any(rest.startswith(w) and rest[len(w) :] in particles for w in measures)

    point = rules.decimal_point

    def boundaries(words: Sequence[str]) -> list[bool]:
        """For each space, whether the words on both sides may be one expression; digits
        after a point may be said one word each (일 점 이 오), not any digits (삼 이)."""
        out = []
        after_point = False
        for left, right in zip(words, words[1:], strict=False):
            after_point = bool(point) and (
                left.endswith(point) or (after_point and left in _DIGIT_SYLLABLE)
            )
            out.append(structural(left, right) or (after_point and right in _DIGIT_SYLLABLE))
        return out

    # 분의 starts with 분, which follows 시 in a series: 세 시 이분의 일정 is minutes
    before_mark = {
        series[k - 1]
        for series in rules.series
        for k in range(1, len(series))
        if fractions is not None and fractions.mark.startswith(series[k])
    }

    def after_series(word: str) -> bool:
        return any(word.endswith(c) and _hangul_number(word[: -len(c)]) for c in before_mark)

    def acceptable(reading: Reading, words: Sequence[str], i: int, k: int) -> bool:
        if reading.kind == "integer":
            return False  # a bare number needs a counter: `ko_numbers`
        if reading.kind in ("fraction", "mixed") and i and after_series(words[i - 1]):
            return False
        if reading.kind != "decimal" and not measure(reading.rest):
            return False  # 마이너스 2시, 사분의 2시: no sign or fraction of a clock time
        if reading.kind == "decimal" and k > 1 and reading.rest and not unit_rest(reading.rest):
            return False  # 만점 오전 'full marks, morning': a particle ends the word it is in
        if reading.kind == "fraction" and reading.denominator in ambiguous and k > 1:
            if reading.text.startswith("-"):
                return True  # 마이너스 이분의 일: the sign says it is a number
            # 이 분의 일 'this person's work': 1/2 only before a unit
            after = words[i + k] if i + k < len(words) else ""
            return reading.unit or unit_word(after)
        return True

    def expressions(words: list[str]) -> list[str]:
        n = len(words)
        # how many words from i on may be one expression: across structural spaces only
        reach = [1] * n
        joins = boundaries(words)
        for t in range(n - 2, -1, -1):
            if joins[t]:
                reach[t] = min(reach[t + 1] + 1, MAX_GROUP)
        # the next word from i on with a sign, a point, a mark or a written fraction in it:
        # an expression without one is an integer, `ko_numbers`' to read
        next_marked = [n] * (n + 1)
        for t in range(n - 1, -1, -1):
            next_marked[t] = t if marked.search(words[t]) else next_marked[t + 1]
        out: list[str] = []
        i = 0
        while i < n:
            if next_marked[i] >= i + reach[i]:
                out.append(words[i])
                i += 1
                continue
            for k in range(reach[i], 0, -1):
                reading = grammar.read("".join(words[i : i + k]))
                if reading is not None and acceptable(reading, words, i, k):
                    out.append(reading.text + reading.rest)
                    i += k
                    break
            else:
                out.append(words[i])
                i += 1
        return out

    # every character a text that is one number may hold
    number_chars = frozenset("0123456789.,/-√").union(_NUMERALS, *markers, *joiners)

    def whole_number(words: list[str]) -> str | None:
        """The text as one number: 영, 백오, 만 이천 (a space only after 만 억 조 경, or
        inside an expression: 마이너스 이)."""
        if len(words) > MAX_GROUP:
            return None
        if any(w in never for w in (*words, "".join(words))):
            return None  # 만일 'if' is a word even alone
        if not all(boundaries(words)):
            return None
        reading = grammar.read("".join(words))
        if reading is None or reading.rest:
            return None
        if reading.kind == "integer" and len(words) > 1 and words[-1] in counter_set:
            return None  # 십만 일 is 100000일, as `ko_numbers` reads a counter apart
        return reading.text

    def half_hours(words: list[str]) -> list[str]:
        """네 시 반, 네시 반, 네시반 -> 30분 after the hour."""
        half = rules.half_hour
        out = list(words)
        for k, word in enumerate(words):
            if k and word.startswith(half) and word[len(half) :] in particles:
                hour = words[k - 1]
                if hour == "시" and k > 1:
                    hour = words[k - 2] + hour
                if hour.endswith("시") and _hangul_number(hour[:-1]):
                    out[k] = "30분" + word[len(half) :]
                continue
            at = word.find("시" + half)
            ending = word[at + 1 + len(half) :]
            if at > 0 and ending in particles and _hangul_number(word[:at]):
                out[k] = f"{word[:at]}시 30분{ending}"
        return out

    def read(text: str) -> str:
        if rules.whole_text_numbers and number_chars.issuperset(text.replace(" ", "")):
            whole = whole_number(text.split()) if text else None
            if whole is not None:
                return whole
        if not probe.search(text):
            return text
        words = text.split()
        changed = False
        for trigger, apply in passes:
            if trigger.search(text):
                words, changed = apply(words), True
        if markers and marked.search(text):
            words, changed = expressions(words), True
        if rules.half_hour and rules.half_hour in text:
            words, changed = half_hours(words), True
        return " ".join(words) if changed else text

    return read


def _any_of(words: Collection[str]) -> re.Pattern:
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


def _is_hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def _is_code(key: str) -> bool:
    """krw, usd: a currency code of letters (us$ has a symbol: `ko_units` reads it)."""
    return key.isascii() and key.isalpha()


# An amount as written next to a code: 5,000, 3.5, 30억.
_AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?[\d십백천만억조경]*")


def _code_pass(codes: dict[str, str]):
    """krw 5,000 -> 5,000 원, 5000krw -> 5000 원, 5 eur -> 5 유로, krw 오천 -> 오천 원: the
    amount first, then the currency's name, which `ko_numbers` attaches (5000원)."""
    ordered = sorted(codes, key=len, reverse=True)

    def amount(word: str) -> bool:
        return bool(_AMOUNT.fullmatch(word)) or parse_sino(word) is not None

    def split(word: str) -> list[str] | None:
        if not word.isascii() or word.isdigit():
            return None
        for code in ordered:
            if word.startswith(code) and _AMOUNT.fullmatch(word[len(code) :]):
                return [word[len(code) :], codes[code]]
            if word.endswith(code) and _AMOUNT.fullmatch(word[: -len(code)]):
                return [word[: -len(code)], codes[code]]
        return None

    def apply(words: list[str]) -> list[str]:
        # from the end: in krw krw 5, the amount moves before the second code, and then
        # before the first, as a second pass would move it
        out: list[str] = []
        for word in reversed(words):
            if word in codes and out and amount(out[-1]):
                out[-1:] = [codes[word], out[-1]]
                continue
            out.extend(reversed(split(word) or (word,)))
        out.reverse()
        # a code after its amount (5 eur) is the currency's name there
        return [
            codes[w] if w in codes and k and amount(out[k - 1]) else w for k, w in enumerate(out)
        ]

    return apply


def _digits(word: str) -> str | None:
    if word.isdigit() and word.isascii():
        return word
    if _DIGIT_WORD.fullmatch(word):
        return "".join(str(DIGIT_SYLLABLES[ch]) for ch in word)
    return None


def _phone_pass(separators: Sequence[str], country: Sequence[str], particles: Collection[str]):
    groups = "|".join(map(re.escape, separators))
    syllables = "".join(DIGIT_SYLLABLES)
    grouped = re.compile(f"[{syllables}]{{2,4}}(?:(?:{groups})[{syllables}]{{2,4}})+")
    group = re.compile(f"[{syllables}]{{2,4}}")
    country_words = frozenset(country)

    def separated(word: str) -> str | None:
        """공일공에일이삼사에오육칠팔 -> 01012345678, 일오팔팔에일이삼사 -> 15881234: groups of
        digit words with `separators` between them, three groups or seven digits."""
        if not groups or not grouped.fullmatch(word):
            return None
        parts = re.split(groups, word)
        if not all(group.fullmatch(part) for part in parts):
            return None
        digits = "".join(_digits(part) or "" for part in parts)
        return digits if len(parts) >= 3 or len(digits) >= 7 else None

    def spaced(words: list[str], i: int) -> tuple[str, int] | None:
        """공일공에 일이삼사에 오육칠팔: the groups may be words of their own."""
        k = i
        while k < len(words) - 1 and k - i < 4 and words[k].endswith(tuple(separators)):
            k += 1
        for end in range(k, i, -1):
            digits = separated("".join(words[i : end + 1]))
            if digits:
                return digits, end + 1
        return None

    def apply(words: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            joined = spaced(words, i) if groups and word.endswith(tuple(separators)) else None
            if joined is not None:
                out.append(joined[0])
                i = joined[1]
                continue
            if word in country_words:
                k, digits = i + 1, ""
                while k < len(words) and _digits(words[k]) is not None:
                    digits += _digits(words[k])
                    k += 1
                if digits:
                    out.append(f"{word} {digits}")  # `ko_measures` writes the +
                    i = k
                    continue
            out.append(separated(word) or word)
            i += 1
        return out

    return apply


def _per_pass(per: str, units: Collection[str]):
    """킬로미터 퍼 시간 -> 킬로미터퍼시간: one unit, which `ko_measures` writes km/h."""
    unit_set = frozenset(units)

    def apply(words: list[str]) -> list[str]:
        if per not in words:
            return words
        out: list[str] = []
        i = 0
        while i < len(words):
            if (
                i + 2 < len(words)
                and words[i + 1] == per
                and words[i] in unit_set
                and words[i + 2] in unit_set
            ):
                out.append(words[i] + per + words[i + 2])
                i += 3
            else:
                out.append(words[i])
                i += 1
        return out

    return apply


def _currency_pass(names: Sequence[str], table, particles: Collection[str]):
    """십만 뉴질랜드 달러 -> 십만 뉴질랜드달러: a two-word currency name after a number
    becomes its one written name (a particle may follow: 뉴질랜드 달러를)."""
    split = [(name.split(), table[name]) for name in sorted(names, key=len, reverse=True)]

    def apply(words: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(words):
            for parts, name in split if out and _numeric(out[-1]) else ():
                k = len(parts)
                last = words[i + k - 1] if i + k <= len(words) else ""
                if words[i : i + k - 1] == parts[:-1] and last.startswith(parts[-1]):
                    ending = last[len(parts[-1]) :]
                    if ending in particles:
                        out.append(name + ending)
                        i += k
                        break
            else:
                out.append(words[i])
                i += 1
        return out

    return apply


def _numeric(word: str) -> bool:
    """A word that ends in a number: 5000, 십이만, 1.5, 마이너스오."""
    return bool(word) and (word[-1].isdigit() or _hangul_number(word) or word[-1] in "만억조")


def _prefix_pass(prefixes: Sequence[str], counters: Sequence[str]):
    ordered = sorted(prefixes, key=len, reverse=True)

    def starts_a_number(rest: str) -> bool:
        """10시, 세시, 128년: digits, or a Hangul number right before a counter."""
        if rest[:1].isdigit():
            return True
        for cut in range(min(len(rest) - 1, 12), 0, -1):
            if _hangul_number(rest[:cut]) and any(rest.startswith(c, cut) for c in counters):
                return True
        return False

    firsts = frozenset(prefix[0] for prefix in ordered)

    def apply(words: list[str]) -> list[str]:
        out: list[str] = []
        for word in words:
            for prefix in ordered if word[:1] in firsts else ():
                rest = word[len(prefix) :]
                if word.startswith(prefix) and rest and starts_a_number(rest):
                    out += [prefix, rest]
                    break
            else:
                out.append(word)
        return out

    return apply


def _named_pass(times: dict[str, str], particles: Collection[str]):
    """정오에 -> 12시에: a time of day said by name is its clock time."""

    def apply(words: list[str]) -> list[str]:
        out: list[str] = []
        for word in words:
            name = next((n for n in times if word.startswith(n)), None)
            if name is not None and word[len(name) :] in particles:
                out.append(times[name] + word[len(name) :])
            else:
                out.append(word)
        return out

    return apply


def _common_tail(names: Collection[str]) -> str:
    """요일, the ending every weekday name shares (or '' if none)."""
    first = min(names, key=len, default="")
    for size in range(len(first), 0, -1):
        if all(name.endswith(first[-size:]) for name in names):
            return first[-size:]
    return ""


def _weekday_pass(names: frozenset[str], particles: Collection[str]):
    """28일수요일 -> 28일 수요일: a weekday is written apart from its day."""

    tail = _common_tail(names)

    def apply(words: list[str]) -> list[str]:
        out: list[str] = []
        for word in words:
            for name in names if tail in word else ():
                at = word.find(name, 2)
                if (
                    at > 1
                    and word[at - 1] == "일"
                    and word[at + len(name) :] in particles
                    and _hangul_number(word[: at - 1])
                ):
                    out += [word[:at], word[at:]]
                    break
            else:
                out.append(word)
        return out

    return apply
