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
