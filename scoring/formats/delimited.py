"""CSV and TSV files with a header row, and a mapping from roles to column names:
`id=utt,reference=ref,hypothesis=hyp` (`--columns`). Unmapped roles default to columns of
their own name; `speaker` is optional, and without an `id` column a row's id is its line
number. Every other column is kept as metadata, so `--group-by FIELD` can use it.

CSV follows RFC 4180 (quoted fields may hold commas, quotes and newlines). TSV is
tab-separated without quoting: a field cannot hold a tab or a newline, and quotes are
ordinary characters.

>>> parse_columns("id=utt, reference=ref,hypothesis=hyp")
{'id': 'utt', 'reference': 'ref', 'hypothesis': 'hyp'}
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from ..errors import InputError
from .records import Entry, Record, SourceLike, read_text, unique_ids

__all__ = ["ROLES", "parse_columns", "read_csv", "read_delimited", "read_tsv"]

ROLES = ("id", "reference", "hypothesis", "speaker")


def parse_columns(spec: str) -> dict[str, str]:
    """`role=column,...` as a dict, or an InputError naming `--columns`."""
    mapping: dict[str, str] = {}
    for part in spec.split(","):
        role, sep, column = (piece.strip() for piece in part.partition("="))
        if not sep or not role or not column:
            raise InputError("--columns", None, f"{part.strip()!r} is not ROLE=COLUMN")
        if role not in ROLES:
            raise InputError("--columns", None, f"unknown role {role!r}: use {', '.join(ROLES)}")
        if role in mapping:
            raise InputError("--columns", None, f"role {role!r} is given twice")
        mapping[role] = column
    return mapping


def read_csv(path: SourceLike, columns: Mapping[str, str] | None = None) -> list[Record]:
    return read_delimited(path, delimiter=",", columns=columns)


def read_tsv(path: SourceLike, columns: Mapping[str, str] | None = None) -> list[Record]:
    return read_delimited(path, delimiter="\t", columns=columns)


def read_delimited(
    path: SourceLike, *, delimiter: str, columns: Mapping[str, str] | None = None
) -> list[Record]:
    """A record per row, or an InputError naming the line."""
    name = str(path)
    quoting = csv.QUOTE_MINIMAL if delimiter == "," else csv.QUOTE_NONE
    reader = csv.reader(io.StringIO(read_text(path), newline=""), delimiter=delimiter,
                        quoting=quoting, strict=True)  # fmt: skip
    rows = _rows(reader, name)
    if not rows:
        raise InputError(name, None, "is empty: its first line names the columns")
    (_, header), body = rows[0], rows[1:]
    roles = _roles(header, dict(columns or {}), name)
    records, entries = [], []
    for line, row in body:
        if len(row) != len(header):
            problem = f"has {len(row)} fields, the header has {len(header)}"
            raise InputError(name, line, problem)
        values = dict(zip(header, row, strict=True))
        record = _record(values, roles, line, name)
        records.append(record)
        entries.append(Entry(record.id, "", line))
    unique_ids(entries, name)
    return records


def _rows(reader, name: str) -> list[tuple[int, list[str]]]:
    """(first line of the row, fields) for every non-blank row."""
    rows = []
    start = 1
    try:
        for row in reader:
            if row:
                rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise InputError(name, start, f"is not valid CSV: {exc}") from None
    return rows


def _roles(header: list[str], mapping: dict[str, str], name: str) -> dict[str, str]:
    """Role -> column, for the roles this file has."""
    if len(set(header)) != len(header):
        twice = next(column for column in header if header.count(column) > 1)
        raise InputError(name, 1, f"column {twice!r} appears twice in the header")
    roles = {}
    for role in ROLES:
        column = mapping.get(role, role)
        if column in header:
            roles[role] = column
        elif role in mapping or role in ("reference", "hypothesis"):
            known = ", ".join(header)
            problem = f"no column {column!r} for {role} (the header has: {known})"
            raise InputError(name, 1, problem)
    return roles


def _record(values: dict[str, str], roles: dict[str, str], line: int, name: str) -> Record:
    utterance_id = values[roles["id"]].strip() if "id" in roles else str(line)
    if not utterance_id:
        raise InputError(name, line, f"column {roles['id']!r} (the id) is empty")
    speaker = (values[roles["speaker"]].strip() or None) if "speaker" in roles else None
    used = set(roles.values())
    metadata = {column: value for column, value in values.items() if column not in used}
    return Record(
        utterance_id,
        values[roles["reference"]],
        values[roles["hypothesis"]],
        speaker,
        metadata,
        line=line,
    )
