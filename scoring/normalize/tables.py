"""What the class readers share: phrase tables matched on tokens, and number tokens.

The class steps (`cardinals`, `fractions`, `money`, `measures`, `times`, `dates`,
`ordinals`) run after the numbers step, so both a spoken and a written form reach them with
digits ("five dollars" is "5 dollars" by then, "$5" is still "$5"). They work on the
whitespace tokens of the text, before the case step: a table is matched case-insensitively,
as the config writes a word and as its char folds write it ("März", "Maerz").

>>> table = PhraseTable({"kilometers per hour": "km/h", "kilometers": "km"})
>>> tokens = "200 Kilometers per hour".split()
>>> table.match(tokens, 1, lowered(tokens))
(3, 'km/h')
>>> Amount.parse("-12,5", ",")
Amount(sign='-', whole='12', fraction='5')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = [
    "Amount",
    "PhraseTable",
    "StartWords",
    "can_read",
    "has_digit",
    "is_number",
    "lowered",
    "scan",
    "split_lowered",
    "word_set",
]

V = TypeVar("V")

_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def lowered(tokens: Sequence[str]) -> list[str]:
    return [token.lower() for token in tokens]


def split_lowered(text: str) -> tuple[list[str], list[str]]:
    """`text.split()` and its tokens in lower case, the second as one `lower()` of the
    text (whitespace is neither cased nor case-ignorable, so even a final sigma lowers as
    in its own token), which costs a third of lowering the tokens one by one."""
    return text.split(), text.lower().split()


def _spellings(word: str, form: Callable[[str], str] | None) -> set[str]:
    spelled = " ".join(word.lower().split())
    return {spelled, form(spelled)} if form else {spelled}


class PhraseTable(Generic[V]):
    """Phrases of one or more words to values, matched at a token, longest phrase first."""

    def __init__(self, mapping: Mapping[str, V], form: Callable[[str], str] | None = None):
        by_first: dict[str, list[tuple[tuple[str, ...], V]]] = {}
        for phrase, value in mapping.items():
            for spelled in _spellings(phrase, form):
                words = tuple(spelled.split())
                entries = by_first.setdefault(words[0], [])
                if all(existing != words for existing, _ in entries):
                    entries.append((words, value))
        for entries in by_first.values():
            entries.sort(key=lambda entry: -len(entry[0]))
        self._by_first = by_first
        #: Every first word, for a cheap "could anything match here" test.
        self.firsts = frozenset(by_first)
        #: Every last word: a text with none of them has no phrase of the table.
        self.lasts = frozenset(words[-1] for entries in by_first.values() for words, _ in entries)

    def __bool__(self) -> bool:
        return bool(self._by_first)

    def match(self, tokens: Sequence[str], i: int, lower: Sequence[str]) -> tuple[int, V] | None:
        """`(number of tokens, value)` of the longest phrase at `tokens[i]`, or None.
        `lower` is the tokens in lower case (computed once per text by the caller)."""
        entries = self._by_first.get(lower[i])
        if not entries:
            return None
        for words, value in entries:
            end = i + len(words)
            if end <= len(tokens) and all(lower[i + k] == w for k, w in enumerate(words)):
                return len(words), value
        return None


Reader = Callable[[list[str], list[str], int], "tuple[int, list[str]] | None"]


@dataclass(frozen=True)
class StartWords:
    """Words at which a reader can start a span, for `scan`: the listed ones, and those
    `test` accepts (for words no table lists: an ordinal word, a joined fraction word)."""

    words: frozenset[str]
    test: Callable[[str], object] | None = None

    def __contains__(self, word: object) -> bool:
        if word in self.words:
            return True
        return self.test is not None and isinstance(word, str) and bool(self.test(word))


def can_read(
    needed: frozenset[str],
    lower: Iterable[str],
    text: str = "",
    hint: Callable[[str], object] | None = None,
) -> bool:
    """Whether a class step's readers may find anything in a text: a word of `needed`
    among its tokens (lower case), or something `hint` finds in it (a pattern's search).

    False means the step's scan would write the tokens back as they are, so the step skips
    it: most texts have a digit, and most of those nothing a given step reads. Each step
    says beside its `needed` and `hint` why they are enough (a test turns this off and
    compares)."""
    return not needed.isdisjoint(lower) or (hint is not None and bool(hint(text)))


def has_digit(text: str) -> bool:
    """Any character that `str.isdigit` accepts (every class step's first look)."""
    if text.isascii():  # (a flag of the string: free) the only ASCII digits are 0-9
        return _ASCII_DIGIT.search(text) is not None
    return any(map(str.isdigit, text))


_ASCII_DIGIT = re.compile("[0-9]")


def _punctuation(token: str) -> bool:
    # A letter or a digit first is never punctuation: most tokens stop there, cheaply.
    if token[:1].isalnum():
        return False
    return all(unicodedata.category(ch)[0] == "P" for ch in token)


def scan(
    tokens: list[str],
    lower: list[str],
    read: Reader,
    skip: frozenset[str] = frozenset(),
    starts: Container[str] | None = None,
) -> list[str]:
    """Apply `read` at each token, skipping punctuation and `skip` (the fillers), and write
    what it reads.

    `read(words, lower_words, k)` sees the tokens without punctuation and returns
    `(index after, canonical tokens)` of a span starting at `k`, or None. Punctuation is
    transparent because the punctuation step removes it: a second pass over the
    normalizer's own output no longer sees the comma in "one, kilo", so the first pass
    must read across it too (the normalizer must give the same text twice); the same holds
    for a filler ("twenty uh kilos"). What is skipped inside a span that was read goes with
    it; elsewhere it stays where it was.

    `starts`, when given, holds every word of letters only (lower case) at which `read`
    can find a span (a set, or `StartWords`): `read` is not called at any other word of
    letters only, as most words of a text start nothing. A word with a digit or a symbol
    is always read.
    """
    keep = [
        i
        for i, token in enumerate(tokens)
        if (token[:1].isalnum() or not _punctuation(token)) and lower[i] not in skip
    ]
    if len(keep) == len(tokens):
        words, words_lower = tokens, lower
    else:
        words = [tokens[i] for i in keep]
        words_lower = [lower[i] for i in keep]
    if starts is None:
        candidates: Iterable[int] = range(len(words))
    else:
        candidates = [
            k for k, word in enumerate(words_lower) if not word.isalpha() or word in starts
        ]
    out: list[str] = []
    position = 0  # the next token of `tokens` not yet written
    after = 0  # the next word not inside a span already read
    for k in candidates:
        # A digit right after a digit is inside a run of digits said one by one (a phone
        # number a second pass sees as 5 5 5 0 1 4 7): not the start of anything.
        if k < after or (k > 0 and _single_digit(words[k]) and _single_digit(words[k - 1])):
            continue
        found = read(words, words_lower, k)
        if found is None:
            continue
        end, canonical = found
        out.extend(tokens[position : keep[k]])  # what came before, punctuation included
        out.extend(canonical)
        position = keep[end - 1] + 1
        after = end
    out.extend(tokens[position:])
    return out


def _single_digit(word: str) -> bool:
    return len(word) == 1 and word.isdigit()


def word_set(words: Iterable[str], form: Callable[[str], str] | None = None) -> frozenset[str]:
    """One-word entries of a config list, as written and as folded (lower case)."""
    return frozenset(s for word in words for s in _spellings(word, form))


def is_number(token: str) -> bool:
    """A number token as the numbers step writes it: 12, -12, 3.5, 3,5."""
    return _NUMBER.fullmatch(token) is not None


@dataclass(frozen=True)
class Amount:
    """A number token taken apart: sign, whole part, fraction digits (may be empty)."""

    sign: str
    whole: str
    fraction: str

    @classmethod
    def parse(cls, token: str, decimal: str) -> Amount | None:
        if _NUMBER.fullmatch(token) is None:
            return None
        sign = "-" if token.startswith("-") else ""
        body = token.lstrip("-")
        other = "," if decimal == "." else "."
        if other in body:
            # The other separator as a decimal point: an English 3.5 in a German text.
            # (Thousands separators were removed by the numbers step.)
            whole, _, fraction = body.partition(other)
        else:
            whole, _, fraction = body.partition(decimal)
        return cls(sign, whole, fraction)

    @property
    def is_integer(self) -> bool:
        return not self.fraction

    def written(self, decimal: str) -> str:
        body = f"{self.whole}{decimal}{self.fraction}" if self.fraction else self.whole
        return self.sign + body
