"""Who may do what: the reviewer and maintainer groups, checked on the server."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group

from .languages import languages as all_languages

REVIEWER = "reviewer"
MAINTAINER = "maintainer"


@dataclass(frozen=True)
class Roles:
    reviewer: bool
    languages: frozenset[str]  # the languages the user maintains


NO_ROLES = Roles(reviewer=False, languages=frozenset())


def roles_of(user: AbstractBaseUser | AnonymousUser) -> Roles:
    """The user's roles, read once per user object and kept on it, as Django's
    ModelBackend keeps permissions: `request.user` is loaded for each request, so a page
    that checks access and then draws the navigation asks the database once, and a role
    granted or removed counts from the user's next request."""
    if not user.is_authenticated:
        return NO_ROLES
    roles = getattr(user, "_lexicheck_roles", None)
    if roles is None:
        roles = _read_roles(user)
        user._lexicheck_roles = roles
    return roles


def _read_roles(user: AbstractBaseUser) -> Roles:
    if user.is_superuser:
        return Roles(reviewer=True, languages=frozenset(all_languages()))
    groups = set(user.groups.values_list("name", flat=True))
    languages: frozenset[str] = frozenset()
    if MAINTAINER in groups:
        languages = frozenset(user.maintained_languages.values_list("language", flat=True))
    return Roles(reviewer=bool(groups & {REVIEWER, MAINTAINER}), languages=languages)


def is_reviewer(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Reviewers browse and flag; maintainers can do everything a reviewer can."""
    return roles_of(user).reviewer


def maintained_languages(user: AbstractBaseUser | AnonymousUser) -> set[str]:
    return set(roles_of(user).languages)


def is_maintainer_of(user: AbstractBaseUser | AnonymousUser, language: str) -> bool:
    return language in roles_of(user).languages


def ensure_groups() -> tuple[Group, Group]:
    reviewer, _ = Group.objects.get_or_create(name=REVIEWER)
    maintainer, _ = Group.objects.get_or_create(name=MAINTAINER)
    return reviewer, maintainer
