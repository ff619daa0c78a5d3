"""CSRF is enforced on every POST: a client that checks CSRF like a browser (Django's
test client skips the check unless told) gets 403 from every URL of reviewapp.urls, and
from login and logout, when it sends no token, and nothing changes. With the token the
same request is answered as the permission matrix says, so the 403 was the CSRF check.

The one exception is the token API, which takes no cookies: a session without a bearer
token gets 401 there, so the exemption opens nothing.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.reviewapp import test_permissions as matrix
from tests.support.clients import SharedHandlerClient

pytestmark = pytest.mark.django_db


# The permission matrix's personas and German objects, built once for this module as for
# the matrix (each test runs in a savepoint that is rolled back): building them for each
# test was nearly all of this module's time.
world = matrix.world


@pytest.fixture
def objects(world) -> dict:
    return world["objects"]


@pytest.fixture
def personas(world) -> dict:
    return world["personas"]


CSRF_EXEMPT = {"api_import"}  # bearer token, no cookies
POST_URLS = [name for name in matrix.url_names() if name not in CSRF_EXEMPT]


def allowed_persona(name: str) -> str:
    """A persona the matrix lets POST to this URL (or the own maintainer, if none may)."""
    statuses = matrix.EXPECTED[name]["POST"]
    for persona in ("reviewer", "maintainer_de", "maintainer_fr", "outsider"):
        if statuses[persona] not in matrix.REFUSED:
            return persona
    return "maintainer_de"


def browser_client(personas: dict, persona: str) -> SharedHandlerClient:
    client = SharedHandlerClient(enforce_csrf_checks=True)
    if persona != "anonymous":
        client.force_login(personas[persona])
    return client


def test_every_post_url_is_covered():
    assert set(POST_URLS) | CSRF_EXEMPT == set(matrix.url_names())
    assert len(POST_URLS) >= 20


@pytest.mark.parametrize("name", POST_URLS)
def test_a_post_without_the_csrf_token_is_refused_and_with_it_passes(personas, objects, name):
    url = reverse(f"reviewapp:{name}", args=matrix.url_args(name, objects))
    persona = allowed_persona(name)
    for who in ("anonymous", persona):
        client = browser_client(personas, who)
        client.get(reverse("reviewapp:dashboard"))  # a CSRF cookie, but no token in the POST
        before = matrix.state()
        response = client.post(url, matrix.post_data(name, objects))
        assert response.status_code == 403, (who, response.content[:300])
        assert b"CSRF verification failed" in response.content
        assert matrix.state() == before, who
    # the same request with the token is answered as the permission matrix says
    token = client.cookies["csrftoken"].value
    response = client.post(url, matrix.post_data(name, objects), headers={"X-CSRFToken": token})
    expected = matrix.EXPECTED[name]["POST"][persona]
    assert b"CSRF verification failed" not in response.content
    assert response.status_code == (302 if expected == matrix.LOGIN else expected)


def test_htmx_posts_carry_the_token_from_the_page(client_for, personas):
    """htmx sends the page's token in a header (hx-headers on <body>), so its POSTs pass."""
    page = client_for(personas["reviewer"]).get(reverse("reviewapp:dashboard")).content.decode()
    assert "hx-headers" in page and "X-CSRFToken" in page


@pytest.mark.parametrize("name", ["login", "logout"])
def test_login_and_logout_posts_need_the_token(personas, name):
    client = browser_client(personas, "reviewer" if name == "logout" else "anonymous")
    username = personas["reviewer"].username
    response = client.post(reverse(name), {"username": username, "password": "x"})
    assert response.status_code == 403
    if name == "logout":  # still logged in
        assert client.get(reverse("reviewapp:dashboard")).status_code == 200


def test_the_token_api_is_exempt_but_a_session_is_not_a_credential(personas):
    client = browser_client(personas, "maintainer_de")
    response = client.post(
        reverse("reviewapp:api_import"),
        b'{"id": "csrf-1", "language": "de", "turns": [{"reference": "a", "hypothesis": "b"}]}\n',
        content_type="application/x-ndjson",
    )
    assert response.status_code == 401
    assert response.json() == {"error": "a valid API token is required"}
