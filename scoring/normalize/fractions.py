"""Step `fractions`: a fraction as `N/D`, a mixed number as `W N/D`.

Read after the cardinals step, so the numbers are digits:

- a number and a denominator word: `1 half` = `1/2`, `3 quarters` = `3/4`, `2 Drittel` =
  `2/3` (`denominators`); a German denominator made of a number word and a suffix
  (`1 siebzehntel` = `1/17`, `stem_suffixes`);
- a number and an ordinal, where the language says fractions so (`ordinal_denominators`):
  `1 5th` (one fifth) = `1/5`, `2 3rds` = `2/3`, `1 5ème` = `1/5`; never a second (a
  `1 2nd` is "one second");
- `a half` = `1/2` (the config's `cardinals.one_words`), `2 and a half` = `2 1/2`
  (`and_words`), `3 over 4` = `3/4` (`over_words`); German `2 1 halb` (zwei ein halb) =
  `2 1/2` with no and word (`mixed_without_and`);
- a fraction said as one word (`joined`): a number word and a denominator, `dreiviertel` =
  `3/4`, or a whole number, an and word or a one word and a denominator, `zweieinhalb` =
  `2 1/2`, nl `vijfenhalf` = `2 1/2`; and the config's fraction `words` (`anderthalb` =
  `1 1/2`);
- written forms: `½` = `1/2`, `4½` = `4 1/2`, `1 / 2` = `1/2`.

>>> from scoring.config.classes import FractionRules
>>> step = build_fractions(FractionRules(denominators={"half": 2, "quarters": 4},
...     ordinal_denominators=True, and_words=["and"], over_words=["over"]),
...     ordinal_suffixes=["st", "nd", "rd", "th"], one_words=["a"])
>>> step("1 half , 3 quarters , 2 and a half , 1 5th , 3 over 4 , 4½ , wait 1 2nd")
'1/2 , 3/4 , 2 1/2 , 1/5 , 3/4 , 4 1/2 , wait 1 2nd'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from text_to_num import alpha2digit

from ..caches import memo
from ..config.classes import FractionRules
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

__all__ = ["build_fractions", "vulgar_fractions"]

StepFn = Callable[[str], str]

_INTEGER = re.compile(r"\d+")
_SIGNED = re.compile(r"-?\d+")  # minus a third: -1/3, -2 1/3
_SLASH = "/"
_FRACTION = re.compile(r"\d+/\d+")


def vulgar_fractions() -> dict[str, str]:
    """Every Unicode vulgar fraction (½, ¾, ⅞ ...) as N/D, from the Unicode data."""
    found = {}
    for code in range(0x00A0, 0x2190):
        ch = chr(code)
        decomposition = unicodedata.decomposition(ch)
        if decomposition.startswith("<fraction>"):
            parts = [chr(int(h, 16)) for h in decomposition.split()[1:]]
            numerator, _, denominator = "".join(parts).partition("\u2044")
            if numerator.isdigit() and denominator.isdigit():
                found[ch] = f"{numerator}/{denominator}"
    return found


_VULGAR = vulgar_fractions()
_VULGAR_CHAR = re.compile(f"[{''.join(_VULGAR)}]")
_VULGAR_STUCK = re.compile(f"^(\\d*)([{''.join(_VULGAR)}])$")


def build_fractions(
    rules: FractionRules,
    *,
    ordinal_suffixes: Iterable[str] = (),
    one_words: Iterable[str] = (),
    number_language: str | None = None,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
    ordinal_words: Callable[[str], str | None] | None = None,
) -> StepFn:
    """`ordinal_words`: ordinal words to digits and suffix (es cuadringentésimo = 400º),
    denominators where `ordinal_denominators` is on."""
    denominators = PhraseTable(rules.denominators, form)
    after_and = PhraseTable(rules.and_denominators, form)
    and_words = word_set(rules.and_words, form)
    over_words = word_set(rules.over_words, form)
    ones = word_set(one_words, form) | {"1"}
    suffixes = sorted({s for s in ordinal_suffixes if s}, key=len, reverse=True)
    ordinal = ordinal_hint = None
    if rules.ordinal_denominators and suffixes:
        alternatives = "|".join(re.escape(s) for s in suffixes)
        ordinal = re.compile(rf"(\d+)(?:{alternatives})s?")
        # somewhere in a text where a token is an ordinal: a digit, then a suffix's first
        # character (a search from a plain character is fast; alternatives are not)
        firsts = "".join(sorted({re.escape(s[0]) for s in suffixes}))
        ordinal_hint = re.compile(rf"[{firsts}](?<=\d[{firsts}])")
    stems = sorted(rules.stem_suffixes, key=len, reverse=True)
    named = PhraseTable(rules.words, form)
    joined = (
        _joined_reader(rules.denominators, [*rules.and_words, *one_words], number_language, form)
        if rules.joined and number_language
        else None
    )

    def denominator(tokens: list[str], lower: list[str], i: int) -> tuple[int, int] | None:
        """(tokens taken, denominator) of a denominator at tokens[i], or None."""
        found = denominators.match(tokens, i, lower) if lower[i] in denominators.firsts else None
        if found:
            return found
        if ordinal is not None:
            match = ordinal.fullmatch(lower[i])
            if match is None and ordinal_words is not None and lower[i].isalpha():
                match = ordinal.fullmatch(ordinal_words(lower[i]) or "")
            if match and int(match.group(1)) > 2:
                return 1, int(match.group(1))
        if stems and number_language:
            value = _stem_denominator(lower[i], stems, number_language)
            if value:
                return 1, value
        return None

    def fraction(tokens: list[str], lower: list[str], i: int) -> tuple[int, str] | None:
        """(index after, N/D) of a fraction said at tokens[i], or None."""
        n = len(tokens)
        token = tokens[i]
        numerator = token if _SIGNED.fullmatch(token) else "1" if lower[i] in ones else None
        if numerator is None or i + 1 >= n or len(numerator) > 3:
            return None  # a numerator of a fraction said aloud is small (not 1988 9th)
        if lower[i + 1] in over_words and i + 2 < n and _INTEGER.fullmatch(tokens[i + 2]):
            return i + 3, f"{numerator}/{tokens[i + 2]}"
        found = denominator(tokens, lower, i + 1)
        if found:
            return i + 1 + found[0], f"{numerator}/{found[1]}"
        return None

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        if lower[i] in named.firsts:
            word = named.match(tokens, i, lower)
            if word:
                return i + word[0], word[1].split()  # anderthalb: 1 1/2
        if joined is not None:
            value = joined(lower[i])
            if value:
                return i + 1, value.split()  # dreiviertel: 3/4, zweieinhalb: 2 1/2
        if _SIGNED.fullmatch(tokens[i]) and i + 2 < len(tokens) and lower[i + 1] in and_words:
            mixed = fraction(tokens, lower, i + 2)  # 2 and a half: 2 1/2
            if mixed:
                return mixed[0], [tokens[i], mixed[1]]
            half = after_and.match(tokens, i + 2, lower) or denominators.match(tokens, i + 2, lower)
            if half:  # es dos y media, fr deux et demi: 2 1/2
                return i + 2 + half[0], [tokens[i], f"1/{half[1]}"]
        if rules.mixed_without_and and _INTEGER.fullmatch(tokens[i]) and i + 2 < len(tokens):
            mixed = fraction(tokens, lower, i + 1) if lower[i + 1] in ones else None
            if mixed:
                return mixed[0], [tokens[i], mixed[1]]  # zwei ein halb: 2 1/2
        found = fraction(tokens, lower, i)
        return (found[0], [found[1]]) if found else None

    def has_words(text: str) -> bool:
        """Something to read in a text without digits: a one word, a fraction word."""
        words = text.lower().split()
        if not ones.isdisjoint(words) or not named.firsts.isdisjoint(words):
            return True
        return joined is not None and any(joined(word) for word in words)

    # Words of letters only that `read` can start at: a named fraction, a one word (its
    # numerator), a joined fraction word (dreiviertel).
    starts = StartWords(named.firsts | ones, joined)
    # A reading takes one of these words, or an ordinal denominator (5th, a fifth), a
    # joined word or a stem: a number alone, a one word alone or an and word alone reads
    # nothing (2 and a half takes half, 2 y media takes media: and words are in most texts).
    needed = named.firsts | over_words | denominators.firsts | after_and.firsts

    hint = ordinal_hint.search if ordinal_hint is not None else None

    def may_read(lower: list[str]) -> bool:
        if joined is not None or stems or can_read(needed, lower, " ".join(lower), hint):
            return True
        return hint is not None and ordinal_words is not None and any(map(ordinal_words, lower))

    def convert(text: str) -> str:
        vulgar = _VULGAR_CHAR.search(text) is not None
        if not vulgar and not has_digit(text):
            if not has_words(text):
                return text
        tokens, lower = split_lowered(text)
        if vulgar or _SLASH in text:  # nothing else for `_written` to rewrite
            tokens = _written(tokens)
            lower = lowered(tokens)
        if not may_read(lower):
            return " ".join(tokens)
        return " ".join(scan(tokens, lower, read, skip, starts))

    return convert


def _written(tokens: list[str]) -> list[str]:
    """½ -> 1/2, 4½ -> 4 1/2, 1 / 2 -> 1/2."""
    out: list[str] = []
    for token in tokens:
        stuck = _VULGAR_STUCK.match(token)
        if stuck:
            if stuck.group(1):
                out.append(stuck.group(1))
            out.append(_VULGAR[stuck.group(2)])
        elif token == _SLASH and out and _INTEGER.fullmatch(out[-1]):
            out[-1] += "/"
        elif out and out[-1].endswith("/") and _INTEGER.fullmatch(token):
            out[-1] += token
        else:
            out.append(token)
    return [token[:-1] if token.endswith("/") and token[:-1].isdigit() else token for token in out]


def _stem_denominator(word: str, stems: list[str], language: str) -> int | None:
    """de `siebzehntel` -> 17, `zwanzigstel` -> 20: a number word and a suffix."""
    for suffix in stems:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            read = alpha2digit(word[: -len(suffix)], language, threshold=0)
            if read.isdigit() and int(read) > 2:
                return int(read)
    return None


def _joined_reader(
    denominators: dict[str, int],
    joiners: Iterable[str],
    language: str,
    form: Callable[[str], str] | None,
) -> Callable[[str], str | None]:
    """A reader of one-word fractions: de `dreiviertel` -> `3/4`, `zweieinhalb` -> `2 1/2`,
    nl `vijfenhalf` -> `5 1/2`. The part before the denominator must be a number word, or a
    number word and a joiner (an and word, a one word): `deshalb` and `Schachtel` stay."""
    ends = sorted(
        ((spelled, value) for word, value in denominators.items()
         for spelled in word_set([word], form)),
        key=lambda entry: -len(entry[0]),
    )  # fmt: skip
    glue = sorted(word_set([j for j in joiners if " " not in j], form), key=len, reverse=True)

    def number(text: str) -> str | None:
        if not text.isalpha():
            return None
        read = alpha2digit(text, language, threshold=0)
        return read if read.isdigit() else None

    def value(word: str) -> str | None:
        if not word.isalpha():
            return None
        for end, denominator in ends:
            if not word.endswith(end) or len(word) == len(end):
                continue
            rest = word[: -len(end)]
            for joiner in glue:
                if rest.endswith(joiner) and len(rest) > len(joiner):
                    whole = number(rest[: -len(joiner)])
                    if whole:
                        return f"{whole} 1/{denominator}"
            numerator = number(rest)
            if numerator:
                return f"{numerator}/{denominator}"
        return None

    return memo(4096)(value)
