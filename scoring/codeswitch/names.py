"""English names in katakana (ja) or Hangul (ko) against the same name in Latin script.

The idea of the Hindi phonetic matcher, per script: both words are reduced to a skeleton of
coarse consonant classes, and one reading of the Latin word must give the native key:

>>> kana = NameMatcher("kana")
>>> kana.native_key("セールスフォース"), kana.match("セールスフォース", "salesforce")
('SLSPS', True)
>>> hangul = NameMatcher("hangul")
>>> hangul.native_key("아웃룩"), hangul.match("아웃룩", "outlook"), hangul.match("줌", "zoom")
('TLK', True, False)

Classes (Japanese and Korean transcriptions blur what English keeps apart): K = k g,
T = t d, P = p b f v, S = s z sh, C = ch j, L = l r, N, M, H; w and y are left out, like
vowels. Rules:

- native side: a katakana word (ー and ッ add nothing, ン is N or M before P/M, チ is C or
  T, ジ C or S, ツ T S or T), or a Hangul word (jamo by syllable; a final ㅅ is T, a final
  ㅇ is N K ("ng"), ㅈ is C or S, and a final followed by an initial of its class counts
  once: 슬랙 = S L K);
- Latin side: English spelling read as in the Hindi matcher (soft c and g, ch, sh, th,
  tion, ...); an r after a vowel may be silent (force = フォース); two letters of one class
  side by side may be read as one (pb in dropbox: 드롭박스);
- the first vowels must be compatible (after the vowels Japanese and Korean add to break up
  a cluster: スラック, 슬랙), keys at least three consonants long, single words only, and
  never a word of the stoplist. Zoom / 줌 (S M) is too short: it stays an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Literal

from ..caches import memo

__all__ = ["MIN_CONSONANTS", "NameMatcher", "is_hangul_word", "is_katakana_word"]

MIN_CONSONANTS = 3
_MAX_KEYS = 256

# -- katakana -------------------------------------------------------------------------------

_ROWS = {
    "": "アイウエオ", "K": "カキクケコガギグゲゴ", "S": "サシスセソザジズゼゾ",
    "T": "タチツテトダヂヅデド", "N": "ナニヌネノ", "H": "ハヒフヘホ",
    "P": "バビブベボパピプペポ", "M": "マミムメモ", "Y": "ヤユヨ", "L": "ラリルレロ",
    "W": "ワヰヱヲ",
}  # fmt: skip
_ROW_VOWELS = {"": "AIUEO", "Y": "AUO", "W": "AIEO"}
_KANA: dict[str, tuple[tuple[str, ...], str]] = {}
for _cls, _chars in _ROWS.items():
    _vowels = _ROW_VOWELS.get(_cls, "AIUEO" * 2)
    for _ch, _v in zip(_chars, _vowels, strict=False):
        _KANA[_ch] = (("" if _cls in ("Y", "W") else _cls,), _v)
_KANA.update({
    "シ": (("S",), "I"), "ジ": (("C", "S"), "I"), "チ": (("C", "T"), "I"),
    "ヂ": (("C",), "I"), "ツ": (("TS", "T"), "U"), "ヅ": (("S",), "U"), "フ": (("P",), "U"),
    "ヴ": (("P",), "U"), "ヵ": (("K",), "A"), "ヶ": (("K",), "E"),
})  # fmt: skip
_SMALL_VOWELS = {"ァ": "A", "ィ": "I", "ゥ": "U", "ェ": "E", "ォ": "O",
                 "ャ": "A", "ュ": "U", "ョ": "O", "ヮ": "A"}  # fmt: skip
# Vowels Japanese adds to break up a consonant cluster: the u of ス, ク, プ ... and the o
# of ト, ド. Skipped when the Latin word starts with a cluster.
_EPENTHETIC_KANA = frozenset("クグスズツヅヌフブプヴムルトド")


def is_katakana_word(text: str) -> bool:
    return bool(text) and all("\u30a1" <= ch <= "\u30fa" or ch == "ー" for ch in text)


def _kana_reading(word: str):
    """(slots, vowels): slots are tuples of alternatives; vowels (class, epenthetic?)."""
    slots: list[tuple[str, ...]] = []
    vowels: list[tuple[str, bool]] = []
    i, n = 0, len(word)
    while i < n:
        ch = word[i]
        if ch in ("ー", "ッ"):
            i += 1
            continue
        if ch == "ン":
            following = _KANA.get(word[i + 1]) if i + 1 < n else None
            slots.append(("N", "M") if following and following[0][0] in ("P", "M") else ("N",))
            i += 1
            continue
        reading = _KANA.get(ch)
        if reading is None:
            if ch in _SMALL_VOWELS and vowels:
                vowels[-1] = (_SMALL_VOWELS[ch], False)
                i += 1
                continue
            return None
        consonants, vowel = reading
        i += 1
        small = i < n and word[i] in _SMALL_VOWELS
        if small:
            vowel = _SMALL_VOWELS[word[i]]
            i += 1
        if consonants != ("",):
            slots.append(consonants)
        long = i < n and word[i] == "ー"
        vowels.append((vowel, ch in _EPENTHETIC_KANA and not small and not long))
    return slots, vowels


# -- Hangul ---------------------------------------------------------------------------------

_INITIALS = (
    ("K",), ("K",), ("N",), ("T",), ("T",), ("L",), ("M",), ("P",), ("P",), ("S",), ("S",),
    ("",), ("C", "S"), ("C",), ("C",), ("K",), ("T",), ("P",), ("H",),
)  # fmt: skip
# ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ; ㅡ ("") is a vowel Korean adds.
_MEDIALS = (
    "A", "E", "A", "E", "EO", "E", "EO", "E", "O", "A", "E", "E", "O", "U", "EO", "E", "I",
    "U", "", "I", "I",
)  # fmt: skip
_FINALS = (
    (), ("K",), ("K",), ("K", "S"), ("N",), ("N", "C"), ("N",), ("T",), ("L",), ("L", "K"),
    ("L", "M"), ("L", "P"), ("L", "S"), ("L", "T"), ("L", "P"), ("L",), ("M",), ("P",),
    ("P", "S"), ("T",), ("T",), ("N", "K"), ("T",), ("T",), ("K",), ("T",), ("P",), (),
)  # fmt: skip


def is_hangul_word(text: str) -> bool:
    return bool(text) and all("\uac00" <= ch <= "\ud7a3" for ch in text)


def _hangul_reading(word: str):
    slots: list[tuple[str, ...]] = []
    vowels: list[tuple[str, bool]] = []
    previous_final: str | None = None
    for ch in word:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            return None
        initial, medial, final = code // 588, (code % 588) // 28, code % 28
        first = _INITIALS[initial]
        if first != ("",) and not (previous_final is not None and previous_final in first):
            slots.append(first)  # a final and an initial of one class count once
        vowel = _MEDIALS[medial]
        vowels.append((vowel, vowel == ""))
        previous_final = None
        for symbol in _FINALS[final]:
            slots.append((symbol,))
            previous_final = symbol
    return slots, vowels


# -- Latin ----------------------------------------------------------------------------------

_LATIN_VOWELS = frozenset("aeiou")
_SOFT = frozenset("eiy")
_PLAIN = {
    "b": "P", "p": "P", "f": "P", "v": "P", "d": "T", "t": "T", "k": "K", "l": "L",
    "m": "M", "n": "N", "s": "S", "z": "S", "j": "C", "r": "L",
}  # fmt: skip
# The first vowel group of the Latin word and the native vowel classes it may be written
# with (Salesforce = セ, Outlook = ア / 아, Teams = チ / 팀, Google = グ / 구).
_COMPATIBLE = {
    "a": {"A", "E"}, "e": {"E", "I"}, "i": {"I", "A"}, "o": {"O", "A", "EO"},
    "u": {"A", "U", "EO"}, "y": {"A", "I"}, "ea": {"I", "E"}, "ee": {"I"},
    "ai": {"E", "A"}, "ay": {"E", "A"}, "au": {"O", "A"}, "aw": {"O", "A"}, "oa": {"O"},
    "oo": {"U"}, "oi": {"O"}, "oy": {"O"}, "ou": {"A", "U", "O"}, "ow": {"A", "U", "O"},
    "ue": {"U", "I"}, "ui": {"U", "I"}, "eu": {"U", "I"}, "ew": {"U", "I"}, "ie": {"A", "I"},
    "ei": {"E", "I", "A"}, "ey": {"E", "I", "A"},
}  # fmt: skip


def _latin_reading(w: str):
    """(items, first vowel group, leading consonants): items are slots of alternatives,
    "|" for a vowel; letters written twice (ss, ll, ck) give one slot."""
    n = len(w)

    def vowel(k: int) -> bool:
        return 0 <= k < n and (w[k] in _LATIN_VOWELS or (w[k] == "y" and k > 0))

    items: list[tuple[str, ...]] = []
    i = 0
    while i < n:
        ch, rest = w[i], w[i:]
        if vowel(i):
            items.append(("|",))
            i += 1
            continue
        if i > 0 and ch == w[i - 1] and not vowel(i - 1):
            i += 1  # a letter written twice counts once
            continue
        step, slot = 1, None
        if rest.startswith("tch"):
            step, slot = 3, [("C",)]
        elif rest.startswith(("tion", "sion")):
            step, slot = 2, [("S", "C")]
        elif rest.startswith("ture"):
            slot = [("C",)]
        elif rest.startswith("ch"):
            step, slot = 2, [("C", "K")]
        elif rest.startswith("sh"):
            step, slot = 2, [("S",)]
        elif rest.startswith("ph"):
            step, slot = 2, [("P",)]
        elif rest.startswith("th"):
            step, slot = 2, [("T", "S")]
        elif rest.startswith("gh"):
            step, slot = 2, [("K",)] if i == 0 else []
        elif rest.startswith("wh"):
            step, slot = 2, [("H",)]
        elif rest.startswith("ck"):
            step, slot = 2, [("K",)]
        elif i == 0 and rest.startswith(("kn", "wr")):
            step, slot = 2, [(_PLAIN[rest[1]],)]
        elif rest == "mb":
            step, slot = 2, [("M",)]
        elif rest.startswith("qu"):
            step, slot = 2, [("K",)]
        elif ch == "q":
            slot = [("K",)]
        elif rest.startswith("xc") and i + 2 < n and w[i + 2] in _SOFT:
            step, slot = 2, [("K",), ("S",)]  # excel
        elif ch == "x":
            slot = [("S",)] if i == 0 else [("K",), ("S",)]
        elif ch == "c":
            slot = [("S",)] if i + 1 < n and w[i + 1] in _SOFT else [("K",)]
        elif rest.startswith("dg") and i + 2 < n and w[i + 2] in _SOFT:
            step, slot = 2, [("C",)]
        elif ch == "g":
            slot = [("C", "K")] if i + 1 < n and w[i + 1] in _SOFT else [("K",)]
        elif ch == "h":
            slot = [("H",)] if (i == 0 or vowel(i - 1)) and vowel(i + 1) else []
        elif ch in "wy":
            slot = []
        elif ch == "r" and vowel(i - 1):
            slot = [("L", "")]  # an r after a vowel may be silent: force = フォース
        elif ch in _PLAIN:
            slot = [(_PLAIN[ch],)]
        else:
            return None
        items.extend(slot)
        i += step
    first = _first_vowel(w, vowel)
    leading = 0
    for item in items:
        if item == ("|",):
            break
        leading += 1
    return items, first, leading


def _first_vowel(w: str, vowel) -> str | None:
    for k in range(len(w)):
        if vowel(k):
            pair = w[k : k + 2]
            return pair if pair in _COMPATIBLE else w[k]
    return None


def _latin_keys(items: list[tuple[str, ...]]) -> frozenset[str]:
    """Every key of a reading: alternatives, silent r, and two consonants of one class
    side by side read as one or two."""
    keys: set[str] = set()
    for choice in product(*items):
        symbols: list[str] = []
        adjacent = False  # the last symbol was a consonant with no vowel since
        merges: list[int] = []  # positions where a symbol repeats the one before it
        for item in choice:
            if item == "|":
                adjacent = False
                continue
            if not item:
                continue
            for symbol in _split(item):
                if adjacent and symbols and symbols[-1] == symbol:
                    merges.append(len(symbols))
                symbols.append(symbol)
                adjacent = True
        for drop in product((False, True), repeat=min(len(merges), 3)):
            cut = {m for m, d in zip(merges, drop, strict=False) if d}
            keys.add("".join(s for k, s in enumerate(symbols) if k not in cut))
        if len(keys) >= _MAX_KEYS:
            break
    return frozenset(keys)


def _split(item: str) -> list[str]:
    return ["T", "S"] if item == "TS" else [item]


def _native_keys(slots: list[tuple[str, ...]]) -> frozenset[str]:
    keys: set[str] = set()
    for choice in product(*slots):
        keys.add("".join(s for item in choice for s in _split(item)))
        if len(keys) >= _MAX_KEYS:
            break
    return frozenset(keys)


class NameMatcher:
    """Compare a katakana (`script="kana"`) or Hangul (`"hangul"`) word with a Latin word."""

    def __init__(
        self,
        script: Literal["kana", "hangul"],
        stoplist: Iterable[str] = (),
        min_consonants: int = MIN_CONSONANTS,
    ) -> None:
        self.script = script
        self.stoplist = frozenset(stoplist)
        self.min_consonants = min_consonants
        self.is_native_word = is_katakana_word if script == "kana" else is_hangul_word
        reading = _kana_reading if script == "kana" else _hangul_reading
        self._native = memo(8192)(lambda word: _native(reading, word))
        self._latin = memo(8192)(_latin)

    def native_key(self, word: str) -> str | None:
        """The shortest key of a native word (for the report), or None."""
        native = self._native(word)
        return min(native[0], key=lambda k: (len(k), k)) if native else None

    def match(self, native: str, latin: str) -> bool:
        """True when the two single words are the same English name in two scripts."""
        return self.matched_key(native, latin) is not None

    def matched_key(self, native: str, latin: str) -> str | None:
        """The key the two words share, or None when they do not match."""
        if native in self.stoplist or latin in self.stoplist:
            return None
        reading = self._native(native)
        if reading is None:
            return None
        keys, vowels = reading
        if min(len(k) for k in keys) < self.min_consonants:
            return None
        english = self._latin(latin)
        if english is None:
            return None
        shared = keys & english[0]
        if not shared:
            return None
        _, first, leading = english
        if _first_vowel_class(vowels, leading) not in _COMPATIBLE.get(first, ()):
            return None
        return min(shared, key=lambda k: (len(k), k))


def _native(reading, word: str):
    read = reading(word)
    if read is None or not read[0]:
        return None
    slots, vowels = read
    return _native_keys(slots), tuple(vowels)


def _latin(word: str):
    if not (word.isascii() and word.isalpha() and word.islower()):
        return None
    read = _latin_reading(word)
    if read is None:
        return None
    items, first, leading = read
    return _latin_keys(items), first, leading


def _first_vowel_class(vowels: tuple[tuple[str, bool], ...], leading: int) -> str | None:
    """The first vowel written for an English vowel: skip vowels the script adds to break
    up a leading cluster (up to one fewer than the cluster's consonants)."""
    skippable = max(leading - 1, 0)
    for vowel, epenthetic in vowels:
        if not vowel:
            continue  # Korean ㅡ: never an English vowel here
        if epenthetic and skippable:
            skippable -= 1
            continue
        return vowel
    return None
