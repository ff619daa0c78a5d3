"""Plain parallel text files: line n of the reference file against line n of the
hypothesis file. The id of a pair is its line number; a blank line is an empty text, so
the numbering never shifts. Both files must have the same number of lines.
"""

from __future__ import annotations

from ..errors import InputError
from .records import Record, SourceLike, read_lines

__all__ = ["read_parallel"]


def read_parallel(ref_path: SourceLike, hyp_path: SourceLike) -> list[Record]:
    """A record per line, or an InputError naming the first line without a partner."""
    refs, hyps = read_lines(ref_path), read_lines(hyp_path)
    if len(refs) != len(hyps):
        longer, shorter = (ref_path, hyp_path) if len(refs) > len(hyps) else (hyp_path, ref_path)
        line = min(len(refs), len(hyps)) + 1
        problem = (
            f"has no partner line in {shorter} ({len(refs)} reference lines, "
            f"{len(hyps)} hypothesis lines)"
        )
        raise InputError(str(longer), line, problem)
    return [
        Record(str(ref.number), ref.text.strip(), hyp.text.strip(), line=ref.number)
        for ref, hyp in zip(refs, hyps, strict=True)
    ]
