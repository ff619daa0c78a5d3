"""Data-quality checks of imported conversations: the problems that are not STT errors but
make a score wrong all the same.

- `shift`: a run of turns whose hypotheses are stored under their neighbours;
- `turns`: empty hypotheses, hypotheses much shorter than their reference, hypotheses in
  a script the language does not use;
- `duplicates`: the same turn or conversation imported twice.

Pure and cheap (no normalizer, no Django): the review app runs them in the import's
transaction, `python -m scoring check-data FILE` on a file, both with the same
thresholds (each module's constants, with the reason for each).

>>> turns = [TurnText(0, "Guten Morgen", ""), TurnText(1, "Danke", "Привет")]
>>> [f.kind for f in check_conversation(turns)]
['empty']
>>> [f.kind for f in check_conversation(turns, ExpectedScripts(("Latin",), ("Latin",)))]
['empty', 'script']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .duplicates import DUPLICATE_MIN_LENGTH, DuplicateIndex, Origin, conversation_key
from .findings import (
    DUPLICATE_CONVERSATION,
    DUPLICATE_TURN,
    EMPTY,
    KINDS,
    SCRIPT,
    SHIFT,
    SHORT,
    Finding,
    TurnText,
    user_turns,
)
from .scripts import UNCHECKED, ExpectedScripts
from .shift import Shift, find_shifts, repaired_hypotheses, shift_findings
from .turns import empty_hypotheses, short_hypotheses, wrong_scripts

__all__ = [
    "DUPLICATE_CONVERSATION",
    "DUPLICATE_MIN_LENGTH",
    "DUPLICATE_TURN",
    "EMPTY",
    "KINDS",
    "SCRIPT",
    "SHIFT",
    "SHORT",
    "UNCHECKED",
    "DuplicateIndex",
    "ExpectedScripts",
    "Finding",
    "Origin",
    "Shift",
    "TurnText",
    "check_conversation",
    "conversation_key",
    "find_shifts",
    "in_turn_order",
    "repaired_hypotheses",
    "user_turns",
]


def check_conversation(
    turns: Sequence[TurnText], scripts: ExpectedScripts = UNCHECKED
) -> list[Finding]:
    """Every check that reads one conversation alone (all but duplicates), in turn order.

    `scripts`: those the conversation's language expects (its config's, and those of the
    languages it code-switches with); none: no script check."""
    found = [
        *shift_findings(turns),
        *empty_hypotheses(turns),
        *short_hypotheses(turns),
        *wrong_scripts(turns, scripts),
    ]
    return in_turn_order(found)


def in_turn_order(findings: Iterable[Finding]) -> list[Finding]:
    """Whole-conversation findings first, then by first turn, then in `KINDS` order."""
    return sorted(findings, key=_order)


def _order(finding: Finding) -> tuple:
    first = -1 if finding.first is None else finding.first
    return (first, KINDS.index(finding.kind))
