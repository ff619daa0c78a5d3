"""The same turns, or the same conversation, imported twice.

Two turns are the same when their reference and their hypothesis are the same text
(`texts.text_key`: spacing aside; case and punctuation count). Scripted test sets repeat
sentences, and an STT writes a repeated sentence the same way, errors included, so one
equal turn in two conversations proves nothing. What a second import leaves is:

- a conversation whose turns (context turns included, in order) are all those of an
  earlier one: reported once, as the conversation, not turn by turn;
- a run of at least DUPLICATE_MIN_RUN consecutive user turns that are, in the same
  order, consecutive user turns of one earlier conversation (a part imported twice);
- a turn repeated within one conversation (a row imported twice).

Only distinctive turns count: a reference that says at least DUPLICATE_MIN_LENGTH
(`texts.spoken_length`) and a hypothesis that differs from it; "yes" or a sentence
transcribed perfectly may recur in any data.

`DuplicateIndex` remembers what it has seen: feed it the earlier data first (`add`), then
`check` each new conversation in order; a later copy is reported, never the first.

>>> index = DuplicateIndex()
>>> turns = [TurnText(0, "I need access to the shared drive", "I need access to the shared dry")]
>>> index.check(Origin("c1", "line 1"), turns)
[]
>>> [f.message for f in index.check(Origin("c2", "line 2"), turns)]
['the same turns as conversation line 1']
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .findings import DUPLICATE_CONVERSATION, DUPLICATE_TURN, Finding, TurnText, user_turns
from .texts import spoken_length, text_key

__all__ = [
    "DUPLICATE_MIN_LENGTH",
    "DUPLICATE_MIN_RUN",
    "DuplicateIndex",
    "Origin",
    "conversation_key",
    "is_distinctive",
]

#: A turn's reference says at least this much (letters, a digit counting as three) for the
#: turn to count as a duplicate; a whole conversation's references together, likewise.
DUPLICATE_MIN_LENGTH = 20
#: Consecutive user turns shared, in order, with one earlier conversation.
DUPLICATE_MIN_RUN = 2


@dataclass(frozen=True)
class Origin:
    """Where a conversation is: `key` identifies it for the caller (a database id, a line
    number), `name` is how a message names it."""

    key: str
    name: str


def conversation_key(turns: Sequence[TurnText]) -> str:
    """A digest of every turn's texts, in index order."""
    digest = hashlib.sha256()
    for turn in sorted(turns, key=lambda t: t.index):
        for text in (turn.reference, turn.hypothesis):
            digest.update(text_key(text).encode("utf-8", "surrogatepass"))
            digest.update(b"\x00")
        digest.update(b"\x01")
    return digest.hexdigest()


def is_distinctive(turn: TurnText) -> bool:
    """Long enough, and transcribed with a difference: a turn that can be a duplicate.

    >>> is_distinctive(TurnText(0, "Thank you.", "thank you"))
    False
    """
    return _turn_key(turn) is not None


def _turn_key(turn: TurnText) -> tuple[str, str] | None:
    """The turn's texts, when it is distinctive enough to count as a duplicate."""
    reference, hypothesis = text_key(turn.reference), text_key(turn.hypothesis)
    if reference == hypothesis or spoken_length(reference) < DUPLICATE_MIN_LENGTH:
        return None
    return reference, hypothesis


@dataclass(frozen=True)
class _Seen:
    origin: Origin
    position: int  # among the conversation's user turns
    index: int  # the turn's index


class DuplicateIndex:
    """The turns and conversations seen so far (of one check; nothing global)."""

    def __init__(self) -> None:
        self._turns: dict[tuple[str, str], list[_Seen]] = {}
        self._conversations: dict[str, Origin] = {}

    def add(self, origin: Origin, turns: Sequence[TurnText]) -> None:
        """Remember a conversation (all its turns)."""
        if _long_enough(turns):
            self._conversations.setdefault(conversation_key(turns), origin)
        for position, turn in enumerate(user_turns(turns)):
            key = _turn_key(turn)
            if key is not None:
                self._turns.setdefault(key, []).append(_Seen(origin, position, turn.index))

    def check(self, origin: Origin, turns: Sequence[TurnText]) -> list[Finding]:
        """The duplicates in a conversation of what was seen before it; then remember it."""
        earlier = self._conversations.get(conversation_key(turns))
        if _long_enough(turns) and earlier is not None and earlier.key != origin.key:
            message = f"the same turns as conversation {earlier.name}"
            detail = {"conversation": earlier.key, "name": earlier.name}
            found = [Finding(DUPLICATE_CONVERSATION, None, None, message, detail=detail)]
        else:
            users = user_turns(turns)
            keys = [_turn_key(turn) for turn in users]
            found, covered = self._shared_runs(origin, users, keys)
            found += _repeated(users, keys, covered)
        self.add(origin, turns)
        return sorted(found, key=lambda f: f.first)

    def _shared_runs(self, origin: Origin, users: list[TurnText], keys: list) -> tuple:
        """Runs of user turns that are consecutive user turns of one earlier conversation,
        each at most once (the longest first, then the earliest seen)."""
        matches = [
            {} if key is None else {
                (seen.origin, seen.position): seen for seen in self._turns.get(key, ())
                if seen.origin.key != origin.key
            }
            for key in keys
        ]  # fmt: skip
        runs = []
        for p, here in enumerate(matches):
            for (other, q), seen in here.items():
                if p and (other, q - 1) in matches[p - 1]:
                    continue  # not the start of its run
                length = 1
                while p + length < len(users) and (other, q + length) in matches[p + length]:
                    length += 1
                if length >= DUPLICATE_MIN_RUN:
                    last = matches[p + length - 1][(other, q + length - 1)]
                    runs.append((p, length, seen, last))
        found, covered = [], set()
        for p, length, seen, last in sorted(runs, key=lambda r: (-r[1], r[0])):
            span = set(range(p, p + length))
            if span & covered:
                continue
            covered |= span
            found.append(_run_finding(users[p].index, users[p + length - 1].index, seen, last))
        return found, covered


def _repeated(users: list[TurnText], keys: list, covered: set[int]) -> list[Finding]:
    """Turns whose texts an earlier turn of the same conversation already has."""
    first_at: dict[tuple[str, str], int] = {}
    found = []
    for p, key in enumerate(keys):
        if key is None:
            continue
        if key in first_at and p not in covered:
            index, earlier = users[p].index, first_at[key]
            message = (
                f"turn {index}: the same reference and hypothesis as turn {earlier} of this "
                "conversation"
            )
            found.append(Finding(DUPLICATE_TURN, index, index, message, detail={"turn": earlier}))
        first_at.setdefault(key, users[p].index)
    return found


def _run_finding(first: int, last: int, seen: _Seen, seen_last: _Seen) -> Finding:
    other = seen.origin
    theirs = (
        f"turn {seen.index}"
        if seen.index == seen_last.index
        else (f"turns {seen.index}–{seen_last.index}")
    )
    message = (
        f"turns {first}–{last}: the same references and hypotheses as {theirs} of "
        f"conversation {other.name}"
    )
    detail = {
        "conversation": other.key,
        "name": other.name,
        "turns": [seen.index, seen_last.index],
    }
    return Finding(DUPLICATE_TURN, first, last, message, detail=detail)


def _long_enough(turns: Sequence[TurnText]) -> bool:
    return sum(spoken_length(t.reference) for t in turns) >= DUPLICATE_MIN_LENGTH
