"""What one text may cost the normalizer: time in config regexes, and size.

A config is written by reviewers, so the chain treats it as untrusted input. A timeout
per regex is not enough: ten rules that each stay just under it cost ten times as much,
on every pass of the chain. So every call of the normalizer starts a `Budget`: seconds
shared by every config regex of every pass (each regex gets what is left, at most
`Limits.rule_seconds`), and bounds on how long the text may grow. Built-in steps are
linear in the text and are not timed; their output is measured like any other.

>>> limits = Limits(seconds=1.0)
>>> limits.output_limit("ten chars!")
336
>>> budget = limits.start("ten chars!")
>>> budget.check_size("replacements.0", "x" * 2_000_000)
Traceback (most recent call last):
scoring.errors.TextTooLong: replacements.0: made the text 2000000 characters long (the ...
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import regex

from ..errors import RuleTimeout, TextTooLong

__all__ = ["LIMITS", "Budget", "Limits"]


@dataclass(frozen=True)
class Limits:
    """The defaults are far above what any shipped config needs (docs/guarantees.md)."""

    #: All config regexes on one text, every pass together.
    seconds: float = 1.0
    #: One config regex on one text.
    rule_seconds: float = 0.25
    #: A normalized text is at most `growth` x its input plus `slack` characters.
    #: Normalizing mostly shrinks a text. The most a shipped config grows one is 8x: the
    #: largest Japanese numeral, 千兆, is 16 digits (1000000000000000), and two numerals
    #: need something between them, so a longer text grows less; a symbol said as a word
    #: grows less too (% is percent). The slack covers a short text that is one of them.
    growth: int = 8
    slack: int = 256
    #: No text between two steps (nor inside the replacements) is longer than this, or
    #: than the output limit when the input is so long that it is higher.
    max_chars: int = 1_000_000

    def output_limit(self, text: str) -> int:
        return self.growth * len(text) + self.slack

    def check_output(self, source: str, output: str) -> None:
        """A normalized text is at most `growth` x its input plus `slack` characters."""
        if len(output) > self.output_limit(source):
            raise TextTooLong(
                "normalizer",
                f"the normalized text is {len(output)} characters long, more than "
                f"{self.growth} x its {len(source)} characters + {self.slack}",
            )

    def start(self, text: str) -> Budget:
        """The budget of one call."""
        return Budget(self, max(self.max_chars, self.output_limit(text)))


LIMITS = Limits()


class Budget:
    """One text's budget: the seconds of config regexes left, and its size limit. One per
    call, so what is left is seen by that call only. Only the time spent in config
    regexes counts: built-in steps are linear, and a slow machine (or a profiler) must
    not make a long text fail before its rules have run."""

    __slots__ = ("left", "limits", "size_limit")

    def __init__(self, limits: Limits, size_limit: int) -> None:
        self.limits = limits
        self.size_limit = size_limit
        self.left = limits.seconds

    def sub(self, field: str, pattern: regex.Pattern, replacement, text: str) -> str:
        """`pattern.sub` with what the rule may take: its own limit, or what is left."""
        if self.left <= 0:
            raise self._spent(field)
        timeout = min(self.limits.rule_seconds, self.left)
        started = time.monotonic()
        try:
            return pattern.sub(replacement, text, timeout=timeout)
        except TimeoutError:
            raise self._timed_out(field, pattern.pattern, timeout) from None
        finally:
            self.left -= time.monotonic() - started

    def _timed_out(self, field: str, pattern: str, timeout: float) -> RuleTimeout:
        if timeout < self.limits.rule_seconds:
            return self._spent(field, pattern)
        return RuleTimeout(
            field, f"pattern {pattern!r} timed out after {self.limits.rule_seconds}s"
        )

    def _spent(self, field: str, pattern: str | None = None) -> RuleTimeout:
        what = f"pattern {pattern!r} timed out" if pattern else "timed out before it ran"
        return RuleTimeout(
            field,
            f"{what}: the text's time budget ran out (all config rules together may take "
            f"{self.limits.seconds}s on one text, every pass included)",
        )

    def check_size(self, field: str, text: str) -> None:
        if len(text) > self.size_limit:
            raise TextTooLong(
                field, f"made the text {len(text)} characters long (the limit is {self.size_limit})"
            )
