"""The phonetic matcher: an English word in Devanagari against the same word in Latin script.

Both words are reduced to a consonant key; the keys must be identical, the words' first
vowels compatible, and the key at least three consonants long:

>>> m = PhoneticMatcher.build(stoplist=["कल"])
>>> m.devanagari_key("नेटवर्क"), sorted(m.latin_keys("network"))
('ntvrk', ['ntvrk'])
>>> m.match("बुकिंग", "booking"), m.match("बुकिंग", "backing"), m.match("कल", "call")
(True, False, False)

Rules (Devanagari against Latin):
- consonants fall into classes (क ख = k, ज झ ज़ = j = z = soft g, श ष = sh, ...); य / y and
  a w that is not followed by a vowel are left out, like vowels;
- a soft g (before e, i, y) is read both ways, as j and as g (manager = मैनेजर,
  target = टारगेट), and so is an s between vowels, as s and as z (reason = रीज़न,
  basic = बेसिक): the Latin word has a set of keys, and one of them must be the key;
- an anusvara before प ब भ म counts as m (नंबर = number), elsewhere as n;
- a letter written twice (pp, ck) or a Devanagari conjunct counts once, but a consonant
  repeated across a vowel counts twice, so refunded is not रिफंड and numbers not नंबर;
- the first vowels must be compatible (बुकिंग = booking, not backing); later vowels are
  free (कन्फर्म = confirm = conform);
- only single words, at least three consonants, and never a word of the stoplist.

Keys are computed on normalized tokens (nukta and chandrabindu already folded).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import product

from ..caches import memo

__all__ = ["MIN_CONSONANTS", "PhoneticMatcher"]

MIN_CONSONANTS = 3
_MAX_KEYS = 64  # alternatives per Latin word (soft g, intervocalic s, ch); plenty

# Key symbols: one character per consonant class. c = च (ch), x = श (sh), j = ज / z.
_DEVANAGARI_CONSONANTS = {
    "क": "k", "ख": "k", "ग": "g", "घ": "g", "ङ": "n",
    "च": "c", "छ": "c", "ज": "j", "झ": "j", "ञ": "n",
    "ट": "t", "ठ": "t", "ड": "d", "ढ": "d", "ण": "n",
    "त": "t", "थ": "t", "द": "d", "ध": "d", "न": "n", "ऩ": "n",
    "प": "p", "फ": "f", "ब": "b", "भ": "b", "म": "m",
    "य": "", "र": "r", "ऱ": "r", "ल": "l", "ळ": "l", "ऴ": "l", "व": "v",
    "श": "x", "ष": "x", "स": "s", "ह": "h",
    # Precomposed nukta letters, should a token reach the matcher unfolded.
    "क़": "k", "ख़": "k", "ग़": "g", "ज़": "j", "ड़": "d", "ढ़": "d", "फ़": "f", "य़": "",
}  # fmt: skip
# Vowel classes: A (the inherent vowel, अ), AA, I, U, E, AI, O, AU, AW (ऑ), R (ऋ).
_DEVANAGARI_SIGNS = {
    "ा": "AA", "ि": "I", "ी": "I", "ु": "U", "ू": "U", "ृ": "R", "ॄ": "R",
    "ॅ": "E", "ॆ": "E", "े": "E", "ै": "AI", "ॉ": "AW", "ॊ": "O", "ो": "O", "ौ": "AU",
}  # fmt: skip
_DEVANAGARI_VOWELS = {
    "अ": "A", "आ": "AA", "इ": "I", "ई": "I", "उ": "U", "ऊ": "U", "ऋ": "R",
    "ऍ": "E", "ऎ": "E", "ए": "E", "ऐ": "AI", "ऑ": "AW", "ऒ": "O", "ओ": "O", "औ": "AU",
}  # fmt: skip
_VIRAMA, _NUKTA = "\u094d", "\u093c"
_NASALS = "\u0902\u0901"  # anusvara, chandrabindu
_LABIALS = frozenset("pbm")  # an anusvara before प ब भ म is m

# The first vowel of the Latin word (one letter, or a two-letter group) and the Devanagari
# vowel classes it may be written with.
_COMPATIBLE = {
    "a": {"A", "AA", "AI", "E", "AW"},  # account, target, laptop, basic, call
    "ai": {"E", "AI"}, "ay": {"E", "AI"},
    "au": {"AW", "O", "AA"}, "aw": {"AW", "O", "AA"},
    "e": {"E", "AI", "A", "I"},  # check, ..., service, refund
    "ea": {"I", "E"}, "ee": {"I"}, "ei": {"E", "AI", "I"}, "ey": {"E", "AI", "I"},
    "eu": {"U"}, "ew": {"U"},
    "i": {"I", "AA", "A"},  # ticket, file (ाइ), first
    "ie": {"I", "AA"},
    "o": {"O", "AW", "A"},  # hotel, dollar, confirm
    "oa": {"O"}, "oo": {"U"}, "oi": {"AW", "O"}, "oy": {"AW", "O"},
    "ou": {"AA", "O", "A", "U"}, "ow": {"AA", "O"},
    "u": {"A", "U"},  # number, user; not business (बिज़नेस)
    "ue": {"U"}, "ui": {"U", "I"},
    "y": {"I", "AA"},  # system, type
}  # fmt: skip
_LATIN_VOWELS = frozenset("aeiou")
_SOFT = frozenset("eiy")


@dataclass(frozen=True)
class PhoneticMatcher:
    """Compare a Devanagari token with a Latin token. Build once; calls are cached."""

    stoplist: frozenset[str] = frozenset()
    min_consonants: int = MIN_CONSONANTS
    _devanagari: Callable = field(init=False, repr=False, compare=False)
    _latin: Callable = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_devanagari", memo(8192)(_devanagari_reading))
        object.__setattr__(self, "_latin", memo(8192)(_latin_reading))

    @classmethod
    def build(cls, stoplist: Iterable[str] = (), fold: Callable[[str], str] | None = None):
        """`fold` brings stoplist words to the form of normalized tokens."""
        fold = fold or (lambda word: word)
        return cls(frozenset(fold(word) for word in stoplist))

    def devanagari_key(self, token: str) -> str | None:
        reading = self._devanagari(token)
        return reading[0] if reading else None

    def latin_keys(self, token: str) -> frozenset[str]:
        reading = self._latin(token)
        return reading[0] if reading else frozenset()

    def match(self, devanagari: str, latin: str) -> bool:
        """True when the two single words are the same English word in two scripts."""
        if devanagari in self.stoplist:
            return False
        native = self._devanagari(devanagari)
        if native is None or len(native[0]) < self.min_consonants:
            return False
        english = self._latin(latin)
        if english is None or native[0] not in english[0]:
            return False
        return native[1] in _COMPATIBLE.get(english[1], ())


def _devanagari_reading(token: str) -> tuple[str, str | None] | None:
    """(consonant key, first vowel class), or None for a token that is not one
    Devanagari word."""
    items: list[str] = []  # consonant symbols; "|" marks a vowel between consonants
    first_vowel = None
    i, n = 0, len(token)
    while i < n:
        ch = token[i]
        if ch in _DEVANAGARI_CONSONANTS:
            symbol = _DEVANAGARI_CONSONANTS[ch]
            i += 1
            while i < n and token[i] == _NUKTA:
                i += 1
            if symbol:
                items.append(symbol)
            if i < n and token[i] == _VIRAMA:
                i += 1  # a conjunct: no vowel after this consonant
                continue
            vowel = _DEVANAGARI_SIGNS.get(token[i]) if i < n else None
            if vowel is not None:
                i += 1
            else:
                vowel = "A"  # the inherent vowel
            first_vowel = first_vowel or vowel
            items.append("|")
        elif ch in _DEVANAGARI_VOWELS:
            first_vowel = first_vowel or _DEVANAGARI_VOWELS[ch]
            items.append("|")
            i += 1
        elif ch in _NASALS:
            items.append("N")
            i += 1
        elif ch in _DEVANAGARI_SIGNS:
            items.append("|")  # a vowel sign after a vowel letter; unusual, harmless
            i += 1
        elif ch == _NUKTA or ch == "\u0903":  # visarga: no consonant of English
            i += 1
        else:
            return None
    # Resolve each anusvara by the consonant that follows it.
    for k, item in enumerate(items):
        if item == "N":
            following = next((x for x in items[k + 1 :] if x not in "|N"), None)
            items[k] = "m" if following in _LABIALS else "n"
    return _collapse(items), first_vowel


def _latin_reading(token: str) -> tuple[frozenset[str], str | None] | None:
    """(the set of possible consonant keys, the first vowel group), or None for a token
    that is not one lowercase Latin word."""
    if not (token.isascii() and token.isalpha() and token.islower()):
        return None
    w = token
    n = len(w)

    def vowel(k: int) -> bool:
        return 0 <= k < n and (w[k] in _LATIN_VOWELS or (w[k] == "y" and k > 0))

    slots: list[tuple[str, ...]] = []  # each slot: alternatives ("" = nothing, "|" = vowel)
    i = 0
    while i < n:
        ch, rest = w[i], w[i:]
        if vowel(i):
            slots.append(("|",))
            i += 1
        elif rest.startswith("tch"):
            slots.append(("c",))
            i += 3
        elif rest.startswith("ch"):
            slots.append(("c", "k"))  # chat / school
            i += 2
        elif rest.startswith("sh"):
            slots.append(("x",))
            i += 2
        elif rest.startswith("ph"):
            slots.append(("f",))
            i += 2
        elif rest.startswith("th"):
            slots.append(("t",))
            i += 2
        elif rest.startswith("gh"):
            slots.append(("g",) if i == 0 else ("",))  # ghost; light, night
            i += 2
        elif rest.startswith("wh"):
            slots.extend((("v",), ("h",)))  # white = व्हाइट
            i += 2
        elif rest.startswith("ck"):
            slots.append(("k",))
            i += 2
        elif i == 0 and rest.startswith(("kn", "wr")):
            slots.append((rest[1],))
            i += 2
        elif rest == "mb":
            slots.append(("m",))
            i += 2
        elif rest.startswith("qu"):
            slots.extend((("k",), ("v",)))
            i += 2
        elif ch == "q":
            slots.append(("k",))
            i += 1
        elif ch == "x":
            slots.extend((("j",),) if i == 0 else (("k",), ("s",)))
            i += 1
        elif rest.startswith("cc") and i + 2 < n and w[i + 2] in _SOFT:
            slots.extend((("k",), ("s",)))  # accept, access
            i += 2
        elif ch == "c":
            slots.append(("s",) if i + 1 < n and w[i + 1] in _SOFT else ("k",))
            i += 1
        elif rest.startswith("dg") and i + 2 < n and w[i + 2] in _SOFT:
            slots.append(("j",))  # bridge, budget
            i += 2
        elif ch == "g":
            slots.append(("j", "g") if i + 1 < n and w[i + 1] in _SOFT else ("g",))
            i += 1
        elif rest.startswith("ssion"):
            slots.append(("x",))  # mission
            i += 3
        elif rest.startswith("sion"):
            slots.append(("x", "j"))  # version, television
            i += 2
        elif rest.startswith("tion") or (rest.startswith("ti") and rest[2:3] in ("a", "o")):
            slots.append(("x",))  # station, initial
            i += 2
        elif rest.startswith("ture"):
            slots.append(("c",))  # picture, future
            i += 1
        elif ch == "s":
            slots.append(("s", "j") if vowel(i - 1) and vowel(i + 1) else ("s",))
            i += 1
        elif ch in "jz":
            slots.append(("j",))
            i += 1
        elif ch == "h":
            slots.append(("h",) if (i == 0 or vowel(i - 1)) and vowel(i + 1) else ("",))
            i += 1
        elif ch == "y":  # only at the start (elsewhere a vowel): य, left out
            i += 1
        elif ch == "w":
            slots.append(("v",) if vowel(i + 1) else ("|",))  # network; download
            i += 1
        else:
            slots.append((ch,))
            i += 1
    keys = set()
    for choice in product(*slots):
        keys.add(_collapse([item for item in choice if item]))
        if len(keys) >= _MAX_KEYS:
            break
    return frozenset(keys), _first_vowel(w, vowel)


def _first_vowel(w: str, vowel: Callable[[int], bool]) -> str | None:
    for k in range(len(w)):
        if vowel(k):
            pair = w[k : k + 2]
            return pair if pair in _COMPATIBLE else w[k]
    return None


def _collapse(items: list[str]) -> str:
    """Consonant symbols in order; one symbol twice in a row counts once unless a vowel
    stands between the two."""
    out: list[str] = []
    previous = None
    for item in items:
        if item == "|":
            previous = None
            continue
        if item != previous:
            out.append(item)
        previous = item
    return "".join(out)
