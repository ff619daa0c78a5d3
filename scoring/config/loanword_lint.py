"""A lint for loanword lexicons: an entry must write the English word in Devanagari, never
translate it, and never map an English function word.

A loanword lexicon says two spellings are the same speech (`phone` = `फ़ोन`). A translation
is different speech (`receipt` = `रसीद`, the Hindi word, is not what was said): mapping it
hides a real error. And a source that is an English function word (`may`, the modal) turns
into a Hindi content word (`मई`, the month) wherever the English word is used.

The transliteration test compares consonant skeletons: both words reduced to classes of
consonants (voicing kept: t is not d; s and z one class, as English spells /z/ with s; b, v
and w one class, as Hindi writes English w with व), vowels dropped, and compared with
rapidfuzz's Indel similarity. Real transliterations keep their consonants in order
(`schedule` = `शेड्यूल`: s d l against s d y l); a translation does not (`receipt` r s p t
against `रसीद` r s d). Acronyms said letter by letter pass too (`atm` t m, `एटीएम` t m).

>>> for problem in loanword_problems({"phone": "फ़ोन", "receipt": "रसीद", "may": "मई"}):
...     print(problem)
receipt: रसीद is not a transliteration (consonants rspt against rsd)
may: an English function word, it would become मई wherever it is used
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from rapidfuzz.distance import Indel

__all__ = ["SIMILARITY", "loanword_problems"]

# Below this similarity of consonant skeletons an entry is a translation. The shipped
# transliterations score 0.75 or more; the translations found so far 0.57 or less.
SIMILARITY = 0.7

FUNCTION_WORDS = frozenset(
    "a an the and or but if so not no to of in on at by for from with as up out off "
    "i me my we us our you your he him his she her it its they them their this that "
    "is am are was were be been do does did have has had can could may might must shall "
    "should will would".split()
)

_DEVANAGARI = {
    **dict.fromkeys("कख", "k"),
    **dict.fromkeys("गघ", "g"),
    **dict.fromkeys("चछ", "c"),
    **dict.fromkeys("जझ", "j"),
    **dict.fromkeys("टठतथ", "t"),
    **dict.fromkeys("डढदध", "d"),
    **dict.fromkeys("णनमं", "n"),
    **dict.fromkeys("बभव", "b"),
    **dict.fromkeys("शषस", "s"),
    "प": "p",
    "फ": "f",  # English f is written फ़ or, often, फ
    "य": "y",
    "र": "r",
    "ल": "l",
    "ह": "h",
}
# With a nukta (़): क़ ख़ ग़ ज़ ड़ ढ़ फ़.
_NUKTA = "\u093c"
_WITH_NUKTA = {"क": "k", "ख": "k", "ग": "g", "ज": "s", "ड": "r", "ढ": "r", "फ": "f"}
# English spelling to the same classes, longest first (placeholders in upper case so a
# later rule does not read them again).
_LATIN = [
    ("sch", "S"), ("tch", "C"), ("ph", "F"), ("ck", "K"), ("ch", "C"), ("sh", "S"),
    ("th", "T"), ("qu", "KB"), ("x", "KS"), (r"c(?=[eiy])", "S"), ("c", "K"), ("q", "K"),
    ("z", "S"), ("[vw]", "B"), ("[mn]", "N"), (r"(?<=[aeiou])y|y$", ""),
]  # fmt: skip
_VOWELS = re.compile(r"[aeiou]")
_REPEATS = re.compile(r"(.)\1+")


def latin_skeleton(word: str) -> str:
    """`receipt` -> `rspt`, `schedule` -> `sdl`, `phone` -> `fn`."""
    text = word.lower()
    for pattern, value in _LATIN:
        text = re.sub(pattern, value, text)
    return _REPEATS.sub(r"\1", _VOWELS.sub("", text).lower())


def devanagari_skeleton(word: str) -> str:
    """`रसीद` -> `rsd`, `शेड्यूल` -> `sdyl`, `फ़ोन` -> `fn`."""
    text = unicodedata.normalize("NFD", word)  # क़ as क + nukta
    out = []
    for i, ch in enumerate(text):
        if text[i + 1 : i + 2] == _NUKTA and ch in _WITH_NUKTA:
            out.append(_WITH_NUKTA[ch])
        elif ch in _DEVANAGARI:
            out.append(_DEVANAGARI[ch])
    return _REPEATS.sub(r"\1", "".join(out))


def loanword_problems(lexicon: Mapping[str, str]) -> list[str]:
    """Entries of a Latin-to-Devanagari lexicon that are translations or function words."""
    problems = []
    for source, target in lexicon.items():
        if source.lower() in FUNCTION_WORDS:
            problems.append(
                f"{source}: an English function word, it would become {target} wherever it is used"
            )
            continue
        latin, devanagari = latin_skeleton(source), devanagari_skeleton(target)
        if Indel.normalized_similarity(latin, devanagari) < SIMILARITY:
            problems.append(
                f"{source}: {target} is not a transliteration "
                f"(consonants {latin} against {devanagari})"
            )
    return problems
