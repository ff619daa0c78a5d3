"""Who may do what: the reviewer and maintainer groups, checked on the server."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group

REVIEWER = "reviewer"
MAINTAINER = "maintainer"


def is_reviewer(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Reviewers browse and flag; maintainers can do everything a reviewer can."""
    if not user.is_authenticated:
        return False
    return user.is_superuser or user.groups.filter(name__in=[REVIEWER, MAINTAINER]).exists()


def maintained_languages(user: AbstractBaseUser | AnonymousUser) -> set[str]:
    if not user.is_authenticated:
        return set()
    if user.is_superuser:
        from .languages import LANGUAGES

        return set(LANGUAGES)
    if not user.groups.filter(name=MAINTAINER).exists():
        return set()
    return set(user.maintained_languages.values_list("language", flat=True))


def is_maintainer_of(user: AbstractBaseUser | AnonymousUser, language: str) -> bool:
    return language in maintained_languages(user)


def ensure_groups() -> tuple[Group, Group]:
    reviewer, _ = Group.objects.get_or_create(name=REVIEWER)
    maintainer, _ = Group.objects.get_or_create(name=MAINTAINER)
    return reviewer, maintainer
