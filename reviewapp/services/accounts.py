"""Create users and give them roles."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from ..models import MaintainerLanguage
from ..roles import ensure_groups


def sync_group_permissions() -> None:
    """Maintainers use the admin: they may view and change the review app's rows."""
    reviewer, maintainer = ensure_groups()
    perms = Permission.objects.filter(content_type__app_label="reviewapp").exclude(
        codename__startswith="delete_"
    )
    maintainer.permissions.set(perms)


@transaction.atomic
def do_make_reviewer(username: str, password: str, *, email: str = ""):
    reviewer, _ = ensure_groups()
    user = _upsert_user(username, password, email)
    user.groups.add(reviewer)
    return user


@transaction.atomic
def do_make_maintainer(username: str, password: str, languages: Iterable[str], *, email: str = ""):
    sync_group_permissions()
    _, maintainer = ensure_groups()
    user = _upsert_user(username, password, email)
    user.is_staff = True  # the admin is open to maintainers
    user.save(update_fields=["is_staff"])
    user.groups.add(maintainer)
    for language in languages:
        MaintainerLanguage.objects.get_or_create(user=user, language=language)
    return user


def _upsert_user(username: str, password: str, email: str):
    user_model = get_user_model()
    user, _ = user_model.objects.get_or_create(username=username, defaults={"email": email})
    user.set_password(password)
    user.save()
    return user
