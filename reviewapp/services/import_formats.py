"""Import files of the scoring library's formats: the readers of `scoring.formats` read
and check them (the CLI reads them the same way), and this module turns their utterances
into the app's conversations and turns.

Formats: `trn`, `kaldi` and `text` (a reference file and a hypothesis file), `jsonl`
(the CLI's pairs, `{"id", "reference", "hypothesis", ...}` a line), `nemo`, `csv` and
`tsv` (one file; csv and tsv with a column mapping). The language is the
importer's choice for the whole file, and so are the dataset and the model, except in a
csv or tsv row with a `dataset` or `model` column (a jsonl or NeMo line with such a
field) that is not empty: that row's value wins. A row's conversation is then in that dataset, under
that model.

Within one dataset and model, utterances group into conversations by, in this order:
1. a `conversation` field (a csv/tsv column, a field of a NeMo manifest line);
2. the speaker (a `speaker` column or field, or the speaker code read from trn and kaldi
   utterance ids with an id style such as `rm`: `cmh_sa01` is speaker `cmh`);
3. otherwise each utterance is a conversation of one turn, named by its utterance id.
A conversation's turns keep the file's order, and its metadata lists their utterance ids
(`utterances`), so a turn can be traced back to its line. Other columns and fields are
not kept.

A trn reference keeps sclite's transcript syntax (`{ um / uh / @ }`, `(farmer)`) and its
turn is marked `alternations`: the worker scores it as the CLI scores trn files. A csv or
tsv `alternations` column (a NeMo field) of `1` or `true` marks a row's reference the same
way; the app's export of turns writes it, so a trn turn imports back as itself.

The same utterance ids under another model are another hypothesis set of the same
references: that is what the compare page pairs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from scoring.alternations import TranscriptError, parse_transcript
from scoring.errors import InputError
from scoring.formats import (
    ID_STYLES,
    PAIRED_FORMATS,
    Record,
    Source,
    parse_columns,
    read_paired,
    read_single,
)

from ..languages import is_language

__all__ = [
    "CONVERSATIONS",
    "FORMATS",
    "FormatError",
    "ImportOptions",
    "Utterances",
    "conversations_of",
    "options_from",
    "where_of",
]

CONVERSATIONS = "conversations"  # our JSON Lines or EVA records, told apart per file
FILE_FORMATS = ("jsonl", "nemo", "csv", "tsv")  # jsonl: the CLI's pairs, not conversations
FORMATS = (CONVERSATIONS, *PAIRED_FORMATS, *FILE_FORMATS)
GROUP_FIELD = "conversation"
ROW_NAMES = ("dataset", "model")  # fields of a row that override the importer's choice
ALTERNATIONS_FIELD = "alternations"
TRUE_VALUES = (True, 1, "1", "true", "yes")
FALSE_VALUES = (False, 0, "", "0", "false", "no")
MAX_ID_CHARS = 200
MAX_NAME_CHARS = 100
MAX_SPEAKER_CHARS = 50


class FormatError(ValueError):
    """A problem in a file or an option, with where it is (`file, line n`, or the option)."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class ImportOptions:
    """How to read a file of one of `FORMATS`, and what its conversations are."""

    format: str = CONVERSATIONS
    language: str = ""
    model: str = ""
    hypothesis: Source | None = None  # the hypothesis file of trn, kaldi and text
    columns: Mapping[str, str] | None = None  # csv and tsv: role -> column
    id_style: str | None = None  # trn and kaldi: how an utterance id names its speaker

    @property
    def paired(self) -> bool:
        return self.format in PAIRED_FORMATS


@dataclass(frozen=True)
class Utterances:
    """One conversation's utterances, in file order, and where it starts; `dataset` and
    `model` are its rows' own ("" where the importer's choice applies)."""

    key: str
    records: tuple[Record, ...]
    where: str
    dataset: str = ""
    model: str = ""


def options_from(fields: Mapping[str, str], hypothesis: Source | None = None) -> ImportOptions:
    """The options of the import page, the API and the command, from their text fields
    (`format`, `language`, `model`, `columns` as `role=column,...`, `id_style`); a
    FormatError names the field that is wrong."""
    fmt = fields.get("format") or CONVERSATIONS
    if fmt == CONVERSATIONS:
        given = [name for name in ("language", "model", "columns", "id_style") if fields.get(name)]
        if hypothesis is not None:
            given.append("hypothesis file")
        if given:
            problem = "are for the formats " + ", ".join(FORMATS[1:]) + " only"
            raise FormatError(", ".join(given), problem)
        return ImportOptions()
    id_style = fields.get("id_style") or None
    if id_style is not None and id_style not in ID_STYLES:
        raise FormatError("id style", f"{id_style!r} is not one of {', '.join(ID_STYLES)}")
    spec = (fields.get("columns") or "").strip()
    try:
        columns = parse_columns(spec) if spec else None
    except InputError as exc:
        raise FormatError("columns", exc.problem) from None
    if columns is not None and fmt not in ("csv", "tsv"):
        raise FormatError("columns", "are for csv and tsv files")
    options = ImportOptions(
        fmt,
        language=fields.get("language") or "",
        model=(fields.get("model") or "").strip(),
        hypothesis=hypothesis,
        columns=columns,
        id_style=id_style,
    )
    _check_options(options)
    return options


