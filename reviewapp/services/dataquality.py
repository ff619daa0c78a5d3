"""Data-quality findings of imported conversations: `scoring.dataquality`'s checks, run on
the database's turns and stored as `DataFinding` rows.

`refresh_findings(ids)` checks conversations and replaces their findings. It runs in the
import's transaction (an import and its findings commit together, or neither), after a
re-pairing, and from `manage.py check_data`. Duplicates are looked for among the
conversations imported before each checked one (a lower id): those sharing a reference
with it, found by one query per few hundred texts, so a check never reads the corpus.
Those are found by the reference exactly as stored: a copy whose spacing differs is not
(within one import, or one run of `check_data`'s few hundred, it is).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from scoring.dataquality import (
    DuplicateIndex,
    ExpectedScripts,
    Origin,
    TurnText,
    check_conversation,
    in_turn_order,
)
from scoring.dataquality.duplicates import is_distinctive
from scoring.dataquality.texts import spoken_length

from ..languages import language_scripts
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


class _Checked(NamedTuple):
    pk: int
    external_id: str
    dataset: str
    language: str
    batch_id: int | None

    @property
    def name(self) -> str:
        """How a message names a conversation: its id in its dataset."""
        return f"{self.external_id} in {self.dataset}"


_CHECKED_FIELDS = ("pk", "external_id", "dataset__name", "language", "batch_id")


def _refresh(ids: list[int]) -> list[DataFinding]:
    rows = Conversation.objects.filter(pk__in=ids).values_list(*_CHECKED_FIELDS)
    checked = {row[0]: _Checked(*row) for row in rows}
    turns = _turns_of(list(checked))
    scripts = _expected_scripts({c.language for c in checked.values()})
    earlier_names, earlier_turns = _earlier(list(checked), turns)
    names = {pk: c.name for pk, c in checked.items()} | earlier_names
    # in id order: each conversation is compared with those imported before it
    index = DuplicateIndex()
    found: dict[int, list] = {}
    for pk in sorted(set(checked) | set(earlier_turns)):
        origin = Origin(str(pk), names[pk])
        if pk not in checked:
            index.add(origin, earlier_turns[pk])
            continue
        language, mine = checked[pk].language, turns.get(pk, [])
        alone = check_conversation(mine, scripts[language])
        found[pk] = in_turn_order([*alone, *index.check(origin, mine)])
    DataFinding.objects.filter(conversation_id__in=list(checked)).delete()
    return DataFinding.objects.bulk_create(
        _row(pk, checked[pk].batch_id, finding) for pk, items in found.items() for finding in items
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


def _expected_scripts(languages: set[str]) -> dict[str, ExpectedScripts]:
    """The scripts each language's config file lists, with those of the languages its
    active config code-switches with. Scripts are read from the files, as the language's
    name and direction are (`reviewapp.languages`): they change no score, so a language
    stored before its file listed them is checked all the same."""
    rows = Language.objects.filter(code__in=languages).values_list(
        "code", "active_version__content__config__code_switch_languages"
    )
    code_switch = {code: value for code, value in rows if isinstance(value, list)}
    return {
        code: ExpectedScripts(
            language_scripts(code),
            tuple(name for other in code_switch.get(code, ()) for name in language_scripts(other)),
        )
        for code in languages
    }


def _earlier(checked: list[int], turns: dict[int, list[TurnText]]) -> tuple[dict, dict]:
    """The conversations imported before one of `checked` that share a reference with it
    (one of a turn that can be a duplicate, or its longest): ({id: name}, {id: turns})."""
    texts = set()
    for mine in turns.values():
        texts.update(_lookup_texts(mine))
    candidates: set[int] = set()
    for chunk in _chunks(sorted(texts)):
        candidates.update(
            Turn.objects.filter(reference__in=chunk, conversation_id__lt=max(checked))
            .exclude(conversation_id__in=checked)
            .values_list("conversation_id", flat=True)
            .distinct()
        )
    ids = sorted(candidates)
    names = {}
    for chunk in _chunks(ids):
        rows = Conversation.objects.filter(pk__in=chunk).values_list(*_CHECKED_FIELDS)
        names.update({row[0]: _Checked(*row).name for row in rows})
    return names, _turns_of(ids)


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
