"""The characters a config regex cannot match without: a text with none of them is left
as it is without running the pattern.

A replacement runs under the text's time budget (`budget.py`), and `regex` pays for the
timeout on every call: `[%％]` costs six times as much with one as without. Most texts hold
nothing a rule could match, so a rule first asks whether the text has one of its
required characters (a few substring tests) and runs, with its timeout, only if it does.

The pattern is read by the standard library's parser, which reads the syntax both
libraries share the same way. Anything it reads otherwise or not at all (`regex`'s
`\\p{..}`, nested sets, fuzzy counts in braces) gives no characters, and the rule runs on
every text, as before. Only what every match must hold counts:

>>> required_chars("[%％]") == frozenset("%％")
True
>>> sorted(required_chars(r"(?i)\\bd\\. ?c\\."))  # letters under (?i) may match other letters
['.']
>>> required_chars(r"a?b*") is None  # matches the empty text
True
"""

from __future__ import annotations

import re
import unicodedata
import warnings

try:  # the standard library's parser is private: a Python without it filters nothing
    import re._constants as sre
    import re._parser as sre_parse
except ImportError:  # pragma: no cover
    sre = sre_parse = None  # type: ignore[assignment]

__all__ = ["required_chars"]

# Syntax `regex` (version 1) reads otherwise than `re`: set operations, and (checked on
# the parse) a "[" in a set (a nested set) or braces read as characters (fuzzy counts,
# `{e<=1}`, where `re` sees the characters "{e<=1}").
_OTHER_SYNTAX = ("--", "&&", "||", "~~")
_READ_OTHERWISE = frozenset(map(ord, "[{}"))
_WIDEST_RANGE = 64  # a character range of more is no useful filter


def required_chars(pattern: str) -> frozenset[str] | None:
    """A set of characters every text that `pattern` matches in holds one of, or None
    when no such set is known (then the pattern must run on every text)."""
    if sre_parse is None or any(syntax in pattern for syntax in _OTHER_SYNTAX):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a FutureWarning: a set `regex` reads otherwise
            parsed = sre_parse.parse(pattern)
        if not _READ_OTHERWISE.isdisjoint(_literals(list(parsed))):
            return None
        fold = bool(parsed.state.flags & sre.SRE_FLAG_IGNORECASE)
        return _best(_sequence(list(parsed), fold))
    except (re.error, Warning, RecursionError, AttributeError, TypeError, ValueError):
        return None  # (a parse this module does not know: the rule runs on every text)


def _literals(items) -> set[int]:
    """Every literal character of a parse, in sets and groups too."""
    found: set[int] = set()
    for op, av in items:
        if op is sre.LITERAL:
            found.add(av)
        elif op is sre.IN:
            found |= _literals(av)
        else:
            found |= _nested(av)
    return found


def _nested(value) -> set[int]:
    if isinstance(value, sre_parse.SubPattern):
        return _literals(list(value))
    if isinstance(value, (list, tuple)):
        return set().union(*map(_nested, value))
    return set()


def _best(options: list[frozenset[str]]) -> frozenset[str] | None:
    """The option that filters most: no space if possible (most texts have one), fewest
    characters."""
    if not options:
        return None
    return min(options, key=lambda chars: (" " in chars, len(chars)))


def _sequence(items: list, fold: bool) -> list[frozenset[str]]:
    """Sets of characters each of which one match of the sequence must hold (all of them:
    each item is matched)."""
    found: list[frozenset[str]] = []
    for op, av in items:
        found += _item(op, av, fold)
    return found


def _item(op, av, fold: bool) -> list[frozenset[str]]:
    if op is sre.LITERAL:
        chars = _usable({chr(av)}, fold)
        return [chars] if chars else []
    if op is sre.IN:
        chars = _class(av, fold)
        return [chars] if chars else []
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        low, _high, body = av
        return _sequence(list(body), fold) if low >= 1 else []
    if op is sre.SUBPATTERN:
        _group, add, remove, body = av
        inner = (fold or bool(add & sre.SRE_FLAG_IGNORECASE)) and not (
            remove & sre.SRE_FLAG_IGNORECASE
        )
        return _sequence(list(body), inner)
    if op is sre.ATOMIC_GROUP:
        return _sequence(list(av), fold)
    if op is sre.ASSERT:
        # A lookaround matches no characters, but what it sees is in the text all the same.
        _direction, body = av
        return _sequence(list(body), fold)
    if op is sre.BRANCH:
        _none, branches = av
        union: set[str] = set()
        for branch in branches:
            chars = _best(_sequence(list(branch), fold))
            if chars is None:
                return []  # a branch that needs nothing: the alternation needs nothing
            union |= chars
        return [frozenset(union)]
    return []  # anchors, any character, negations, back references, conditionals


def _class(items, fold: bool) -> frozenset[str] | None:
    chars: set[str] = set()
    for op, av in items:
        if op is sre.LITERAL:
            chars.add(chr(av))
        elif op is sre.RANGE and av[1] - av[0] < _WIDEST_RANGE:
            chars.update(map(chr, range(av[0], av[1] + 1)))
        else:
            return None  # NEGATE, a category (\d), a wide range
    return _usable(chars, fold)


def _caseless(ch: str) -> bool:
    """A character no case folding maps another to: not a letter or a mark (what folds
    write), and no case of its own (circled and Roman-numeral letters have one)."""
    return unicodedata.category(ch)[0] not in "LM" and ch.lower() == ch == ch.upper()


def _usable(chars: set[str], fold: bool) -> frozenset[str] | None:
    """The characters as they must appear in the text: all of them, or None if one may
    match other characters (a letter or a mark under IGNORECASE, which `regex` applies
    with full case folding: ß and ss, K and the Kelvin sign)."""
    if fold and not all(map(_caseless, chars)):
        return None
    return frozenset(chars)
