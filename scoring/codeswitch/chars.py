"""The code-switch rescue of a language scored by characters (ja, ko): English names.

The native alignment is of characters. A region (a maximal run of mismatched characters)
is rescued when one side of it is exactly one Latin word and the other one katakana (ja)
or Hangul (ko) word, and the name matcher (`names.py`) says they are the same name:

>>> from scoring import load_scorer
>>> result = load_scorer("ko").score("Outlook 계정이 잠겼어요", "아웃룩 계정이 잠겼어요")
>>> result.strict.errors, result.counts.errors, result.code_switch["rescues"][0]["rule"]
(7, 0, 'phonetic')

- the Latin side is a whole word of the raw text (Booking.com gives "bookingcom" once
  normalized: two words, never matched), with no Latin letter next to the region;
- the native side is a whole katakana word (no katakana next to it), or a Hangul word that
  starts the region at a word start (a Korean particle may follow it: 아웃룩에서);
- neighbouring errors make one region, and a region with anything else is not rescued.

Counting, in characters: a rescued region's errors (every mismatched character of it) no
longer count; its intended characters stay in the denominator, so CER and `strict_cer`
share their denominator. Per language, a character is English when it is a Latin letter
or a character of a rescued katakana / Hangul name; substitutions and deletions count
against the intended character's language, insertions against the inserted one's.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..align import Alignment
from ..metrics import Counts
from .names import NameMatcher
from .report import LanguageCounts, Rescue, build_block
from .rescue import wrong_regions

__all__ = ["CharRescuer"]

_LATIN_WORD = re.compile(r"[a-z]+")


def _raw_latin_words(raw: str) -> frozenset[str]:
    return frozenset(_LATIN_WORD.findall(unicodedata.normalize("NFKC", raw).lower()))


def _is_latin_letter(ch: str) -> bool:
    return "a" <= ch <= "z" or "A" <= ch <= "Z"


@dataclass(frozen=True, eq=False)
class CharRescuer:
    """`rescuer(reference, hypothesis, alignment) -> (counts after rescue, block)`."""

    language: str
    other: str
    matcher: NameMatcher

    def __call__(self, reference: str, hypothesis: str, alignment: Alignment):
        rescues: list[Rescue] = []
        latin = _latin_letters(alignment.ref), _latin_letters(alignment.hyp)
        regions = wrong_regions(alignment) if alignment.errors and any(latin) else ()
        # The raw words once per side, not once per region: a long turn has many regions.
        raw = (_raw_latin_words(reference), _raw_latin_words(hypothesis)) if regions else ()
        for region in regions:
            rescue = self._check(region, alignment, *raw)
            if rescue is not None:
                rescues.append(rescue)
        counts, per_language = self._count(alignment, rescues, *latin)
        block = build_block(
            self.language, self.other, per_language, alignment.errors, rescues, unit="char"
        )
        return counts, block

    def _check(self, region, alignment: Alignment, ref_words: frozenset, hyp_words: frozenset):
        ref_span = (region.ref_start, region.ref_end)
        hyp_span = (region.hyp_start, region.hyp_end)
        ref_text = "".join(alignment.ref[slice(*ref_span)])
        hyp_text = "".join(alignment.hyp[slice(*hyp_span)])
        if self._latin_word(alignment.ref, ref_span, ref_words) and self._native_word(
            alignment.hyp, hyp_span
        ):
            latin, native = ref_text, hyp_text
        elif self._latin_word(alignment.hyp, hyp_span, hyp_words) and self._native_word(
            alignment.ref, ref_span
        ):
            latin, native = hyp_text, ref_text
        else:
            return None
        key = self.matcher.matched_key(native, latin)
        if key is None:
            return None
        return Rescue(
            reference=ref_text,
            hypothesis=hyp_text,
            reference_span=ref_span,
            hypothesis_span=hyp_span,
            view=latin,
            errors=len(region.wrong),
            phonetic=((ref_text, hyp_text, key),),
        )

    @staticmethod
    def _latin_word(chars, span: tuple[int, int], raw_words: frozenset[str]) -> bool:
        start, end = span
        if end - start < 2:
            return False
        word = "".join(chars[start:end])
        if not (word.isascii() and word.isalpha() and word.islower()):
            return False
        if (start > 0 and _is_latin_letter(chars[start - 1])) or (
            end < len(chars) and _is_latin_letter(chars[end])
        ):
            return False
        return word in raw_words  # one word of the raw text, not words normalizing ran together

    def _native_word(self, chars, span: tuple[int, int]) -> bool:
        start, end = span
        word = "".join(chars[start:end])
        test = self.matcher.is_native_word
        if not test(word) or (start > 0 and test(chars[start - 1])):
            return False
        if self.matcher.script == "kana":  # a katakana word ends where katakana ends
            return not (end < len(chars) and test(chars[end]))
        return True  # a Hangul word may go on with a particle: 아웃룩에서

    def _count(self, alignment: Alignment, rescues: list[Rescue], en_ref: int, en_hyp: int):
        """Only the mismatched characters are looked at one by one; `en_ref` and `en_hyp`
        are the Latin letters of each side, counted in one pass over the text."""
        if not (rescues or en_ref or en_hyp):
            native = Counts.of(alignment)
            return native, LanguageCounts(native, Counts())
        rescued_ref: set[int] = set()
        rescued_hyp: set[int] = set()
        for rescue in rescues:
            rescued_ref.update(range(*rescue.reference_span))
            rescued_hyp.update(range(*rescue.hypothesis_span))
            en_ref += _native_letters(alignment.ref, rescue.reference_span)
            en_hyp += _native_letters(alignment.hyp, rescue.hypothesis_span)
        tally = [[0, 0, 0], [0, 0, 0]]  # [native, English] x [S, D, I]
        for tag, r1, r2, h1, h2 in alignment.blocks if alignment.errors else ():
            if tag == "equal":
                continue
            if tag == "insert":
                for j in range(h1, h2):
                    if j not in rescued_hyp:
                        tally[_is_latin_letter(alignment.hyp[j])][2] += 1
                continue
            kind = 0 if tag == "replace" else 1
            for i in range(r1, r2):
                if i not in rescued_ref:
                    tally[_is_latin_letter(alignment.ref[i])][kind] += 1
        native = Counts(*tally[0], len(alignment.ref) - en_ref, len(alignment.hyp) - en_hyp)
        english = Counts(*tally[1], en_ref, en_hyp)
        return native + english, LanguageCounts(native, english)


_LATIN_LETTER = re.compile("[A-Za-z]")


def _latin_letters(chars: tuple[str, ...]) -> int:
    text = "".join(chars)
    return len(_LATIN_LETTER.findall(text)) if _LATIN_LETTER.search(text) else 0


def _native_letters(chars: tuple[str, ...], span: tuple[int, int]) -> int:
    """Characters of a rescued span that are not Latin letters (its katakana / Hangul)."""
    return sum(not _is_latin_letter(ch) for ch in chars[span[0] : span[1]])
