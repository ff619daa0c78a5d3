"""Error counts and rates. A corpus rate is a sum of counts over a sum of reference
lengths, never a mean of per-pair rates (a 2-word turn must not weigh like a 200-word one).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Counts", "rate"]


def rate(errors: int, ref_len: int) -> float | None:
    """errors / ref_len; with an empty reference, 0.0 if nothing was inserted, else None
    (undefined, never a made-up 0 or 1)."""
    if ref_len:
        return errors / ref_len
    return 0.0 if errors == 0 else None


class Counts(NamedTuple):
    """S, D, I and the two lengths. A named tuple, not a frozen dataclass: one is made for
    every pair scored, and a tuple is several times cheaper to build. `+` adds counts."""

    substitutions: int = 0
    deletions: int = 0
    insertions: int = 0
    ref_len: int = 0
    hyp_len: int = 0

    @classmethod
    def of(cls, alignment) -> Counts:
        """The counts of an alignment: anything with `substitutions`, `deletions`,
        `insertions` and the `ref` and `hyp` tokens (`scoring.align.Alignment`, or the
        alignment of a word network).

        >>> from scoring.align import align
        >>> Counts.of(align(["a", "b", "c"], ["a", "x", "c", "d"]))
        Counts(substitutions=1, deletions=0, insertions=1, ref_len=3, hyp_len=4)
        """
        return cls(
            alignment.substitutions,
            alignment.deletions,
            alignment.insertions,
            len(alignment.ref),
            len(alignment.hyp),
        )

    @property
    def hits(self) -> int:
        return self.ref_len - self.substitutions - self.deletions

    @property
    def errors(self) -> int:
        return self.substitutions + self.deletions + self.insertions

    @property
    def rate(self) -> float | None:
        return rate(self.errors, self.ref_len)

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.substitutions + other.substitutions,
            self.deletions + other.deletions,
            self.insertions + other.insertions,
            self.ref_len + other.ref_len,
            self.hyp_len + other.hyp_len,
        )

    def as_dict(self, metric: str) -> dict:
        """`{"wer": 0.25, "errors": 1, "ref_words": 4, ...}` for unit word, `cer`/`ref_chars`
        for unit char."""
        unit_name = "ref_words" if metric == "wer" else "ref_chars"
        return {
            metric: self.rate,
            "errors": self.errors,
            unit_name: self.ref_len,
            "hyp_len": self.hyp_len,
            "substitutions": self.substitutions,
            "deletions": self.deletions,
            "insertions": self.insertions,
            "hits": self.hits,
        }
