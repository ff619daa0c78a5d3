"""Which script a word is written in. The rescue compares a native-script language
(Hindi, in Devanagari) with English in Latin script; digits and symbols belong to neither.

>>> has_latin("check"), has_native("चेक"), has_native("7"), has_latin("ABC-123")
(True, True, False, True)
>>> is_latin_word("network"), is_native_word("नेटवर्क"), is_native_word("नेटवर्क1")
(True, True, False)
"""

from __future__ import annotations

import regex

__all__ = ["has_latin", "has_native", "is_latin_word", "is_native_word"]

_LATIN = regex.compile(r"[\p{L}&&\p{Latin}]", flags=regex.V1)
_NATIVE = regex.compile(r"[\p{L}--\p{Latin}]", flags=regex.V1)
_NATIVE_WORD = regex.compile(r"^(?:[\p{L}\p{M}--\p{Latin}])+$", flags=regex.V1)


def has_latin(text: str) -> bool:
    """A Latin letter anywhere (check, ABC-123, café)."""
    if text.isascii():
        return any(ch.isalpha() for ch in text)
    return _LATIN.search(text) is not None


def has_native(text: str) -> bool:
    """A letter of another script anywhere (चेक, फ़्लाइट,); digits and symbols are not."""
    return not text.isascii() and _NATIVE.search(text) is not None


def is_latin_word(token: str) -> bool:
    """One lowercase ASCII word, as the phonetic matcher reads it."""
    return token.isascii() and token.isalpha() and token.islower()


def is_native_word(token: str) -> bool:
    """Only letters and vowel signs of another script: one native word."""
    return not token.isascii() and _NATIVE_WORD.match(token) is not None
