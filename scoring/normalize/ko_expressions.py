"""The grammar of a Korean number expression: a sign, a decimal, a fraction, a root.

One expression is one word once its spaces are taken out (마이너스 일 점 오 ->
마이너스일점오); `ExpressionGrammar.read` gives its written form and what follows it in
the word (a particle, a unit), or None when the word is not one expression:

    expression = [sign] (mixed | fraction | operand)
    mixed      = integer joiner fraction            일과이분의일 = 1 1/2
    fraction   = operand mark operand               사분의삼 = 3/4 (denominator first)
    operand    = [root] (decimal | integer)         루트이 = √2
    decimal    = integer point digit-syllables      일점삼 = 1.3, 영점영오 = 0.05
    integer    = Sino-Korean number | digits | 영     이십오, 25, 1만2천

Written pieces take part too (3분의1 = 1/3, 1과1/2 = 1 1/2, 마이너스3.5 = -3.5), so both
spellings of a number end up in one form. A decimal before 만, 억, 조 or 경 is a whole
number (일점오억 = 1.5억 = 150000000).

>>> from scoring.config.korean import Fractions
>>> grammar = ExpressionGrammar(["마이너스"], "점", Fractions(mark="분의", joiners=["과"],
...     root="루트"), endings={"", "이"}, unit=lambda rest: rest == "킬로그램")
>>> words = ("일점삼", "사분의삼이", "일과이분의일킬로그램", "마이너스루트이")
>>> [grammar.read(w).text for w in words]
['1.3', '3/4', '1 1/2', '-√2']
>>> grammar.read("사분의삼이").rest, grammar.read("이점이")
('이', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from decimal import Decimal

from ..caches import memo
from ..config.korean import Fractions
from .ko_numbers import BIG_UNITS, GYEONG, GYEONG_VALUE, parse_sino

__all__ = ["MAX_CHARS", "Expression", "ExpressionGrammar", "Reading", "integer_text"]

_DECIMAL_DIGITS = {"영": "0", "공": "0", "일": "1", "이": "2", "삼": "3", "사": "4", "오": "5",
                   "육": "6", "칠": "7", "팔": "8", "구": "9"}  # fmt: skip
_INTEGER_CHARS = frozenset("0123456789,영일이삼사오육륙칠팔구십백천만억조경")
_WRITTEN_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SCALES = {**BIG_UNITS, GYEONG: GYEONG_VALUE}
#: No expression is longer (마이너스 구천구백구십구경 … is about 60): a longer word is none,
#: so a long word costs linear time.
MAX_CHARS = 96


def integer_text(text: str) -> str | None:
    """25 -> 25, 1,000 -> 1000, 이십오 -> 25, 1만2천 -> 12000, 영 -> 0; else None."""
    if text == "영":
        return "0"
    if text.isdigit() and text.isascii():
        return text
    if "," in text:
        plain = text.replace(",", "")
        return plain if plain.isdigit() and re.fullmatch(r"\d{1,3}(,\d{3})+", text) else None
    value = parse_sino(text)
    return None if value is None else str(value)


@dataclass(frozen=True)
class Reading:
    """What a word reads as: the written form, the rest of the word after it, whether
    that rest starts with a unit, and what kind of expression it was."""

    text: str
    rest: str
    unit: bool
    kind: str
    denominator: str = ""


@dataclass(frozen=True)
class Expression:
    """A reading: its written form, where it ends in the word, what it is made of."""

    text: str
    end: int
    kind: str  # integer, decimal, fraction, mixed, written
    denominator: str = ""  # a fraction's denominator as said (이 in 이분의일)


class ExpressionGrammar:
    """Reads one expression from a word (see the module docstring)."""

    def __init__(
        self,
        signs: Collection[str],
        point: str | None,
        fractions: Fractions | None,
        *,
        endings: Collection[str],
        unit: Callable[[str], bool],
    ) -> None:
        # a written minus too: `ko_reread` sees the -3 an earlier step wrote
        self.signs = sorted({*signs, "-"} if signs else (), key=len, reverse=True)
        self.point = point
        self.mark = fractions.mark if fractions else None
        self.joiners = list(fractions.joiners) if fractions else []
        self.root = fractions.root if fractions else None
        self.endings = frozenset(endings) | {""}
        self.unit = unit
        root = f"(?:{re.escape(self.root)}|√)?" if self.root else ""
        number = rf"{root}\d+(?:\.\d+)?"
        self.written_fraction = re.compile(rf"({number})/({number})")
        self.read = memo(16384)(self._read)

    def markers(self) -> list[str]:
        """Words whose presence makes a text worth parsing."""
        return [w for w in (*self.signs, self.point, self.mark, self.root) if w]

    # -- pieces --------------------------------------------------------------------------

    def integers(self, s: str, p: int) -> Iterator[tuple[str, int]]:
        """Every integer starting at p, longest first."""
        end = p
        while end < len(s) and s[end] in _INTEGER_CHARS:
            end += 1
        for e in range(end, p, -1):
            value = integer_text(s[p:e])
            if value is not None:
                yield value, e

    def decimals(self, s: str, p: int) -> Iterator[tuple[str, int]]:
        written = _WRITTEN_NUMBER.match(s, p)
        if written and "." in written[0]:
            yield written[0], written.end()
        if not self.point:
            return
        for whole, e in self.integers(s, p):
            if not s.startswith(self.point, e):
                continue
            d = e + len(self.point)
            last = d
            while last < len(s) and s[last] in _DECIMAL_DIGITS:
                last += 1
            for k in range(last, d, -1):
                digits = "".join(_DECIMAL_DIGITS[ch] for ch in s[d:k])
                yield f"{int(whole)}.{digits}", k

    def operands(self, s: str, p: int) -> Iterator[tuple[str, int]]:
        prefix = ""
        if self.root and s.startswith(self.root, p):
            prefix, p = "√", p + len(self.root)
        elif self.root and s.startswith("√", p):  # read again: 루트 이 is √2 already
            prefix, p = "√", p + 1
        yield from ((prefix + v, e) for v, e in self.decimals(s, p))
        yield from ((prefix + v, e) for v, e in self.integers(s, p))

    def fractions(self, s: str, p: int) -> Iterator[tuple[str, int, str]]:
        """(N/D, end, denominator as said): 사분의삼, 3분의1, and a written 3/4, 1/루트4."""
        found = self.written_fraction.match(s, p)
        if found:
            numerator, denominator = (self._rooted(part) for part in (found[1], found[2]))
            yield f"{numerator}/{denominator}", found.end(), found[2]
        if not self.mark:
            return
        for denominator, e in self.operands(s, p):
            if not s.startswith(self.mark, e):
                continue
            for numerator, e2 in self.operands(s, e + len(self.mark)):
                yield f"{numerator}/{denominator}", e2, s[p:e]

    def _rooted(self, part: str) -> str:
        return "√" + part[len(self.root) :] if self.root and part.startswith(self.root) else part

    # -- the whole -----------------------------------------------------------------------

    def expressions(self, s: str, p: int) -> Iterator[Expression]:
        for whole, e in self.integers(s, p):
            for joiner in self.joiners:
                if s.startswith(joiner, e):
                    for fraction, e2, _ in self.fractions(s, e + len(joiner)):
                        yield Expression(f"{whole} {fraction}", e2, "mixed")
        for fraction, e, denominator in self.fractions(s, p):
            yield Expression(fraction, e, "fraction", denominator)
        for value, e in self.operands(s, p):
            kind = "decimal" if "." in value else "integer"
            yield Expression(value, e, "root" if value.startswith("√") else kind)

    def _read(self, word: str) -> Reading | None:
        """The reading that leaves a valid rest (a particle, a unit and a particle, or
        nothing), the longest first; None when there is none."""
        if len(word) > MAX_CHARS:
            return None
        sign, p = "", 0
        for word_sign in self.signs:
            if word.startswith(word_sign):
                sign, p = "-", len(word_sign)
                break
        for expression in self.expressions(word, p):
            rest = word[expression.end :]
            value, rest = _scaled(expression, rest)
            unit = bool(rest) and self.unit(rest)
            if not (rest in self.endings or unit):
                continue
            if expression.kind == "decimal" and value.endswith(".2") and not unit:
                if word[expression.end - 1] == "이" and value.count(".") == 1:
                    continue  # 이점이 'an advantage': a lone 이 after the point needs a unit
            kind = "sign" if sign and expression.kind == "integer" else expression.kind
            return Reading(sign + value, rest, unit, kind, expression.denominator)
        return None


def _scaled(expression: Expression, rest: str) -> tuple[str, str]:
    """1.5 + 억... -> 150000000: a decimal before a big unit is a whole number."""
    if expression.kind != "decimal":
        return expression.text, rest
    for unit, size in _SCALES.items():
        if rest.startswith(unit):
            value = Decimal(expression.text) * size
            if value == value.to_integral_value():
                return str(int(value)), rest[len(unit) :]
    return expression.text, rest
