"""Import conversations, all or nothing.

Accepted shapes (detected per file):
1. JSON Lines, one conversation a line:
   `{"id", "language", "turns": [{"reference", "hypothesis", "speaker"?, "audio_url"?,
   "labels"?, "start_time"?, "end_time"?}], "dataset"?, "model"?, "metadata"?,
   "audio_url"?}`. An audio_url is an http(s) URL, a path on this site (`/…`) or a path
   under AUDIO_ROOT (`calls/0042.wav`); a turn's times are seconds into its recording, or
   into the conversation's when it has none of its own.
2. EVA run records (a JSON object, a JSON array of them, or one a line):
   `{"id", "language", "intended_user_turns": {turn id: text},
   "transcribed_user_turns": {turn id: text}}`.
3. The scoring library's formats (trn, kaldi and text pairs of files, NeMo manifests,
   csv and tsv), read by its readers and grouped into conversations as
   `services.import_formats` says, with the language, dataset and model of `ImportOptions`.

Every line is checked before anything is written; the first problem is reported with its
line and field, and nothing is imported. The data-quality checks (`services.dataquality`)
run on the imported conversations in the same transaction: their findings are stored
with the import, never a reason to refuse it. The same bytes are never imported twice (a
file of the scoring formats: not under the same language, dataset and model), and
two imports racing for the same file or the same conversation end with one imported and
the other refused as a conflict (`DuplicateImport`), never with a database error.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from django.db import IntegrityError, transaction

from ..enqueue import enqueue_job
from ..languages import is_language
from ..models import Conversation, DataFinding, Dataset, ImportBatch, Job, Language, Turn
from . import audit
from .configs import ensure_languages
from .dataquality import refresh_findings
from .import_formats import CONVERSATIONS, FormatError, ImportOptions, Utterances, conversations_of
from .scoring import create_job

MAX_LINE_BYTES = 5_000_000
MAX_TEXT_CHARS = 100_000
MAX_TURNS = 2_000
# Deeper JSON is refused before parsing: json's C parser recurses once per level and
# raises RecursionError near 1,000 levels (fewer inside a request's deeper stack).
MAX_DEPTH = 64
# Integers beyond 64 bits and numbers that are not finite (NaN, Infinity, 1e400) are
# refused: Python would parse a 5,000-digit integer only to fail converting it, and
# PostgreSQL refuses NaN in JSON and infinity as a time.
MAX_INT = 2**63 - 1
MAX_INT_DIGITS = 19
AUDIO_URL_SCHEMES = {"", "http", "https"}
ASSISTANT_SPEAKERS = {"assistant", "agent", "system", "bot"}


class ImportRefused(ValueError):
    """A problem in an import file, with where it is; `status` is the HTTP answer."""

    status = 400

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


class DuplicateImport(ImportRefused):
    """The file, or one of its conversations, is already imported (perhaps by an import
    that committed a moment ago): a conflict, not a bad file."""

    status = 409


@dataclass(frozen=True)
class UnusableNumber:
    """A JSON number the importer refuses (too large, NaN, Infinity), kept as its literal
    so the check of the field it is in can name that field."""

    literal: str

    def problem(self) -> str:
        if self.literal.lstrip("-") in {"NaN", "Infinity"}:
            return f"{self.literal} is not allowed: numbers must be finite"
        shown = self.literal
        if len(shown) > 24:
            shown = f"{shown[:20]}… ({len(shown)} characters)"
        if any(c in self.literal for c in ".eE"):
            return f"number {shown} is out of range: numbers must be finite (at most about 1e308)"
        return f"number {shown} is out of range: integers must be at most {MAX_INT} in size"


def _parse_int(literal: str):
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        return UnusableNumber(literal)
    value = int(literal)
    return value if abs(value) <= MAX_INT else UnusableNumber(literal)


def _parse_float(literal: str):
    value = float(literal)  # 1e400 and a 400-digit float parse as infinity
    return value if math.isfinite(value) else UnusableNumber(literal)


def _loads(text: str):
    """json.loads with every number checked; an unusable one becomes an UnusableNumber,
    refused (with its field) by the checks below rather than by the parser."""
    return json.loads(
        text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=UnusableNumber
    )


# A JSON string (escapes included), or a bracket outside strings.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def _too_deep(text: str) -> int | None:
    """The offset where `text` nests deeper than MAX_DEPTH, or None. Runs before parsing,
    and only counts brackets, so a cut line is left to the parser to report."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif token in ("]", "}"):
            depth -= 1
    return None


