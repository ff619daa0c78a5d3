"""Celery tasks: thin wrappers that take ids and call services."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="reviewapp.ping")
def ping(payload: str = "pong") -> dict:
    """A trivial task used to prove a real worker is attached to the broker."""
    import os

    return {"reply": payload, "worker_pid": os.getpid()}
