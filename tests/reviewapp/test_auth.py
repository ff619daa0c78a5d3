"""Anonymous users see only the login page; personas land on the dashboard."""

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD


def test_login_page_renders(client, db):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert b'id="login-form"' in response.content


def test_anonymous_user_is_sent_to_login(client, db):
    response = client.get(reverse("reviewapp:dashboard"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_reviewer_logs_in_and_sees_dashboard(client, reviewer):
    response = client.post(
        reverse("login"), {"username": reviewer.username, "password": PASSWORD}, follow=True
    )
    assert response.status_code == 200
    assert b'id="dashboard-title"' in response.content


def test_user_without_a_role_is_refused(client_for, outsider):
    response = client_for(outsider).get(reverse("reviewapp:dashboard"))
    assert response.status_code == 403


def test_maintainer_sees_their_languages(client_for, maintainer_de):
    response = client_for(maintainer_de).get(reverse("reviewapp:dashboard"))
    assert b"maintainer of de" in response.content


@pytest.mark.parametrize("persona", ["maintainer_de", "reviewer"])
def test_only_maintainers_open_the_admin(client_for, request, persona):
    user = request.getfixturevalue(persona)
    response = client_for(user).get("/admin/")
    assert response.status_code == (200 if persona.startswith("maintainer") else 302)


def test_csrf_is_enforced_on_login(db):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
