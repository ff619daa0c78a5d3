"""What every reader returns, and the checks they share: reading a text file whole,
unique ids, and matching a reference file with a hypothesis file by utterance id."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..jsonl import parse_jsonl

__all__ = [
    "Entry",
    "Line",
    "Record",
    "Source",
    "SourceLike",
    "pair_by_id",
    "read_json_lines",
    "read_lines",
    "read_text",
    "unique_ids",
]


@dataclass(frozen=True)
class Record:
    """One utterance to score. `reference` and `hypothesis` are strings for every format
    but our JSON Lines, whose pairs may lack a text (scored as skipped, with the reason).
    `alternations` says the reference is in sclite's transcript syntax (`{ a / b }`, `@`):
    trn files are; the other formats' braces are just characters. `line` is where the
    record starts in its file (the reference file, for two files)."""

    id: str
    reference: object
    hypothesis: object
    speaker: str | None = None
    metadata: Mapping[str, object] = field(default_factory=dict)
    alternations: bool = False
    line: int | None = None


@dataclass(frozen=True)
class Source:
    """Bytes that are not (yet) a file, such as an upload, and the name errors give them.
    Every reader takes one wherever it takes a path."""

    name: str
    data: bytes

    def __str__(self) -> str:
        return self.name


SourceLike = str | Path | Source  # a path, or bytes with a name


@dataclass(frozen=True)
class Line:
    number: int
    text: str


@dataclass(frozen=True)
class Entry:
    """An utterance of a reference or hypothesis file, before the two are matched."""

    id: str
    text: str
    line: int


def read_text(path: SourceLike) -> str:
    """A UTF-8 text file whole (a byte-order mark is dropped), or an InputError: unreadable,
    or the line of the first byte that is not UTF-8."""
    name = str(path)
    if isinstance(path, Source):
        data = path.data
    else:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InputError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    data = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(name, line, f"is not valid UTF-8 ({exc.reason})") from None
    return text


def read_lines(path: SourceLike) -> list[Line]:
    """Every line of a UTF-8 text file, numbered from 1, CRLF read as LF. Lines are split
    on \\n only, as the other tools count them (not on form feeds or U+2028)."""
    lines = read_text(path).split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    return [Line(n, t.removesuffix("\r")) for n, t in enumerate(lines, start=1)]


def read_json_lines(path: SourceLike) -> Iterator[tuple[int, dict]]:
    """(line number, object) for each non-blank line, with `read_jsonl`'s errors."""
    return parse_jsonl(((line.number, line.text) for line in read_lines(path)), str(path))


def unique_ids(entries: Sequence[Entry], name: str) -> dict[str, Entry]:
    seen: dict[str, Entry] = {}
    for entry in entries:
        first = seen.get(entry.id)
        if first is not None:
            problem = f"duplicate utterance id {entry.id!r} (first on line {first.line})"
            raise InputError(name, entry.line, problem)
        seen[entry.id] = entry
    return seen


def pair_by_id(
    refs: Sequence[Entry], hyps: Sequence[Entry], ref_name: str, hyp_name: str
) -> list[tuple[Entry, Entry]]:
    """Each reference with the hypothesis of the same id, in reference order. An id in one
    file only is an error naming the file and line it is on."""
    by_ref = unique_ids(refs, ref_name)
    by_hyp = unique_ids(hyps, hyp_name)
    for entry in refs:
        if entry.id not in by_hyp:
            problem = f"utterance {entry.id!r} has no hypothesis in {hyp_name}"
            raise InputError(ref_name, entry.line, problem)
    for entry in hyps:
        if entry.id not in by_ref:
            raise InputError(hyp_name, entry.line, f"utterance {entry.id!r} is not in {ref_name}")
    return [(entry, by_hyp[entry.id]) for entry in refs]
