"""Korean unit and currency symbols as words, before the punctuation step deletes them.

A symbol or a currency code becomes its word after the amount: $5 -> 5 달러, 10 % -> 10
퍼센트, ₩30조 -> 30조 원, US$ 5 -> 5 달러. The number reader then attaches the word
(5달러, 30000000000000원). The symbols are the config's `unit_symbols` and the keys of
`korean.currencies` that hold one (us$, hk$), matched in any case; a code of letters only
(KRW) survives punctuation and is read with the words (`ko_phrases`).

>>> read = build_unit_symbols({"%": "퍼센트", "₩": "원", "$": "달러"}, {"us$": "달러"})
>>> read("₩30조 $ 0 US$5,000 10 %")
'30조 원 0 달러 5,000 달러 10 퍼센트'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping

__all__ = ["build_unit_symbols"]

# An amount as written after a symbol: 5, 1,000, 3.5, and a Hangul big unit (30조, 1,000억).
_AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?(?:[\d십백천만억조경]*)")


def _is_hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def build_unit_symbols(
    unit_symbols: Mapping[str, str],
    currencies: Mapping[str, str] = {},
    signs: Collection[str] = (),
) -> Callable[[str], str] | None:
    """`signs`: words for a minus a written amount may start with (`ko_written` writes
    -5℃ as 마이너스5℃, which is 마이너스5 도)."""
    # a code of letters only (krw) survives punctuation and is read later (`ko_phrases`)
    codes = {
        key: name
        for key, name in currencies.items()
        if not _is_hangul(key) and not (key.isascii() and key.isalpha())
    }
    table = {key.lower(): word for key, word in {**unit_symbols, **codes}.items()}
    if not table:
        return None
    keys = sorted(table, key=len, reverse=True)
    probe = re.compile("|".join(map(re.escape, keys)), re.IGNORECASE)

    signed = re.compile("(?:" + "|".join(map(re.escape, signs)) + ")?" + _AMOUNT.pattern)

    def amount(text: str) -> bool:
        return bool(signed.fullmatch(text))

    def split(token: str) -> tuple[str, str] | None:
        """₩5000 -> (5000, 원), 10% -> (10, 퍼센트), 마이너스$5 -> (마이너스5, 달러)."""
        for sign in signs:
            if token.startswith(sign) and len(token) > len(sign):
                inner = split(token[len(sign) :])
                return (sign + inner[0], inner[1]) if inner else None
        low = token.lower()
        for key in keys:
            if low.startswith(key) and amount(token[len(key) :]):
                return token[len(key) :], table[key]
            if low.endswith(key) and amount(token[: -len(key)]):
                return token[: -len(key)], table[key]
        return None

    def replace(text: str) -> str:
        if not probe.search(text):
            return text
        tokens = text.split()
        out: list[str] = []
        i = 0
        while i < len(tokens):
            token, low = tokens[i], tokens[i].lower()
            if low in table:
                if i + 1 < len(tokens) and amount(tokens[i + 1]):  # $ 5, KRW 5,000
                    out += [tokens[i + 1], table[low]]
                    i += 2
                    continue
                # a code alone (KRW) is a word; a symbol alone still is its word (50 %)
                out.append(table[low] if low in unit_symbols else token)
            else:
                parts = split(token)
                out.extend(parts if parts else (token,))
            i += 1
        return " ".join(out)

    return replace
