"""Step `measures`: a number and its unit, the unit written as its symbol.

`200 km/h` = `200 kilometers per hour` = `200 km/h`; `12kg` = `twelve kilograms` = `12 kg`;
`18.52 km²` = `18.52 square kilometers` = `18.52 km2`; `72 °F` = `72 degrees fahrenheit` =
`72 °f`. The config's `measures.units` maps every written form of a unit (names singular
and plural, symbols) to its canonical symbol, in lower case: the case step would lower it
anyway, so mW and MW are one symbol (an STT that mixes up milli and mega is not an error we
meet; a reference that writes mW for megawatts is).

A unit is read only right after a number (a fraction counts: `4 1/2 lbs`), where an
ordinary word is not a unit: `5 m` is metres, "I am" is not. Symbols that are ordinary words
in lower case are matched only as written (`case_sensitive`: A for amperes). A unit may be:
- a form of the table, a phrase included (`astronomical units`, `degrees celsius`);
- an SI prefix word before or joined to a unit name (`kilo watt`, `kilowatts` -> kw);
- square / cubic before it, or ² ³ 2 3 after a symbol (`sq ft` -> ft2, `m³` -> m3); with
  `joined_powers`, joined to it (de `Quadratmeter` -> m2, `Kubikzentimeter` -> cm3);
- two units with a per word or a slash (`miles per hour`, `km/h`, `cc/s`), the result
  looked up again (`mi/h` is `mph` if the table says so);
- `per` and a unit with no unit before it (`56.3 per square kilometer`) -> `/km2`;
- a one word before a unit is the number 1 (`one_words`: de `eine Stunde` = `1 h`);
- an and word between two units of one quantity, the larger first (`compound_units`,
  `compound_and_words`), goes: es `1 h y 30 min` = `1 h 30 min`.

>>> from scoring.config.classes import MeasureRules
>>> rules = MeasureRules(units={"meters": "m", "m": "m", "hour": "h", "h": "h",
...     "grams": "g", "g": "g", "watt": "w", "watt hours": "wh"}, prefixes={"kilo": "k"},
...     prefixable=["m", "g", "w", "wh"], per_words=["per"], square_words=["square"])
>>> build_measures(rules)("200 kilometers per hour , 12kg , 2 square meters , 2 kilo watt hours")
'200 km/h , 12 kg , 2 m2 , 2 kwh'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..caches import memo
from ..config.classes import MeasureRules
from .tables import PhraseTable, has_digit, is_number, lowered, scan, split_lowered, word_set

__all__ = ["build_measures"]

StepFn = Callable[[str], str]

_POWERS = str.maketrans({"²": "2", "³": "3", "μ": "µ"})
_AMOUNT = re.compile(r"-?\d+(?:[.,]\d+)?|\d+/\d+")
_STUCK = re.compile(r"(-?\d+(?:[.,]\d+)?)([^\d\s.,-][^\s]*)")


def build_measures(
    rules: MeasureRules,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
    *,
    apart_only: bool = False,
) -> StepFn:
    """The `measures` step; with `apart_only`, the late `units_apart` step, which only sets
    a unit stuck to a number apart (12kg = 12 kg): a code the letter names write late
    ("1 2 Kilo Golf" = 12kg) is read so on a second pass, so the first must too."""
    exact = {key for key in rules.units if key in rules.case_sensitive}
    table = PhraseTable(
        {k.translate(_POWERS): v for k, v in rules.units.items() if k not in exact}, form
    )
    exact_units = {k.translate(_POWERS): rules.units[k] for k in exact}
    prefixes = sorted(
        ((p.lower(), s.lower()) for p, s in rules.prefixes.items()), key=lambda p: -len(p[0])
    )
    prefix_words = {p: s for p, s in prefixes}
    prefix_symbols = frozenset(s for _, s in prefixes)
    prefixable = frozenset(rules.prefixable)
    powers = frozenset(rules.powers)
    per = word_set(rules.per_words, form)
    per_phrases = PhraseTable(dict.fromkeys(rules.per_words, 1), form)  # es a la: km a la hora
    rate = word_set(rules.rate_words, form)
    square = word_set(rules.square_words, form)
    cubic = word_set(rules.cubic_words, form)
    joined_powers = (
        sorted([(w, "2") for w in square] + [(w, "3") for w in cubic], key=lambda p: -len(p[0]))
        if rules.joined_powers
        else []
    )
    implied = PhraseTable({word: frozenset(b) for word, b in rules.implied_per.items()}, form)
    lookup = {k.lower().translate(_POWERS): v for k, v in rules.units.items() if k not in exact}
    ones = word_set(rules.one_words, form)
    amounts = {
        w: value for word, value in rules.amount_words.items() for w in word_set([word], form)
    }
    of_words = word_set(rules.of_words, form)
    powers_after = PhraseTable(
        {
            **dict.fromkeys(rules.square_after_words, "2"),
            **dict.fromkeys(rules.cubic_after_words, "3"),
        },
        form,
    )

    # The same words come back in every text (the word after each number, each "a"): the
    # prefix and power loops below run once per word.
    @memo(8192)
    def symbol(word: str, original: str) -> str | None:
        """The canonical symbol of one token, or None: km, km², kilowatts, km/h, /km²."""
        if original.translate(_POWERS) in exact_units:
            return exact_units[original.translate(_POWERS)]
        word = word.translate(_POWERS)
        if word in lookup:
            return lookup[word]
        if "/" in word and len(word) > 1:
            head, _, tail = word.partition("/")
            right = symbol(tail, tail)
            if right is None:
                return None
            if not head:
                return "/" + right
            left = symbol(head, head)
            return _alias(f"{left}/{right}", lookup) if left else None
        if word[-1:] in "23" and len(word) > 1 and not word[:-1].isdigit():
            base = symbol(word[:-1], original[:-1])  # km² = km2
            if base is not None and (base in powers or base[1:] in powers):
                return base + word[-1]
        for power_word, digit in joined_powers:  # Quadratmeter, Kubikzentimeter
            if word.startswith(power_word) and len(word) > len(power_word) + 1:
                rest = len(power_word)
                base = symbol(word[rest:], original[rest:])
                if base is not None and (base in powers or base[1:] in powers):
                    return base + digit
        for prefix, short in prefixes:  # kilowatts, milliliters
            rest = word[len(prefix) :]
            if word.startswith(prefix) and lookup.get(rest) in prefixable and len(rest) > 2:
                return short + lookup[rest]
        if len(word) > 1 and word[0] in prefix_symbols:  # km, kWh, MHz, µs
            base = lookup.get(word[1:])
            if base in prefixable:
                return word[0] + base
        return None

    def unit(tokens: list[str], lower: list[str], i: int) -> tuple[int, str] | None:
        """(tokens taken, symbol) of a unit at tokens[i]: [square|cubic] unit [per unit]."""
        n = len(tokens)
        if i >= n:
            return None
        power = ""
        start = i
        if lower[i] in square or lower[i] in cubic:
            power = "2" if lower[i] in square else "3"
            i += 1
            if i >= n:
                return None
        found = _simple(tokens, lower, i)
        if found is None:
            return None
        taken, value = found
        i += taken
        if not power and i < n and lower[i] in powers_after.firsts:
            after = powers_after.match(tokens, i, lower)  # metros cuadrados
            if after:
                i, power = i + after[0], after[1]
        value += power
        by = per_phrases.match(tokens, i, lower) if _at(lower, i) in per_phrases.firsts else None
        if by and i + by[0] < n:
            right = unit(tokens, lower, i + by[0])
            if right is not None:
                return i - start + by[0] + right[0], _alias(f"{value}/{right[1]}", lookup)
        divides = implied.match(tokens, i, lower) if _at(lower, i) in implied.firsts else None
        base = value[1:] if value[:1] in prefix_symbols else value
        if divides and (value in divides[1] or base in divides[1]):
            right = unit(tokens, lower, i)  # kilomètres heure: km/h
            if right is not None and right[0] == divides[0]:
                return i - start + right[0], _alias(f"{value}/{right[1]}", lookup)
        return i - start, value

    def joined_to_unit(word: str) -> list[tuple[str, str]]:
        """(prefix symbol, rest) for each prefix joined to a unit's first word: kilowatt."""
        return [
            (short, word[len(prefix) :])
            for prefix, short in prefixes
            if word.startswith(prefix) and word[len(prefix) :] in table.firsts
        ]

    def _simple(tokens: list[str], lower: list[str], i: int) -> tuple[int, str] | None:
        if lower[i] in prefix_words and i + 1 < len(tokens):
            found = _simple(tokens, lower, i + 1)  # kilo watt (before "kilo" = kg)
            if found and found[1] in prefixable:
                return found[0] + 1, prefix_words[lower[i]] + found[1]
        if lower[i] in table.firsts:
            found = table.match(tokens, i, lower)
            if found:
                return found
        for short, rest in joined_to_unit(lower[i]):  # kilowatt heure
            words = [rest, *lower[i + 1 : i + 4]]
            found = table.match(words, 0, words)
            if found and found[0] > 1 and found[1] in prefixable:
                return found[0], short + found[1]
        value = symbol(lower[i], tokens[i])
        return (1, value) if value else None

    rank = {
        unit: (n, r) for n, units in enumerate(rules.compound_units) for r, unit in enumerate(units)
    }
    compound_and = word_set(rules.compound_and_words, form)

    def compound(tokens: list[str], lower: list[str], end: int, value: str) -> int:
        """After a measure of `value` ending at end: past an and word before a smaller unit
        of its quantity (1 h y 30 min = 1 h 30 min), so the next amount is read there."""
        if value not in rank or _at(lower, end) not in compound_and or end + 2 >= len(tokens):
            return end
        if not _AMOUNT.fullmatch(tokens[end + 1]):
            return end
        found = unit(tokens, lower, end + 2)
        smaller = found and rank.get(found[1], (-1, -1))
        if smaller and smaller[0] == rank[value][0] and smaller[1] > rank[value][1]:
            return end + 1
        return end

    # Words of letters only that `read` can start at: a one word, an amount word, a per
    # or rate word (`scan` reads every other word, as one with a digit or a slash).
    starts = ones | frozenset(amounts) | per | rate

    @memo(8192)
    def may_start_unit(word: str, original: str) -> bool:
        """Whether a unit `unit` reads can start at this token: a unit's first word, a
        prefix joined to one (kilowatt), or a symbol (km, km², /km). A square, cubic or
        prefix word is followed by such a token, and a per word too: a text without one
        has no measure."""
        if word in table.firsts or symbol(word, original) is not None:
            return True
        return bool(joined_to_unit(word))

    def convert(text: str) -> str:
        if not has_digit(text) and ones.isdisjoint(text.lower().split()):
            if not (amounts and any(word in amounts for word in text.lower().split())):
                return text
        split, lower = split_lowered(text)
        tokens = _set_units_apart(split, symbol)
        if tokens != split:
            lower = lowered(tokens)
        if not _has_unit(tokens, lower, may_start_unit):
            return " ".join(tokens)  # most texts with a number: no unit for `read` to take
        return " ".join(scan(tokens, lower, read, skip, starts))

    def apart(text: str) -> str:
        if not has_digit(text):
            return text
        return " ".join(_set_units_apart(text.split(), symbol, canonical=True))

    if apart_only:
        return apart

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        """(index after, canonical tokens) of a number and its unit at tokens[i], or None."""
        if tokens[i][:1] == "/" and len(tokens[i]) > 1 and rate:
            value = symbol(lower[i], tokens[i])  # $20/mo: per month
            return (i + 1, [value]) if value else None
        if i + 1 >= len(tokens):
            return None
        if _AMOUNT.fullmatch(tokens[i]) or lower[i] in ones or lower[i] in amounts:
            start = i + 1
            if lower[start] in of_words and start + 1 < len(tokens) and _takes_of(tokens[i]):
                start += 1  # tres quintos de milla, 2 millones de kilómetros
            found = unit(tokens, lower, start)
            if found:
                number = "1" if lower[i] in ones else amounts.get(lower[i], tokens[i])
                return compound(tokens, lower, start + found[0], found[1]), [number, found[1]]
        elif lower[i] in per and i > 0 and is_number(tokens[i - 1]) or lower[i] in rate:
            found = unit(tokens, lower, i + 1)
            if found:
                return i + 1 + found[0], ["/" + found[1]]  # 56.3 per square kilometer
        return None

    return convert


