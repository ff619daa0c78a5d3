"""The append-only audit log: one event per state change."""

from __future__ import annotations

from django.db import models

from ..models import AuditEvent

Action = AuditEvent.Action


def record(actor, action: str, obj: models.Model, *, language: str = "", **data) -> AuditEvent:
    """Write one event; call it inside the transaction of the change it describes."""
    return AuditEvent.objects.create(
        actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action,
        object_type=type(obj).__name__.lower(),
        object_id=str(obj.pk),
        language=language,
        data=data,
    )


def record_each(actor, action: str, rows: list[tuple[models.Model, str, dict]]) -> list[AuditEvent]:
    """One event per object, as `record` writes them, in one INSERT: a write that changes
    many rows at once (flag all identical regions, close many flags) still leaves each
    row its own event. `rows` are (object, language, data)."""
    author = actor if getattr(actor, "is_authenticated", False) else None
    return AuditEvent.objects.bulk_create(
        AuditEvent(
            actor=author,
            action=action,
            object_type=type(obj).__name__.lower(),
            object_id=str(obj.pk),
            language=language,
            data=data,
        )
        for obj, language, data in rows
    )
