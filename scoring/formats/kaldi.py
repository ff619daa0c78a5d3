"""Kaldi `text` files: one utterance a line, its id then its words (`utt-001 hello
there`), a reference file and a hypothesis file matched by id. An id alone on its line is
an empty transcript. Blank lines are skipped. Kaldi ids usually begin with the speaker
(`spk1-utt001`); `id_style` reads it as trn's id styles do.

>>> parse_line("spk1-utt001  hello there")
('spk1-utt001', 'hello there')
"""

from __future__ import annotations

from .records import Entry, Record, SourceLike, pair_by_id, read_lines
from .speakers import speaker_on_line

__all__ = ["parse_line", "read_kaldi"]


def parse_line(line: str) -> tuple[str, str]:
    """(utterance id, words) of a non-blank line."""
    parts = line.strip().split(None, 1)
    return parts[0], parts[1].strip() if len(parts) > 1 else ""


def read_kaldi(
    ref_path: SourceLike, hyp_path: SourceLike, *, id_style: str | None = None
) -> list[Record]:
    """Every utterance of the reference file with its hypothesis, or an InputError."""
    ref_name, hyp_name = str(ref_path), str(hyp_path)
    records = []
    for ref, hyp in pair_by_id(_entries(ref_path), _entries(hyp_path), ref_name, hyp_name):
        speaker = speaker_on_line(ref.id, id_style, ref_name, ref.line)
        records.append(Record(ref.id, ref.text, hyp.text, speaker, line=ref.line))
    return records


def _entries(path: SourceLike) -> list[Entry]:
    return [
        Entry(*parse_line(line.text), line.number) for line in read_lines(path) if line.text.strip()
    ]
