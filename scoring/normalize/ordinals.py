"""Step `ordinals`: one written suffix per ordinal.

Writers mark an ordinal in several ways: French `1er`, `1re`, `1ère`, `1ᵉʳ` (and text2num
writes `premier` as `1er`, `deuxième` as `2ème`); Spanish `1º`, `1.º`, `1er`, `1ª`. The
config's `ordinals.suffixes` maps each written suffix to the canonical one (French: `e`;
Spanish and Italian: `º`), so they are one token: `1er` = `1ᵉʳ` = `premier` = `1e`. A plural
`s` goes with it (`1ers`, `1ᵉʳˢ`). `words` are ordinal words the number reader leaves as
words (French `second`). Dates drop the day's suffix before this step.

>>> from scoring.config.classes import OrdinalRules
>>> step = build_ordinals(OrdinalRules(suffixes={"er": "e", "ème": "e", "ᵉʳ": "e"},
...     words={"second": "2e"}))
>>> step("le 1er , le 1ᵉʳˢ , le 2ème , le second , 4x4")
'le 1e , le 1e , le 2e , le 2e , 4x4'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..config.classes import OrdinalRules
from .tables import PhraseTable, lowered

__all__ = ["build_ordinals"]

StepFn = Callable[[str], str]


def build_ordinals(rules: OrdinalRules, form: Callable[[str], str] | None = None) -> StepFn:
    suffixes = {key.lower(): value for key, value in rules.suffixes.items()}
    alternatives = "|".join(re.escape(s) for s in sorted(suffixes, key=len, reverse=True))
    pattern = re.compile(rf"(\d+)({alternatives})(?:s|ˢ)?", flags=re.IGNORECASE)
    words = PhraseTable(rules.words, form)

    def convert(text: str) -> str:
        tokens = text.split()
        lower = lowered(tokens)
        if not any(ch.isdigit() for ch in text) and words.firsts.isdisjoint(lower):
            return text
        out: list[str] = []
        i = 0
        while i < len(tokens):
            match = pattern.fullmatch(tokens[i]) if tokens[i][:1].isdigit() else None
            if match:
                out.append(match.group(1) + suffixes[match.group(2).lower()])
                i += 1
                continue
            found = words.match(tokens, i, lower) if lower[i] in words.firsts else None
            if found:
                out.append(found[1])
                i += found[0]
                continue
            out.append(tokens[i])
            i += 1
        return " ".join(out)

    return convert
