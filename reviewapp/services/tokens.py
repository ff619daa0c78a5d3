"""API tokens for the JSON import endpoint: the only writes of `ApiToken` rows.

A key is shown once, when it is made; only its SHA-256 is stored, so a database dump
gives no usable key.
"""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from ..models import ApiToken
from . import audit

__all__ = ["do_create_api_token", "key_hash", "user_for_key"]


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def do_create_api_token(user, name: str, *, actor=None) -> str:
    """Make a token for `user` and record it (never the key); returns the key."""
    key = secrets.token_urlsafe(32)
    token = ApiToken.objects.create(user=user, name=name, key_hash=key_hash(key))
    audit.record(actor, audit.Action.TOKEN_CREATED, token, user=user.username, name=name)
    return key


def user_for_key(key: str):
    """The active user whose token this key is (None for an unknown key or an inactive
    user); the token's last use is stamped."""
    token = ApiToken.objects.select_related("user").filter(key_hash=key_hash(key)).first()
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user
