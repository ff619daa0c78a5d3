"""Read JSON Lines input, naming the file and line of anything wrong."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import InputError

__all__ = ["parse_jsonl", "read_jsonl"]


def read_jsonl(path: str | Path) -> Iterator[tuple[int, dict]]:
    """Yield (line number, object) for each non-blank line; raise InputError on the first
    line that is not a JSON object."""
    name = str(path)
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InputError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    with handle:
        try:
            for number, line in enumerate(handle, start=1):
                if not line.strip():
                    continue
                yield number, _parse(line, name, number)
        except UnicodeDecodeError as exc:
            raise InputError(name, None, f"is not valid UTF-8 ({exc.reason})") from None


def parse_jsonl(lines: Iterable[tuple[int, str]], name: str) -> Iterator[tuple[int, dict]]:
    """Like `read_jsonl`, over (line number, text) pairs already read (an upload)."""
    for number, line in lines:
        if line.strip():
            yield number, _parse(line, name, number)


def _parse(line: str, name: str, number: int) -> dict:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as exc:
        raise InputError(name, number, f"invalid JSON: {exc.msg} (column {exc.colno})") from None
    if not isinstance(value, dict):
        raise InputError(name, number, "each line must be a JSON object")
    return value
