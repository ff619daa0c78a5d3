"""Step `cardinals`: the numbers text2num leaves in pieces, written as one number.

After the numbers step, a spoken number is digits, but some readings stay in parts:

- a sign word: `minus 2` = `-2` (`minus_words`), not after a number (`5 minus 2`, es `las 2
  menos 20`: a difference, a time);
- a point word text2num leaves: `point 5` = `0.5`, `7 point 5 06` = `7.506` (`point_words`);
- a zero said "oh" between digits: `8 oh 5` = `8 05`, `5 5 oh 1` = `5 5 0 1` (`zero_words`);
- a repeated digit: `double 7` = `7 7` (`repeat_words`);
- a scale word read apart: `2.5 1000000000` (two point five billion) = `2500000000`, and
  `a 100` (a hundred) = `100` (`one_words`);
- a scale word text2num does not know (`large_scales`, de Billion 12): `10 billionen 5` =
  `10000000000005`, `eine billiarde 3 billionen` = `1003000000000000`;
- a currency symbol stuck to a number is set apart first (`$2.5` -> `$ 2.5`), so the
  scale and money steps see the number;
- in a language that groups thousands with a space, `80 000` = `80000` here already, so
  the money and measure steps see one number (the late `digit_groups` step does the same
  after punctuation is gone; a text it joined is one this step joins too).

>>> from scoring.config.classes import CardinalRules
>>> step = build_cardinals(CardinalRules(minus_words=["minus"], zero_words=["oh"],
...     repeat_words={"double": 2}, one_words=["a"]), ".", space_groups=False)
>>> step("minus 2 is cold , at 8 oh 5 , double 7 , $2.5 1000000000 , a 100")
'-2 is cold , at 8 05 , 7 7 , $ 2500000000 , 100'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

import regex

from ..config.classes import CardinalRules
from .tables import (
    Amount,
    PhraseTable,
    can_read,
    has_digit,
    is_number,
    lowered,
    scan,
    split_lowered,
    word_set,
)

__all__ = ["build_cardinals", "roman_number"]

StepFn = Callable[[str], str]

_DIGITS = re.compile(r"\d+")
_POWER = re.compile(r"10{3,}")
_HUNDREDS = re.compile(r"10{2,}")
_ZERO_DIGIT = re.compile(r"0\d")
_EDGE_SYMBOLS = regex.compile(r"^_+|^/(?=\d)|[_/]+$")
_CURRENCY = regex.compile(r"\p{L}*\p{Sc}+")
# A digit after a point word, as text2num writes it: 5, or 06 for "o six"
_SPOKEN_DIGIT = re.compile(r"\d|0\d")
# A currency symbol (and letters before it, US$) stuck to the start or end of a number.
_STUCK_SYMBOL = regex.compile(
    r"^(\p{L}*\p{Sc}+)(-?[.,]?\d[\d.,]*)(/\p{L}+)?$|^(-?\d[\d.,]*)(\p{Sc}+)$"
)
# A three-letter code stuck to the start or end of a number (PAB5,50, 13HKD)
_STUCK_CODE = regex.compile(r"([A-Za-z]{3})(-?\d[\d.,]*)|(-?\d[\d.,]*)([A-Za-z]{3})")
# What each rewrite of `_set_symbols_apart` needs somewhere in the text: an edge symbol,
# a currency symbol, a number that starts at its point, three letters against a number.
# (Separate searches: one pattern of the five alternatives is several times slower.)
_CURRENCY_SYMBOL = regex.compile(r"\p{Sc}")
# (`regex`, as the patterns they stand for: its \d knows more digits than `re`'s.)
_POINT_DIGIT = regex.compile(r"[.,]\d")
_LETTER_NUMBER = regex.compile(r"[A-Za-z]-?\d")
_NUMBER_LETTER = regex.compile(r"[\d.,][A-Za-z]")


# The same in an ASCII text, where every \d is 0-9 and $ the only currency symbol: each
# search starts at a digit, a point or a dash, not at every letter (a quarter of the time).
_ASCII_POINT_DIGIT = re.compile(r"[.,][0-9]")
_ASCII_AGAINST = re.compile(r"[0-9.,](?:(?=[A-Za-z])|(?<=[A-Za-z][0-9]))")
_ASCII_DASH_NUMBER = re.compile(r"-(?<=[A-Za-z]-)[0-9]")


def _maybe_stuck(text: str) -> bool:
    if "_" in text or "/" in text:
        return True
    if text.isascii():
        return bool(
            "$" in text
            or _ASCII_POINT_DIGIT.search(text)
            or _ASCII_AGAINST.search(text)
            or _ASCII_DASH_NUMBER.search(text)
        )
    return bool(
        _CURRENCY_SYMBOL.search(text)
        or _POINT_DIGIT.search(text)
        or _LETTER_NUMBER.search(text)
        or _NUMBER_LETTER.search(text)
    )


# A number with an underscore at an edge, which the punctuation step removes later
_UNDERSCORED = regex.compile(r"_+\d+(?:[.,]\d+)?_*|\d+(?:[.,]\d+)?_+")
# A written number that starts at its point: .5, .1205
_POINT_FIRST = regex.compile(r"[.,]\d+")
# Not before a letter: "1 100º" (un centésimo) is a fraction's parts, not 1100º.
# For `scan`: no word of letters only starts a span (a reader that needs a digit first).
_NO_WORDS: frozenset[str] = frozenset()
# Two pieces of a run of digits said one by one (`_run_reader`: 5, 05) in a text of tokens
# joined by single spaces: a run needs two of them.
_TWO_PIECES = re.compile(r"(?<!\S)0?[0-9] (?:.* )?0?[0-9](?!\S)")
_HUNDRED = re.compile("100")
_THOUSAND = re.compile("1000")
_SPACE_GROUPS = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d.,]|[^\W\d_]| \d)")


def build_cardinals(
    rules: CardinalRules,
    decimal: str,
    *,
    space_groups: bool,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
    runs: Callable[[str], list[str]] | None = None,
    code_words: frozenset[str] = frozenset(),
    not_before: frozenset[str] = frozenset(),
    amount_words: frozenset[str] = frozenset(),
    currency_codes: frozenset[str] = frozenset(),
) -> StepFn:
    """`runs`: digits said one by one are one number here already (one two three = 123,
    written by `runs`), so "one two three dollars" is read as 123 dollars on the first pass
    as on the second; not next to a spelled letter or a letter name (`code_words`), where
    the spelled-code steps join them with their letters."""
    read_run = _run_reader(runs, code_words) if runs is not None else None
    minus = PhraseTable(dict.fromkeys(rules.minus_words, "-"), form)
    points = word_set(rules.point_words, form)
    zeros = word_set(rules.zero_words, form)
    repeats = {spelled: n for w, n in rules.repeat_words.items() for spelled in word_set([w], form)}
    ones = word_set(rules.one_words, form)
    plus = word_set(rules.plus_words, form)
    vocabulary = minus.firsts | points | zeros | frozenset(repeats) | ones | plus
    read_words = _word_reader(
        minus, points, zeros, repeats, ones, plus, decimal, not_before, amount_words
    )
    if rules.minus_not_after:
        read_words = _not_after(read_words, minus.firsts, word_set(rules.minus_not_after, form))
    roman_context = word_set(rules.roman_after, form)
    if roman_context:
        vocabulary |= roman_context
        read_words = _roman_reader(roman_context, read_words)

    large = {spelled: p for w, p in rules.large_scales.items() for spelled in word_set([w], form)}

    def large_number(tokens: list[str], lower: list[str], i: int) -> tuple[int, Decimal] | None:
        """(index after, value) of `N <large scale> [rest]`, the rest below the scale."""
        if i + 1 >= len(tokens) or lower[i + 1] not in large:
            return None
        amount = Amount.parse("1" if lower[i] in ones else tokens[i], decimal)
        power = large[lower[i + 1]]
        # below the scale: es diez mil billones (10^16) is said so, with no word of its own
        if amount is None or len(amount.whole) > power or amount.sign:
            return None
        value = Decimal(f"{amount.whole}.{amount.fraction or '0'}").scaleb(power)
        end = i + 2
        rest = large_number(tokens, lower, end)
        if rest is not None and rest[1] < Decimal(1).scaleb(power):
            return rest[0], value + rest[1]
        if end < len(tokens) and tokens[end].isdigit() and len(tokens[end]) <= power:
            scaled = _POWER.fullmatch(_at(tokens, end + 1)) and _merged(
                tokens[end], tokens[end + 1], decimal
            )  # 2 millones 500 mil: 500 1000
            if scaled and len(scaled) <= power and scaled.isdigit():
                return end + 2, value + int(scaled)
            return end + 1, value + int(tokens[end])
        return end, value

    def merge_scale(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if large:
            found = large_number(tokens, lower, i)
            if found is not None and found[1] == found[1].to_integral_value():
                return found[0], [str(int(found[1]))]
        if i + 1 < len(tokens) and _POWER.fullmatch(tokens[i + 1]):
            merged = _merged(tokens[i], tokens[i + 1], decimal)
            if merged is not None:
                return i + 2, [merged]
        return None

    # Words of letters only that `merge_scale` can start at: a one word before a large
    # scale (one million); every other number it merges is written with digits.
    scale_starts = ones if large else frozenset()
    # Every reading of `read_words` takes one of these words, except "a 100", which takes a
    # one word ("a" is in most texts: it alone is no reason to scan).
    needed = minus.firsts | points | zeros | frozenset(repeats) | plus | roman_context
    # `merge_scale` reads a large scale word, or a power of ten from 1000 up (`_POWER`).
    scale_words = frozenset(large)

    def word_readings(lower: list[str], text: str) -> bool:
        if can_read(needed, lower):
            return True
        # "a 100": no step before or reading here writes a 100 that was not in the text
        return can_read(ones, lower) and can_read(_NO_WORDS, lower, text, _HUNDRED.search)

    def convert(text: str) -> str:
        if not has_digit(text):
            words = text.lower().split()
            if large.keys().isdisjoint(words) and roman_context.isdisjoint(words):
                return text
        if space_groups and " " in text:
            text = _SPACE_GROUPS.sub(lambda m: m.group(0).replace(" ", ""), text)
        split, lower = split_lowered(text)
        tokens = _set_symbols_apart(split, currency_codes)
        if tokens is not split:
            lower = lowered(tokens)
        for _ in range(3):  # minus point two: 0.2 first, then -0.2, as a second pass reads it
            if not word_readings(lower, text):
                break
            # read_words starts only at a word of its vocabulary or a word with a digit
            read = scan(tokens, lower, read_words, skip, vocabulary)
            if read == tokens:
                break
            tokens, lower = read, lowered(read)
        done = " ".join(tokens)
        if runs is not None and can_read(_NO_WORDS, lower, done, _TWO_PIECES.search):
            tokens = scan(tokens, lower, read_run, skip, _NO_WORDS)  # a run starts at a digit
            lower = lowered(tokens)
            done = " ".join(tokens)
        if not can_read(scale_words, lower, done, _THOUSAND.search):
            return done
        return " ".join(scan(tokens, lower, merge_scale, skip, scale_starts))

    if rules.roman_suffixes:
        return _with_roman(convert, _roman_ordinals(rules.roman_suffixes))
    return convert


def _with_roman(convert: StepFn, roman: Callable[[str], str | None]) -> StepFn:
    def read(text: str) -> str:
        tokens = text.split()
        if any(map(roman, tokens)):
            text = " ".join(roman(token) or token for token in tokens)
        return convert(text)

    return read


def _set_symbols_apart(tokens: list[str], codes: frozenset[str] = frozenset()) -> list[str]:
    """A currency symbol stuck to a number set apart ($2.5 = $ 2.5), and a currency code of
    `codes` in any case (PAB5,50 = pab 5,50, 13HKD = 13 hkd), before scales are read."""
    if not can_read(_NO_WORDS, tokens, " ".join(tokens), _maybe_stuck):
        return tokens  # most texts: a few searches instead of three patterns a token
    out = []
    for token in tokens:
        if token.isalpha() or token.isdigit():
            out.append(token)  # letters or digits alone: none of the rewrites below
            continue
        coded = _STUCK_CODE.fullmatch(token) if codes else None
        if coded and (coded.group(1) or coded.group(4)).upper() in codes:
            out += [part for part in coded.groups() if part]
            continue
        if token[:1] in "_/" or token[-1:] in "_/":
            # _20, 4th_, /2: a symbol the spoken-symbol step stuck to a number with nothing
            # on its other side; the punctuation step drops it (not /km, a unit)
            token = _EDGE_SYMBOLS.sub("", token) or token
        match = _STUCK_SYMBOL.match(token) if not token.isalnum() else None
        if match is None:
            out.append(token)
        elif match.group(1):
            out.extend([match.group(1), _leading_point(match.group(2))])
            if match.group(3):
                out.append(match.group(3))  # $20/mo: per month
        else:
            out.extend([match.group(4), match.group(5)])
    return [_leading_point(t) if t[:1] in ".," and _POINT_FIRST.fullmatch(t) else t for t in out]


def _leading_point(number: str) -> str:
    """`.506` -> `0.506` ($.506): a written number that starts at its point."""
    return "0" + number if number[:1] in ".," else number


def _word_reader(
    minus, points, zeros, repeats, ones, plus, decimal, not_before=frozenset(), amount_words=()
):
    """The reader of the number words text2num leaves, for `tables.scan`."""

    def point_digits(tokens: list[str], lower: list[str], end: int) -> tuple[int, str]:
        start = end
        # text2num writes the digits after a point one by one, or "o six" as 06
        digits = ""
        while end < len(tokens) and (_SPOKEN_DIGIT.fullmatch(tokens[end]) or lower[end] in zeros):
            digits += "0" if lower[end] in zeros else tokens[end]
            end += 1
        if end < len(tokens) and tokens[end][:1].isdigit() or len(digits) > 6:
            # point 9 13 (point 9:13), point 1 9 8 8 0 2 1 1 (a code written one digit per
            # token): not a decimal a second pass could read where the first did not
            return start, ""
        return end, digits

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        n = len(tokens)
        word = lower[i]
        following = tokens[i + 1] if i + 1 < n else ""
        if word in minus.firsts and not _after_number(tokens, lower, i, amount_words):
            # not after a number: 5 minus 2 is a difference, las 2 menos 20 a time
            found = minus.match(tokens, i, lower)
            number_at = i + found[0] if found else n
            if (
                found
                and number_at < n
                and is_number(tokens[number_at])
                and tokens[number_at][0] != "-"
            ):
                number = tokens[i + found[0]]
                after = tokens[i + found[0] + 1] if i + found[0] + 1 < n else ""
                # minus 9 13 (9:13) is not -9, minus 11 february (a date) not -11
                if not after[:1].isdigit() and after.lower() not in not_before:
                    return i + found[0] + 1, [number if number.startswith("-") else "-" + number]
        if word in points and (_SPOKEN_DIGIT.fullmatch(following) or following.lower() in zeros):
            end, digits = point_digits(tokens, lower, i + 1)
            if digits and _at(tokens, end).lower() not in not_before:
                return end, [f"0{decimal}{digits}"]  # point five: 0.5
        if _DIGITS.fullmatch(word) and following.lower() in points and i + 2 < n:
            if _SPOKEN_DIGIT.fullmatch(tokens[i + 2]) or lower[i + 2] in zeros:
                end, digits = point_digits(tokens, lower, i + 2)
                if digits and _at(tokens, end).lower() not in not_before:
                    return end, [f"{word}{decimal}{digits}"]  # 7 point 5 06
        if word in minus.firsts and _CURRENCY.fullmatch(following) and i + 2 < n:
            if is_number(tokens[i + 2]) and not tokens[i + 2].startswith("-"):
                return i + 3, [following, "-" + tokens[i + 2]]  # minus $120: $ -120
        if word in repeats and (_single_digit(following) or following.lower() in zeros):
            after = tokens[i + 2] if i + 2 < n else ""
            if _single_digit(after) and _ends_long(tokens, i + 2):
                after = "00"  # double 9 9 13 (double nine, 9:13): the 9 is an hour
            # double 9 30 (9:30), double 8 july (July 8): the digit is part of something else
            if (
                not (after[:1].isdigit() and not _single_digit(after))
                and after.lower() not in not_before
            ):
                digit = "0" if following.lower() in zeros else following
                return i + 2, [digit] * repeats[word]
        if word in repeats and _ZERO_DIGIT.fullmatch(following):
            # double zero five: text2num wrote "zero five" as 05
            return i + 2, ["0"] * repeats[word] + [following[1]]
        if (
            _DIGITS.fullmatch(word)
            and following.lower() in zeros
            and i + 2 < n
            and not (
                i > 0 and tokens[i - 1].isdigit()  # 9 13 oh 4 (9:13, oh four): 13 is minutes
            )
        ):
            # not 20 oh 7 50 (twenty oh 7:50): the 7 is an hour
            after = _at(tokens, i + 3)
            if (
                _single_digit(tokens[i + 2])
                and not after[:2].isdigit()
                and after.lower() not in not_before
            ):
                return i + 3, [word, "0" + tokens[i + 2]]  # eight oh five: 8 05
        if word in zeros and following.lower() in repeats:
            return i + 1, ["0"]  # oh double four: 0 4 4
        if (
            word in zeros
            and _single_digit(following)
            and i + 2 < n
            and not _ends_long(tokens, i + 1)
        ):
            if _single_digit(tokens[i + 2]) or lower[i + 2] in zeros:
                return i + 1, ["0"]  # oh 3 1 ...
        if word in ones and _HUNDREDS.fullmatch(following):
            return i + 2, [following]  # a hundred: 100
        if word in plus and _DIGITS.fullmatch(following):
            phone = len(following) >= 7 or (i + 2 < n and _DIGITS.fullmatch(tokens[i + 2]))
            if phone and not (i > 0 and is_number(tokens[i - 1])):
                return i + 1, []  # plus 44 20 ...: the + of a phone number (not más 12:00)
        if decimal in word and is_number(word) and following.lower() in zeros:
            end, digits = point_digits(tokens, lower, i + 1)  # 18.5 o: text2num stops at o
            if digits:
                return end, [word + digits]
        return None

    return read


# A Roman numeral from 1 to 3999, in either case (siglo XIX, siglo xix)
_ROMAN = re.compile(r"(?=[mdclxvi])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"m": 1000, "d": 500, "c": 100, "l": 50, "x": 10, "v": 5, "i": 1}


def _roman_reader(context: frozenset[str], read):
    """A Roman numeral after a `roman_after` word is its number: siglo XIX = siglo 19."""

    def read_roman(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if lower[i] in context and i + 1 < len(tokens) and _ROMAN.fullmatch(lower[i + 1]):
            return i + 2, [tokens[i], str(_roman_value(lower[i + 1]))]
        return read(tokens, lower, i)

    return read_roman


def roman_number(numeral: str) -> int | None:
    """XIX -> 19 (lower or upper case), or None for a word that is no Roman numeral."""
    return _roman_value(numeral.lower()) if _ROMAN.fullmatch(numeral.lower()) else None


def _roman_value(numeral: str) -> int:
    values = [_ROMAN_VALUES[ch] for ch in numeral]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))


def _at(tokens: list[str], i: int) -> str:
    return tokens[i] if i < len(tokens) else ""


def _run_reader(write: Callable[[str], list[str]], code_words: frozenset[str]):
    """Digits said one by one (single digits, or 0 and a digit as text2num writes "zero
    five"): two or more, three digits or more, one of them alone; not a counted list next
    to a longer number (1 2 3 ... 9 10), not inside a spelled code."""

    def piece(token: str) -> bool:
        if not (token.isascii() and token.isdigit()):
            return False
        return len(token) == 1 or (len(token) == 2 and token[0] == "0")

    def beside(tokens: list[str], lower: list[str], j: int, listed: Callable) -> bool:
        """A piece of a spelled code at j, or a number that makes the run a counted list
        (1 2 3 ... 9 10): the run is not a number of its own."""
        if j < 0 or j >= len(tokens):
            return False
        token = tokens[j]
        if token.isdigit():
            return _by_ones(listed(token))
        return (len(token) == 1 and token.isalpha()) or lower[j] in code_words

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if not piece(tokens[i]):
            return None
        end = i
        while end < len(tokens) and piece(tokens[end]):
            end += 1
        run = tokens[i:end]
        if len(run) < 2 or sum(map(len, run)) < 3 or all(len(t) == 2 for t in run):
            return None
        if beside(tokens, lower, i - 1, lambda t: [t, *run]) or beside(
            tokens, lower, end, lambda t: [*run, t]
        ):
            return None
        return end, write("".join(run))

    return read


def _after_number(tokens: list[str], lower: list[str], i: int, amount_words) -> bool:
    """A number just before (5 minus 2: a difference; las 2 menos 20: a time), or a number
    and its currency (120 dollar minus 20, as the money step writes $120 minus 20): not a
    sign."""
    if i > 0 and is_number(tokens[i - 1]):
        return True
    return i > 1 and lower[i - 1] in amount_words and is_number(tokens[i - 2])


def _ends_long(tokens: list[str], i: int) -> bool:
    """Single digits from i that end in a number of two digits or more: 9 9 13 is a digit
    and a clock (9:13), not three digits said one by one."""
    while i < len(tokens) and _single_digit(tokens[i]):
        i += 1
    return i < len(tokens) and tokens[i].isdigit()


def _not_after(read, words: frozenset[str], before: frozenset[str]):
    """`read`, except at one of `words` after one of `before` (fr au moins 5 is no -5)."""

    def read_unless(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if lower[i] in words and i > 0 and lower[i - 1] in before:
            return None
        return read(tokens, lower, i)

    return read_unless


def _by_ones(numbers: list[str]) -> bool:
    """Numbers that go up or down by one: a list counted aloud."""
    steps = {int(b) - int(a) for a, b in zip(numbers, numbers[1:], strict=False)}
    return steps in ({1}, {-1})


def _single_digit(token: str) -> bool:
    return len(token) == 1 and token.isdigit()


def _merged(number: str, power: str, decimal: str) -> str | None:
    """`2.5 1000000000` = 2500000000, `400 1000000` = 400000000: text2num reads a scale
    word on its own when a number before it was read apart (a decimal, a written number).
    Only after a number below a thousand, and, after a whole number, a million or more:
    text2num reads "twenty thousand" itself, so "20 1000" is two numbers."""
    amount = Amount.parse(number, decimal)
    if amount is None or len(amount.whole) > 3 or (amount.is_integer and len(power) < 7):
        return None
    return _times(amount, len(power) - 1, decimal)


def _times(amount: Amount, exponent: int, decimal: str) -> str | None:
    try:
        value = Decimal(f"{amount.sign}{amount.whole}.{amount.fraction or '0'}").scaleb(exponent)
    except InvalidOperation:
        return None
    if value == value.to_integral_value():
        return str(int(value))
    whole, _, fraction = format(value.normalize(), "f").partition(".")
    return f"{whole}{decimal}{fraction}"


# A Roman numeral from 1 to 3999 in capitals, then a written suffix
_ROMAN_NUMERAL = r"(?=[MDCLXVI])M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})"
_ROMAN_DIGITS = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}


def _roman_ordinals(suffixes: list[str]) -> Callable[[str], str | None]:
    """`XXᵉ` -> `20ᵉ`, `XIXe` -> `19e`, `Vème` -> `5ème`: the numeral as digits, the suffix
    as written (the suffix pattern reads it next); None for anything else (Le, Mer, MMe)."""
    alternatives = "|".join(re.escape(s) for s in sorted(suffixes, key=len, reverse=True))
    pattern = re.compile(rf"({_ROMAN_NUMERAL})({alternatives})((?:s|ˢ)?)")

    def read(token: str) -> str | None:
        match = pattern.fullmatch(token) if token[:1] in _ROMAN_DIGITS else None
        if match is None or (len(match.group(1)) == 1 and match.group(2).isascii()):
            return None
        values = [_ROMAN_DIGITS[ch] for ch in match.group(1)]
        number = sum(-v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True))
        return f"{number}{match.group(2)}{match.group(3)}"

    return read
