"""The upload page and the API import endpoint: maintainers only, clear errors, no 500."""

import hashlib
import json
import threading
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from reviewapp.models import ApiToken, Conversation, ImportBatch
from reviewapp.services import imports
from reviewapp.services.configs import ensure_languages
from tests.support.services import missing

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
    # to the import's result page (tests/reviewapp/views/test_dataquality.py)
    batch = ImportBatch.objects.get()
    assert response["Location"] == reverse("reviewapp:import_detail", args=[batch.pk])


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


def test_api_answers_the_data_quality_findings_per_kind(client, token):
    turns = [
        {"reference": "Mein Konto ist seit heute Morgen gesperrt.", "hypothesis": ""},
        {"reference": "Anmelde-Konto", "hypothesis": "Anmeldekonto"},
    ]
    body = (json.dumps({"id": "c1", "language": "de", "turns": turns}) + "\n").encode()
    response = api(client, body, token)
    assert response.status_code == 201
    assert response.json()["findings"] == {"empty": 1}
    assert api(client, jsonl("de", "c2"), token).json()["findings"] == {}


def test_api_reports_errors_as_json(client, token):
    response = api(client, b"{bad\n", token)
    assert response.status_code == 400
    assert response.json()["where"] == "ci.jsonl, line 1"
    response = api(client, jsonl("fr"), token)
    assert response.status_code == 403


def test_empty_upload_is_refused_not_answered_200(client_for, maintainer_de):
    response = upload(client_for(maintainer_de), b"")
    assert response.status_code == 400
    assert b"The submitted file is empty." in response.content
    assert Conversation.objects.count() == 0


def test_api_refuses_a_chunked_body_with_411_instead_of_reading_it_as_empty(client, token):
    """Under gunicorn a chunked request has no CONTENT_LENGTH, and Django reads its body
    as empty: it is refused with a JSON 411 that says to send a Content-Length."""
    response = client.generic(
        "POST",
        reverse("reviewapp:api_import") + "?name=ci.jsonl",
        jsonl("de"),
        content_type="application/x-ndjson",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_TRANSFER_ENCODING="chunked",
        CONTENT_LENGTH="",
    )
    assert response.status_code == 411
    assert "Content-Length" in response.json()["error"]
    assert Conversation.objects.count() == 0


def test_api_answers_an_unexpected_failure_as_json(client, token, monkeypatch):
    def fail(*args, **kwargs):
        raise RuntimeError("something nobody planned for")

    monkeypatch.setattr("reviewapp.views.imports.do_import", fail)
    response = api(client, jsonl("de"), token)
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert "nothing was imported" in response.json()["error"]


def test_api_answers_a_wrong_method_as_json(client, token):
    response = client.get(reverse("reviewapp:api_import"), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 405
    assert response["Allow"] == "POST" and response.json()["error"] == "use POST"


# --- two imports at the same moment ------------------------------------------------------


class Race:
    """Two imports in two threads, each with its own database connection. The first is
    held just before it commits (its rows written, its transaction open) until the second
    waits on one of those rows' unique index; then the first commits and the second finds
    the row taken. Both passed the "already imported?" checks, so only the database's
    uniqueness can tell them apart."""

    def __init__(self, monkeypatch) -> None:
        self.held = threading.Event()
        self.release = threading.Event()
        self.answers: dict[str, object] = {}
        queue_scoring = imports._queue_scoring

        def hold_the_first(*args, **kwargs):
            if not self.held.is_set():
                self.held.set()
                assert self.release.wait(timeout=30)
            return queue_scoring(*args, **kwargs)

        monkeypatch.setattr(imports, "_queue_scoring", hold_the_first)

    def run(self, first, second) -> dict:
        threads = {
            name: threading.Thread(target=self._answer, args=(name, send))
            for name, send in (("first", first), ("second", second))
        }
        threads["first"].start()
        assert self.held.wait(timeout=30), self.answers
        threads["second"].start()
        self._wait_for_a_lock_wait()
        self.release.set()
        for thread in threads.values():
            thread.join(timeout=60)
        return self.answers

    def _answer(self, name, send) -> None:
        try:
            self.answers[name] = send()
        except BaseException as exc:  # an IntegrityError 500 is the failure looked for
            self.answers[name] = exc
        finally:
            connection.close()

    def _wait_for_a_lock_wait(self) -> None:
        deadline = time.monotonic() + 30
        with connection.cursor() as cursor:
            while time.monotonic() < deadline:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                )
                if cursor.fetchone()[0]:
                    return
                time.sleep(0.02)
        raise AssertionError(f"the second import never waited on the first: {self.answers}")


@pytest.fixture
def race(monkeypatch, db):
    if connection.vendor != "postgresql":
        missing("PostgreSQL", "two imports racing need DATABASE_URL=postgres://...")
    ensure_languages()  # once, before the race: both imports would create the languages
    return Race(monkeypatch)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_same_file_twice_at_once_imports_once_and_the_page_answers_409(
    race, token, maintainer_de
):
    data, page = jsonl("de"), logged_in(maintainer_de)
    answers = race.run(lambda: api(Client(), data, token), lambda: upload(page, data))
    assert answers["first"].status_code == 201, answers
    assert answers["second"].status_code == 409, answers
    assert b"this exact file was already imported" in answers["second"].content
    assert (ImportBatch.objects.count(), Conversation.objects.count()) == (1, 1)


