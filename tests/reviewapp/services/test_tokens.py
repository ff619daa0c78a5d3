"""API tokens: made once with their audit event, only the hash stored; a key finds its
active user and stamps the token's last use."""

from __future__ import annotations

import hashlib

import pytest

from reviewapp.models import ApiToken, AuditEvent
from reviewapp.services.tokens import do_create_api_token, user_for_key

pytestmark = pytest.mark.django_db


def test_a_new_token_stores_only_the_hash_of_its_key(maintainer_de):
    key = do_create_api_token(maintainer_de, "ci")
    token = ApiToken.objects.get()
    assert (token.user, token.name) == (maintainer_de, "ci")
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest() != key
    assert len(key) >= 40  # 32 random bytes, url-safe


def test_each_token_gets_its_own_key(maintainer_de):
    assert do_create_api_token(maintainer_de, "a") != do_create_api_token(maintainer_de, "b")


def test_a_new_token_is_audited_without_its_key(maintainer_de, reviewer):
    key = do_create_api_token(maintainer_de, "ci", actor=reviewer)
    event = AuditEvent.objects.get(action=AuditEvent.Action.TOKEN_CREATED)
    assert (event.actor, event.object_id) == (reviewer, str(ApiToken.objects.get().pk))
    assert event.data == {"user": maintainer_de.username, "name": "ci"}
    assert key not in str(event.data)


def test_a_key_finds_its_user_and_stamps_the_last_use(maintainer_de):
    key = do_create_api_token(maintainer_de, "ci")
    assert ApiToken.objects.get().last_used_at is None
    assert user_for_key(key) == maintainer_de
    assert ApiToken.objects.get().last_used_at is not None


def test_an_unknown_key_finds_no_user(maintainer_de):
    key = do_create_api_token(maintainer_de, "ci")
    assert user_for_key(key + "x") is None
    assert user_for_key("") is None
    assert ApiToken.objects.get().last_used_at is None


def test_the_key_of_an_inactive_user_finds_no_user(maintainer_de):
    key = do_create_api_token(maintainer_de, "ci")
    maintainer_de.is_active = False
    maintainer_de.save(update_fields=["is_active"])
    assert user_for_key(key) is None
