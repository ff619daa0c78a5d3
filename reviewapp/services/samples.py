"""Bounded samples of a language's turns, for scoring done inside a request.

A page that scores turns while the user waits (a proposal's checks, the ablation of a
config's steps) scores a sample, never the whole language: the first turns by id, so the
same page gives the same answer every time, and a time limit on top, because a config may
be slow on every text while staying under each text's own budget.

>>> box = Timebox(0.0)
>>> list(box.take([("a", "b")])), box.taken, box.stopped
([], 0, True)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..models import Language, Turn

__all__ = ["Sample", "Timebox", "turn_sample"]


@dataclass(frozen=True)
class Sample:
    """`pairs`: (reference, hypothesis) of the language's first scored turns by id;
    `total`: how many scored turns the language has."""

    pairs: list[tuple[str, str]]
    total: int

    def __len__(self) -> int:
        return len(self.pairs)


def turn_sample(config_language: str, limit: int) -> Sample:
    """At most `limit` scored turns of every language the config scores (fr and fr-CA
    under fr), the first by id; assistant turns are context only and are left out."""
    codes = Language.objects.codes_for(config_language)
    turns = Turn.objects.filter(language__in=codes, scored=True)
    pairs = list(turns.order_by("pk").values_list("reference", "hypothesis")[:limit])
    total = len(pairs) if len(pairs) < limit else turns.count()
    return Sample(pairs, total)


class Timebox:
    """Hands out items until `seconds` have passed since it was made; `taken` counts
    the items handed out, `stopped` says whether time ran out before the last one."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.taken = 0
        self.stopped = False

    def take(self, items: Iterable) -> Iterator:
        for item in items:
            if time.monotonic() >= self.end:
                self.stopped = True
                return
            self.taken += 1
            yield item
