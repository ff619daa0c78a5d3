"""Step `symbol_names`: a symbol written where its name is said.

`S&P 500` is said "S and P five hundred", `y=x+1` "y equals x plus one", `C++` "C plus
plus", `12@` "twelve at": the config's `symbol_names` maps a symbol to the word said for it
(en `&` and, `=` equals, `+` plus, `@` at), so both spellings are the same words. `@`
between two letters or digits is an address (john@x.com) and stays for the emails step; a
symbol the punctuation step would otherwise delete is kept as speech: `C++` is not `C#`.

A `-` is named only between two numbers in an equation (a text with `=`): `1-2=5` is "one
minus two equals five", while `1-2` alone is a range, a score or part of a code.

>>> step = build_symbol_names({"&": "and", "=": "equals", "+": "plus", "@": "at", "-": "minus"})
>>> step("S&P 500, y=x +1, C++, john@x.com, @mypizza")
'S and P 500, y equals x plus 1, C plus plus , john@x.com, at mypizza'
>>> step("won 3-2"), step("1- 2 = -5")
('won 3-2', '1 minus 2 equals -5')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import regex

__all__ = ["build_symbol_names"]

# A dash between two numbers, spaced or not: 1-2, 1 - 2, 1- 2 (not -5 after a space).
_MINUS = regex.compile(r"(?<=\d\s?)-(?=\s?\d)")


def build_symbol_names(names: Mapping[str, str]) -> Callable[[str], str]:
    symbols = sorted((symbol for symbol in names if symbol != "-"), key=len, reverse=True)
    alternatives = "|".join(regex.escape(symbol) for symbol in symbols)
    # @ between word characters is an address: left to the emails step
    pattern = regex.compile(rf"(?!(?<=\w)@(?=\w))(?:{alternatives})")
    minus = names.get("-")

    def name(match: regex.Match) -> str:
        return f" {names[match.group()]} "

    def replace(text: str) -> str:
        if not any(symbol in text for symbol in names):
            return text
        if minus and "=" in text and "-" in text:
            text = _MINUS.sub(f" {minus} ", text)
        return " ".join(pattern.sub(name, text).split())

    return replace
