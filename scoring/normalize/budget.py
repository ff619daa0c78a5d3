"""What one text may cost the normalizer: time in config regexes, and size.

A config is written by reviewers, so the chain treats it as untrusted input. A timeout
per regex is not enough: ten rules that each stay just under it cost ten times as much,
on every pass of the chain. So every call of the normalizer starts a `Budget`: one
deadline shared by every config regex of every pass (each regex gets what is left, at
most `Limits.rule_seconds`), and bounds on how long the text may grow. Built-in steps
are linear in the text and are not timed; their output is measured like any other.

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
    #: Normalizing mostly shrinks a text; the most a shipped config grows one is about 3x
    #: (a symbol said as a word: "%" is "percent", "₹5" is "5 रुपये"), and the slack
    #: covers a short text that is one such symbol ("°F" is "degrees fahrenheit").
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
        """The budget of one call, which starts now."""
        output = self.output_limit(text)
        return Budget(
            deadline=time.monotonic() + self.seconds,
            limits=self,
            size_limit=max(self.max_chars, output),
        )


LIMITS = Limits()


@dataclass(frozen=True)
class Budget:
    """One text's budget: a deadline and its size limits. Immutable; one per call."""

    deadline: float
    limits: Limits
    size_limit: int

    def timeout(self, field: str) -> float:
        """Seconds the next config regex may take: its own limit, or what is left."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise self._spent(field)
        return min(self.limits.rule_seconds, left)

    def timed_out(self, field: str, pattern: str) -> RuleTimeout:
        """The error for a config regex that ran out of time: its own, or the text's."""
        if self.deadline - time.monotonic() <= 0:
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
