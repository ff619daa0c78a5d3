"""Incremental rescoring: a new config version rescores only the turns its rule edit can
change (`scoring.config.reach`), and takes every other score over from the version whose
scores are complete, in bulk in the database.

A carried score is the score the new version gives the turn, so it is stamped with the
new version's normalizer (`normalizer`: the new version's name, version and hash, what a
worker would write); every other column but id, version and created_at is the old row's.
Both reference versions of a corrected turn are carried together. Conversations none of
whose turns is rescored take their summary over the same way; the others are summed by
the rescore's chunks, from carried and new scores alike.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import connection
from django.db.models import QuerySet

from scoring.config.reach import Reach, reach

from ..models import ConfigVersion, ConversationSummary, Language, Score, Turn, TurnReference
from .configs import identity_for, stamp_mismatch
from .scoring import unscored_turn_ids

__all__ = ["CarryPlan", "carry_scores", "plan_carry", "reached_turn_ids", "scan_batches"]

#: Past this share of turns to rescore, a full rescore costs about as much, and is simpler.
MAX_SHARE = 0.5
#: Turns fetched and matched at a time by the scan.
SCAN_BATCH = 5000


@dataclass(frozen=True)
class CarryPlan:
    """Rescore `rescore` (turn ids) under the new version; carry the rest from `source`."""

    source: ConfigVersion
    rescore: list[int]
    total: int

    @property
    def carried(self) -> int:
        return self.total - len(self.rescore)


def reached_turn_ids(turns: QuerySet[Turn], found: Reach) -> list[int]:
    """The ids of the turns the edit can change: their reference (current or original)
    or hypothesis holds a changed rule's key. Rows are streamed, and matched a batch at a
    time (`Reach.touching`)."""
    if found.touches_nothing:
        return []
    reached: list[int] = []
    for texts, owners in scan_batches(turns):
        touched = {owners[i] for i in found.touching(texts)}
        reached += sorted(touched)
    return reached


def scan_batches(turns: QuerySet[Turn]) -> Iterator[tuple[list[str], list[int]]]:
    """What the scan matches, SCAN_BATCH turns at a time in id order: each turn's reference,
    hypothesis and (a corrected turn) original reference, and beside each text its turn's
    id. Rows are streamed."""
    originals = dict(
        TurnReference.objects.filter(turn__in=turns, number=1).values_list("turn_id", "text")
    )
    rows = turns.order_by("pk").values_list("pk", "reference", "hypothesis")
    stream = rows.iterator(chunk_size=SCAN_BATCH)
    while batch := list(itertools.islice(stream, SCAN_BATCH)):
        texts, owners = [], []
        for pk, reference, hypothesis in batch:
            texts += (reference, hypothesis)
            owners += (pk, pk)
            if pk in originals:
                texts.append(originals[pk])
                owners.append(pk)
        yield texts, owners


def plan_carry(version: ConfigVersion, codes: list[str]) -> CarryPlan | None:
    """What a new version can take over, or None when every turn must be rescored: the
    languages have no complete version to carry from, the companions or the scoring code
    differ from it, the edit can reach any turn, or it reaches most of them."""
    source = _complete_version(version)
    if source is None or source.companions != version.companions:
        return None
    if stamp_mismatch(source, identity_for(source)):
        return None  # other scoring code than the one that wrote its scores
    found = reach(source.content, version.content)
    if found is None:
        return None
    turns = Turn.objects.filter(language__in=codes, scored=True)
    total = turns.count()
    # a turn the source version has no score for on its current reference is rescored too
    rescore = set(reached_turn_ids(turns, found)) | set(unscored_turn_ids(source, codes))
    if len(rescore) > MAX_SHARE * total:
        return None
    return CarryPlan(source, sorted(rescore), total)


def _complete_version(version: ConfigVersion) -> ConfigVersion | None:
    """The version every language `version` scores has complete scores under, if one."""
    rows = Language.objects.filter(config_language=version.language)
    scored = set(rows.values_list("scored_version", flat=True))
    if len(scored) != 1 or None in scored or version.pk in scored:
        return None
    return ConfigVersion.objects.get(pk=scored.pop())


def carry_scores(plan: CarryPlan, version: ConfigVersion, codes: list[str]) -> int:
    """Copy the source's scores of every turn not to be rescored to `version`, and the
    summaries of the conversations without such a turn: one INSERT ... SELECT each.
    Returns how many score rows were written. Runs in the caller's transaction."""
    stamp = json.dumps(identity_for(version).as_dict())
    excluded = _id_list(plan.rescore)
    score, turn = Score._meta, Turn._meta
    kept = [f.column for f in score.concrete_fields if f.name not in _SET_HERE]
    q = connection.ops.quote_name
    # Built from quoted table and column names, integer ids and placeholders: no text
    # from a user reaches the statement.
    sql = (
        f"INSERT INTO {q(score.db_table)} ({', '.join(map(q, [*kept, *_SET_HERE_COLUMNS]))}) "  # noqa: S608
        f"SELECT {', '.join('s.' + q(c) for c in kept)}, %s, {_json_param()}, CURRENT_TIMESTAMP "
        f"FROM {q(score.db_table)} s INNER JOIN {q(turn.db_table)} t ON t.id = s.turn_id "
        f"WHERE s.version_id = %s AND t.scored = %s AND t.language IN ({_params(codes)})"
        + (f" AND s.turn_id NOT IN ({excluded})" if excluded else "")
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [version.pk, stamp, plan.source.pk, True, *codes])
        rows = cursor.rowcount
    _carry_summaries(plan, version, codes, excluded)
    return rows


# Written by the carry itself rather than copied: the version, the stamp, the time.
_SET_HERE = ("id", "version", "normalizer", "created_at")
_SET_HERE_COLUMNS = ("version_id", "normalizer", "created_at")


def _carry_summaries(plan: CarryPlan, version: ConfigVersion, codes, excluded: str) -> None:
    summary, turn = ConversationSummary._meta, Turn._meta
    q = connection.ops.quote_name
    kept = [
        f.column for f in summary.concrete_fields if f.name not in ("id", "version", "updated_at")
    ]
    rescored = (
        f" AND m.conversation_id NOT IN (SELECT t.conversation_id FROM {q(turn.db_table)} t"  # noqa: S608
        f" WHERE t.id IN ({excluded}))"
        if excluded
        else ""
    )
    sql = (
        f"INSERT INTO {q(summary.db_table)} ({', '.join(map(q, kept))}, version_id, updated_at) "  # noqa: S608
        f"SELECT {', '.join('m.' + q(c) for c in kept)}, %s, CURRENT_TIMESTAMP "
        f"FROM {q(summary.db_table)} m WHERE m.version_id = %s "
        f"AND m.language IN ({_params(codes)}){rescored}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [version.pk, plan.source.pk, *codes])


def _id_list(ids: list[int]) -> str:
    """Turn ids written into the statement: integers only (a parameter per id would pass
    SQLite's limit on parameters)."""
    return ", ".join(str(int(pk)) for pk in ids)


def _params(values: list) -> str:
    return ", ".join(["%s"] * len(values))


def _json_param() -> str:
    # PostgreSQL takes a text parameter into jsonb only when told; SQLite stores JSON as text
    return "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
