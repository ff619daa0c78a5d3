"""Step `cardinals`: the numbers text2num leaves in pieces, written as one number.

After the numbers step, a spoken number is digits, but some readings stay in parts:

- a sign word: `minus 2` = `-2` (`minus_words`);
- a point word text2num leaves: `point 5` = `0.5`, `7 point 5 06` = `7.506` (`point_words`);
- a zero said "oh" between digits: `8 oh 5` = `8 05`, `5 5 oh 1` = `5 5 0 1` (`zero_words`);
- a repeated digit: `double 7` = `7 7` (`repeat_words`);
- a scale word read apart: `2.5 1000000000` (two point five billion) = `2500000000`, and
  `a 100` (a hundred) = `100` (`one_words`);
- a currency symbol stuck to a number is set apart first (`$2.5` -> `$ 2.5`), so the
  scale and money steps see the number;
- in a language that groups thousands with a space, `80 000` = `80000` here already, so
  the money and measure steps see one number (the late `digit_groups` step does the same
  after punctuation is gone; a text it joined is one this step joins too).

>>> from scoring.config.classes import CardinalRules
>>> step = build_cardinals(CardinalRules(minus_words=["minus"], zero_words=["oh"],
...     repeat_words={"double": 2}, one_words=["a"]), ".", space_groups=False)
>>> step("minus 2 , 8 oh 5 , double 7 , $2.5 1000000000 , a 100")
'-2 , 8 05 , 7 7 , $ 2500000000 , 100'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

import regex

from ..config.classes import CardinalRules
from .tables import Amount, PhraseTable, is_number, lowered, scan, word_set

__all__ = ["build_cardinals"]

StepFn = Callable[[str], str]

_DIGITS = re.compile(r"\d+")
_POWER = re.compile(r"10{3,}")
_HUNDREDS = re.compile(r"10{2,}")
_ZERO_DIGIT = re.compile(r"0\d")
# A digit after a point word, as text2num writes it: 5, or 06 for "o six"
_SPOKEN_DIGIT = re.compile(r"\d|0\d")
# A currency symbol (and letters before it, US$) stuck to the start or end of a number.
_STUCK_SYMBOL = regex.compile(
    r"^(\p{L}*\p{Sc}+)(-?[.,]?\d[\d.,]*)(/\p{L}+)?$|^(-?\d[\d.,]*)(\p{Sc}+)$"
)
# A written number that starts at its point: .5, .1205
_POINT_FIRST = regex.compile(r"[.,]\d+")
_SPACE_GROUPS = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d.,]| \d)")


def build_cardinals(
    rules: CardinalRules,
    decimal: str,
    *,
    space_groups: bool,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
) -> StepFn:
    minus = PhraseTable(dict.fromkeys(rules.minus_words, "-"), form)
    points = word_set(rules.point_words, form)
    zeros = word_set(rules.zero_words, form)
    repeats = {spelled: n for w, n in rules.repeat_words.items() for spelled in word_set([w], form)}
    ones = word_set(rules.one_words, form)
    plus = word_set(rules.plus_words, form)
    vocabulary = minus.firsts | points | zeros | frozenset(repeats) | ones | plus
    read_words = _word_reader(minus, points, zeros, repeats, ones, plus, decimal)
    if rules.minus_not_after:
        read_words = _not_after(read_words, minus.firsts, word_set(rules.minus_not_after, form))

    def merge_scale(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if i + 1 < len(tokens) and _POWER.fullmatch(tokens[i + 1]):
            merged = _merged(tokens[i], tokens[i + 1], decimal)
            if merged is not None:
                return i + 2, [merged]
        return None

    def convert(text: str) -> str:
        if not any(ch.isdigit() for ch in text):
            return text
        if space_groups and " " in text:
            text = _SPACE_GROUPS.sub(lambda m: m.group(0).replace(" ", ""), text)
        tokens = _set_symbols_apart(text.split())
        lower = lowered(tokens)
        if not vocabulary.isdisjoint(lower):
            tokens = scan(tokens, lower, read_words, skip)
            lower = lowered(tokens)
        return " ".join(scan(tokens, lower, merge_scale, skip))

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


def _set_symbols_apart(tokens: list[str]) -> list[str]:
    out = []
    for token in tokens:
        match = _STUCK_SYMBOL.match(token) if not token.isalnum() else None
        if match is None:
            out.append(token)
        elif match.group(1):
            out.extend([match.group(1), _leading_point(match.group(2))])
            if match.group(3):
                out.append(match.group(3))  # $20/mo: per month
        else:
            out.extend([match.group(4), match.group(5)])
    return [_leading_point(t) if _POINT_FIRST.fullmatch(t) else t for t in out]


def _leading_point(number: str) -> str:
    """`.506` -> `0.506` ($.506): a written number that starts at its point."""
    return "0" + number if number[:1] in ".," else number


def _word_reader(minus, points, zeros, repeats, ones, plus, decimal):
    """The reader of the number words text2num leaves, for `tables.scan`."""

    def point_digits(tokens: list[str], lower: list[str], end: int) -> tuple[int, str]:
        # text2num writes the digits after a point one by one, or "o six" as 06
        digits = ""
        while end < len(tokens) and (_SPOKEN_DIGIT.fullmatch(tokens[end]) or lower[end] in zeros):
            digits += "0" if lower[end] in zeros else tokens[end]
            end += 1
        return end, digits

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        n = len(tokens)
        word = lower[i]
        following = tokens[i + 1] if i + 1 < n else ""
        if word in minus.firsts:
            found = minus.match(tokens, i, lower)
            if found and i + found[0] < n and is_number(tokens[i + found[0]]):
                number = tokens[i + found[0]]
                return i + found[0] + 1, [number if number.startswith("-") else "-" + number]
        if word in points and (_SPOKEN_DIGIT.fullmatch(following) or following.lower() in zeros):
            end, digits = point_digits(tokens, lower, i + 1)
            return end, [f"0{decimal}{digits}"]  # point five: 0.5
        if _DIGITS.fullmatch(word) and following.lower() in points and i + 2 < n:
            if _SPOKEN_DIGIT.fullmatch(tokens[i + 2]) or lower[i + 2] in zeros:
                end, digits = point_digits(tokens, lower, i + 2)
                return end, [f"{word}{decimal}{digits}"]  # 7 point 5 06
        if word in repeats and (_single_digit(following) or following.lower() in zeros):
            digit = "0" if following.lower() in zeros else following
            return i + 2, [digit] * repeats[word]
        if word in repeats and _ZERO_DIGIT.fullmatch(following):
            # double zero five: text2num wrote "zero five" as 05
            return i + 2, ["0"] * repeats[word] + [following[1]]
        if _DIGITS.fullmatch(word) and following.lower() in zeros and i + 2 < n:
            if _single_digit(tokens[i + 2]):
                return i + 3, [word, "0" + tokens[i + 2]]  # eight oh five: 8 05
        if word in zeros and _single_digit(following) and i + 2 < n:
            if _DIGITS.fullmatch(tokens[i + 2]) or lower[i + 2] in zeros:
                return i + 1, ["0"]  # oh 3 1 ...
        if word in ones and _HUNDREDS.fullmatch(following):
            return i + 2, [following]  # a hundred: 100
        if word in plus and _DIGITS.fullmatch(following):
            if not (i > 0 and is_number(tokens[i - 1])):
                return i + 1, []  # plus 44: the + of a phone number
        if decimal in word and is_number(word) and following.lower() in zeros:
            end, digits = point_digits(tokens, lower, i + 1)  # 18.5 o: text2num stops at o
            return end, [word + digits]
        return None

    return read


def _not_after(read, words: frozenset[str], before: frozenset[str]):
    """`read`, except at one of `words` after one of `before` (fr au moins 5 is no -5)."""

    def read_unless(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if lower[i] in words and i > 0 and lower[i - 1] in before:
            return None
        return read(tokens, lower, i)

    return read_unless


def _single_digit(token: str) -> bool:
    return len(token) == 1 and token.isdigit()


def _merged(number: str, power: str, decimal: str) -> str | None:
    """`2.5 1000000000` = 2500000000, `400 1000000` = 400000000: text2num reads a scale
    word on its own when a number before it was read apart (a decimal, a written number).
    Only a power of ten of a thousand or more, after a number below a thousand."""
    amount = Amount.parse(number, decimal)
    if amount is None or len(amount.whole) > 3:
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