def test_the_same_conversation_twice_at_once_imports_once_and_the_api_answers_409(
    race, token, maintainer_de
):
    page = logged_in(maintainer_de)
    other_file = jsonl("de", "c1") + jsonl("de", "c2")
    answers = race.run(
        lambda: upload(page, jsonl("de", "c1")), lambda: api(Client(), other_file, token)
    )
    assert answers["first"].status_code == 302, answers
    assert answers["second"].status_code == 409, answers
    body = answers["second"].json()
    assert body["where"] == "ci.jsonl, line 1, field id"
    assert "conversation 'c1' already exists" in body["error"]
    assert list(Conversation.objects.values_list("external_id", flat=True)) == ["c1"]
    assert ImportBatch.objects.count() == 1


# --- the scoring library's formats: the same readers as the CLI and the command ------------

TRN_REF = b"Anmelde-Konto bitte (anna_1)\nMein Konto ist gesperrt (anna_2)\n"
TRN_HYP = b"Anmeldekonto bitte (anna_1)\nMein Konto ist gesperrt (anna_2)\n"


def test_the_upload_page_imports_a_trn_pair_with_its_language_and_model(client_for, maintainer_de):
    response = client_for(maintainer_de).post(
        reverse("reviewapp:import"),
        {
            "format": "trn",
            "file": SimpleUploadedFile("ref.trn", TRN_REF),
            "hypothesis_file": SimpleUploadedFile("hyp.trn", TRN_HYP),
            "language": "de",
            "model": "stt-a",
            "id_style": "rm",
            "dataset": "calls",
        },
    )
    assert response.status_code == 302
    conversation = Conversation.objects.get()
    assert (conversation.external_id, conversation.language, conversation.model) == (
        "anna",
        "de",
        "stt-a",
    )
    assert [t.hypothesis for t in conversation.turns.order_by("index")] == [
        "Anmeldekonto bitte",
        "Mein Konto ist gesperrt",
    ]


def test_the_upload_page_names_the_line_of_a_bad_csv(client_for, maintainer_de):
    content = b"reference,hypothesis\nhallo,hallo\nzu,viele,felder\n"
    response = client_for(maintainer_de).post(
        reverse("reviewapp:import"),
        {"format": "csv", "file": SimpleUploadedFile("run.csv", content), "language": "de",
         "dataset": "default"},
    )  # fmt: skip
    assert response.status_code == 400
    assert b"run.csv, line 3: has 3 fields, the header has 2" in response.content
    assert Conversation.objects.count() == 0 and ImportBatch.objects.count() == 0


def test_the_upload_page_names_a_missing_option(client_for, maintainer_de):
    response = client_for(maintainer_de).post(
        reverse("reviewapp:import"),
        {"format": "trn", "file": SimpleUploadedFile("ref.trn", TRN_REF), "language": "de",
         "dataset": "default"},
    )  # fmt: skip
    assert response.status_code == 400
    assert response.context["form"].errors["hypothesis_file"] == ["trn needs a hypothesis file"]
    assert Conversation.objects.count() == 0


def test_the_api_imports_a_nemo_manifest_from_the_body(client, token):
    rows = [
        {"audio_filepath": "a.wav", "duration": 1.2, "text": "Anmelde-Konto",
         "pred_text": "Anmeldekonto", "conversation": "c1"},
    ]  # fmt: skip
    body = "".join(json.dumps(row) + "\n" for row in rows).encode()
    response = client.post(
        reverse("reviewapp:api_import") + "?name=m.json&format=nemo&language=de&model=stt-b",
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201, response.content
    assert response.json()["turns"] == 1
    assert Conversation.objects.get().model == "stt-b"


def test_the_api_imports_two_files_as_a_multipart_form(client, token):
    response = client.post(
        reverse("reviewapp:api_import") + "?format=trn&language=de&model=stt-a",
        {"file": SimpleUploadedFile("ref.trn", TRN_REF),
         "hypothesis_file": SimpleUploadedFile("hyp.trn", TRN_HYP)},
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )  # fmt: skip
    assert response.status_code == 201, response.content
    assert response.json()["conversations"] == 2


def test_the_api_names_the_line_and_the_option(client, token):
    url = reverse("reviewapp:api_import")
    response = client.post(
        url + "?format=trn&language=de",
        {"file": SimpleUploadedFile("ref.trn", TRN_REF),
         "hypothesis_file": SimpleUploadedFile("hyp.trn", b"nur eins (anna_1)\n")},
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["where"] == "ref.trn, line 2"
    response = client.post(
        url + "?format=kaldi&language=xx",
        b"u1 hallo\n",
        content_type="text/plain",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400
    assert response.json()["where"] == "language"
    assert Conversation.objects.count() == 0 and ImportBatch.objects.count() == 0
