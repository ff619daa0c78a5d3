"""Flags: a reviewer marks an error region as a normalization false error, a real STT
error, or a reference error. One write function per change; each writes its audit event
in the same transaction, so a flag never changes without a trace.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction

from ..alignment import regions, tokens
from ..models import Flag, Score
from . import audit

MAX_NOTE_CHARS = 2000

__all__ = ["FlagError", "do_create_flag", "do_edit_flag", "do_withdraw_flag"]


class FlagError(ValueError):
    """A flag that cannot be written as asked (bad category, no such region, not open)."""


def _check(category: str, note: str) -> str:
    if category not in Flag.Category.values:
        raise FlagError(f"unknown category {category!r}")
    if len(note) > MAX_NOTE_CHARS:
        raise FlagError(f"a note is at most {MAX_NOTE_CHARS} characters")
    return note.strip()


@transaction.atomic
def do_create_flag(author, score: Score, region: int, *, category: str, note: str = "") -> Flag:
    """Flag error region number `region` of `score` (regions are numbered from 0).

    The spans are computed here from the stored score, never taken from the request.
    """
    note = _check(category, note)
    found = regions(score.alignment)
    if not 0 <= region < len(found):
        raise FlagError(f"score {score.pk} has no error region {region}")
    chosen = found[region]
    ref_tokens = tokens(score.reference_normalized, score.unit)
    hyp_tokens = tokens(score.hypothesis_normalized, score.unit)
    flag = Flag.objects.create(
        turn_id=score.turn_id,
        version_id=score.version_id,
        language=score.language,
        author=author,
        category=category,
        note=note,
        ref_start=chosen.ref_start,
        ref_end=chosen.ref_end,
        hyp_start=chosen.hyp_start,
        hyp_end=chosen.hyp_end,
        ref_span=chosen.ref_span(ref_tokens, score.unit),
        hyp_span=chosen.hyp_span(hyp_tokens, score.unit),
    )
    audit.record(
        author,
        audit.Action.FLAG_CREATED,
        flag,
        language=flag.language,
        turn=flag.turn_id,
        version=flag.version_id,
        category=category,
        note=note,
        ref_span=flag.ref_span,
        hyp_span=flag.hyp_span,
    )
    return flag


def _locked_for_author(actor, flag: Flag) -> Flag:
    if flag.author_id != actor.pk:
        raise PermissionDenied("Only the author can change this flag.")
    locked = Flag.objects.select_for_update().get(pk=flag.pk)
    return locked


@transaction.atomic
def do_edit_flag(actor, flag: Flag, *, category: str, note: str = "") -> Flag:
    """Change an open flag's category or note; an edit that changes nothing writes nothing."""
    note = _check(category, note)
    flag = _locked_for_author(actor, flag)
    if flag.status != Flag.Status.OPEN:
        raise FlagError("only an open flag can be edited")
    before = {"category": flag.category, "note": flag.note}
    after = {"category": category, "note": note}
    if before == after:
        return flag
    flag.category, flag.note = category, note
    flag.save(update_fields=["category", "note", "updated_at"])
    audit.record(
        actor, audit.Action.FLAG_EDITED, flag, language=flag.language, before=before, after=after
    )
    return flag


@transaction.atomic
def do_withdraw_flag(actor, flag: Flag) -> Flag:
    """Withdraw an open flag; withdrawing it again changes nothing."""
    flag = _locked_for_author(actor, flag)
    if flag.status == Flag.Status.WITHDRAWN:
        return flag
    if flag.status != Flag.Status.OPEN:
        raise FlagError("only an open flag can be withdrawn")
    flag.status = Flag.Status.WITHDRAWN
    flag.save(update_fields=["status", "updated_at"])
    audit.record(actor, audit.Action.FLAG_WITHDRAWN, flag, language=flag.language)
    return flag
