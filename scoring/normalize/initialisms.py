"""Step `initialisms`: dotted initials written as one word.

`U.S.` = `US`, `L.A.` = `LA`, `a.m.` = `am`, `e.g.` = `eg`: a reference writes the dots, an
STT often does not, and the tokenizer would otherwise cut `U.S.` into `u s`. Only tokens made
of single letters each followed by a dot (the last dot may be missing, or be the sentence's
full stop); a word with an inner dot (`booking.com`, `3.5`, `Ph.D.`) is not one.

>>> build_initialisms()("the U.S. army, at 10 a.m. in L.A, e.g. here; booking.com")
'the US army, at 10 am in LA, eg here; booking.com'
"""

from __future__ import annotations

from collections.abc import Callable

import regex

__all__ = ["build_initialisms"]

# Two letters or more, each followed by a dot (the last one's dot optional), then
# punctuation that may close a sentence or a clause.
_INITIALS = regex.compile(r"(?<!\S)((?:\p{L}\.){1,}\p{L}\.?)(?=[,;:!?)\]\"”’]*(?:\s|$))")


def build_initialisms() -> Callable[[str], str]:
    def join(text: str) -> str:
        if "." not in text:
            return text
        return _INITIALS.sub(lambda m: m.group(1).replace(".", ""), text)

    return join