def _has_unit(tokens: list[str], lower: list[str], may_start: Callable[[str, str], bool]) -> bool:
    """Any token at which a unit may start (a test turns this off and compares)."""
    return any(map(may_start, lower, tokens))


def _at(tokens: list[str], i: int) -> str:
    return tokens[i] if i < len(tokens) else ""


def _takes_of(amount: str) -> bool:
    """An amount said with an of word before its unit: a fraction, or millions."""
    return "/" in amount or (amount.isdigit() and amount.endswith("000000"))


def _alias(symbol: str, lookup: dict[str, str]) -> str:
    """A composed symbol the table writes otherwise: mi/h -> mph, if the table says so."""
    return lookup.get(symbol, symbol)


def _set_units_apart(tokens: list[str], symbol, canonical: bool = False) -> list[str]:
    """`12kg` -> `12 kg`, `5°C` -> `5 °C`: only when what follows the number is a unit
    (written as its symbol with `canonical`)."""
    out = []
    for token in tokens:
        stuck = _STUCK.fullmatch(token) if token[:1].isdigit() or token[:1] == "-" else None
        unit = symbol(stuck.group(2).lower(), stuck.group(2)) if stuck else None
        if unit:
            out += [stuck.group(1), unit if canonical else stuck.group(2)]
        else:
            out.append(token)
    return out
