"""Import conversations, all or nothing.

Accepted shapes (detected per file):
1. JSON Lines, one conversation a line:
   `{"id", "language", "turns": [{"reference", "hypothesis", "speaker"?, "audio_url"?,
   "labels"?, "start_time"?, "end_time"?}], "dataset"?, "model"?, "metadata"?}`
2. EVA run records (a JSON object, a JSON array of them, or one a line):
   `{"id", "language", "intended_user_turns": {turn id: text},
   "transcribed_user_turns": {turn id: text}}`.

Every line is checked before anything is written; the first problem is reported with its
line and field, and nothing is imported. The same bytes are never imported twice.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction

from ..languages import LANGUAGES
from ..models import Conversation, Dataset, ImportBatch, Job, Language, Turn
from . import audit
from .configs import ensure_languages
from .scoring import create_job

MAX_LINE_BYTES = 5_000_000
MAX_TEXT_CHARS = 100_000
MAX_TURNS = 2_000
ASSISTANT_SPEAKERS = {"assistant", "agent", "system", "bot"}


class ImportError_(ValueError):
    """A problem in an import file, with where it is."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


@dataclass
class ParsedTurn:
    reference: str
    hypothesis: str
    speaker: str = ""
    audio_url: str = ""
    labels: list = field(default_factory=list)
    start_time: float | None = None
    end_time: float | None = None


@dataclass
class ParsedConversation:
    external_id: str
    language: str
    dataset: str
    model: str
    metadata: dict
    turns: list[ParsedTurn]
    where: str


@dataclass(frozen=True)
class ImportResult:
    batch: ImportBatch
    conversations: int
    turns: int
    skipped_existing: int
    jobs: list[Job]


