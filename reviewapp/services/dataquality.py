"""Data-quality findings of imported conversations: `scoring.dataquality`'s checks, run on
the database's turns and stored as `DataFinding` rows.

`refresh_findings(ids)` checks conversations and replaces their findings. It runs in the
import's transaction (an import and its findings commit together, or neither), after a
re-pairing, and from `manage.py check_data`. Duplicates are looked for among the
conversations imported before each checked one (a lower id): those sharing a reference
with it, found by one query per few hundred texts, so a check never reads the corpus.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator

from scoring.dataquality import DuplicateIndex, Origin, TurnText, check_conversation, in_turn_order
from scoring.dataquality.duplicates import is_distinctive
from scoring.dataquality.texts import spoken_length

from ..models import Conversation, DataFinding, Language, Turn

__all__ = ["CHUNK", "refresh_findings"]

#: Conversations (and texts) per query.
CHUNK = 500


def refresh_findings(conversation_ids: Iterable[int]) -> list[DataFinding]:
    """Check these conversations and replace their findings; returns the new rows."""
    ids = sorted(set(conversation_ids))
    rows: list[DataFinding] = []
    for start in range(0, len(ids), CHUNK):
        rows += _refresh(ids[start : start + CHUNK])
    return rows


def _refresh(ids: list[int]) -> list[DataFinding]:
    conversations = {
        row[0]: row
        for row in Conversation.objects.filter(pk__in=ids).values_list(
            "pk", "external_id", "dataset__name", "language", "batch_id"
        )
    }
    turns = _turns_of(list(conversations))
    code_switch = _code_switch({row[3] for row in conversations.values()})
    earlier = _earlier(conversations, turns)
    names = {pk: _name(row) for pk, row in conversations.items()} | earlier["names"]
    index = DuplicateIndex()
    found: dict[int, list] = {}
    for pk in sorted(set(conversations) | set(earlier["turns"])):
        origin = Origin(str(pk), names[pk])
        if pk not in conversations:
            index.add(origin, earlier["turns"][pk])
            continue
        language = conversations[pk][3]
        mine = turns.get(pk, [])
        checks = check_conversation(mine, language, code_switch=code_switch.get(language, ()))
        found[pk] = in_turn_order([*checks, *index.check(origin, mine)])
    DataFinding.objects.filter(conversation_id__in=list(conversations)).delete()
    return DataFinding.objects.bulk_create(
        _row(pk, conversations[pk][4], finding) for pk, items in found.items() for finding in items
    )


def _row(conversation_id: int, batch_id: int | None, finding) -> DataFinding:
    return DataFinding(
        conversation_id=conversation_id,
        batch_id=batch_id,
        kind=finding.kind,
        first_turn=finding.first,
        last_turn=finding.last,
        shift=finding.shift,
        message=finding.message,
        detail=finding.detail,
    )


def _name(row: tuple) -> str:
    """How a message names a conversation: its id in its dataset."""
    return f"{row[1]} in {row[2]}"


def _turns_of(conversation_ids: list[int]) -> dict[int, list[TurnText]]:
    turns: dict[int, list[TurnText]] = defaultdict(list)
    for start in range(0, len(conversation_ids), CHUNK):
        rows = (
            Turn.objects.filter(conversation_id__in=conversation_ids[start : start + CHUNK])
            .order_by("conversation_id", "index")
            .values_list("conversation_id", "index", "reference", "hypothesis", "scored")
        )
        for conversation_id, *fields in rows:
            turns[conversation_id].append(TurnText(*fields))
    return turns


def _code_switch(languages: set[str]) -> dict[str, list[str]]:
    """The languages each language's active config code-switches with."""
    rows = Language.objects.filter(code__in=languages).values_list(
        "code", "active_version__content__config__code_switch_languages"
    )
    return {code: value for code, value in rows if isinstance(value, list)}


def _earlier(conversations: dict, turns: dict[int, list[TurnText]]) -> dict:
    """The conversations imported before a checked one that share a reference with it (a
    distinctive one, or its longest): their names and all their turns."""
    texts = set()
    for mine in turns.values():
        texts.update(_lookup_texts(mine))
    newest = max(conversations, default=0)
    candidates: set[int] = set()
    for chunk in _chunks(sorted(texts)):
        candidates.update(
            Turn.objects.filter(reference__in=chunk, conversation_id__lt=newest)
            .exclude(conversation_id__in=list(conversations))
            .values_list("conversation_id", flat=True)
            .distinct()
        )
    ids = sorted(candidates)
    names = {}
    for chunk in _chunks(ids):
        rows = Conversation.objects.filter(pk__in=chunk).values_list(
            "pk", "external_id", "dataset__name"
        )
        names.update({row[0]: _name(row) for row in rows})
    return {"names": names, "turns": _turns_of(ids)}


def _lookup_texts(turns: list[TurnText]) -> set[str]:
    """The references a copy of these turns would share: each of a turn that can be a
    duplicate, and the conversation's longest (a copy of the whole has it)."""
    texts = {t.reference for t in turns if t.scored and is_distinctive(t)}
    if turns:
        texts.add(max((t.reference for t in turns), key=spoken_length))
    return texts


def _chunks(items: list) -> Iterator[list]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]
