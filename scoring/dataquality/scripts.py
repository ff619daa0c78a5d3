"""Which scripts a text's letters are written in, and which scripts a language expects.

Letters and the vowel signs of their script count (Devanagari writes most vowels as
signs: मेरा is four characters, two of them signs); digits, punctuation and the marks
every script shares (ー, an accent added to any letter) are no script's own. A language's
own scripts are `LANGUAGE_SCRIPTS`; the languages its config code-switches with
(`code_switch_languages`) add theirs.

>>> shares = script_shares("मेरा laptop")
>>> {name: round(share, 2) for name, share in shares.items()}
{'Latin': 0.6, 'Devanagari': 0.4}
>>> sorted(allowed_scripts("hi", ["en"])), language_scripts("fr-CA")
(['Devanagari', 'Latin'], ('Latin',))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import regex

__all__ = [
    "LANGUAGE_SCRIPTS",
    "allowed_scripts",
    "describe_shares",
    "language_scripts",
    "script_counts",
    "script_shares",
    "shares_of",
]

#: The scripts each language is written in. A regional variant (fr-CA) uses its base's.
LANGUAGE_SCRIPTS: dict[str, tuple[str, ...]] = {
    "en": ("Latin",),
    "de": ("Latin",),
    "nl": ("Latin",),
    "fr": ("Latin",),
    "es": ("Latin",),
    "it": ("Latin",),
    "ha": ("Latin",),
    "hi": ("Devanagari",),
    "fa": ("Arabic",),
    "ja": ("Han", "Hiragana", "Katakana"),
    "ko": ("Hangul", "Han"),
}
# Scripts named in reports; a letter of any other script counts as "Other".
_NAMED = (
    "Latin",
    "Devanagari",
    "Arabic",
    "Han",
    "Hiragana",
    "Katakana",
    "Hangul",
    "Cyrillic",
    "Greek",
    "Hebrew",
    "Thai",
    "Bengali",
    "Tamil",
)
OTHER = "Other"
_LETTER = regex.compile(
    "|".join(f"(?P<{name}>[\\p{{L}}\\p{{M}}&&\\p{{Script={name}}}])" for name in _NAMED)
    + f"|(?P<{OTHER}>[\\p{{L}}\\p{{M}}--\\p{{Script=Common}}--\\p{{Script=Inherited}}])",
    flags=regex.V1,
)


def language_scripts(language: str) -> tuple[str, ...]:
    """The language's own scripts; () for a language not in the table."""
    return LANGUAGE_SCRIPTS.get(language, LANGUAGE_SCRIPTS.get(language.split("-")[0], ()))


def allowed_scripts(language: str, code_switch: Iterable[str] = ()) -> frozenset[str]:
    """The language's scripts and those of the languages it code-switches with."""
    scripts = set(language_scripts(language))
    for other in code_switch:
        scripts.update(language_scripts(other))
    return frozenset(scripts)


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
