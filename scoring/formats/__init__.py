"""Readers for the files ASR teams already have, shared by the CLI (and, later, the
app's import page, API and `import_conversations`).

Every reader reads and checks its whole input before it returns anything: a list of
`Record`s, or an `InputError` naming the file and line of the first problem.

- two files, a reference and a hypothesis (`read_paired`): `trn` (sclite/NIST,
  matched by utterance id, alternations in the reference), `kaldi` (`text` files,
  matched by id) and `text` (line n against line n);
- one file holding both (`read_single`): `jsonl` (our pairs), `nemo` (manifests with
  `text` and `pred_text`), `csv` and `tsv` (with a column mapping).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import InputError
from .delimited import ROLES, parse_columns, read_csv, read_delimited, read_tsv
from .kaldi import read_kaldi
from .nemo import read_nemo
from .pairs import read_pairs
from .parallel import read_parallel
from .records import Record, Source, SourceLike
from .speakers import ID_STYLES, speaker_of
from .trn import read_trn

__all__ = [
    "ID_STYLES",
    "PAIRED_FORMATS",
    "ROLES",
    "SINGLE_FORMATS",
    "Record",
    "Source",
    "SourceLike",
    "parse_columns",
    "read_csv",
    "read_delimited",
    "read_kaldi",
    "read_nemo",
    "read_paired",
    "read_pairs",
    "read_parallel",
    "read_single",
    "read_trn",
    "read_tsv",
    "speaker_of",
]

PAIRED_FORMATS = ("trn", "kaldi", "text")
SINGLE_FORMATS = ("jsonl", "nemo", "csv", "tsv")


def read_paired(
    fmt: str, ref_path: SourceLike, hyp_path: SourceLike, *, id_style: str | None = None
) -> list[Record]:
    """Records from a reference file and a hypothesis file of format `fmt`."""
    if fmt == "trn":
        return read_trn(ref_path, hyp_path, id_style=id_style)
    if fmt == "kaldi":
        return read_kaldi(ref_path, hyp_path, id_style=id_style)
    if fmt == "text":
        if id_style is not None:
            raise InputError("--id-style", None, "text files have no utterance ids")
        return read_parallel(ref_path, hyp_path)
    raise InputError("--format", None, f"{fmt!r} is not one of {', '.join(PAIRED_FORMATS)}")


def read_single(
    fmt: str, path: SourceLike, *, columns: Mapping[str, str] | None = None
) -> list[Record]:
    """Records from one file of format `fmt` that holds references and hypotheses."""
    if columns is not None and fmt not in ("csv", "tsv"):
        raise InputError("--columns", None, "is for csv and tsv files")
    if fmt == "jsonl":
        return read_pairs(path)
    if fmt == "nemo":
        return read_nemo(path)
    if fmt == "csv":
        return read_csv(path, columns)
    if fmt == "tsv":
        return read_tsv(path, columns)
    raise InputError("--format", None, f"{fmt!r} is not one of {', '.join(SINGLE_FORMATS)}")
