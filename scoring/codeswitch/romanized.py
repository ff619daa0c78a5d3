"""Romanized Hindi: a Hindi word the transcript writes in Latin script (mujhe for मुझे).

A Devanagari word is turned into a pattern of the Latin spellings people use for it, letter
by letter, from a hand-written table: consonants strictly (aspiration may be dropped,
क़ ख़ ग़ ज़ फ़ also read q kh g z f), vowels loosely (ा a or aa, ी i or ee), and the inherent
vowel optional (कमरा = kamra or kamara). A Latin word matches when it is one of them:

>>> r = RomanizedHindi()
>>> [r.match("मुझे", w) for w in ("mujhe", "mujhay", "muje", "mujhse", "main")]
[True, True, True, False, False]
>>> r.match("है", "hai"), r.match("नहीं", "nahin"), r.match("नहीं", "nahi"), r.match("में", "main")
(True, True, True, False)
>>> r.match("अच्छा", "achha"), r.match("अच्छा", "accha"), r.match("कल", "call")
(True, True, False)

Consonants must agree (a different consonant is a different word); vowels may not be told
apart (काल / kal), which is the price of reading romanized text at all. How a match counts
is the config's `hindi.romanized_hindi` policy: "count" reports it, "accept" also counts it
as correct; "off" (the default) does neither.
"""

from __future__ import annotations

import re

from ..caches import memo

__all__ = ["RomanizedHindi"]

_CONSONANTS = {
    "क": "k|q|c", "ख": "kh|k", "ग": "g|gh", "घ": "gh|g", "ङ": "n|ng",
    "च": "ch|c", "छ": "chh|ch|c", "ज": "j|z", "झ": "jh|j|z", "ञ": "n|ny",
    "ट": "t", "ठ": "th|t", "ड": "d|r|dh", "ढ": "dh|d|rh|r", "ण": "n",
    "त": "t", "थ": "th|t", "द": "d|dh", "ध": "dh|d", "न": "n",
    "प": "p", "फ": "ph|f|p", "ब": "b", "भ": "bh|b", "म": "m",
    "य": "y|i|", "र": "r", "ल": "l", "व": "v|w|o|u", "श": "sh|s", "ष": "sh|s", "स": "s",
    "ह": "h|",
}  # fmt: skip
_NUKTA_CONSONANTS = {"क": "q|k", "ख": "kh|k", "ग": "g|gh", "ज": "z|j", "फ": "f|ph"}
_SIGNS = {
    "ा": "aa|a", "ि": "i|e", "ी": "ee|ii|i|e", "ु": "u|o", "ू": "oo|uu|u", "ृ": "ri|ru",
    "े": "e|ay|ei|ey|a", "ै": "ai|ae|e|a", "ो": "o|oh", "ौ": "au|ou|o", "ॉ": "o|aw",
    "ॅ": "e|ai", "ॆ": "e", "ॊ": "o",
}  # fmt: skip
_VOWELS = {
    "अ": "a|u", "आ": "aa|a", "इ": "i|e", "ई": "ee|ii|i", "उ": "u|o", "ऊ": "oo|uu|u",
    "ऋ": "ri|ru", "ए": "e|ay|ye", "ऐ": "ai|ae|e", "ओ": "o|oh", "औ": "au|ou|o",
    "ऑ": "o|aw", "ऍ": "e|ai",
}  # fmt: skip
_NASALS = {"\u0902": "n|m|", "\u0901": "n|"}  # anusvara, chandrabindu
_VIRAMA, _NUKTA, _VISARGA = "\u094d", "\u093c", "\u0903"
_INHERENT = "a|u|"  # the inherent vowel: written, or dropped (schwa deletion)
# A doubled consonant (or one before its aspirated fellow) is often written once:
# अच्छा = achha or accha, पक्का = paka or pakka.
_GEMINATES = frozenset(
    ["कक", "कख", "गग", "गघ", "चच", "चछ", "जज", "जझ", "टट", "टठ", "डड", "डढ", "तत", "तथ",
     "दद", "दध", "पप", "पफ", "बब", "बभ", "मम", "नन", "लल", "सस", "यय", "वव"]
)  # fmt: skip


def _pattern(token: str) -> re.Pattern | None:
    """The Latin spellings of one Devanagari word, or None if it is not one."""
    parts: list[str] = []
    i, n = 0, len(token)
    while i < n:
        ch = token[i]
        if ch in _CONSONANTS:
            nukta = i + 1 < n and token[i + 1] == _NUKTA
            i += 2 if nukta else 1
            sound = _NUKTA_CONSONANTS.get(ch, _CONSONANTS[ch]) if nukta else _CONSONANTS[ch]
            if i < n and token[i] == _VIRAMA:
                i += 1
                optional = i < n and ch + token[i] in _GEMINATES
                parts.append(f"(?:{sound}){'?' if optional else ''}")
                continue
            parts.append(f"(?:{sound})")
            if i < n and token[i] in _SIGNS:
                parts.append(f"(?:{_SIGNS[token[i]]})")
                i += 1
            elif i < n and token[i] in _NASALS:
                parts.append(f"(?:{_INHERENT})")  # the nasal follows the inherent vowel
            else:
                parts.append(f"(?:{_INHERENT})")
        elif ch in _VOWELS:
            parts.append(f"(?:{_VOWELS[ch]})")
            i += 1
        elif ch in _NASALS:
            parts.append(f"(?:{_NASALS[ch]})")
            i += 1
        elif ch == _VISARGA:
            parts.append("h?")
            i += 1
        elif ch == _NUKTA:
            i += 1
        else:
            return None
    if not parts:
        return None
    return re.compile("".join(parts))


class RomanizedHindi:
    """`match(devanagari token, latin token)`; patterns are built once per word."""

    def __init__(self) -> None:
        self._patterns = memo(8192)(_pattern)

    def match(self, devanagari: str, latin: str) -> bool:
        if not (latin.isascii() and latin.isalpha()):
            return False
        pattern = self._patterns(devanagari)
        return pattern is not None and pattern.fullmatch(latin.lower()) is not None
