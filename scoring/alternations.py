"""sclite's reference alternations: `{ a / b }` offers either side, `@` is no word, so
`{ @ / the }` is an optional word; `(word)` is an optional word too.

sclite's transcript grammar (its trn and stm formats)::

    ALTERNATE :== "{" TEXT ALT+ "}"
    ALT       :== "/" TEXT
    TEXT      :== 1 or more whitespace separated words | "@" | ALTERNATE

Braces and slashes stand alone, separated by spaces, so a word such as `and/or` stays a
word. A reference parses to a tuple of items: a word, or an `Alternation` whose options
are tuples of items again (an empty option is `@`).

>>> parse_transcript("i've { um / uh / @ } as far as i'm concerned")[:2]
("i've", Alternation(options=(('um',), ('uh',), ())))
>>> parse_transcript("I am a (farmer)")[-1]
Alternation(options=(('farmer',), ()))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "Alternation",
    "Item",
    "TranscriptError",
    "has_alternations",
    "map_words",
    "parse_transcript",
]

NULL_WORD = "@"
MAX_DEPTH = 32  # alternations inside alternations; deeper is a broken file, not speech
_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class Alternation:
    """Alternative word sequences for one place in a reference; `()` is no word."""

    options: tuple[tuple[Item, ...], ...]


Item = str | Alternation


class TranscriptError(ValueError):
    """A reference that breaks the alternation grammar; `column` is 1-based."""

    def __init__(self, column: int, problem: str) -> None:
        self.column = column
        self.problem = problem
        super().__init__(f"column {column}: {problem}")


def parse_transcript(text: str) -> tuple[Item, ...]:
    """The items of a reference written in sclite's transcript syntax."""
    tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(text)]
    items, position, stop = _sequence(tokens, 0, 0)
    if stop is not None:  # a "/" or "}" with no "{" before it
        raise TranscriptError(tokens[position][1], f"{stop!r} outside an alternation")
    return items


def _sequence(tokens, position: int, depth: int) -> tuple[tuple[Item, ...], int, str | None]:
    """Items up to the next "/" or "}" (returned as the stop mark) or the end."""
    items: list[Item] = []
    while position < len(tokens):
        piece, column = tokens[position]
        if piece in ("/", "}"):
            return tuple(items), position, piece
        if piece == "{":
            if depth == MAX_DEPTH:
                raise TranscriptError(column, f"alternations nested deeper than {MAX_DEPTH}")
            alternation, position = _alternation(tokens, position + 1, column, depth + 1)
            items.append(alternation)
            continue
        if "{" in piece or "}" in piece:
            raise TranscriptError(column, f"{piece!r}: braces must stand alone, between spaces")
        if piece != NULL_WORD:
            items.append(_optional(piece) if _is_optional(piece) else piece)
        position += 1
    return tuple(items), position, None


def _alternation(tokens, position: int, opened: int, depth: int) -> tuple[Alternation, int]:
    options: list[tuple[Item, ...]] = []
    while True:
        begin = position
        items, position, stop = _sequence(tokens, position, depth)
        if stop is None:
            raise TranscriptError(opened, "'{' is never closed with '}'")
        if position == begin:  # not even an @
            raise TranscriptError(tokens[position][1], "an empty alternative: write @ for no word")
        options.append(items)
        position += 1
        if stop == "}":
            break
    if len(options) < 2:
        raise TranscriptError(opened, "an alternation needs two or more alternatives, split by /")
    return Alternation(tuple(options)), position


def _is_optional(token: str) -> bool:
    return len(token) > 2 and token[0] == "(" and token[-1] == ")"


def _optional(token: str) -> Alternation:
    """sclite's `(word)`: the word or nothing."""
    return Alternation(((token[1:-1],), ()))


def has_alternations(items: Sequence[Item]) -> bool:
    return any(isinstance(item, Alternation) for item in items)


def map_words(items: Sequence[Item], words: Callable[[str], Sequence[str]]) -> tuple[Item, ...]:
    """Each run of plain words, joined by spaces, replaced by `words(run)` (a normalizer
    and tokenizer); alternatives are mapped the same way, each on its own.

    >>> map_words(parse_transcript("Twenty { Five / 5 } Dollars"), lambda t: t.lower().split())
    ('twenty', Alternation(options=(('five',), ('5',))), 'dollars')
    """
    out: list[Item] = []
    for run in _runs(items):
        if isinstance(run, Alternation):
            options = tuple(map_words(option, words) for option in run.options)
            out.append(Alternation(options))
        else:
            out.extend(words(" ".join(run)))
    return tuple(out)


def _runs(items: Sequence[Item]) -> Iterator[list[str] | Alternation]:
    run: list[str] = []
    for item in items:
        if isinstance(item, Alternation):
            if run:
                yield run
                run = []
            yield item
        else:
            run.append(item)
    if run:
        yield run
