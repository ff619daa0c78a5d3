"""Closing flags: a maintainer of a flag's language closes it as won't fix (with a reason)
or as a duplicate of another flag, one at a time or many in one request, and may reopen
it. Authors keep editing and withdrawing their own open flags (`services.flags`).

A closed flag leaves the queue and its open counts, and the fixture export
(`services.exports.fixture_cases`), like a withdrawn one; unlike a withdrawn one, it can
be reopened, by a maintainer. Every change writes one audit event per flag, in the
transaction of the change, also when one request closes many:

    do_close_flags(maintainer, [12, 13], status="wont_fix", reason="a name, spelled out")
    do_close_flags(maintainer, [14], status="duplicate", duplicate_of=12)
"""

from __future__ import annotations

from collections.abc import Collection

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from ..models import Flag, Language
from ..roles import maintained_languages
from . import audit
from .flags import MAX_NOTE_CHARS, FlagError

__all__ = [
    "MAX_CLOSED_AT_ONCE",
    "closable_languages",
    "do_close_flags",
    "do_reopen_flag",
    "may_close",
]

#: How many flags one request may close (the queue shows 50 groups a page).
MAX_CLOSED_AT_ONCE = 1000


def closable_languages(user) -> set[str]:
    """The flag languages the user may close: those they maintain, and those scored by a
    config they maintain (a maintainer of fr answers for fr-CA's flags too). No query for
    a user who maintains nothing."""
    maintained = maintained_languages(user)
    if not maintained:
        return set()
    scored_by = Language.objects.filter(config_language__in=maintained).values_list(
        "code", flat=True
    )
    return maintained | set(scored_by)


def may_close(user, language: str) -> bool:
    return language in closable_languages(user)


def _reason(reason: str, status: str) -> str:
    reason = reason.strip()
    if len(reason) > MAX_NOTE_CHARS:
        raise FlagError(f"a reason is at most {MAX_NOTE_CHARS} characters")
    if status == Flag.Status.WONT_FIX and not reason:
        raise FlagError("say why it won't be fixed: a reason is required")
    return reason


def _original(pk: int | None, closing: set[int], languages: set[str]) -> Flag:
    """The flag the closed ones repeat: it exists, is not one of them, is in their
    language, and is not withdrawn or a duplicate itself (so duplicates never chain into
    a loop, and point at a flag that still says something)."""
    if pk is None:
        raise FlagError("say which flag these repeat: a duplicate names its original")
    original = Flag.objects.select_for_update().filter(pk=pk).first()
    if original is None:
        raise FlagError(f"there is no flag {pk}")
    if original.pk in closing:
        raise FlagError(f"flag {pk} cannot be a duplicate of itself: leave it unselected")
    if {original.language} != languages:
        raise FlagError(f"flag {pk} is of another language ({original.language})")
    if original.status == Flag.Status.DUPLICATE:
        raise FlagError(
            f"flag {pk} is a duplicate itself (of flag {original.duplicate_of_id}): "
            f"choose flag {original.duplicate_of_id}"
        )
    if original.status == Flag.Status.WITHDRAWN:
        raise FlagError(f"flag {pk} was withdrawn by its author: choose another")
    return original


@transaction.atomic
def do_close_flags(
    actor,
    flag_ids: Collection[int],
    *,
    status: str,
    reason: str = "",
    duplicate_of: int | None = None,
) -> list[Flag]:
    """Close open flags as won't fix (a reason is required) or as duplicates of the flag
    `duplicate_of`: all of them or none. Returns the flags it changed.

    The actor must be allowed to close every one of them (`closable_languages`), else
    `PermissionDenied` and nothing changes. A flag already closed the same way is left
    as it is (a form sent twice); a flag in any other state than open refuses the whole
    request with a `FlagError` that names it.
    """
    if status not in Flag.CLOSED:
        raise FlagError(f"a flag is closed as won't fix or duplicate, not {status!r}")
    reason = _reason(reason, status)
    ids = set(flag_ids)
    if not ids:
        raise FlagError("select at least one flag")
    if len(ids) > MAX_CLOSED_AT_ONCE:
        raise FlagError(f"at most {MAX_CLOSED_AT_ONCE} flags are closed at once")
    flags = list(Flag.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    missing = ids - {flag.pk for flag in flags}
    if missing:
        raise FlagError(f"there is no flag {min(missing)}")
    allowed = closable_languages(actor)
    if any(flag.language not in allowed for flag in flags):
        raise PermissionDenied("Maintainers of the flag's language only.")
    original = None
    if status == Flag.Status.DUPLICATE:
        original = _original(duplicate_of, ids, {flag.language for flag in flags})
    wanted = (status, reason, original.pk if original else None)
    changing = []
    for flag in flags:
        if (flag.status, flag.close_reason, flag.duplicate_of_id) == wanted:
            continue
        if flag.status != Flag.Status.OPEN:
            raise FlagError(f"flag {flag.pk} is {flag.get_status_display().lower()}, not open")
        changing.append(flag)
    now = timezone.now()
    for flag in changing:
        flag.status, flag.close_reason, flag.duplicate_of = status, reason, original
        flag.closed_by, flag.closed_at, flag.updated_at = actor, now, now
    Flag.objects.bulk_update(
        changing, ["status", "close_reason", "duplicate_of", "closed_by", "closed_at", "updated_at"]
    )
    data = {"status": status, "reason": reason}
    if original is not None:
        data["duplicate_of"] = original.pk
    if len(changing) > 1:
        data["closed_together"] = len(changing)
    audit.record_each(
        actor, audit.Action.FLAG_CLOSED, [(flag, flag.language, data) for flag in changing]
    )
    return changing


@transaction.atomic
def do_reopen_flag(actor, flag: Flag) -> Flag:
    """Open a flag closed as won't fix or duplicate again; reopening an open flag changes
    nothing. The reason and the original it named stay in its audit events."""
    flag = Flag.objects.select_for_update().get(pk=flag.pk)
    if not may_close(actor, flag.language):
        raise PermissionDenied("Maintainers of the flag's language only.")
    if flag.status == Flag.Status.OPEN:
        return flag
    if flag.status not in Flag.CLOSED:
        raise FlagError(
            f"only a flag closed as won't fix or duplicate is reopened, not a "
            f"{flag.get_status_display().lower()} one"
        )
    was = {"status": flag.status, "reason": flag.close_reason}
    if flag.duplicate_of_id:
        was["duplicate_of"] = flag.duplicate_of_id
    flag.status, flag.close_reason, flag.duplicate_of = Flag.Status.OPEN, "", None
    flag.closed_by = flag.closed_at = None
    flag.save(
        update_fields=[
            "status",
            "close_reason",
            "duplicate_of",
            "closed_by",
            "closed_at",
            "updated_at",
        ]
    )
    audit.record(actor, audit.Action.FLAG_REOPENED, flag, language=flag.language, was=was)
    return flag
