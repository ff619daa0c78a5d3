"""PostgreSQL goes away in the middle of an import or an approval (a proxy between Django
and the server drops the connection just before a chosen query reaches the server).

The transaction rolls back on the server, so nothing of it is kept; the user gets a clear
message (503 for an import, the proposal page with an error for an approval), never a 500;
and the same request succeeds once the database answers again.
"""

from __future__ import annotations

import copy
import hashlib
import json

import pytest
from django.db import InterfaceError, OperationalError
from django.urls import reverse

from reviewapp.models import (
    ApiToken,
    AuditEvent,
    ConfigVersion,
    Conversation,
    ImportBatch,
    Job,
    Language,
    Proposal,
    Score,
    Turn,
)
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.imports import do_import

pytestmark = [pytest.mark.faults, pytest.mark.postgres]

TURN_INSERT = b'INSERT INTO "reviewapp_turn"'
IMPORT_CUTS = {
    "batch": b'INSERT INTO "reviewapp_importbatch"',
    "turns": TURN_INSERT,
    "audit": b'INSERT INTO "reviewapp_auditevent"',
    "job": b'INSERT INTO "reviewapp_job"',
}
APPROVAL_CUTS = {
    "version": b'INSERT INTO "reviewapp_configversion"',
    "pointer": b'UPDATE "reviewapp_language"',
    "audit": b'INSERT INTO "reviewapp_auditevent"',
    "job": b'INSERT INTO "reviewapp_job"',
}


def jsonl(*ids: str, language: str = "de") -> bytes:
    lines = [
        {
            "id": conv_id,
            "language": language,
            "dataset": "outage",
            "turns": [
                {"reference": "das Konto ist leer", "hypothesis": "das Kondo ist leer"},
                {"speaker": "assistant", "reference": "Danke", "hypothesis": "Danke"},
            ],
        }
        for conv_id in ids
    ]
    return ("\n".join(json.dumps(line) for line in lines) + "\n").encode()


def imported() -> tuple:
    return (
        ImportBatch.objects.count(),
        Conversation.objects.count(),
        Turn.objects.count(),
        Job.objects.count(),
        Score.objects.count(),
        AuditEvent.objects.filter(action="import:created").count(),
    )


@pytest.fixture
def languages(transactional_db):
    ensure_languages()


@pytest.mark.parametrize("cut_at", list(IMPORT_CUTS))
def test_import_rolls_back_when_the_database_goes_away(pg_proxy, languages, cut_at):
    data = jsonl("o-1", "o-2")
    pg_proxy.cut_on(IMPORT_CUTS[cut_at])
    with pytest.raises((OperationalError, InterfaceError)):
        do_import(data, "outage.jsonl")
    assert pg_proxy.tripped.is_set()
    assert imported() == (0, 0, 0, 0, 0, 0)
    result = do_import(data, "outage.jsonl")  # the same bytes: nothing of the first try stayed
    assert (result.conversations, result.turns) == (2, 2)  # turns to score: the user's
    assert imported() == (1, 2, 4, 1, 2, 1)


def test_upload_page_says_nothing_was_imported_and_a_retry_works(
    pg_proxy, languages, client_for, maintainer_de
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(maintainer_de)
    url = reverse("reviewapp:import")

    def upload():
        file = SimpleUploadedFile("outage.jsonl", jsonl("u-1", "u-2"))
        return client.post(url, {"file": file, "dataset": "outage"})

    pg_proxy.cut_on(TURN_INSERT)
    response = upload()
    assert pg_proxy.tripped.is_set()
    assert response.status_code == 503
    text = response.content.decode()
    assert "database" in text and "nothing was imported" in text
    assert imported() == (0, 0, 0, 0, 0, 0)

    response = upload()
    assert response.status_code == 302, response.content[:500]
    assert imported()[:3] == (1, 2, 4)


def test_import_api_answers_503_json_and_a_retry_works(pg_proxy, languages, client, maintainer_de):
    key = "outage-token-key"
    ApiToken.objects.create(
        user=maintainer_de, name="ci", key_hash=hashlib.sha256(key.encode()).hexdigest()
    )
    url = reverse("reviewapp:api_import") + "?name=outage.jsonl"

    def post():
        return client.post(
            url,
            jsonl("a-1", "a-2"),
            content_type="application/x-ndjson",
            headers={"Authorization": f"Bearer {key}"},
        )

    pg_proxy.cut_on(TURN_INSERT)
    response = post()
    assert pg_proxy.tripped.is_set()
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert "nothing was imported" in response.json()["error"]
    assert imported() == (0, 0, 0, 0, 0, 0)

    response = post()
    assert response.status_code == 201, response.content
    assert response.json()["turns"] == 2
    assert imported()[:3] == (1, 2, 4)


# --- approval -------------------------------------------------------------------------------


@pytest.fixture
def proposal(languages, reviewer):
    v1 = Language.objects.get(code="de").active_version
    content = copy.deepcopy(v1.content)
    content["config"]["fillers"].append("hmja")
    return proposals.do_create_proposal(reviewer, "de", content, title="hmja is a filler")


def approval_state(proposal) -> tuple:
    proposal.refresh_from_db()
    return (
        proposal.status,
        ConfigVersion.objects.filter(language="de").count(),
        Language.objects.get(code="de").active_version.number,
        Job.objects.count(),
        # the approval's events (the languages' version 1 events come before the proposal)
        AuditEvent.objects.filter(
            action__in=["proposal:approved", "version:created"],
            created_at__gte=proposal.created_at,
        ).count(),
    )


@pytest.mark.parametrize("cut_at", list(APPROVAL_CUTS))
def test_approval_rolls_back_when_the_database_goes_away(pg_proxy, proposal, maintainer_de, cut_at):
    before = approval_state(proposal)
    assert before == (Proposal.Status.PENDING, 1, 1, 0, 0)
    pg_proxy.cut_on(APPROVAL_CUTS[cut_at])
    with pytest.raises((OperationalError, InterfaceError)):
        proposals.do_approve(maintainer_de, proposal)
    assert pg_proxy.tripped.is_set()
    assert approval_state(proposal) == before
    version = proposals.do_approve(maintainer_de, proposal)
    assert version.number == 2
    assert approval_state(proposal) == (Proposal.Status.APPROVED, 2, 2, 1, 2)


def test_approve_button_says_nothing_changed_and_a_retry_works(
    pg_proxy, proposal, client_for, maintainer_de
):
    client = client_for(maintainer_de)
    before = approval_state(proposal)
    url = reverse("reviewapp:proposal_approve", args=[proposal.pk])

    pg_proxy.cut_on(APPROVAL_CUTS["pointer"])
    response = client.post(url, {"message": "outage"}, follow=True)
    assert pg_proxy.tripped.is_set()
    assert response.status_code == 200
    assert response.redirect_chain == [(reverse("reviewapp:proposal", args=[proposal.pk]), 302)]
    text = response.content.decode()
    assert "Not approved" in text and "database" in text and "try again" in text.lower()
    assert approval_state(proposal) == before

    response = client.post(url, {"message": "outage"}, follow=True)
    assert "Approved as" in response.content.decode()
    assert approval_state(proposal)[:3] == (Proposal.Status.APPROVED, 2, 2)