def where_of(exc: InputError) -> str:
    return exc.source if exc.line is None else f"{exc.source}, line {exc.line}"


def conversations_of(data: bytes, source: str, options: ImportOptions) -> list[Utterances]:
    """The file's utterances grouped into conversations, or a FormatError naming the
    file and line (or the option) of the first problem."""
    _check_options(options)
    for file in (Source(source, data), options.hypothesis):
        if file is not None:
            _refuse_nul(file)
    try:
        records = _read(Source(source, data), options)
    except InputError as exc:
        raise FormatError(where_of(exc), exc.problem) from None
    if not records:
        raise FormatError(source, "contains no utterance")
    records = [_with_alternations(record, source) for record in records]
    for record in records:
        _check_record(record, source, options)
    return _group(records, source)


def _check_options(options: ImportOptions) -> None:
    if options.format not in FORMATS or options.format == CONVERSATIONS:
        raise FormatError("format", f"{options.format!r} is not one of {', '.join(FORMATS)}")
    if not is_language(options.language):
        problem = f"{options.language!r} is not a language: choose the file's language"
        raise FormatError("language", problem)
    if len(options.model) > MAX_NAME_CHARS:
        raise FormatError("model", f"longer than {MAX_NAME_CHARS} characters")
    if options.paired and options.hypothesis is None:
        raise FormatError("hypothesis file", f"{options.format} needs a hypothesis file")
    if not options.paired and options.hypothesis is not None:
        raise FormatError("hypothesis file", f"{options.format} holds both texts in one file")
    if options.id_style is not None and options.format not in ("trn", "kaldi"):
        raise FormatError("id style", "is for trn and kaldi utterance ids")


def _refuse_nul(file: Source) -> None:
    """A NUL byte, refused with its line: PostgreSQL cannot store it, and a record of two
    files only knows its line in the reference file."""
    at = file.data.find(b"\0")
    if at >= 0:
        line = file.data.count(b"\n", 0, at) + 1
        raise FormatError(
            f"{file.name}, line {line}", "contains a NUL character, which cannot be stored"
        )


def _read(source: Source, options: ImportOptions) -> list[Record]:
    if options.paired:
        return read_paired(options.format, source, options.hypothesis, id_style=options.id_style)
    return read_single(options.format, source, columns=options.columns)


def _with_alternations(record: Record, source: str) -> Record:
    """A csv, tsv or NeMo record whose `alternations` column or field is true (as the
    app's export of a trn turn writes it) is in sclite's transcript syntax, as a trn
    reference is."""
    flag = record.metadata.get(ALTERNATIONS_FIELD)
    if record.alternations or flag is None:
        return record
    if isinstance(flag, str):
        flag = flag.strip().casefold()
    if flag in TRUE_VALUES:
        return replace(record, alternations=True)
    if flag in FALSE_VALUES:
        return record
    where = f"{source}, line {record.line}, field {ALTERNATIONS_FIELD}"
    raise FormatError(where, f"{flag!r} is not one of 1, true, yes, 0, false, no or empty")


def _check_record(record: Record, source: str, options: ImportOptions) -> None:
    """What the app stores and scores, checked with the line. A reference in sclite's
    transcript syntax (trn) is kept as written, alternations and all: the worker scores
    it as the CLI does."""
    where = f"{source}, line {record.line}"
    for name, text in (("reference", record.reference), ("hypothesis", record.hypothesis)):
        if not isinstance(text, str):  # the jsonl reader leaves this to its caller
            kind = "missing" if text is None else f"a {type(text).__name__}, not a string"
            raise FormatError(f"{where}, field {name}", f"is {kind}")
    if record.alternations:
        try:
            parse_transcript(record.reference)
        except TranscriptError as exc:  # the trn reader checked it already
            raise FormatError(where, exc.problem) from None
    for name in ROW_NAMES:
        _row_name(record, name, where)
    speaker = record.speaker or ""
    if len(speaker) > MAX_SPEAKER_CHARS:
        raise FormatError(where, f"speaker longer than {MAX_SPEAKER_CHARS} characters")
    if len(_key(record)) > MAX_ID_CHARS:
        raise FormatError(where, f"conversation id longer than {MAX_ID_CHARS} characters")


def _row_name(record: Record, name: str, where: str) -> str:
    """The row's own dataset or model ("" when it has none), or a FormatError."""
    value = record.metadata.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FormatError(f"{where}, field {name}", f"must be a string, not {type(value).__name__}")
    value = value.strip()
    if len(value) > MAX_NAME_CHARS:
        raise FormatError(f"{where}, field {name}", f"longer than {MAX_NAME_CHARS} characters")
    return value


def _key(record: Record) -> str:
    group = record.metadata.get(GROUP_FIELD)
    if isinstance(group, (str, int)) and not isinstance(group, bool) and str(group).strip():
        return str(group).strip()
    return record.speaker or record.id


def _group(records: list[Record], source: str) -> list[Utterances]:
    """Conversations per (dataset, model, key): the same key under two models is two."""
    groups: dict[tuple[str, str, str], list[Record]] = {}
    for record in records:
        where = f"{source}, line {record.line}"
        names = tuple(_row_name(record, name, where) for name in ROW_NAMES)
        groups.setdefault((*names, _key(record)), []).append(record)
    return [
        Utterances(key, tuple(members), f"{source}, line {members[0].line}", dataset, model)
        for (dataset, model, key), members in groups.items()
    ]
