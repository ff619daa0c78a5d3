"""Create users and give them roles; each call leaves an audit event (role:changed)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import transaction

from ..languages import is_language
from ..models import MaintainerLanguage
from ..roles import ensure_groups
from . import audit


def sync_group_permissions() -> None:
    """Maintainers may look at the review app's rows in the admin, not change them: every
    write goes through the app, where it is checked and audited (a maintainer could
    otherwise make itself maintainer of another language)."""
    reviewer, maintainer = ensure_groups()
    perms = Permission.objects.filter(
        content_type__app_label="reviewapp", codename__startswith="view_"
    )
    maintainer.permissions.set(perms)


@transaction.atomic
def do_make_reviewer(username: str, password: str, *, email: str = "", actor=None):
    reviewer, _ = ensure_groups()
    user, created = _upsert_user(username, password, email)
    added = not user.groups.filter(pk=reviewer.pk).exists()
    user.groups.add(reviewer)
    audit.record(
        actor, audit.Action.ROLE_CHANGED, user, role="reviewer", created=created, added=added
    )
    return user


@transaction.atomic
def do_make_maintainer(
    username: str, password: str, languages: Iterable[str], *, email: str = "", actor=None
):
    languages = list(languages)
    unknown = sorted(code for code in languages if not is_language(code))
    if unknown:  # the field has no choices: the configs are the list (reviewapp.languages)
        raise ValueError(f"no config in configs/ for language(s) {', '.join(unknown)}")
    sync_group_permissions()
    _, maintainer = ensure_groups()
    user, created = _upsert_user(username, password, email)
    user.is_staff = True  # the admin is open to maintainers
    user.save(update_fields=["is_staff"])
    user.groups.add(maintainer)
    added = [
        language
        for language in languages
        if MaintainerLanguage.objects.get_or_create(user=user, language=language)[1]
    ]
    audit.record(
        actor,
        audit.Action.ROLE_CHANGED,
        user,
        role="maintainer",
        created=created,
        languages_added=added,
        languages=sorted(user.maintained_languages.values_list("language", flat=True)),
    )
    return user


def _upsert_user(username: str, password: str, email: str):
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username, defaults={"email": email})
    user.set_password(password)
    user.save()
    return user, created
