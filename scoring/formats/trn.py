"""sclite/NIST trn transcripts: one utterance a line, its words then its id in
parentheses: `she had your dark suit (cmh_sa01)`.

A reference file and a hypothesis file are matched by utterance id; an id in one file
only is an error naming that file and line. Reference words may hold alternations
(`{ um / uh / @ }`, see `scoring.alternations`), checked here so that a bad one is
reported with its line. A hypothesis may be empty (`(cmh_sa02)`); it may not hold
alternations. Blank lines are skipped.

>>> parse_line("i've { um / @ } as far (cmh_sa02)")
("i've { um / @ } as far", 'cmh_sa02')
"""

from __future__ import annotations

from ..alternations import TranscriptError, parse_transcript
from ..errors import InputError
from .records import Entry, Record, SourceLike, pair_by_id, read_lines
from .speakers import speaker_on_line

__all__ = ["parse_line", "read_trn"]


def parse_line(line: str) -> tuple[str, str]:
    """(words, utterance id); ValueError when the line does not end with `(id)`."""
    stripped = line.rstrip()
    if not stripped.endswith(")"):
        raise ValueError("no utterance id: a trn line ends with (utterance-id)")
    start = stripped.rfind("(")
    if start < 0:
        raise ValueError("no utterance id: a trn line ends with (utterance-id)")
    utterance_id = stripped[start + 1 : -1].strip()
    if not utterance_id or any(c.isspace() for c in utterance_id):
        raise ValueError(f"utterance id {stripped[start:]!r} is empty or has spaces in it")
    return stripped[:start].strip(), utterance_id


def read_trn(
    ref_path: SourceLike, hyp_path: SourceLike, *, id_style: str | None = None
) -> list[Record]:
    """Every utterance of the reference file with its hypothesis, or an InputError."""
    ref_name, hyp_name = str(ref_path), str(hyp_path)
    refs = _entries(ref_path, reference=True)
    hyps = _entries(hyp_path, reference=False)
    records = []
    for ref, hyp in pair_by_id(refs, hyps, ref_name, hyp_name):
        speaker = speaker_on_line(ref.id, id_style, ref_name, ref.line)
        records.append(
            Record(ref.id, ref.text, hyp.text, speaker, alternations=True, line=ref.line)
        )
    return records


def _entries(path: SourceLike, *, reference: bool) -> list[Entry]:
    entries = []
    for line in read_lines(path):
        if not line.text.strip():
            continue
        try:
            words, utterance_id = parse_line(line.text)
            _check_words(words, reference)
        except TranscriptError as exc:
            column = exc.column + len(line.text) - len(line.text.lstrip())  # in the line
            problem = f"column {column}: {exc.problem}"
            raise InputError(str(path), line.number, problem) from None
        except ValueError as exc:
            raise InputError(str(path), line.number, str(exc)) from None
        entries.append(Entry(utterance_id, words, line.number))
    return entries


def _check_words(words: str, reference: bool) -> None:
    if reference:
        parse_transcript(words)
    elif any(token in ("{", "}") for token in words.split()):
        raise ValueError("alternations are read in reference files only")
