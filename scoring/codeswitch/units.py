"""Map normalized tokens back to the raw words they came from.

The rescue re-reads an error region from the raw text (the English rules need "I'm", not
the Hindi tokens "i m"), so it must know which raw words produced which tokens. Each raw
(whitespace-separated) word is normalized alone; when the tokens of the words, put end to
end, are the tokens of the whole text, every word is a *unit* of its own (the common case).
When context changed something (a spelled code "A B C डैश 1 2 3" is joined into "abc 123",
a bracketed note spans words), the words involved form one unit with the tokens they gave
together: a unit is never split, so a region is re-read from whole words only.

A word that gives no token (a lone comma, a filler) joins the unit before it.

>>> units = build_units("I'm sure, ok", ("i", "m", "sure", "ok"), lambda w: {
...     "I'm": ("i", "m"), "sure,": ("sure",), "ok": ("ok",)}[w])
>>> units.unit_of_token, units.words_of(0, 2), units.single(0), units.single(2)
((0, 0, 1, 2), "I'm", False, True)
>>> units.span(1, 1)  # an insertion between "i" and "m" grows to the whole word
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, chain

from rapidfuzz.distance import Levenshtein

__all__ = ["WordUnits", "build_units"]


@dataclass(frozen=True)
class WordUnits:
    """Unit u is raw words [word_start[u], word_start[u+1]) and tokens
    [token_start[u], token_start[u+1]); both tuples end with a sentinel."""

    words: tuple[str, ...]
    word_start: tuple[int, ...]
    token_start: tuple[int, ...]
    unit_of_token: tuple[int, ...]
    one_to_one: bool = False  # every word gave exactly one token: units are the tokens

    def span(self, token_start: int, token_end: int) -> tuple[int, int]:
        """The smallest run of whole units that covers tokens [token_start, token_end); an
        empty span inside a unit (an insertion between "i" and "m" of I'm) grows to it."""
        if token_start < token_end:
            first = self.unit_of_token[token_start]
            last = self.unit_of_token[token_end - 1]
            return self.token_start[first], self.token_start[last + 1]
        if 0 < token_start < len(self.unit_of_token):
            unit = self.unit_of_token[token_start]
            if self.token_start[unit] < token_start:
                return self.token_start[unit], self.token_start[unit + 1]
        return token_start, token_end

    def unit_range(self, token_start: int, token_end: int) -> range:
        """Indices of the units of tokens [token_start, token_end) (a span from `span`)."""
        if token_start >= token_end:
            return range(0)
        return range(self.unit_of_token[token_start], self.unit_of_token[token_end - 1] + 1)

    def unit_words(self, unit: int) -> tuple[str, ...]:
        return self.words[self.word_start[unit] : self.word_start[unit + 1]]

    def text_of_token(self, token: int) -> str:
        """The raw words of the unit that produced this token."""
        return " ".join(self.unit_words(self.unit_of_token[token]))

    def single(self, token: int) -> bool:
        """The token is the only one of a one-word unit: what the phonetic matcher compares."""
        unit = self.unit_of_token[token]
        return (
            self.word_start[unit + 1] - self.word_start[unit] == 1
            and self.token_start[unit + 1] - self.token_start[unit] == 1
        )

    def words_of(self, token_start: int, token_end: int) -> str:
        """The raw words of tokens [token_start, token_end), as one string."""
        chosen = self.unit_range(token_start, token_end)
        if not chosen:
            return ""
        return " ".join(self.words[self.word_start[chosen[0]] : self.word_start[chosen[-1] + 1]])


def build_units(
    raw: str, tokens: Sequence[str], word_tokens: Callable[[str], Sequence[str]]
) -> WordUnits:
    """`word_tokens(word)` is the normalizer's tokens for one raw word alone."""
    words = tuple(raw.split())
    tokens = tuple(tokens)
    per_word = list(map(word_tokens, words))
    same = tuple(chain.from_iterable(per_word)) == tokens
    if same and len(tokens) == len(words) and all(per_word):
        every = tuple(range(len(words) + 1))  # the common case: one token per word
        return WordUnits(words, every, every, every[:-1], one_to_one=True)
    starts = list(accumulate(map(len, per_word), initial=0))
    if same:
        cuts = None  # every position between words maps to itself
    else:
        cuts = _cuts(list(chain.from_iterable(per_word)), tokens)
    word_start, token_start = [0], [0]
    for k in range(1, len(words)):
        position = starts[k]
        if position == starts[word_start[-1]] or position == starts[k + 1]:
            continue  # the unit so far has no token, or this word gives none: same unit
        if cuts is None:
            word_start.append(k)
            token_start.append(position)
        elif position in cuts:
            word_start.append(k)
            token_start.append(cuts[position])
    word_start.append(len(words))
    token_start.append(len(tokens))
    unit_of_token = []
    for unit in range(len(word_start) - 1):
        unit_of_token.extend([unit] * (token_start[unit + 1] - token_start[unit]))
    return WordUnits(words, tuple(word_start), tuple(token_start), tuple(unit_of_token))


def _cuts(concat: list[str], tokens: tuple[str, ...]) -> dict[int, int]:
    """Positions between per-word tokens where a unit may end, mapped to positions between
    the text's tokens. A run of consecutive changes (replaced, vanished or new tokens) is
    one zone: a unit may end at its edges, never inside it. A zone of new tokens only
    (nothing on the words' side) cannot be given to the word before it or the one after
    it, so it joins both."""
    allowed: dict[int, int] = {}
    blocked: set[int] = set()
    zone: list[int] | None = None  # [a1, a2, b1, b2] of the current run of changes
    for op in (*Levenshtein.opcodes(concat, list(tokens)), None):
        if op is not None and op.tag != "equal":
            if zone is None:
                zone = [op.src_start, op.src_end, op.dest_start, op.dest_end]
            else:
                zone[1], zone[3] = op.src_end, op.dest_end
            continue
        if zone is not None:
            a1, a2, b1, b2 = zone
            if a1 == a2:
                blocked.add(a1)
            else:
                allowed[a1], allowed[a2] = b1, b2
                blocked.update(range(a1 + 1, a2))
            zone = None
        if op is not None:
            for position in range(op.src_start, op.src_end + 1):
                allowed.setdefault(position, op.dest_start + position - op.src_start)
    return {position: mapped for position, mapped in allowed.items() if position not in blocked}
