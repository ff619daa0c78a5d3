"""Step `ordinals`: one written suffix per ordinal.

Writers mark an ordinal in several ways: French `1er`, `1re`, `1ère`, `1ᵉʳ` (and text2num
writes `premier` as `1er`, `deuxième` as `2ème`); Spanish `1º`, `1.º`, `1er`, `1ª`. The
config's `ordinals.suffixes` maps each written suffix to the canonical one (French: `e`;
Spanish and Italian: `º`), so they are one token: `1er` = `1ᵉʳ` = `premier` = `1e`. A plural
`s` goes with it (`1ers`, `1ᵉʳˢ`). `words` are ordinal words the number reader leaves as
words (French `second`), read only where no number comes right before them (es `un
segundo` is a second, `tres cuartos` three quarters). Dates drop the day's suffix before
this step.

Where the number reader leaves an ordinal in parts or unread:
- `in_parts`: an ordinal said in parts is one, each part below the place the one before
  leaves: es `vigésimo primero` = `20º 1º` = `21º`, `centésimo trigésimo cuarto` = `134º`;
- `joined`: stems written joined to the next ordinal (es `vigesimo` 20: `vigesimoprimero`
  = `21º`, `vigesimoctavo` = `28º`), and thousandths written after a number word
  (`milésimo` 1000: `dosmilésimo` = `2000º`, `cienmilésimo` = `100000º`). The fractions and
  dates steps read them too (`un cienmilésimo` = `1/100000`).

>>> from scoring.config.classes import OrdinalRules
>>> step = build_ordinals(OrdinalRules(suffixes={"er": "e", "ème": "e", "ᵉʳ": "e"},
...     words={"second": "2e"}))
>>> step("le 1er , le 1ᵉʳˢ , le 2ème , le second , 4x4")
'le 1e , le 1e , le 2e , le 2e , 4x4'
>>> step = build_ordinals(OrdinalRules(suffixes={"º": "º", "ª": "º"}, joined={"vigesimo": 20,
...     "milésimo": 1000}, in_parts=True), language="es")
>>> step("el 20º 1º , vigesimoctava , 100º 30º 5ª , dosmilésimo")
'el 21º , 28º , 135º , 2000º'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from text_to_num import alpha2digit

from ..caches import memo
from ..config.classes import OrdinalRules
from .cardinals import roman_number
from .tables import (
    PhraseTable,
    StartWords,
    can_read,
    has_digit,
    lowered,
    scan,
    split_lowered,
    word_set,
)

__all__ = ["build_ordinals", "ordinal_word_reader"]

StepFn = Callable[[str], str]


def _suffix_pattern(rules: OrdinalRules) -> tuple[re.Pattern, dict[str, str]]:
    suffixes = {key.lower(): value for key, value in rules.suffixes.items()}
    alternatives = "|".join(re.escape(s) for s in sorted(suffixes, key=len, reverse=True))
    return re.compile(rf"(\d+)({alternatives})(?:s|ˢ)?", flags=re.IGNORECASE), suffixes


def build_ordinals(
    rules: OrdinalRules,
    form: Callable[[str], str] | None = None,
    *,
    language: str | None = None,
    skip: frozenset[str] = frozenset(),
    unit_before: frozenset[str] = frozenset(),
) -> StepFn:
    """`unit_before`: words after which a unit may stand (the measures' per words: es metros
    por segundo), where an ordinal word (segundo) is not read."""
    pattern, suffixes = _suffix_pattern(rules)
    words = PhraseTable(rules.words, form)
    joined = ordinal_word_reader(rules, language, form) if rules.joined else None
    before_word = frozenset(rules.before_word)
    roman_before = word_set(rules.roman_before, form)
    canonical = next(iter(rules.suffixes.values()), "")
    apart = frozenset(suffix.lower() for suffix in rules.apart)

    def written(token: str, following: str = "") -> str | None:
        match = pattern.fullmatch(token) if token[:1].isdigit() else None
        if match is None:
            return None
        if match.group(2) in before_word and not (len(following) > 1 and following.isalpha()):
            return None  # it 20°: degrees, unless a word follows (3° piano)
        return match.group(1) + suffixes[match.group(2).lower()]

    def part(tokens: list[str], lower: list[str], i: int) -> tuple[int, str] | None:
        """(tokens taken, digits + suffix) of one ordinal at tokens[i]."""
        found = written(tokens[i], tokens[i + 1] if i + 1 < len(tokens) else "")
        if found:
            return 1, found
        if i > 0 and (tokens[i - 1][-1:].isdigit() or lower[i - 1] in unit_before):
            return None  # un segundo, tres cuartos, por segundo: a unit, not an ordinal
        if lower[i] in words.firsts:
            match = words.match(tokens, i, lower)
            if match:
                return match
        value = joined(lower[i]) if joined is not None else None
        return (1, value) if value else None

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if i + 1 < len(tokens) and lower[i + 1] in roman_before and roman_number(lower[i]):
            return i + 1, [f"{roman_number(lower[i])}{canonical}"]  # il XXI secolo
        found = part(tokens, lower, i)
        if found is None:
            return None
        end, value = i + found[0], found[1]
        while rules.in_parts and end < len(tokens):
            following = part(tokens, lower, end)
            total = _in_parts(value, following[1]) if following else None
            if total is None:
                break
            end, value = end + following[0], total
        return end, [value]

    def can_start(word: str) -> object:
        return (roman_before and roman_number(word)) or (joined is not None and joined(word))

    # Words of letters only that `read` can start at: an ordinal word of the table, a
    # joined ordinal word, a Roman numeral (before a roman_before word).
    starts = StartWords(words.firsts, can_start)

    # Where there is no written ordinal (1st) and no suffix apart (12 th: a word of
    # `apart`), no token is rewritten.
    written_hint = _written_hint(rules)

    def convert(text: str) -> str:
        tokens, lower = split_lowered(text)
        if has_digit(text) and can_read(apart, lower, text, written_hint.search):
            if apart:
                tokens = _join_apart(tokens, apart)
            following = [*tokens[1:], ""]  # each written suffix, token by token
            tokens = [written(t, f) or t for t, f in zip(tokens, following, strict=True)]
            lower = lowered(tokens)
        if words.firsts.isdisjoint(lower) and not rules.in_parts and roman_before.isdisjoint(lower):
            if joined is None or not any(map(joined, lower)):
                return " ".join(tokens)
        return " ".join(scan(tokens, lower, read, skip, starts))

    return convert


def _written_hint(rules: OrdinalRules) -> re.Pattern:
    """A digit, then a suffix's first character: somewhere in a text with a written ordinal
    (a search from a plain character: the suffixes as alternatives are several times slower)."""
    firsts = "".join(sorted({re.escape(suffix[0]) for suffix in rules.suffixes if suffix}))
    return re.compile(rf"[{firsts}](?<=\d[{firsts}])" if firsts else r"\d", re.IGNORECASE)


def _join_apart(tokens: list[str], apart: frozenset[str]) -> list[str]:
    """12 th = 12th: a suffix written as a word right after a whole number."""
    out: list[str] = []
    for token in tokens:
        if out and out[-1].isdigit() and token.lower() in apart:
            out[-1] += token
        else:
            out.append(token)
    return out


_PARTS = re.compile(r"(\d+)(\D+)")


def _in_parts(first: str, second: str) -> str | None:
    """`20º` `1º` -> `21º`: the second part below the place the first leaves (its zeros)."""
    a, b = _PARTS.fullmatch(first), _PARTS.fullmatch(second)
    if a is None or b is None:
        return None
    high, low = a.group(1), int(b.group(1))
    zeros = len(high) - len(high.rstrip("0"))
    if zeros == 0 or high.startswith("0") or not 0 < low < 10**zeros:
        return None
    return f"{int(high) + low}{b.group(2)}"


def _spelled(word: str, form: Callable[[str], str] | None) -> set[str]:
    return {word.lower(), form(word.lower())} if form else {word.lower()}


def ordinal_word_reader(
    rules: OrdinalRules, language: str | None, form: Callable[[str], str] | None = None
) -> Callable[[str], str | None]:
    """One word to digits and the canonical suffix, or None: the config's `words`, and
    with `joined`, an ordinal written joined to another (vigesimoprimero = 21º) or to a
    number word (dosmilésimo = 2000º). For the fractions step too (un cienmilésimo)."""
    pattern, suffixes = _suffix_pattern(rules)
    words = {
        spelled: value
        for word, value in rules.words.items()
        if " " not in word
        for spelled in _spelled(word, form)
    }
    stems = sorted(
        {
            (spelled, value)
            for stem, value in rules.joined.items()
            for spelled in _spelled(stem, form)
        },
        key=lambda item: -len(item[0]),
    )

    def simple(word: str) -> str | None:
        """A word the number reader or `words` writes as an ordinal."""
        if word in words:
            return words[word]
        if language is None:
            return None
        match = pattern.fullmatch(alpha2digit(word, language, threshold=0))
        return match.group(1) + suffixes[match.group(2).lower()] if match else None

    @memo(4096)
    def read(word: str) -> str | None:
        if word in words:
            return words[word]
        if not stems or len(word) < 6 or not word[-1:].isalpha():
            return None
        for stem, value in stems:
            if value >= 1000 and word.endswith(stem) and len(word) > len(stem) + 1:
                found = simple(stem)  # dosmilésimo: a number word, then a thousandth
                left = alpha2digit(word[: -len(stem)], language or "en", threshold=0)
                match = _PARTS.fullmatch(found) if found else None
                if match and left.isdigit():
                    return f"{int(left) * value}{match.group(2)}"
            elif word.startswith(stem) and len(word) > len(stem) + 2:
                rest = word[len(stem) :]  # vigesimoprimero, vigesimoctavo
                found = simple(rest) or simple(stem[-1] + rest)
                total = _in_parts(f"{value}º", found) if found else None
                if total:
                    return total
        return None

    return read
