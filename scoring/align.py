"""Align reference and hypothesis tokens (rapidfuzz Levenshtein opcodes) and count errors.

>>> a = align(["the", "cat", "sat"], ["the", "bat", "sat", "down"])
>>> a.substitutions, a.deletions, a.insertions, a.hits
(1, 0, 1, 2)
>>> [(op.kind, op.ref_index, op.hyp_index) for op in a.ops][1]
('substitute', 1, 1)
>>> [(r.ref_start, r.ref_end, r.hyp_start, r.hyp_end) for r in a.regions]
[(1, 2, 1, 2), (3, 3, 3, 4)]
>>> a.regions[1]
Region(index=1, ref_start=3, ref_end=3, hyp_start=3, hyp_end=4)
>>> a.regions[1].hyp_span(a.hyp, "word"), a.regions[1].ref_span(a.ref, "word")
('down', '')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from rapidfuzz.distance import Levenshtein

__all__ = ["Alignment", "Op", "Region", "align", "join", "regions_of_ops"]

OpKind = Literal["equal", "substitute", "insert", "delete"]
_KIND: dict[str, OpKind] = {
    "equal": "equal",
    "replace": "substitute",
    "insert": "insert",
    "delete": "delete",
}
#: An op as a plain tuple: (kind, ref index, hyp index)
OpTuple = tuple[OpKind, int | None, int | None]
#: An opcode block: (tag, ref start, ref end, hyp start, hyp end)
Block = tuple[str, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Op:
    kind: OpKind
    ref_index: int | None
    hyp_index: int | None

    def as_list(self) -> list:
        return [self.kind, self.ref_index, self.hyp_index]


@dataclass(frozen=True, slots=True)
class Region:
    """A maximal run of non-equal ops: reference tokens [ref_start, ref_end) against
    hypothesis tokens [hyp_start, hyp_end), the `index`-th (from 0) in reading order.

    The index is what a reviewer and a stored label name a region by; a part of a region
    (the tokens one flag covers) keeps its region's index."""

    index: int
    ref_start: int
    ref_end: int
    hyp_start: int
    hyp_end: int

    def ref_span(self, ref_tokens: Sequence[str], unit: str) -> str:
        return join(ref_tokens[self.ref_start : self.ref_end], unit)

    def hyp_span(self, hyp_tokens: Sequence[str], unit: str) -> str:
        return join(hyp_tokens[self.hyp_start : self.hyp_end], unit)


def join(parts: Iterable[str], unit: str) -> str:
    """Tokens back into text: characters (unit "char") touch, words take a space."""
    return "".join(parts) if unit == "char" else " ".join(parts)


@dataclass(frozen=True)
class Alignment:
    ref: tuple[str, ...]
    hyp: tuple[str, ...]
    substitutions: int
    deletions: int
    insertions: int
    blocks: tuple[Block, ...]

    @property
    def hits(self) -> int:
        return len(self.ref) - self.substitutions - self.deletions

    @property
    def errors(self) -> int:
        return self.substitutions + self.deletions + self.insertions

    @cached_property
    def ops(self) -> tuple[Op, ...]:
        return tuple(Op(*op) for block in self.blocks for op in _block_ops(*block))

    def wrong_by_region(self) -> list[tuple[Region, tuple[OpTuple, ...]]]:
        """Each region (`regions`) with its mismatched ops, as (kind, ref index, hyp
        index) tuples read from its blocks: `ops` makes an object of every equal token
        too, which is most of a character alignment."""
        return [
            (region, tuple(op for block in run for op in _block_ops(*block)))
            for region, run in zip(self.regions, self._runs, strict=True)
        ]

    @cached_property
    def regions(self) -> tuple[Region, ...]:
        return tuple(
            Region(k, run[0][1], run[-1][2], run[0][3], run[-1][4])
            for k, run in enumerate(self._runs)
        )

    @cached_property
    def _runs(self) -> list[list[Block]]:
        """The blocks of each region: maximal runs of blocks that are not equal."""
        runs: list[list[Block]] = []
        current: list[Block] | None = None
        for block in self.blocks:
            if block[0] == "equal":
                current = None
            elif current is None:
                current = [block]
                runs.append(current)
            else:
                current.append(block)
        return runs


def _block_ops(tag: str, r1: int, r2: int, h1: int, h2: int) -> list[OpTuple]:
    """The ops of one opcode block, in reading order."""
    if tag == "insert":
        return [("insert", None, j) for j in range(h1, h2)]
    if tag == "delete":
        return [("delete", i, None) for i in range(r1, r2)]
    kind = _KIND[tag]
    return [(kind, r1 + k, h1 + k) for k in range(r2 - r1)]


def regions_of_ops(kinds: Iterable[str]) -> tuple[Region, ...]:
    """The regions of an alignment read op by op (its op kinds in order), as a stored
    alignment keeps it: the regions `Alignment.regions` gives for the same alignment.

    >>> ops = ["equal", "substitute", "equal", "insert"]
    >>> [(r.index, r.ref_start, r.ref_end, r.hyp_start, r.hyp_end) for r in regions_of_ops(ops)]
    [(0, 1, 2, 1, 2), (1, 3, 3, 3, 4)]
    """
    found: list[Region] = []
    ref_pos = hyp_pos = 0
    start: tuple[int, int] | None = None
    for kind in kinds:
        if kind == "equal":
            if start is not None:
                found.append(Region(len(found), start[0], ref_pos, start[1], hyp_pos))
                start = None
        elif start is None:
            start = (ref_pos, hyp_pos)
        if kind != "insert":
            ref_pos += 1
        if kind != "delete":
            hyp_pos += 1
    if start is not None:
        found.append(Region(len(found), start[0], ref_pos, start[1], hyp_pos))
    return tuple(found)


def align(ref: Sequence[str], hyp: Sequence[str]) -> Alignment:
    """Minimum-edit alignment of two token (or character) sequences."""
    ref_t, hyp_t = tuple(ref), tuple(hyp)
    s = d = i = 0
    blocks = []
    for op in Levenshtein.opcodes(ref_t, hyp_t):
        tag = op.tag
        blocks.append((tag, op.src_start, op.src_end, op.dest_start, op.dest_end))
        if tag == "replace":
            s += op.src_end - op.src_start
        elif tag == "delete":
            d += op.src_end - op.src_start
        elif tag == "insert":
            i += op.dest_end - op.dest_start
    return Alignment(ref_t, hyp_t, s, d, i, tuple(blocks))