def _depth_problem() -> str:
    return f"nested deeper than {MAX_DEPTH} levels (arrays and objects)"


@dataclass
class ParsedTurn:
    reference: str
    hypothesis: str
    speaker: str = ""
    audio_url: str = ""
    labels: list = field(default_factory=list)
    start_time: float | None = None
    end_time: float | None = None
    alternations: bool = False  # the reference is in sclite's transcript syntax


@dataclass
class ParsedConversation:
    external_id: str
    language: str
    dataset: str
    model: str
    metadata: dict
    turns: list[ParsedTurn]
    where: str
    audio_url: str = ""


@dataclass(frozen=True)
class ImportResult:
    batch: ImportBatch
    conversations: int
    turns: int
    skipped_existing: int
    jobs: list[Job]
    findings: list[DataFinding] = field(default_factory=list)


def parse(data: bytes, source: str, *, default_dataset: str = "default") -> tuple[str, list]:
    """Parse and check a whole file; returns (format, conversations) or raises."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ImportRefused(f"{source}, line {line}", "is not valid UTF-8") from None
    whole = _whole_json(text, source)
    if whole is not None:
        records = whole if isinstance(whole, list) else [whole]
        items = [(f"{source}, record {i}", r) for i, r in enumerate(records, 1)]
        fmt = "eva"
    else:
        items = list(_lines(text, source))
        fmt = "jsonl"
    conversations = [_conversation(where, obj, default_dataset) for where, obj in items]
    if not conversations:
        raise ImportRefused(source, "contains no conversation")
    _check_unique(conversations)
    if any(c.metadata.get("_eva") for c in conversations):
        fmt = "eva"
    return fmt, conversations


def parse_formatted(
    data: bytes, source: str, options: ImportOptions, *, default_dataset: str = "default"
) -> list[ParsedConversation]:
    """A file of the scoring library's formats as conversations, checked like JSON Lines
    (every text storable and not too long), or the first problem with its line."""
    try:
        groups = conversations_of(data, source, options)
    except FormatError as exc:
        raise ImportRefused(exc.where, exc.problem) from None
    conversations = [_from_utterances(group, source, options, default_dataset) for group in groups]
    _check_unique(conversations)
    return conversations


def _from_utterances(
    group: Utterances, source: str, options: ImportOptions, dataset: str
) -> ParsedConversation:
    if len(group.records) > MAX_TURNS:
        problem = f"conversation {group.key!r} has more than {MAX_TURNS} turns"
        raise ImportRefused(group.where, problem)
    _storable(group.key, f"{group.where}, conversation id")
    turns = []
    for record in group.records:
        where = f"{source}, line {record.line}"
        _storable(record.speaker or "", f"{where}, speaker")
        texts = {"reference": record.reference, "hypothesis": record.hypothesis}
        turns.append(
            ParsedTurn(
                reference=_text(texts, "reference", where, empty_ok=True),
                hypothesis=_text(texts, "hypothesis", where, empty_ok=True),
                speaker=record.speaker or "",
                alternations=record.alternations,
            )
        )
    metadata = {"format": options.format, "utterances": [r.id for r in group.records]}
    _check_json(metadata, group.where)
    dataset, model = group.dataset or dataset, group.model or options.model
    _storable(dataset, f"{group.where}, field dataset")
    _storable(model, f"{group.where}, field model")
    return ParsedConversation(
        group.key, options.language, dataset, model, metadata, turns, group.where
    )


def _whole_json(text: str, source: str):
    """A file that is one JSON value over several lines (a pretty-printed EVA record, or an
    array of records). A one-line file is read as JSON Lines, so errors name "line 1"."""
    if "\n" not in text.strip():
        return None
    deep = _too_deep(text)
    if deep is not None:  # too deep to parse, whichever shape: name its line
        line = text.count("\n", 0, deep) + 1
        raise ImportRefused(f"{source}, line {line}", _depth_problem())
    try:
        value = _loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, (dict, list)) else None


def _lines(text: str, source: str):
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source}, line {number}"
        if len(line.encode("utf-8")) > MAX_LINE_BYTES:
            raise ImportRefused(where, f"line longer than {MAX_LINE_BYTES} bytes")
        deep = _too_deep(line)
        if deep is not None:
            raise ImportRefused(where, f"{_depth_problem()} (column {deep + 1})")
        try:
            yield where, _loads(line)
        except json.JSONDecodeError as exc:
            raise ImportRefused(where, f"invalid JSON: {exc.msg} (column {exc.colno})") from None


def _conversation(where: str, obj, default_dataset: str) -> ParsedConversation:
    if not isinstance(obj, dict):
        raise ImportRefused(where, "must be a JSON object")
    external_id = _text(obj, "id", where, max_chars=200)
    language = _text(obj, "language", where, max_chars=16)
    if not is_language(language):
        raise ImportRefused(f"{where}, field language", f"unknown language {language!r}")
    dataset = _optional_text(obj, "dataset", where, max_chars=100) or default_dataset
    model = _optional_text(obj, "model", where, max_chars=100)
    metadata = obj.get("metadata", {})
    if not isinstance(metadata, dict):
        raise ImportRefused(f"{where}, field metadata", "must be a JSON object")
    _check_json(metadata, f"{where}, field metadata")
    if "intended_user_turns" in obj or "transcribed_user_turns" in obj:
        turns = _eva_turns(obj, where)
        metadata = {**metadata, "_eva": True}
    else:
        turns = _turns(obj.get("turns"), where)
    audio_url = _audio_url(obj, where)
    return ParsedConversation(
        external_id, language, dataset, model, metadata, turns, where, audio_url=audio_url
    )


def _turns(value, where: str) -> list[ParsedTurn]:
    if not isinstance(value, list) or not value:
        raise ImportRefused(f"{where}, field turns", "must be a non-empty list")
    if len(value) > MAX_TURNS:
        raise ImportRefused(f"{where}, field turns", f"more than {MAX_TURNS} turns")
    return [_turn(item, f"{where}, field turns[{i}]") for i, item in enumerate(value)]


def _turn(item, where: str) -> ParsedTurn:
    if not isinstance(item, dict):
        raise ImportRefused(where, "must be a JSON object")
    labels = item.get("labels", [])
    if not isinstance(labels, list):
        raise ImportRefused(f"{where}.labels", "must be a list")
    _check_json(labels, f"{where}.labels")
    return ParsedTurn(
        reference=_text(item, "reference", where, empty_ok=True),
        hypothesis=_text(item, "hypothesis", where, empty_ok=True),
        speaker=_optional_text(item, "speaker", where, max_chars=50),
        audio_url=_audio_url(item, where),
        labels=labels,
        **_segment(item, where),
    )


def _segment(item: dict, where: str) -> dict:
    start, end = _number(item, "start_time", where), _number(item, "end_time", where)
    if start is not None and start < 0:
        raise ImportRefused(f"{where}, field start_time", "must not be negative")
    if start is not None and end is not None and end <= start:
        raise ImportRefused(f"{where}, field end_time", f"must be after start_time ({start:g})")
    return {"start_time": start, "end_time": end}


def _eva_turns(obj: dict, where: str) -> list[ParsedTurn]:
    intended = obj.get("intended_user_turns")
    transcribed = obj.get("transcribed_user_turns")
    for name, value in (("intended_user_turns", intended), ("transcribed_user_turns", transcribed)):
        if not isinstance(value, dict) or not value:
            raise ImportRefused(f"{where}, field {name}", "must be a non-empty object")
    missing = sorted(set(intended) ^ set(transcribed), key=_turn_order)
    if missing:
        raise ImportRefused(
            f"{where}, field transcribed_user_turns",
            f"turn ids differ between intended and transcribed: {', '.join(missing)}",
        )
    turns = []
    for key in sorted(intended, key=_turn_order):
        turn_where = f"{where}, turn {key}"
        turns.append(
            ParsedTurn(
                reference=_text(intended, key, turn_where, empty_ok=True),
                hypothesis=_text(transcribed, key, turn_where, empty_ok=True),
                speaker="user",
            )
        )
    return turns


def _turn_order(key: str):
    # int() refuses more than 4,300 digits, and "²" (a digit, not a decimal): such ids
    # sort as text, after the numbers.
    return (0, int(key), "") if key.isdecimal() and len(key) <= 18 else (1, 0, key)


def _text(obj: dict, name: str, where: str, *, empty_ok=False, max_chars=MAX_TEXT_CHARS) -> str:
    value = obj.get(name)
    if not isinstance(value, str):
        kind = "number" if isinstance(value, UnusableNumber) else type(value).__name__
        problem = "is missing" if name not in obj else f"must be a string, not {kind}"
        raise ImportRefused(f"{where}, field {name}", problem)
    if not value.strip() and not empty_ok:
        raise ImportRefused(f"{where}, field {name}", "is empty")
    if len(value) > max_chars:
        raise ImportRefused(f"{where}, field {name}", f"longer than {max_chars} characters")
    _storable(value, f"{where}, field {name}")
    return value


def _storable(value: str, where: str) -> None:
    """Text a database can store: no NUL (PostgreSQL refuses it) and no lone surrogate
    (JSON can carry "\ud800", UTF-8 cannot)."""
    if "\x00" in value:
        raise ImportRefused(where, "contains a NUL character, which cannot be stored")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ImportRefused(where, "contains a lone surrogate, which cannot be stored") from None


def _optional_text(obj: dict, name: str, where: str, *, max_chars: int = 500) -> str:
    if obj.get(name) is None:
        return ""
    return _text(obj, name, where, empty_ok=True, max_chars=max_chars)


def _audio_url(item: dict, where: str) -> str:
    """An http(s) URL or a path on this site: a link with another scheme (`javascript:`,
    `data:`) would run or show something else when a reviewer follows it."""
    value = _optional_text(item, "audio_url", where)
    # Browsers drop tabs and newlines inside URLs and ignore leading spaces and controls
    # ("java\tscript:" runs), so none is allowed.
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in value):
        raise ImportRefused(f"{where}, field audio_url", "must not contain spaces or controls")
    try:
        scheme = urlsplit(value).scheme
    except ValueError as exc:
        raise ImportRefused(f"{where}, field audio_url", f"is not a URL ({exc})") from None
    if scheme.lower() not in AUDIO_URL_SCHEMES:
        raise ImportRefused(
            f"{where}, field audio_url",
            f"must be an http(s) URL or a relative path, not a {scheme}: URL",
        )
    if not scheme and ("\\" in value or ".." in value.split("/")):
        raise ImportRefused(f"{where}, field audio_url", "must not leave the audio folder (..)")
    return value


def _check_json(value, where: str) -> None:
    """Every string in free-form JSON (metadata, labels), keys included, is storable, and
    every number usable."""
    if isinstance(value, UnusableNumber):
        raise ImportRefused(where, value.problem())
    if isinstance(value, str):
        _storable(value, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _storable(key, where)
            _check_json(item, where)
    elif isinstance(value, list):
        for item in value:
            _check_json(item, where)


def _number(obj: dict, name: str, where: str) -> float | None:
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, UnusableNumber):
        raise ImportRefused(f"{where}, field {name}", value.problem())
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ImportRefused(f"{where}, field {name}", "must be a number")
    if not math.isfinite(value):  # the parser refuses these; a caller's dict may not
        raise ImportRefused(f"{where}, field {name}", "must be a finite number")
    return float(value)


def _check_unique(conversations: list[ParsedConversation]) -> None:
    seen: dict[tuple[str, str, str], str] = {}
    for conv in conversations:
        key = (conv.dataset, conv.model, conv.external_id)
        if key in seen:
            raise ImportRefused(
                f"{conv.where}, field id",
                f"duplicate id {conv.external_id!r} (first at {seen[key]})",
            )
        seen[key] = conv.where


def do_import(
    data: bytes,
    source: str,
    *,
    user=None,
    merge: bool = False,
    default_dataset: str = "default",
    allowed_languages: set[str] | None = None,
    options: ImportOptions | None = None,
) -> ImportResult:
    """Import a file in one transaction and queue its scoring once committed.

    `allowed_languages`: the importer's languages (a maintainer imports only those).
    `options`: the format of the file and, for the scoring library's formats, the
    hypothesis file, language and model (`services.import_formats`).
    """
    options = options or ImportOptions()
    if options.format == CONVERSATIONS:
        fmt, conversations = parse(data, source, default_dataset=default_dataset)
    else:
        conversations = parse_formatted(data, source, options, default_dataset=default_dataset)
        fmt = options.format
    content_hash = _content_hash(data, options, default_dataset)
    if allowed_languages is not None:
        for conv in conversations:
            if conv.language not in allowed_languages:
                raise ImportRefused(
                    f"{conv.where}, field language",
                    f"you do not maintain language {conv.language!r}; nothing was imported",
                )
    ensure_languages(user)
    try:
        with transaction.atomic():
            return _import(content_hash, source, fmt, conversations, user=user, merge=merge)
    except IntegrityError:
        # Another import committed the same file or conversations after this one checked:
        # the unique constraints refused our rows and everything of ours rolled back.
        raise _conflict(content_hash, source, conversations) from None


def _content_hash(data: bytes, options: ImportOptions, default_dataset: str) -> str:
    """What is never imported twice: the file's bytes; for the scoring formats, with the
    hypothesis file and the importer's language, dataset and model, since the same pair
    of files under another model is another model's hypotheses (a file of JSON Lines
    names its own)."""
    digest = hashlib.sha256(data)
    if options.format != CONVERSATIONS:
        if options.hypothesis is not None:
            digest.update(b"\0" + options.hypothesis.data)
        choices = [options.format, options.language, default_dataset, options.model]
        digest.update(b"\0" + json.dumps(choices).encode())
    return digest.hexdigest()


def _import(content_hash, source, fmt, conversations, *, user, merge) -> ImportResult:
    """The writes of `do_import`, inside its transaction."""
    _refuse_same_file(content_hash, source)
    batch = ImportBatch.objects.create(
        content_hash=content_hash, source_name=source[:255], format=fmt, created_by=user
    )
    new, skipped = _new_conversations(conversations, merge)
    turn_ids = _create(batch, new)
    batch.conversations = len(new)
    batch.turns = sum(len(ids) for ids in turn_ids.values())
    batch.save(update_fields=["conversations", "turns"])
    audit.record(
        user,
        audit.Action.IMPORT,
        batch,
        source=source,
        format=fmt,
        conversations=len(new),
        turns=batch.turns,
        skipped_existing=skipped,
    )
    findings = refresh_findings(batch.conversation_set.values_list("pk", flat=True))
    jobs = _queue_scoring(turn_ids, user)
    return ImportResult(batch, len(new), batch.turns, skipped, jobs, findings)


def _refuse_same_file(content_hash: str, source: str) -> None:
    previous = ImportBatch.objects.filter(content_hash=content_hash).first()
    if previous is not None:
        raise DuplicateImport(
            source,
            f"this exact file was already imported on {previous.created_at:%Y-%m-%d %H:%M} "
            f"(batch {previous.pk}); nothing was imported",
        )


def _conflict(content_hash: str, source: str, conversations) -> DuplicateImport:
    """What the import that committed first took, read after our rollback."""
    try:
        _refuse_same_file(content_hash, source)
        _new_conversations(conversations, merge=False)
    except DuplicateImport as exc:
        return DuplicateImport(
            exc.where, f"{exc.problem} (imported a moment ago by another import)"
        )
    return DuplicateImport(
        source,
        "another import wrote the same rows at the same moment; nothing was imported. Try again.",
    )


def _new_conversations(conversations, merge: bool):
    datasets = {c.dataset for c in conversations}
    existing = set(
        Conversation.objects.filter(dataset__name__in=datasets).values_list(
            "dataset__name", "model", "external_id"
        )
    )
    clashes = [c for c in conversations if (c.dataset, c.model, c.external_id) in existing]
    if clashes and not merge:
        first = clashes[0]
        model = f" for model {first.model!r}" if first.model else ""
        raise DuplicateImport(
            f"{first.where}, field id",
            f"conversation {first.external_id!r} already exists in dataset {first.dataset!r}"
            f"{model} ({len(clashes)} in all); import with merge to add only the new ones",
        )
    new = [c for c in conversations if (c.dataset, c.model, c.external_id) not in existing]
    return new, len(clashes)


def _create(batch: ImportBatch, conversations: list[ParsedConversation]) -> dict[str, list[int]]:
    datasets = {
        name: Dataset.objects.get_or_create(name=name)[0]
        for name in {c.dataset for c in conversations}
    }
    rows = Conversation.objects.bulk_create(
        Conversation(
            dataset=datasets[c.dataset],
            external_id=c.external_id,
            language=c.language,
            model=c.model,
            metadata=c.metadata,
            audio_url=c.audio_url,
            batch=batch,
        )
        for c in conversations
    )
    turns = []
    for conversation, parsed in zip(rows, conversations, strict=True):
        for index, t in enumerate(parsed.turns):
            turns.append(
                Turn(
                    conversation=conversation,
                    language=parsed.language,
                    index=index,
                    speaker=t.speaker,
                    reference=t.reference,
                    hypothesis=t.hypothesis,
                    audio_url=t.audio_url,
                    labels=t.labels,
                    start_time=t.start_time,
                    end_time=t.end_time,
                    scored=t.speaker.lower() not in ASSISTANT_SPEAKERS,
                    alternations=t.alternations,
                )
            )
    created = Turn.objects.bulk_create(turns, batch_size=1000)
    by_language: dict[str, list[int]] = defaultdict(list)
    if created and created[0].pk is None:  # backends that do not return ids
        created = Turn.objects.filter(conversation__batch=batch).only("pk", "language", "scored")
    for turn in created:
        if turn.scored:
            by_language[turn.language].append(turn.pk)
    return by_language


def _queue_scoring(turn_ids: dict[str, list[int]], user) -> list[Job]:
    # fr and fr-CA share fr's config: one job per config version.
    per_version: dict[int, tuple[object, list[int]]] = {}
    languages = Language.objects.filter(code__in=list(turn_ids)).select_related("active_version")
    for language in languages:
        version = language.active_version
        if version is None:
            continue  # no config for this language yet: imported, counted as not scored
        per_version.setdefault(version.pk, (version, []))[1].extend(turn_ids[language.code])
    jobs = []
    for version, ids in per_version.values():
        job = create_job(Job.Kind.SCORE, version.language, version, sorted(ids), user=user)
        enqueue_job(job)
        jobs.append(job)
    return jobs
