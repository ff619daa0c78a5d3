"""The upload page and the API import endpoint: maintainers only, clear errors, no 500."""

import hashlib
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from reviewapp.models import ApiToken, Conversation

pytestmark = pytest.mark.django_db(transaction=True)


def jsonl(language="de", cid="c1") -> bytes:
    row = {
        "id": cid,
        "language": language,
        "turns": [{"reference": "Anmelde-Konto", "hypothesis": "Anmeldekonto"}],
    }
    return (json.dumps(row) + "\n").encode()


def upload(client, content: bytes, name="run.jsonl"):
    return client.post(
        reverse("reviewapp:import"),
        {"file": SimpleUploadedFile(name, content), "dataset": "default"},
    )


@pytest.mark.parametrize(("persona", "status"), [("reviewer", 403), ("maintainer_de", 200)])
def test_only_maintainers_open_the_upload_page(client_for, request, persona, status):
    user = request.getfixturevalue(persona)
    assert client_for(user).get(reverse("reviewapp:import")).status_code == status


def test_maintainer_imports_their_language(client_for, maintainer_de):
    response = upload(client_for(maintainer_de), jsonl("de"))
    assert response.status_code == 302
    assert Conversation.objects.count() == 1


def test_maintainer_cannot_import_another_language(client_for, maintainer_de):
    response = upload(client_for(maintainer_de), jsonl("fr"))
    assert response.status_code == 400
    assert b"you do not maintain language" in response.content
    assert Conversation.objects.count() == 0


def test_bad_line_is_shown_with_its_line_and_field(client_for, maintainer_de):
    response = upload(client_for(maintainer_de), jsonl("de") + b'{"id": 3}\n')
    assert response.status_code == 400
    assert b"run.jsonl, line 2, field id" in response.content
    assert Conversation.objects.count() == 0


@pytest.fixture
def token(maintainer_de):
    key = "test-token-123"
    ApiToken.objects.create(
        user=maintainer_de, name="ci", key_hash=hashlib.sha256(key.encode()).hexdigest()
    )
    return key


def api(client, body: bytes, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.post(
        reverse("reviewapp:api_import") + "?name=ci.jsonl",
        body,
        content_type="application/x-ndjson",
        **headers,
    )


def test_api_needs_a_token(client, db):
    assert api(client, jsonl()).status_code == 401
    assert api(client, jsonl(), token="wrong").status_code == 401


def test_api_imports_with_a_token_and_no_csrf_cookie(token):
    from django.test import Client

    response = api(Client(enforce_csrf_checks=True), jsonl("de"), token)
    assert response.status_code == 201
    assert response.json()["conversations"] == 1


def test_api_reports_errors_as_json(client, token):
    response = api(client, b"{bad\n", token)
    assert response.status_code == 400
    assert response.json()["where"] == "ci.jsonl, line 1"
    response = api(client, jsonl("fr"), token)
    assert response.status_code == 403
