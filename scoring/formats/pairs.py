"""Our own JSON Lines of pairs: `{"id", "reference", "hypothesis"}` a line, any other
field kept as metadata (`dataset`, `model`, `speaker`, ...).

An id is a string or an integer, unique in the file. A missing or non-string text is not
an error here: the pair is scored as skipped, with the reason, as `score --input` always
did.
"""

from __future__ import annotations

from ..errors import InputError
from .records import Record, SourceLike, read_json_lines

__all__ = ["read_pairs"]

TEXTS = ("id", "reference", "hypothesis")


def read_pairs(path: SourceLike) -> list[Record]:
    """Every line as a record, or an InputError naming the line."""
    name = str(path)
    seen: set[str] = set()
    records = []
    for number, row in read_json_lines(path):
        pair_id = row.get("id")
        if not isinstance(pair_id, (str, int)) or isinstance(pair_id, bool):
            raise InputError(name, number, 'field "id" is missing or not a string')
        pair_id = str(pair_id)
        if pair_id in seen:
            raise InputError(name, number, f"duplicate id {pair_id!r}")
        seen.add(pair_id)
        speaker = row.get("speaker")
        metadata = {key: value for key, value in row.items() if key not in TEXTS}
        records.append(
            Record(
                pair_id,
                row.get("reference"),
                row.get("hypothesis"),
                speaker if isinstance(speaker, str) else None,
                metadata,
                line=number,
            )
        )
    return records
