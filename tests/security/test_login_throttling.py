"""Brute force on /login/ and /admin/login/: after LOGIN_FAILURE_LIMIT (5) wrong passwords
for one username from one address, that pair is refused, the right password included,
until the cool-off (15 minutes without a try) has passed. Other users and other
addresses are not affected."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.utils import timezone

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN_URLS = ["/login/", "/admin/login/"]


def attempt(client: Client, url: str, username: str, password: str):
    return client.post(url, {"username": username, "password": password, "next": "/"})


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def fail(client: Client, url: str, username: str, times: int) -> None:
    """Wrong passwords; the one that reaches the limit is already answered with 429."""
    for n in range(1, times + 1):
        expected = 429 if n >= settings.AXES_FAILURE_LIMIT else 200
        assert attempt(client, url, username, "wrong-password").status_code == expected


def test_the_defaults_are_five_failures_and_fifteen_minutes():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


@pytest.mark.parametrize("url", LOGIN_URLS)
def test_wrong_passwords_then_the_right_one_is_refused(client, maintainer_de, url):
    fail(client, url, maintainer_de.username, settings.AXES_FAILURE_LIMIT)
    response = attempt(client, url, maintainer_de.username, PASSWORD)
    assert response.status_code == 429
    assert not logged_in(client)
    assert "Too many failed log-ins" in response.content.decode()
    assert "for 15 minutes after the last attempt" in response.content.decode()


def test_the_lockout_covers_both_login_pages(client, maintainer_de):
    fail(client, "/login/", maintainer_de.username, 3)
    fail(client, "/admin/login/", maintainer_de.username, 1)
    assert attempt(client, "/admin/login/", maintainer_de.username, "x").status_code == 429
    assert attempt(client, "/login/", maintainer_de.username, PASSWORD).status_code == 429


def test_a_different_user_is_not_locked_out(client, reviewer, maintainer_de):
    fail(client, "/login/", reviewer.username, settings.AXES_FAILURE_LIMIT)
    response = attempt(client, "/login/", maintainer_de.username, PASSWORD)
    assert response.status_code == 302 and logged_in(client)


def test_the_same_user_from_another_address_is_not_locked_out(reviewer):
    attacker = Client(REMOTE_ADDR="198.51.100.9")
    fail(attacker, "/login/", reviewer.username, settings.AXES_FAILURE_LIMIT)
    assert attempt(attacker, "/login/", reviewer.username, PASSWORD).status_code == 429
    colleague = Client(REMOTE_ADDR="203.0.113.20")
    response = attempt(colleague, "/login/", reviewer.username, PASSWORD)
    assert response.status_code == 302 and logged_in(colleague)


def test_the_cool_off_ends_the_lockout(client, reviewer):
    fail(client, "/login/", reviewer.username, settings.AXES_FAILURE_LIMIT)
    assert attempt(client, "/login/", reviewer.username, PASSWORD).status_code == 429
    # Let the cool-off pass: every attempt of the pair is now older than 15 minutes.
    just_over = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    assert AccessAttempt.objects.update(attempt_time=just_over) == 1
    response = attempt(client, "/login/", reviewer.username, PASSWORD)
    assert response.status_code == 302 and logged_in(client)


def test_a_try_during_the_lockout_restarts_the_wait(client, reviewer):
    fail(client, "/login/", reviewer.username, settings.AXES_FAILURE_LIMIT)
    almost = timezone.now() - settings.AXES_COOLOFF_TIME + timedelta(minutes=1)
    AccessAttempt.objects.update(attempt_time=almost)
    assert attempt(client, "/login/", reviewer.username, "still-guessing").status_code == 429
    AccessAttempt.objects.update(attempt_time=almost + timedelta(minutes=2))
    assert attempt(client, "/login/", reviewer.username, PASSWORD).status_code == 429


def test_a_success_before_the_limit_starts_the_count_again(client, reviewer):
    for _ in range(2):
        fail(client, "/login/", reviewer.username, settings.AXES_FAILURE_LIMIT - 1)
        assert attempt(client, "/login/", reviewer.username, PASSWORD).status_code == 302
        client.post("/logout/")
