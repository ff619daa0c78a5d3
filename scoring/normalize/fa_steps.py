"""Persian steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

- `fa_digits` (early, before the tokenizer and the hyphen step would cut a number): a
  written number in one form (`persian.digits`). Persian (۰-۹) and Arabic-Indic (٠-٩)
  digits become ASCII, `٫` is the decimal point (`۳٫۵` = `3.5`), `٬` and `,` between
  groups of three digits go (`۱۲٬۰۰۰` = `12000`), `.5` is `0.5`, a clock time is `H MM`
  (`۴:۳۰` = `4 30`, `۷:۰۰` = `7`), a minus sign before a
  number is the minus word (`-۱۲` = `منفی 12`: the punctuation step would delete the
  sign), and the config's `unit_symbols` become their word after the number, on either
  side of it (`۱۰٪` = `%10` = `10 درصد`, `$5` = `5 دلار`).
- `fa_numbers` (after fillers, on the final words): number words to digits
  (`persian.numbers`), see `build_persian_numbers`.
- `fa_times` (after it): a clock time as `H MM` (`persian.times`): `۴:۳۰` = `ساعت چهار
  و سی دقیقه` after ساعت = `4 30`, see `build_persian_times`.

>>> from scoring.config import bundle_from_data
>>> from scoring.normalize import build_normalizer
>>> fa = build_normalizer(bundle_from_data({"config": {"language": "fa", "name": "t",
...     "version": "1.0.0", "unit_symbols": {"٪": "درصد"},
...     "persian": {"digits": {"minus_word": "منفی"}}}, "lexicons": {}}))
>>> fa("۳٫۵ و ۱۲٬۰۰۰ و ۱۰٪ و -۷")
'3.5 و 12000 و 10 درصد و منفی 7'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ..config.models import LanguageConfig
from ..config.persian import PersianDigits, PersianNumbers, PersianTimes
from .steps import vocabulary_form

__all__ = [
    "EARLY_STEPS",
    "NUMBER_STEPS",
    "WORD_STEPS",
    "FILLER_STEPS",
    "build_persian_digits",
    "build_persian_numbers",
]

StepFn = Callable[[str], str]

_DIGITS = "0-9۰-۹٠-٩"
_ANY_DIGIT = re.compile(f"[{_DIGITS}]")
_TO_ASCII = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")
# A number token as fa_digits writes it
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_INTEGER = re.compile(r"[0-9]+")
# What a minus word makes negative: a number or a clock time (منفی 4:30 = -4:30)
_SIGNED = re.compile(r"[0-9]+(?:[.:][0-9]+)*")
# A clock time as written, hours 0-24: 4:30, 8:05:09
_CLOCK = re.compile(r"(?<![0-9:.])([01]?[0-9]|2[0-4]):([0-5][0-9])(?::([0-5][0-9]))?(?![0-9:])")


def split_clocks(text: str) -> str:
    """`4:30` = `4 30`, `7:00` = `7`, `8:05:09` = `8 05 09`: a clock time as `H MM`."""
    return _CLOCK.sub(_clock_parts, text) if ":" in text else text


def _clock_parts(match: re.Match) -> str:
    hours, minutes, seconds = match.groups()
    parts = [str(int(hours))]
    if minutes != "00" or seconds:
        parts.append(minutes)
    return " ".join(parts + [seconds] if seconds else parts)


def digits_step(config: LanguageConfig) -> StepFn | None:
    rules = config.persian
    if rules is None or rules.digits is None:
        return None
    return build_persian_digits(rules.digits, config.unit_symbols)


def numbers_step(config: LanguageConfig) -> StepFn | None:
    rules = config.persian
    if rules is None or rules.numbers is None:
        return None
    heads = rules.times.heads if rules.times else ()
    return build_persian_numbers(rules.numbers, vocabulary_form(config), heads)


def build_persian_digits(rules: PersianDigits, unit_symbols: Mapping[str, str]) -> StepFn:
    """One written form per number: ASCII digits, `.` for the decimal point, no grouping,
    the minus sign as a word and unit symbols as words after the number."""
    digit = "[0-9]"
    thousands = "".join(re.escape(sep) for sep in rules.thousands_separators)
    decimal = "".join(re.escape(sep) for sep in rules.decimal_separators)
    groups = f"{digit}{{1,3}}(?:[{thousands}]{digit}{{3}})+(?!{digit})" if thousands else None
    whole = f"(?:{groups}|{digit}+)" if groups else f"{digit}+"
    fraction = f"(?:[{decimal}]{digit}+)?" if decimal else ""
    # Not inside a longer run of digits and separators (a version 3.12.1 keeps its dots)
    number = re.compile(
        f"(?<![0-9{thousands}{decimal}])(?:{whole}{fraction}"
        + (f"|(?<![\\w])[{decimal}]{digit}+" if decimal else "")
        + ")"
    )
    separators = str.maketrans(dict.fromkeys(rules.thousands_separators, ""))
    points = str.maketrans(dict.fromkeys(rules.decimal_separators, "."))

    def write(match: re.Match) -> str:
        text = match.group(0).translate(separators).translate(points)
        return "0" + text if text.startswith(".") else text

    symbols = _symbol_rewriter(unit_symbols)
    # A sign starts a token: "TK-518" and the range "10-12" keep their hyphen
    minus = re.compile(r"(?<![\w.,\-−])[-−](?=[0-9])")
    minus_word = rules.minus_word + " "

    def convert(text: str) -> str:
        if not _ANY_DIGIT.search(text):
            return text
        # Every digit in ASCII, in numbers and in codes alike (TK-۵۱۸ = TK-518)
        text = split_clocks(number.sub(write, text.translate(_TO_ASCII)))
        if symbols is not None:
            text = symbols(text)
        if "-" in text or "−" in text:
            text = minus.sub(minus_word, text)
        return text

    return convert


def _symbol_rewriter(unit_symbols: Mapping[str, str]) -> StepFn | None:
    """`10%`, `%10`, `$5` -> `10 درصد`, `5 دلار`: the word after the number, as it is said.
    A symbol stuck to the start of a number is its own (`1402 $5` is 5 dollars)."""
    if not unit_symbols:
        return None
    alternatives = "|".join(re.escape(s) for s in sorted(unit_symbols, key=len, reverse=True))
    amount = r"-?[0-9]+(?:\.[0-9]+)?"
    stuck_before = re.compile(f"({alternatives})({amount})(?![0-9])")
    after = re.compile(f"(?<![0-9.])({amount}) ?({alternatives})(?![0-9])")
    spaced_before = re.compile(f"({alternatives}) ({amount})(?![0-9])")
    chars = frozenset("".join(unit_symbols))

    def prefix(match: re.Match) -> str:
        return f"{match.group(2)} {unit_symbols[match.group(1)]}"

    def rewrite(text: str) -> str:
        if chars.isdisjoint(text):
            return text
        text = stuck_before.sub(prefix, text)
        text = after.sub(lambda m: f"{m.group(1)} {unit_symbols[m.group(2)]}", text)
        return spaced_before.sub(prefix, text)

    return rewrite


# Kinds of number word, by the place they take in a number
_NO_LIMIT = 10**30
_ONES, _TENS, _HUNDREDS, _SCALE = range(4)


@dataclass(frozen=True)
class _Word:
    kind: int
    value: int
    mark: str = ""  # the ordinal mark a word carries (پنجم -> م, پنجمین -> مین)


@dataclass(frozen=True)
class _Part:
    end: int
    value: int | Decimal  # Decimal when digits with a point took part (2.5 میلیون)
    scale: int | None = None  # the scale word that closed the part, if any
    mark: str = ""


def _kind(value: int) -> int:
    if value < 20:
        return _ONES
    if value < 100:
        return _TENS
    return _HUNDREDS if value < 1000 else _SCALE


def build_persian_numbers(
    rules: PersianNumbers, form: StepFn = lambda word: word, time_heads: Iterable[str] = ()
) -> StepFn:
    """Persian number words to digits, reading only well-formed numbers.

    A number is groups from the largest to the smallest, joined by the conjunction: a
    group is a count below a thousand (`صد و بیست و پنج`, `دو صد`) and its scale word
    (`هزار`, `میلیون`), the last group may have none: `دو هزار و پانصد` = 2500. Inside a
    count, hundreds, tens and ones come in that order, joined by the conjunction. A
    conjunction is read only between a larger part and a smaller one, so `پنج و شش` (five
    and six) and `بیست و سی` stay two numbers. Digits take part before a scale word
    (`۲٫۵ میلیون` = `2.5 میلیون` = 2500000, `۲ میلیون و ۵۰۰ هزار`) and after a scale
    (`هزار و ۵۰۰` = 1500), never with the conjunction alone (`۲۰ و ۵` stays).

    Also read: a minus word (`منفی هفت` = -7, `منفی 12` = -12), a point word and its
    digits (`سه ممیز صفر پنج` = 3.05), a half (`دو و نیم` = 2.5, `دو و نیم میلیون` =
    2500000), tenths and hundredths (`سه و چهارده صدم` = 3.14), an ordinal as the last
    word (`بیست و پنجم` = `25م`, `پنجمین` = `5مین`, `۲۵ام` = `25م`), and a day before a
    month without its mark (`پنجم مهر` = `۵ مهر` = `5 مهر`). A number word that is also
    an ordinary word (`نه` "no") is read alone only before a counter (`نه تا`), after a
    number head (`ساعت نه`) or between two numbers (`صفر نه یک`). After a time head
    (`ساعت سه و نیم`) a half is half past the hour: it is left to the times step.

    >>> from scoring.config.persian import PersianNumbers
    >>> read = build_persian_numbers(PersianNumbers(ones={"دو": 2, "پنج": 5, "نه": 9},
    ...     tens={"بیست": 20}, hundreds={"پانصد": 500}, scales={"هزار": 1000},
    ...     conjunction="و", ordinals={"پنجم": 5}, ambiguous_alone=["نه"]))
    >>> read("دو هزار و پانصد ، بیست و پنجم ، پنج و دو ، نه")
    '2500 ، 25م ، 5 و 2 ، نه'
    """
    words: dict[str, _Word] = {}
    for table in (rules.ones, rules.tens, rules.hundreds, rules.scales):
        for word, value in table.items():
            words[form(word)] = _Word(_kind(value), value)
    for word, value in rules.ordinals.items():
        words[form(word)] = _Word(_kind(value), value, rules.ordinal_mark)
        words[form(word + rules.adjective_suffix)] = _Word(
            _kind(value), value, rules.ordinal_mark + rules.adjective_suffix
        )
    hundred_words = frozenset(w for w, v in words.items() if v == _Word(_HUNDREDS, 100))
    # Counts joined to their scale (ZWNJ removed, or none typed: دوهزار, سهمیلیون)
    joined = {
        first + scale: (first, scale)
        for first, word in words.items()
        if not word.mark and word.kind != _SCALE and word.value
        for scale, scale_word in words.items()
        if scale_word.kind == _SCALE and not scale_word.mark
    }
    joined = {token: parts for token, parts in joined.items() if token not in words}
    conjunction = form(rules.conjunction)
    minus = frozenset(map(form, rules.minus_words))
    points = frozenset(map(form, rules.point_words))
    halves = frozenset(map(form, rules.half_words))
    denominators = {form(word): value for word, value in rules.denominators.items()}
    ambiguous = frozenset(map(form, rules.ambiguous_alone))
    counters = frozenset(map(form, rules.counters))
    heads = frozenset(map(form, rules.number_heads))
    months = frozenset(map(form, rules.months))
    mark_of_digits = {
        form(k): form(v)
        for k, v in {
            rules.ordinal_mark: rules.ordinal_mark,
            rules.ordinal_mark + rules.adjective_suffix: rules.ordinal_mark
            + rules.adjective_suffix,
            **rules.digit_ordinal_marks,
        }.items()
    }
    marks_by_length = sorted(mark_of_digits, key=len, reverse=True)
    probe = frozenset(words) | frozenset(joined) | minus | points
    zero = next((w for w, v in words.items() if v == _Word(_ONES, 0)), None)
    clock_heads = frozenset(map(form, time_heads))

    def below_hundred(w: list[str], j: int) -> _Part | None:
        word = words.get(w[j]) if j < len(w) else None
        if word is None or word.kind not in (_ONES, _TENS):
            return None
        if word.kind == _TENS and not word.mark and j + 2 < len(w) and w[j + 1] == conjunction:
            unit = words.get(w[j + 2])
            if unit is not None and unit.kind == _ONES and 1 <= unit.value <= 9:
                return _Part(j + 3, word.value + unit.value, mark=unit.mark)
        return _Part(j + 1, word.value, mark=word.mark)

    def count(w: list[str], j: int) -> _Part | None:
        """A count below a thousand: [hundreds] [و tens] [و ones]."""
        word = words.get(w[j])
        if word is None or word.kind == _SCALE:
            return None
        hundreds, end = None, j + 1
        if word.kind == _HUNDREDS:
            hundreds = word
        elif (
            word.kind == _ONES
            and 1 <= word.value <= 9
            and not word.mark
            and j + 1 < len(w)
            and w[j + 1] in hundred_words
        ):
            hundreds, end = _Word(_HUNDREDS, word.value * 100), j + 2  # یک صد, دو صد
        if hundreds is None:
            return below_hundred(w, j)
        if not hundreds.mark and end + 1 < len(w) and w[end] == conjunction:
            rest = below_hundred(w, end + 1)
            if rest is not None:
                return _Part(rest.end, hundreds.value + rest.value, mark=rest.mark)
        return _Part(end, hundreds.value, mark=hundreds.mark)

    def group(w: list[str], j: int, limit: int, first: bool) -> _Part | None:
        if j >= len(w):
            return None
        token = w[j]
        scale = words.get(w[j + 1]) if j + 1 < len(w) else None
        scale = scale if scale is not None and scale.kind == _SCALE else None
        if _NUMBER.fullmatch(token) and not token.startswith("-"):
            if scale is not None and scale.value < limit:
                part = _Part(j + 2, Decimal(token) * scale.value, scale.value, scale.mark)
                return larger_scales(w, part, limit)
            if not first and _INTEGER.fullmatch(token) and int(token) < limit:
                return _Part(j + 1, int(token))
            return None
        word = words.get(token)
        if word is None:
            return None
        if word.kind == _SCALE:
            if word.value >= limit:
                return None
            return larger_scales(w, _Part(j + 1, word.value, word.value, word.mark), limit)
        part = count(w, j)
        if part is None or part.value >= limit:
            return None
        follows = words.get(w[part.end]) if part.end < len(w) else None
        if not part.mark and follows is not None and follows.kind == _SCALE:
            if follows.value < limit and (part.value or not first):
                part = _Part(part.end + 1, part.value * follows.value, follows.value, follows.mark)
                return larger_scales(w, part, limit)
        return part

    def larger_scales(w: list[str], part: _Part, limit: int) -> _Part:
        """A scaled group times a larger scale: هزار میلیارد = 10**12."""
        while not part.mark and part.end < len(w):
            larger = words.get(w[part.end])
            if larger is None or larger.kind != _SCALE or larger.value <= part.value:
                break
            if part.value * larger.value >= limit:
                break
            part = _Part(part.end + 1, part.value * larger.value, larger.value, larger.mark)
        return part

    def integer(w: list[str], j: int) -> _Part | None:
        """Groups joined by the conjunction, each smaller than the scale before it."""
        part = group(w, j, _NO_LIMIT, True)
        if part is None:
            return None
        total, end, scale, mark = part.value, part.end, part.scale, part.mark
        while scale is not None and not mark and end + 1 < len(w) and w[end] == conjunction:
            part = group(w, end + 1, scale, False)
            if part is None:
                break
            total += part.value
            end, scale, mark = part.end, part.scale, part.mark
        return _Part(end, total, scale, mark)

    def fraction(w: list[str], j: int) -> tuple[int, Decimal, int] | None:
        """Tenths, hundredths: `بیست و پنج صدم` = (end, 0.25, 2 digits)."""
        part = count(w, j) if j < len(w) else None
        if part is None or part.mark or part.end >= len(w):
            return None
        denominator = denominators.get(w[part.end])
        if denominator is None or part.value >= denominator:
            return None
        places = len(str(denominator)) - 1
        return part.end + 1, Decimal(part.value) / denominator, places

    def decimals(w: list[str], at: _Part, after_head: bool) -> tuple[int, str] | None:
        """The decimal part after a whole number: (end, the number with its decimals)."""
        end, whole = at.end, at.value
        if end >= len(w) or at.mark or not isinstance(whole, int):
            return None
        if w[end] in points:
            k, zeros = end + 1, ""
            while k < len(w) and w[k] == zero:
                k, zeros = k + 1, zeros + "0"
            rest = count(w, k) if k < len(w) else None
            if rest is not None and not rest.mark:
                return rest.end, f"{whole}.{zeros}{rest.value}"
            if k < len(w) and _INTEGER.fullmatch(w[k]):
                return k + 1, f"{whole}.{zeros}{w[k]}"
            return (k, f"{whole}.{zeros}") if zeros else None
        if at.scale is not None or end + 1 >= len(w) or w[end] != conjunction:
            return None
        if w[end + 1] in halves:
            return None if after_head else (end + 2, f"{whole}.5")
        found = fraction(w, end + 1)
        if found is not None:
            k, value, places = found
            return k, f"{whole}." + f"{value:.{places}f}"[2:]
        return None

    def number(w: list[str], i: int) -> tuple[int, str] | None:
        """(end, digits) of the number at w[i], or None."""
        sign, j = "", i
        if w[i] in minus and i + 1 < len(w):
            sign, j = "-", i + 1
            if _SIGNED.fullmatch(w[j]) and integer(w, j) is None:
                if j + 1 < len(w) and w[j + 1] in months:
                    return None  # a day of a month is no negative number
                return j + 1, sign + w[j]  # منفی 12, منفی 4:30
        alone = fraction(w, j)
        if alone is not None:  # پنج دهم = 0.5
            k, value, places = alone
            if sign and k < len(w) and w[k] in months:
                return None
            return k, sign + f"{value:.{places}f}"
        whole = integer(w, j)
        if whole is None:
            return None
        if not whole.mark and whole.end < len(w) and w[whole.end] in denominators:
            split = whole_and_fraction(w, j, whole.end)
            if split is not None:
                return whole.end + 1, sign + split
        end, text, mark = whole.end, None, whole.mark
        more = decimals(w, whole, i > 0 and w[i - 1] in clock_heads)
        if more is not None:
            end, text = more
            scale = words.get(w[end]) if end < len(w) else None
            if scale is not None and scale.kind == _SCALE and whole.value < 1000:
                end, text, mark = end + 1, _plain(Decimal(text) * scale.value), scale.mark
        if text is None:
            text = _plain(whole.value)
        if end - i == 1 and w[i] in ambiguous and not context(w, i):
            return None
        if mark and end < len(w) and w[end] in months:
            mark = ""  # a date: the day without its ordinal mark
        if sign and (mark or (end < len(w) and w[end] in months)):
            return None  # no negative ordinal or day: the minus word stays a word
        return end, sign + text + mark

    def whole_and_fraction(w: list[str], j: int, denominator_at: int) -> str | None:
        """`صد و یک صدم` = 100.01: the whole number ends at the first conjunction after
        which the words up to the denominator are a fraction (the largest one)."""
        for c in range(j + 1, denominator_at):
            if w[c] != conjunction:
                continue
            head = integer(w[:c], j)
            found = fraction(w, c + 1)
            if head is None or head.end != c or not isinstance(head.value, int) or not found:
                continue
            if found[0] == denominator_at + 1:
                return f"{head.value}." + f"{found[1]:.{found[2]}f}"[2:]
        return None

    def context(w: list[str], i: int) -> bool:
        """Is an ambiguous number word at w[i] a number here: before a counter or a month,
        after a number head, or in a run of numbers (two on one side, or one on each)?"""
        at = lambda k: w[k] if 0 <= k < len(w) else ""  # noqa: E731
        if at(i + 1) in counters or at(i + 1) in months or at(i - 1) in heads:
            return True
        before = numbers_in(at(i - 1)) + (numbers_in(at(i - 2)) if numbers_in(at(i - 1)) else 0)
        after = numbers_in(at(i + 1)) + (numbers_in(at(i + 2)) if numbers_in(at(i + 1)) else 0)
        return (before and after) or before >= 2 or after >= 2

    def numbers_in(token: str) -> int:
        if not token:
            return 0
        if token.lstrip("-")[:1].isdigit():
            return 1
        return 1 if token in words and token not in ambiguous else 0

    def digit_ordinal(w: list[str], i: int) -> tuple[int, str] | None:
        """`۲۵ام` = `25م`; `5م مهر` = `5 مهر`."""
        token = w[i]
        for mark in marks_by_length:
            if token.endswith(mark) and _INTEGER.fullmatch(token[: -len(mark)]):
                digits, end = token[: -len(mark)], i + 1
                break
        else:
            following = w[i + 1] if i + 1 < len(w) else ""
            if not (_INTEGER.fullmatch(token) and len(following) > 1):
                return None
            if following not in mark_of_digits:
                return None
            digits, mark, end = token, following, i + 2
        if end < len(w) and w[end] in months:
            return end, digits
        return end, digits + mark_of_digits[mark]

    def split_joined(tokens: list[str]) -> list[str]:
        out = []
        for token in tokens:
            out.extend(joined.get(token, (token,)))
        return out

    def convert(text: str) -> str:
        tokens = text.split()
        if probe.isdisjoint(tokens) and not _ANY_DIGIT.search(text):
            return text
        if not joined.keys().isdisjoint(tokens):
            tokens = split_joined(tokens)
        out = read(tokens)
        # An ambiguous word read as a number makes its neighbours a run of numbers (نه
        # نه نود): read again until nothing changes, as a second pass would
        while out != tokens and not ambiguous.isdisjoint(out):
            tokens, out = out, read(out)
        return " ".join(out)

    def read(tokens: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(tokens):
            found = None
            if tokens[i] in probe or tokens[i][:1].isdigit():
                found = number(tokens, i)
            if found is None and tokens[i][:1].isdigit():
                found = digit_ordinal(tokens, i)
            if found is None:
                out.append(tokens[i])
                i += 1
            else:
                i, written = found
                out.append(written)
        return out

    return convert


def _plain(value: int | Decimal) -> str:
    """Digits without an exponent or trailing zeros after the point: 2500000, 1234.5."""
    if isinstance(value, int):
        return str(value)
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def times_step(config: LanguageConfig) -> StepFn | None:
    rules = config.persian
    if rules is None or rules.times is None:
        return None
    return build_persian_times(rules.times, vocabulary_form(config))


def build_persian_times(rules: PersianTimes, form: StepFn = lambda word: word) -> StepFn:
    """A spoken clock time as `H MM`, as `fa_digits` writes a written one (`4:30` = `4
    30`), on digits (after `fa_numbers`); after a time head (ساعت), the hour and what
    follows it:
    `ساعت 4 و 30 دقیقه` = `ساعت 4 30`, `ساعت 3 و نیم` = `ساعت 3 30`, `ساعت 10 و ربع` =
    `ساعت 10 15`, `ساعت 1 ربع به 5` = `ساعت 4 45`, `ساعت 10 دقیقه به 5` = `ساعت 4 50`.
    The head stays, as both spellings say it.

    >>> from scoring.config.persian import PersianTimes
    >>> times = build_persian_times(PersianTimes(heads=["ساعت"], and_words=["و"],
    ...     minute_words=["دقیقه"], half_words=["نیم"], quarter_words=["ربع"], to_words=["به"]))
    >>> times("ساعت 4 و 30 دقیقه ، ساعت 3 و نیم ، ساعت 1 ربع به 5 ، 4 و 30 دقیقه")
    'ساعت 4 30 ، ساعت 3 30 ، ساعت 4 45 ، 4 و 30 دقیقه'
    """
    heads = frozenset(map(form, rules.heads))
    ands = frozenset(map(form, rules.and_words))
    minutes = frozenset(map(form, rules.minute_words))
    halves = frozenset(map(form, rules.half_words))
    quarters = frozenset(map(form, rules.quarter_words))
    to = frozenset(map(form, rules.to_words))

    def hour(token: str, most: int = 24) -> int | None:
        return int(token) if token.isdigit() and token.isascii() and int(token) <= most else None

    def after_head(w: list[str], i: int) -> tuple[int, list[str]] | None:
        """(end, [H, MM]) of the time after the head at w[i - 1]."""
        at = lambda k: w[k] if k < len(w) else ""  # noqa: E731
        h = hour(at(i))
        if h is not None and at(i + 1) in ands:
            nxt = at(i + 2)
            if nxt in halves or nxt in quarters:
                return i + 3, [str(h), "30" if nxt in halves else "15"]
            m = hour(nxt, 59)
            if m is not None and m > 0:
                end = i + 4 if at(i + 3) in minutes else i + 3
                return end, [str(h), f"{m:02d}"]
        # one quarter / ten minutes TO five
        if h is not None and (at(i + 1) in quarters or at(i + 1) in minutes) and at(i + 2) in to:
            before = 15 * h if at(i + 1) in quarters else h
            target = hour(at(i + 3), 24)
            if target is not None and 0 < before < 60:
                previous = (target - 1) % 12 or 12 if target <= 12 else target - 1
                return i + 4, [str(previous), f"{60 - before:02d}"]
        return None

    def convert(text: str) -> str:
        if heads.isdisjoint(text.split()):
            return text
        w = text.split()
        out: list[str] = []
        i = 0
        while i < len(w):
            if w[i] in heads:
                found = after_head(w, i + 1)
                if found is not None:
                    out += [w[i], *found[1]]
                    i = found[0]
                    continue
            out.append(w[i])
            i += 1
        return " ".join(out)

    return convert


EARLY_STEPS: tuple = (("fa_digits", digits_step),)
NUMBER_STEPS: tuple = ()
WORD_STEPS: tuple = ()
FILLER_STEPS: tuple = (("fa_numbers", numbers_step), ("fa_times", times_step))
