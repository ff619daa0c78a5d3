"""Korean units after a number in one written form, attached: 5 킬로미터 = 5 km = 5km.

Runs after `ko_numbers`, on numbers already in digits. A unit after a number (in its word
or as the next word) is written as the config's form for it (`korean.units`): 킬로미터,
km and ㎞ are km, 제곱미터 and m² are m2, 프로 is 퍼센트, py is 평; a unit over another
(`per_word` 퍼, or /) is `km/h`. The unit is attached to the number, with its ending:

- 5km, 1.5kg, 100m2, 60km/h, 50퍼센트, 33평;
- a number `ko_numbers` leaves apart (a sign, a fraction, a number read after it) takes
  its unit, currency or counter too: -10 도 = -10도, 1/2 킬로그램 = 1/2kg, -5000 원 =
  -5000원, 5678.1 개 = 5678.1개.

A unit word with no number before it stays a word (킬로미터를 달렸다). The word for the + of
a phone number before its digits is the + (`phones.country_code`): 국가번호 821012345678 =
+821012345678.

>>> units = UnitReader({"킬로미터": "km", "km": "km"}, "퍼", {"시간": "h"}, particles=["를"])
>>> read = build_measures(units, attach=["원"])
>>> read("5 킬로미터 60킬로미터퍼시간 10 km를 -500 원 킬로미터")
'5km 60km/h 10km를 -500원 킬로미터'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Mapping

__all__ = ["UnitReader", "build_measures", "prefixes"]

# The + of a phone number is written before 8 digits or more, where `ko_written` reads a
# written + back (a + before a short number, +5도, is a sign it leaves alone).
_PLUS_DIGITS = 8
_DIGIT = re.compile(r"\d")
_PLAIN = re.compile(r"\d+(?:\.\d+)?")
_NUMBER = re.compile(r"-?√?\d+(?:\.\d+)?(?:/√?\d+(?:\.\d+)?)?")


class UnitReader:
    """`reader.unit_of("킬로미터퍼시간를")` -> "km/h를": a unit (over another one) and an
    ending in their written form, or None."""

    def __init__(
        self,
        units: Mapping[str, str],
        per_word: str | None,
        per_units: Mapping[str, str],
        particles: Collection[str],
    ) -> None:
        self.units = dict(units)
        self.denominators = {**units, **per_units, **{v: v for v in per_units.values()}}
        self.pers = tuple(p for p in ("/", per_word) if p)
        self.endings = frozenset(particles) | {""}
        self.first_chars = frozenset(key[0] for key in units)

    def unit_of(self, text: str) -> str | None:
        if text[:1] not in self.first_chars:
            return None
        for key in prefixes(text, self.units):
            rest = text[len(key) :]
            if rest in self.endings:
                return self.units[key] + rest
            for per in self.pers:
                if not rest.startswith(per):
                    continue
                below = rest[len(per) :]
                for other in prefixes(below, self.denominators):
                    if below[len(other) :] in self.endings:
                        ending = below[len(other) :]
                        return f"{self.units[key]}/{self.denominators[other]}{ending}"
        return None


def prefixes(text: str, table: Collection[str], longest: int = 12) -> Iterator[str]:
    """The starts of `text` that are keys of `table`, longest first: a few set lookups
    instead of a test of every key."""
    for size in range(min(len(text), longest), 0, -1):
        if text[:size] in table:
            yield text[:size]


def build_measures(
    reader: UnitReader,
    *,
    attach: Collection[str] = (),
    counters: Collection[str] = (),
    country_code: Collection[str] = (),
    letter_names: Mapping[str, str] = {},
) -> Callable[[str], str] | None:
    """`attach`: currencies and counters any number takes (원, 도); `counters`: those only a
    plain number takes (개: 5678.1 개 = 5678.1개, as `ko_numbers` reads 5678.1 개);
    `letter_names`: a unit spelled in two letter names or more after a number is that unit
    (일 점 오 케이 비 = 1.5kb), as `letter_names` writes it after this step."""
    letters = {name: letter.lower() for name, letter in letter_names.items()}
    if not (reader.units or country_code):
        return None
    country = frozenset(country_code)
    unit_of, endings = reader.unit_of, reader.endings
    others = frozenset(attach) - frozenset(reader.units)
    plain_only = frozenset(counters) - others - frozenset(reader.units)
    first_chars = reader.first_chars | frozenset(key[0] for key in (*others, *plain_only))

    def attached(text: str, plain: bool) -> str | None:
        """A counter or currency that `ko_numbers` did not attach: 원, 도, 개를."""
        for table in (others, plain_only) if plain else (others,):
            for key in prefixes(text, table):
                if text[len(key) :] in endings:
                    return text
        return None

    def spelled_unit(tokens: list[str], start: int) -> tuple[str, int] | None:
        """케이 비 -> kb at tokens[start:], and the index after it."""
        end = start
        while end < len(tokens) and end - start < 4 and tokens[end] in letters:
            end += 1
        for stop in range(end, start + 1, -1):
            unit = unit_of("".join(letters[name] for name in tokens[start:stop]))
            if unit is not None:
                return unit, stop
        return None

    def read(text: str) -> str:
        tokens = text.split()
        out: list[str] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            after = tokens[i + 1] if i + 1 < len(tokens) else ""
            if token in country and after.isdigit() and len(after) >= _PLUS_DIGITS:
                out.append("+" + after)  # 국가번호 821012345678 = +82 10-1234-5678
                i += 2
                continue
            number = _NUMBER.match(token)
            if number is None:
                out.append(token)
                i += 1
                continue
            rest = token[number.end() :]
            if rest:
                unit = unit_of(rest)
                out.append(number[0] + unit if unit else token)
                i += 1
                continue
            if after[:1] in first_chars:
                unit = unit_of(after) or attached(after, bool(_PLAIN.fullmatch(token)))
                if unit:
                    out.append(token + unit)
                    i += 2
                    continue
            if after in letters:
                spelled = spelled_unit(tokens, i + 1)
                if spelled is not None:
                    out.append(token + spelled[0])
                    i = spelled[1]
                    continue
            out.append(token)
            i += 1
        return " ".join(out)

    def probe(text: str) -> str:
        return read(text) if _DIGIT.search(text) else text

    return probe