def parse(data: bytes, source: str, *, default_dataset: str = "default") -> tuple[str, list]:
    """Parse and check a whole file; returns (format, conversations) or raises."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ImportError_(f"{source}, line {line}", "is not valid UTF-8") from None
    whole = _whole_json(text)
    if whole is not None:
        records = whole if isinstance(whole, list) else [whole]
        items = [(f"{source}, record {i}", r) for i, r in enumerate(records, 1)]
        fmt = "eva"
    else:
        items = list(_lines(text, source))
        fmt = "jsonl"
    conversations = [_conversation(where, obj, default_dataset) for where, obj in items]
    if not conversations:
        raise ImportError_(source, "contains no conversation")
    _check_unique(conversations)
    if any(c.metadata.get("_eva") for c in conversations):
        fmt = "eva"
    return fmt, conversations


def _whole_json(text: str):
    """A file that is one JSON value over several lines (a pretty-printed EVA record, or an
    array of records). A one-line file is read as JSON Lines, so errors name "line 1"."""
    if "\n" not in text.strip():
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, (dict, list)) else None


def _lines(text: str, source: str):
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source}, line {number}"
        if len(line.encode("utf-8")) > MAX_LINE_BYTES:
            raise ImportError_(where, f"line longer than {MAX_LINE_BYTES} bytes")
        try:
            yield where, json.loads(line)
        except json.JSONDecodeError as exc:
            raise ImportError_(where, f"invalid JSON: {exc.msg} (column {exc.colno})") from None


def _conversation(where: str, obj, default_dataset: str) -> ParsedConversation:
    if not isinstance(obj, dict):
        raise ImportError_(where, "must be a JSON object")
    external_id = _text(obj, "id", where, max_chars=200)
    language = _text(obj, "language", where, max_chars=16)
    if language not in LANGUAGES:
        raise ImportError_(f"{where}, field language", f"unknown language {language!r}")
    dataset = _optional_text(obj, "dataset", where, max_chars=100) or default_dataset
    model = _optional_text(obj, "model", where, max_chars=100)
    metadata = obj.get("metadata", {})
    if not isinstance(metadata, dict):
        raise ImportError_(f"{where}, field metadata", "must be a JSON object")
    _check_json(metadata, f"{where}, field metadata")
    if "intended_user_turns" in obj or "transcribed_user_turns" in obj:
        turns = _eva_turns(obj, where)
        metadata = {**metadata, "_eva": True}
    else:
        turns = _turns(obj.get("turns"), where)
    return ParsedConversation(external_id, language, dataset, model, metadata, turns, where)


def _turns(value, where: str) -> list[ParsedTurn]:
    if not isinstance(value, list) or not value:
        raise ImportError_(f"{where}, field turns", "must be a non-empty list")
    if len(value) > MAX_TURNS:
        raise ImportError_(f"{where}, field turns", f"more than {MAX_TURNS} turns")
    return [_turn(item, f"{where}, field turns[{i}]") for i, item in enumerate(value)]


def _turn(item, where: str) -> ParsedTurn:
    if not isinstance(item, dict):
        raise ImportError_(where, "must be a JSON object")
    labels = item.get("labels", [])
    if not isinstance(labels, list):
        raise ImportError_(f"{where}.labels", "must be a list")
    _check_json(labels, f"{where}.labels")
    return ParsedTurn(
        reference=_text(item, "reference", where, empty_ok=True),
        hypothesis=_text(item, "hypothesis", where, empty_ok=True),
        speaker=_optional_text(item, "speaker", where, max_chars=50),
        audio_url=_optional_text(item, "audio_url", where),
        labels=labels,
        start_time=_number(item, "start_time", where),
        end_time=_number(item, "end_time", where),
    )


def _eva_turns(obj: dict, where: str) -> list[ParsedTurn]:
    intended = obj.get("intended_user_turns")
    transcribed = obj.get("transcribed_user_turns")
    for name, value in (("intended_user_turns", intended), ("transcribed_user_turns", transcribed)):
        if not isinstance(value, dict) or not value:
            raise ImportError_(f"{where}, field {name}", "must be a non-empty object")
    missing = sorted(set(intended) ^ set(transcribed), key=_turn_order)
    if missing:
        raise ImportError_(
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
    return (0, int(key), "") if key.isdigit() else (1, 0, key)


def _text(obj: dict, name: str, where: str, *, empty_ok=False, max_chars=MAX_TEXT_CHARS) -> str:
    value = obj.get(name)
    if not isinstance(value, str):
        problem = (
            "is missing" if name not in obj else f"must be a string, not {type(value).__name__}"
        )
        raise ImportError_(f"{where}, field {name}", problem)
    if not value.strip() and not empty_ok:
        raise ImportError_(f"{where}, field {name}", "is empty")
    if len(value) > max_chars:
        raise ImportError_(f"{where}, field {name}", f"longer than {max_chars} characters")
    _storable(value, f"{where}, field {name}")
    return value


def _storable(value: str, where: str) -> None:
    """Text a database can store: no NUL (PostgreSQL refuses it) and no lone surrogate
    (JSON can carry "\ud800", UTF-8 cannot)."""
    if "\x00" in value:
        raise ImportError_(where, "contains a NUL character, which cannot be stored")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ImportError_(where, "contains a lone surrogate, which cannot be stored") from None


def _optional_text(obj: dict, name: str, where: str, *, max_chars: int = 500) -> str:
    if obj.get(name) is None:
        return ""
    return _text(obj, name, where, empty_ok=True, max_chars=max_chars)


def _check_json(value, where: str) -> None:
    """Every string in free-form JSON (metadata, labels), keys included, is storable."""
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
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ImportError_(f"{where}, field {name}", "must be a number")
    return float(value)


def _check_unique(conversations: list[ParsedConversation]) -> None:
    seen: dict[tuple[str, str], str] = {}
    for conv in conversations:
        key = (conv.dataset, conv.external_id)
        if key in seen:
            raise ImportError_(
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
) -> ImportResult:
    """Import a file in one transaction and queue its scoring once committed.

    `allowed_languages`: the importer's languages (a maintainer imports only those).
    """
    content_hash = hashlib.sha256(data).hexdigest()
    fmt, conversations = parse(data, source, default_dataset=default_dataset)
    if allowed_languages is not None:
        for conv in conversations:
            if conv.language not in allowed_languages:
                raise ImportError_(
                    f"{conv.where}, field language",
                    f"you do not maintain language {conv.language!r}; nothing was imported",
                )
    ensure_languages()
    with transaction.atomic():
        previous = ImportBatch.objects.filter(content_hash=content_hash).first()
        if previous is not None:
            raise ImportError_(
                source,
                f"this exact file was already imported on {previous.created_at:%Y-%m-%d %H:%M} "
                f"(batch {previous.pk}); nothing was imported",
            )
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
        jobs = _queue_scoring(turn_ids, user)
    return ImportResult(batch, len(new), batch.turns, skipped, jobs)


def _new_conversations(conversations, merge: bool):
    datasets = {c.dataset for c in conversations}
    existing = set(
        Conversation.objects.filter(dataset__name__in=datasets).values_list(
            "dataset__name", "external_id"
        )
    )
    clashes = [c for c in conversations if (c.dataset, c.external_id) in existing]
    if clashes and not merge:
        first = clashes[0]
        raise ImportError_(
            f"{first.where}, field id",
            f"conversation {first.external_id!r} already exists in dataset {first.dataset!r} "
            f"({len(clashes)} in all); import with merge to add only the new ones",
        )
    new = [c for c in conversations if (c.dataset, c.external_id) not in existing]
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
    from ..tasks import enqueue_job

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
