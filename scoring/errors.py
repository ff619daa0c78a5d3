"""Errors the scoring library raises for bad input; each names where the problem is."""

from __future__ import annotations

__all__ = ["ConfigError", "InputError", "ScoringError"]


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
