"""What the data-quality checks report: one `Finding` per problem, on one conversation.

>>> f = Finding(EMPTY, 3, 3, "turn 3: the hypothesis is empty")
>>> f.turns, f.as_dict()["kind"]
('turn 3', 'empty')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = [
    "DUPLICATE_CONVERSATION",
    "DUPLICATE_TURN",
    "EMPTY",
    "KINDS",
    "SCRIPT",
    "SHIFT",
    "SHORT",
    "Finding",
    "TurnText",
    "user_turns",
]

SHIFT = "shift"
EMPTY = "empty"
SHORT = "short"
SCRIPT = "script"
DUPLICATE_TURN = "duplicate_turn"
DUPLICATE_CONVERSATION = "duplicate_conversation"
#: Every kind, in the order reports list them.
KINDS = (SHIFT, EMPTY, SHORT, SCRIPT, DUPLICATE_TURN, DUPLICATE_CONVERSATION)


@dataclass(frozen=True)
class TurnText:
    """One turn as the checks read it. `index` is the turn's number in its conversation
    (from 0, as the review app numbers turns); `scored` is False for a context turn (the
    assistant's), which no check reads except the duplicate-conversation one."""

    index: int
    reference: str
    hypothesis: str
    scored: bool = True


def user_turns(turns: Sequence[TurnText]) -> list[TurnText]:
    """The scored turns, in index order: the sequence a shift moves along."""
    return sorted((t for t in turns if t.scored), key=lambda t: t.index)


@dataclass(frozen=True)
class Finding:
    """A problem in one conversation. `first` and `last` are turn indices (None for the
    whole conversation); `shift` is set for a shift (turn i's hypothesis is the transcript
    of the turn `shift` user turns later); `detail` carries the numbers behind it."""

    kind: str
    first: int | None
    last: int | None
    message: str
    shift: int = 0
    detail: dict = field(default_factory=dict, compare=False)

    @property
    def turns(self) -> str:
        """`turn 3`, `turns 3–7`, or `conversation`."""
        if self.first is None:
            return "conversation"
        if self.first == self.last:
            return f"turn {self.first}"
        return f"turns {self.first}–{self.last}"

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "first": self.first,
            "last": self.last,
            "shift": self.shift,
            "message": self.message,
            "detail": self.detail,
        }
