"""Which scripts a text's letters are written in, and which scripts a language expects.

Letters and the vowel signs of their script count (Devanagari writes most vowels as
signs: मेरा is four characters, two of them signs); digits, punctuation and the marks
every script shares (ー, an accent added to any letter) are no script's own. A language's
own scripts are its config's `scripts`; the languages its config code-switches with
(`code_switch_languages`) add theirs (`ExpectedScripts`).

>>> shares = script_shares("मेरा laptop")
>>> {name: round(share, 2) for name, share in shares.items()}
{'Latin': 0.6, 'Devanagari': 0.4}
>>> sorted(ExpectedScripts(("Devanagari",), ("Latin",)).allowed)
['Devanagari', 'Latin']
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import regex

from ..config.models import SCRIPTS

__all__ = [
    "UNCHECKED",
    "ExpectedScripts",
    "describe_shares",
    "script_counts",
    "script_shares",
    "shares_of",
]


@dataclass(frozen=True)
class ExpectedScripts:
    """The scripts a language's hypotheses are expected in: its own (its config's
    `scripts`) and those of the languages its config code-switches with. A language with
    no own script (no config, or none listed) is not checked."""

    own: tuple[str, ...] = ()
    code_switch: tuple[str, ...] = ()

    @property
    def native(self) -> frozenset[str]:
        return frozenset(self.own)

    @property
    def allowed(self) -> frozenset[str]:
        return frozenset(self.own) | frozenset(self.code_switch)


#: What a language with no config, or none listing its scripts, expects: no script check.
UNCHECKED = ExpectedScripts()


# Reports name the scripts a config may list; a letter of any other counts as "Other".
OTHER = "Other"
_LETTER = regex.compile(
    "|".join(f"(?P<{name}>[\\p{{L}}\\p{{M}}&&\\p{{Script={name}}}])" for name in SCRIPTS)
    + f"|(?P<{OTHER}>[\\p{{L}}\\p{{M}}--\\p{{Script=Common}}--\\p{{Script=Inherited}}])",
    flags=regex.V1,
)


def script_counts(text: str) -> Counter[str]:
    """Letters (and their script's signs) per script."""
    return Counter(match.lastgroup for match in _LETTER.finditer(text))


def script_shares(text: str) -> dict[str, float]:
    """Each script's share of the letters, largest first ({} for a text without any)."""
    return shares_of(script_counts(text))


def shares_of(counts: Counter[str]) -> dict[str, float]:
    """Counts per script as shares of their sum, largest first."""
    total = sum(counts.values())
    return {name: n / total for name, n in counts.most_common()} if total else {}


def describe_shares(shares: dict[str, float]) -> str:
    """`92% Latin, 8% Devanagari`."""
    return ", ".join(f"{round(100 * share)}% {name}" for name, share in shares.items())
