"""Checks of one turn at a time: an empty hypothesis, one much shorter than its reference,
one written in a script the language does not use. Context (assistant) turns are not
checked.

>>> turns = [TurnText(0, "I need access to the shared drive", "I need")]
>>> [f.kind for f in short_hypotheses(turns)]
['short']
>>> [f.message for f in empty_hypotheses([TurnText(4, "Hallo", " [noise] ")])]
['turn 4: the hypothesis is empty (the reference is not)']
"""

from __future__ import annotations

from collections.abc import Sequence

from .findings import EMPTY, SCRIPT, SHORT, Finding, TurnText
from .scripts import ExpectedScripts, describe_shares, script_counts, shares_of
from .texts import has_content, spoken_length

__all__ = [
    "FOREIGN_SHARE",
    "MIN_SCRIPT_LETTERS",
    "NATIVE_MIN_SHARE",
    "SHORT_MIN_REFERENCE",
    "SHORT_RATIO",
    "empty_hypotheses",
    "short_hypotheses",
    "wrong_scripts",
]

#: A hypothesis is "much shorter" when it says less than this share of its reference
#: (`texts.spoken_length`: letters, a digit counting as three). A truncated transcript
#: (the audio was cut) keeps a few words of a sentence; a transcript that drops fillers
#: or writes numbers in digits keeps well over half.
SHORT_RATIO = 0.4
#: ... and only for references at least this long: "yes please" heard as "yes" is an
#: ordinary STT error, not a truncation.
SHORT_MIN_REFERENCE = 20
#: The script check judges hypotheses with at least this many letters.
MIN_SCRIPT_LETTERS = 4
#: A hypothesis is in an unexpected script when more than this share of its letters is in
#: scripts neither its language nor a language it code-switches with is written in...
FOREIGN_SHARE = 0.5
#: ... or, when code-switching allows another script, when less than this share of its
#: letters is in its language's own script while its reference's is at least
#: `1 - FOREIGN_SHARE`: English words in a Hindi turn are fine, a Hindi turn transcribed
#: wholly in Latin letters is the wrong STT locale.
NATIVE_MIN_SHARE = 0.2


def empty_hypotheses(turns: Sequence[TurnText]) -> list[Finding]:
    """Turns whose hypothesis has no letter or digit while their reference has some (a
    dropped audio segment). Annotations ([noise]) are not speech."""
    return [
        Finding(EMPTY, t.index, t.index, f"turn {t.index}: the hypothesis is empty (the "
                "reference is not)")
        for t in turns
        if t.scored and has_content(t.reference) and not has_content(t.hypothesis)
    ]  # fmt: skip


def short_hypotheses(turns: Sequence[TurnText]) -> list[Finding]:
    """Turns whose hypothesis says less than SHORT_RATIO of a reference of at least
    SHORT_MIN_REFERENCE; an empty hypothesis is `empty_hypotheses`' finding."""
    found = []
    for t in turns:
        if not t.scored or not has_content(t.hypothesis):
            continue
        ref, hyp = spoken_length(t.reference), spoken_length(t.hypothesis)
        if ref >= SHORT_MIN_REFERENCE and hyp < SHORT_RATIO * ref:
            ratio = hyp / ref
            message = (
                f"turn {t.index}: the hypothesis is much shorter than its reference "
                f"({round(100 * ratio)}% of its length)"
            )
            detail = {"ratio": round(ratio, 3), "reference": ref, "hypothesis": hyp}
            found.append(Finding(SHORT, t.index, t.index, message, detail=detail))
    return found


def wrong_scripts(turns: Sequence[TurnText], expected: ExpectedScripts) -> list[Finding]:
    """Turns whose hypothesis is written in a script the language does not expect (see
    FOREIGN_SHARE and NATIVE_MIN_SHARE). A language with no script of its own is not
    checked; a turn whose reference is itself mostly in that script is not flagged (the
    speaker said it so)."""
    native, allowed = expected.native, expected.allowed
    if not native:
        return []
    found = []
    for t in turns:
        if not t.scored:
            continue
        hyp = script_counts(t.hypothesis)
        if sum(hyp.values()) < MIN_SCRIPT_LETTERS:
            continue
        ref = script_counts(t.reference)
        problem = _script_problem(hyp, ref, native, allowed)
        if problem:
            shares = shares_of(hyp)
            message = f"turn {t.index}: the hypothesis is {describe_shares(shares)}: {problem}"
            detail = {"hypothesis": _rounded(shares), "reference": _rounded(shares_of(ref))}
            found.append(Finding(SCRIPT, t.index, t.index, message, detail=detail))
    return found


def _script_problem(hyp, ref, native: frozenset, allowed: frozenset) -> str:
    names = "/".join(sorted(native))
    if _share(hyp, allowed, outside=True) > FOREIGN_SHARE:
        if _share(ref, allowed, outside=True) <= FOREIGN_SHARE:
            return f"mostly in a script the language does not use ({names} expected)"
    elif allowed != native and _share(hyp, native) < NATIVE_MIN_SHARE:
        if _share(ref, native) >= 1 - FOREIGN_SHARE:
            return (
                f"hardly any {names}, while its reference is mostly {names} (code-switching "
                "allows some words in another script, not a whole turn)"
            )
    return ""


def _share(counts, scripts: frozenset, *, outside: bool = False) -> float:
    total = sum(counts.values())
    if not total:
        return 0.0
    inside = sum(n for name, n in counts.items() if name in scripts)
    return (total - inside) / total if outside else inside / total


def _rounded(shares: dict[str, float]) -> dict[str, float]:
    return {name: round(share, 3) for name, share in shares.items()}
