"""Shifted hypotheses: a run of turns whose transcripts are stored under their neighbours.

Joining references with STT logs by hand often stores turn 3's transcript under turn 2,
turn 4's under turn 3, and so on: every turn of the run then looks like a terrible
transcript, and none of it is an STT error. Each user turn's hypothesis is compared with
the references of its neighbours (±1, ±2 user turns; context turns are skipped) by the
normalized edit distance of their `texts.plain` forms (0 same, 1 nothing in common).

A shift `k` over a run means: the hypothesis stored under each turn `i` of the run is the
transcript of turn `i + k`. It is reported when it explains the run much better than the
stored pairing, by all of these (the margins are the module's constants):

1. every turn of the run is explained at least as well shifted as stored, and its first
   and last turn clearly better (by TURN_GAIN): the run's edges are where the shift is;
2. the run has at least MIN_RUN user turns: a single turn can match a neighbour by chance
   (two turns that both say "yes");
3. the summed shifted distance is at most SHIFT_RATIO of the summed stored distance, and
   lower by at least MIN_GAIN per turn of the run.

A transcript with many real errors stays closer to its own reference than to a
neighbour's, so bad STT is not a shift: its shifted distances are the larger ones. On the
demo set with 30-90% of each hypothesis' words replaced by random words of its language
(no shift), the best run any shift found had a ratio of 0.83 and a gain of 0.15 per turn;
shifted by one turn after 30% of the words were replaced, runs had ratios near 0.55 and
gains of 0.3-0.45 per turn. The margins sit between the two.

>>> refs = ["hello there", "my flight is at seven", "the booking code is abc", "thank you"]
>>> hyps = ["hello there", "the booking code is abc", "thank you", ""]
>>> turns = [TurnText(i, r, h) for i, (r, h) in enumerate(zip(refs, hyps))]
>>> [(s.first, s.last, s.shift) for s in find_shifts(turns)]
[(1, 2, 1)]
>>> repaired_hypotheses(hyps, 1, 2, 1)
['hello there', '', 'the booking code is abc', 'thank you']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz.distance import Levenshtein

from .findings import SHIFT, Finding, TurnText, user_turns
from .texts import plain

__all__ = [
    "MIN_GAIN",
    "MIN_RUN",
    "SHIFTS",
    "SHIFT_RATIO",
    "TURN_GAIN",
    "Shift",
    "find_shifts",
    "repaired_hypotheses",
    "shift_findings",
]

#: The shifts tried, in user turns.
SHIFTS = (1, -1, 2, -2)
#: A run is at least this many user turns.
MIN_RUN = 2
#: The shifted pairing's summed distance is at most this share of the stored one's...
SHIFT_RATIO = 0.6
#: ... and lower by at least this much per turn of the run (a distance is 0..1).
MIN_GAIN = 0.25
#: The first and last turn of a run are each explained better shifted by at least this.
TURN_GAIN = 0.2


@dataclass(frozen=True)
class Shift:
    """Turns `first`..`last` (turn indices) hold the hypotheses of the user turns `shift`
    places later (earlier when negative). `positions` are the same turns counted among
    the user turns (from 0), which `repaired_hypotheses` takes; `stored` and `shifted`
    are the run's summed normalized distances under each pairing."""

    first: int
    last: int
    shift: int
    positions: tuple[int, int]
    stored: float
    shifted: float

    @property
    def length(self) -> int:
        return self.positions[1] - self.positions[0] + 1

    def finding(self) -> Finding:
        direction = "later" if self.shift > 0 else "earlier"
        n = abs(self.shift)
        message = (
            f"turns {self.first}–{self.last}: each hypothesis is the transcript of the user "
            f"turn {n} {direction} (shift {self.shift:+d}); summed distance to the references "
            f"{self.stored:.2f} as stored, {self.shifted:.2f} shifted"
        )
        detail = {
            "positions": list(self.positions),
            "stored": round(self.stored, 3),
            "shifted": round(self.shifted, 3),
            "turns": self.length,
        }
        return Finding(SHIFT, self.first, self.last, message, shift=self.shift, detail=detail)


def find_shifts(turns: Sequence[TurnText]) -> list[Shift]:
    """The shifted runs of a conversation's user turns, in turn order; runs never share a
    turn (nor a turn whose hypothesis they would move), the stronger run wins."""
    users = user_turns(turns)
    refs = [plain(t.reference) for t in users]
    hyps = [plain(t.hypothesis) for t in users]
    n = len(users)
    stored = [Levenshtein.normalized_distance(hyps[p], refs[p]) for p in range(n)]
    candidates = []
    for k in SHIFTS:
        shifted = [
            Levenshtein.normalized_distance(hyps[p], refs[p + k]) if 0 <= p + k < n else None
            for p in range(n)
        ]
        for start, end in _runs(stored, shifted):
            s = sum(stored[start : end + 1])
            t = sum(shifted[start : end + 1])
            candidates.append((s - t, start, end, k, s, t))
    taken: set[int] = set()
    found = []
    for _gain, start, end, k, s, t in sorted(candidates, key=lambda c: (-c[0], c[1], c[3])):
        moved = set(range(start, end + 1)) | set(range(start + k, end + k + 1))
        if moved & taken:
            continue
        taken |= moved
        found.append(Shift(users[start].index, users[end].index, k, (start, end), s, t))
    return sorted(found, key=lambda s: s.first)


def _runs(stored: list[float], shifted: list[float | None]) -> list[tuple[int, int]]:
    """(start, end) of each run that passes the module's three tests."""
    runs, p, n = [], 0, len(stored)
    while p < n:
        if shifted[p] is None or shifted[p] > stored[p]:
            p += 1
            continue
        end = p
        while end + 1 < n and shifted[end + 1] is not None and shifted[end + 1] <= stored[end + 1]:
            end += 1
        start, last = p, end
        while start <= last and stored[start] - shifted[start] < TURN_GAIN:
            start += 1
        while last >= start and stored[last] - shifted[last] < TURN_GAIN:
            last -= 1
        if last - start + 1 >= MIN_RUN and _explains(stored, shifted, start, last):
            runs.append((start, last))
        p = end + 1
    return runs


def _explains(stored: list[float], shifted: list, start: int, end: int) -> bool:
    s = sum(stored[start : end + 1])
    t = sum(shifted[start : end + 1])
    return t <= SHIFT_RATIO * s and s - t >= MIN_GAIN * (end - start + 1)


def shift_findings(turns: Sequence[TurnText]) -> list[Finding]:
    return [shift.finding() for shift in find_shifts(turns)]


def repaired_hypotheses(hypotheses: Sequence[str], first: int, last: int, shift: int) -> list[str]:
    """The user turns' hypotheses with the run at positions `first`..`last` re-paired: each
    moves `shift` places, to the turn it transcribes. A turn of the run that no hypothesis
    moves to is left empty (its transcript is not in the data); a hypothesis a moved one
    replaces was not its turn's (keep the original list to restore it).

    >>> repaired_hypotheses(["a", "x", "b", "c"], 2, 3, -1)
    ['a', 'b', 'c', '']
    """
    if not (0 <= first <= last < len(hypotheses)) or not (
        0 <= first + shift and last + shift < len(hypotheses)
    ):
        raise ValueError(f"cannot move positions {first}..{last} by {shift:+d}")
    result = list(hypotheses)
    for p in range(first, last + 1):
        if not first + shift <= p <= last + shift:
            result[p] = ""
    for p in range(first, last + 1):
        result[p + shift] = hypotheses[p]
    return result
