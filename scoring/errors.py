"""Errors the scoring library raises for bad input; each names where the problem is."""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")

__all__ = [
    "ConfigError",
    "InputError",
    "RuleTimeout",
    "ScoringError",
    "TextError",
    "TextTooLong",
    "text_problem",
]


class ScoringError(Exception):
    """Base class: a problem in the caller's input, reported as one clear line."""


class ConfigError(ScoringError):
    """A language config or lexicon that cannot be used.

    >>> str(ConfigError("de.json", "char_folds.ü", "must be a string"))
    'de.json: char_folds.ü: must be a string'
    """

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        super().__init__(f"{source}: {field}: {problem}" if field else f"{source}: {problem}")


class InputError(ScoringError):
    """A bad input file or line (unreadable, not JSON, a missing field)."""

    def __init__(self, source: str, line: int | None, problem: str) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        where = f"{source}, line {line}" if line is not None else source
        super().__init__(f"{where}: {problem}")


class TextError(ScoringError):
    """A text the scorer cannot take as it is (a lone surrogate: bytes decoded wrongly
    upstream). The pair is skipped with this reason; nothing is scored from it."""


class RuleTimeout(ScoringError):
    """A config regex ran past its time limit, or past what was left of the text's
    budget; `field` names the rule (`replacements.3`)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        super().__init__(f"{field}: {problem}")


class TextTooLong(ScoringError):
    """A step made the text longer than the limits allow; `field` names the step or
    the rule (`char_folds`, `replacements.3`)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        super().__init__(f"{field}: {problem}")


def text_problem(text: str) -> str | None:
    """Why a text cannot be scored as it is, or None: a lone surrogate.

    >>> text_problem("bad " + chr(0xD800))
    'character 5 is a lone surrogate (U+D800): not Unicode text'
    """
    found = _SURROGATE.search(text)
    if found is None:
        return None
    code = f"U+{ord(found.group()):04X}"
    return f"character {found.start() + 1} is a lone surrogate ({code}): not Unicode text"
