"""Roles are read once per request's user, and a changed role counts from the next request."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Group
from django.urls import reverse

from reviewapp.languages import languages
from reviewapp.roles import (
    MAINTAINER,
    REVIEWER,
    is_maintainer_of,
    is_reviewer,
    maintained_languages,
)

pytestmark = pytest.mark.django_db


def fresh(user):
    return get_user_model().objects.get(pk=user.pk)


@pytest.mark.parametrize(
    ("persona", "queries", "reviews", "maintains"),
    [
        ("reviewer", 1, True, set()),
        ("maintainer_de", 2, True, {"de"}),
        ("outsider", 1, False, set()),
    ],
)
def test_every_check_on_one_user_object_reads_the_roles_once(
    request, django_assert_num_queries, persona, queries, reviews, maintains
):
    user = fresh(request.getfixturevalue(persona))
    with django_assert_num_queries(queries):
        for _ in range(3):
            assert is_reviewer(user) is reviews
            assert maintained_languages(user) == maintains
            assert is_maintainer_of(user, "de") is ("de" in maintains)


def test_anonymous_and_superuser_need_no_query(django_assert_num_queries):
    admin = get_user_model().objects.create_superuser("root", password="root-pass-123")
    with django_assert_num_queries(0):
        assert not is_reviewer(AnonymousUser())
        assert maintained_languages(AnonymousUser()) == set()
        assert is_reviewer(admin) and maintained_languages(admin) == set(languages())


def test_the_caller_cannot_change_the_kept_roles(maintainer_de):
    user = fresh(maintainer_de)
    maintained_languages(user).add("fr")
    assert not is_maintainer_of(user, "fr")


def test_a_removed_role_counts_from_the_next_request(client_for, reviewer):
    client = client_for(reviewer)
    assert client.get(reverse("reviewapp:dashboard")).status_code == 200
    reviewer.groups.remove(Group.objects.get(name=REVIEWER))
    assert client.get(reverse("reviewapp:dashboard")).status_code == 403


def test_a_granted_role_counts_from_the_next_request(client_for, outsider):
    client = client_for(outsider)
    assert client.get(reverse("reviewapp:dashboard")).status_code == 403
    outsider.groups.add(Group.objects.get_or_create(name=MAINTAINER)[0])
    assert client.get(reverse("reviewapp:dashboard")).status_code == 200
