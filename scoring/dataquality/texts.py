"""Text as the data-quality checks compare it: a light form, not the language's normalizer.

The checks run at import, before any scoring, over whole files: they need a form that is
cheap and the same for every language. Annotations ([slow]) are notes, not speech, and are
dropped; case and punctuation are not what a pairing mistake changes.

>>> plain("[slow] Hi, I'M  locked out!")
"hi i'm locked out"
>>> spoken_length("call 555-0147"), spoken_length("")
(25, 0)
"""

from __future__ import annotations

import re
import unicodedata

from ..normalize.annotations import ANNOTATION

__all__ = ["DIGIT_WEIGHT", "has_content", "plain", "spoken_length", "text_key"]

_LONE_APOSTROPHE = re.compile(r"(?<!\w)'|'(?!\w)")

#: A digit counts as this many characters of spoken text: "555-0147" stands for "five
#: five five oh one four seven", so a hypothesis that writes numbers in digits is not
#: "much shorter" than a reference that spells them.
DIGIT_WEIGHT = 3


def plain(text: str) -> str:
    """NFKC, annotations and punctuation removed, case folded, spaces collapsed."""
    text = ANNOTATION.sub(" ", unicodedata.normalize("NFKC", text)).casefold()
    # letters, marks (Devanagari vowel signs), digits, and apostrophes inside words stay
    kept = "".join(ch if _is_word_char(ch) or ch == "'" else " " for ch in text)
    return " ".join(_LONE_APOSTROPHE.sub(" ", kept).split())


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or unicodedata.category(ch)[0] == "M"


def spoken_length(text: str) -> int:
    """Letters (and marks) plus DIGIT_WEIGHT per digit, annotations left out: how much
    was said, comparable between a reference and its hypothesis."""
    text = ANNOTATION.sub(" ", text)
    total = 0
    for ch in text:
        if ch.isdigit():
            total += DIGIT_WEIGHT
        elif ch.isalpha() or unicodedata.category(ch)[0] == "M":
            total += 1
    return total


def has_content(text: str) -> bool:
    """A letter or a digit outside annotations: something was said (or written)."""
    return any(ch.isalnum() for ch in ANNOTATION.sub(" ", text))


def text_key(text: str) -> str:
    """The text as two imports of the same data store it: NFC, outer and repeated spaces
    aside. Case and punctuation count: another transcript differs in them."""
    return " ".join(unicodedata.normalize("NFC", text).split())
