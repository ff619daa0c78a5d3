"""The data-quality pages: an import's result with its findings, the conversation page's
banner with the re-pair and restore actions, and the dashboard's counts per dataset."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from reviewapp.models import AuditEvent, DataFinding, ImportBatch, Job, RePairing
from reviewapp.services.configs import ensure_languages
from reviewapp.services.repairs import do_repair
from tests.reviewapp.factories import GERMAN_TURNS, scored_conversation, shifted_conversation

pytestmark = pytest.mark.django_db


def upload(client, *rows, name="run.jsonl"):
    content = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
    return client.post(
        reverse("reviewapp:import"),
        {"file": SimpleUploadedFile(name, content), "dataset": "default"},
    )


def german(cid: str, hypotheses) -> dict:
    pairs = zip(GERMAN_TURNS, hypotheses, strict=True)
    turns = [{"reference": ref, "hypothesis": hyp} for (ref, _), hyp in pairs]
    return {"id": cid, "language": "de", "turns": turns}


SHIFTED = [hyp for _, hyp in GERMAN_TURNS[1:]] + [""]
CLEAN = [hyp for _, hyp in GERMAN_TURNS]


def conversation_page(client, conversation) -> str:
    response = client.get(reverse("reviewapp:conversation", args=[conversation.pk]))
    assert response.status_code == 200
    return response.content.decode()


def banner(html: str) -> str:
    pattern = r'<section class="data-quality notice" id="data-quality".*?</section>'
    match = re.search(pattern, html, re.S)
    return match.group() if match else ""


# --- the import's result page ----------------------------------------------------------------


def test_an_upload_leads_to_its_result_page_with_the_findings(client_for, maintainer_de):
    ensure_languages()
    client = client_for(maintainer_de)
    response = upload(client, german("clean", CLEAN), german("shifted", SHIFTED))
    batch = ImportBatch.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("reviewapp:import_detail", args=[batch.pk])
    page = client.get(response["Location"])
    html = page.content.decode()
    assert "The data-quality checks found 2 problems." in html  # the message
    assert 'id="findings"' in html
    shift = DataFinding.objects.get(kind="shift")
    row = re.search(rf'<tr id="finding-{shift.pk}" data-kind="shift">.*?</tr>', html, re.S).group()
    conversation = shift.conversation
    assert reverse("reviewapp:conversation", args=[conversation.pk]) + "#data-quality" in row
    assert "turns 0–2: each hypothesis is the transcript of the user turn 1 later" in row
    assert "<li>Shifted hypotheses: <strong>1</strong></li>" in html
    assert "<li>Empty hypothesis: <strong>1</strong></li>" in html


def test_an_import_without_findings_says_so(client_for, maintainer_de, reviewer):
    ensure_languages()
    upload(client_for(maintainer_de), german("clean", CLEAN))
    batch = ImportBatch.objects.get()
    html = client_for(reviewer).get(reverse("reviewapp:import_detail", args=[batch.pk]))
    assert 'id="no-findings"' in html.content.decode()


def test_a_duplicate_links_to_the_conversation_it_copies(client_for, maintainer_de):
    ensure_languages()
    client = client_for(maintainer_de)
    upload(client, german("first", SHIFTED), name="a.jsonl")
    upload(client, german("again", SHIFTED) | {"dataset": "other"}, name="b.jsonl")
    batch = ImportBatch.objects.latest("pk")
    html = client.get(reverse("reviewapp:import_detail", args=[batch.pk])).content.decode()
    first = batch.findings.get(kind="duplicate_conversation").detail["conversation"]
    assert "the same turns as conversation first in default" in html
    assert f'<a href="{reverse("reviewapp:conversation", args=[int(first)])}">see it</a>' in html


# --- the conversation page's banner ----------------------------------------------------------


def test_the_banner_lists_the_findings_and_offers_the_maintainer_a_repair(
    client_for, maintainer_de
):
    conversation = shifted_conversation("de")
    shift = conversation.findings.get(kind="shift")
    html = banner(conversation_page(client_for(maintainer_de), conversation))
    assert f'<li id="finding-{shift.pk}" data-kind="shift">' in html
    assert "Shifted hypotheses</span> turns 0–2" in html
    assert 'data-kind="empty"' in html
    action = reverse("reviewapp:finding_repair", args=[conversation.pk, shift.pk])
    assert f'action="{action}"' in html
    assert f'id="repair-{shift.pk}"' in html


@pytest.mark.parametrize("persona", ["reviewer", "maintainer_fr"])
def test_others_see_the_banner_without_the_action(client_for, request, persona):
    conversation = shifted_conversation("de")
    html = banner(conversation_page(client_for(request.getfixturevalue(persona)), conversation))
    assert 'data-kind="shift"' in html
    assert "Re-pair this run" not in html


def test_a_conversation_without_findings_has_no_banner(client_for, reviewer):
    conversation = scored_conversation(GERMAN_TURNS, language="de")
    assert 'id="data-quality"' not in conversation_page(client_for(reviewer), conversation)


def test_one_click_repairs_and_the_banner_shows_before_after_and_restore(client_for, maintainer_de):
    conversation = shifted_conversation("de")
    shift = conversation.findings.get(kind="shift")
    client = client_for(maintainer_de)
    action = reverse("reviewapp:finding_repair", args=[conversation.pk, shift.pk])
    response = client.post(action, follow=True)
    url = reverse("reviewapp:conversation", args=[conversation.pk])
    assert response.redirect_chain == [(url + "#data-quality", 302)]
    repairing = RePairing.objects.get()
    html = response.content.decode()
    assert (
        f"Re-paired turns 0–2 (shift +1): {repairing.before['errors']}/"
        f"{repairing.before['ref_len']} errors (v1) → {repairing.after['errors']}/"
        f"{repairing.after['ref_len']} errors (v1) on the 4 changed turns (expected)"
    ) in html
    section = banner(html)
    assert f'<li id="repairing-{repairing.pk}">' in section
    assert "Turns 0–2 re-paired (shift +1) by max-maintainer-de" in section
    assert f'id="restore-{repairing.pk}"' in section
    assert 'data-kind="shift"' not in section  # checked again: the run is re-paired
    assert Job.objects.filter(kind=Job.Kind.SCORE).exists()
    # and back
    response = client.post(reverse("reviewapp:repairing_restore", args=[repairing.pk]), follow=True)
    section = banner(response.content.decode())
    assert f'<li id="repairing-{repairing.pk}" data-restored>' in section
    assert "Original pairing restored by max-maintainer-de" in section
    assert 'data-kind="shift"' in section
    assert AuditEvent.objects.filter(action__startswith="pairing:").count() == 2


def test_a_stale_repair_says_why_and_changes_nothing(client_for, maintainer_de):
    conversation = shifted_conversation("de")
    shift = conversation.findings.get(kind="shift")
    do_repair(maintainer_de, shift)
    response = client_for(maintainer_de).post(
        reverse("reviewapp:finding_repair", args=[conversation.pk, shift.pk]), follow=True
    )
    assert "The conversation was checked again since: reload the page." in response.content.decode()
    assert RePairing.objects.count() == 1


def test_the_banner_costs_the_same_queries_whatever_it_lists(
    client_for, maintainer_de, django_assert_num_queries
):
    client = client_for(maintainer_de)
    few = shifted_conversation("de")
    many = shifted_conversation("de")
    do_repair(maintainer_de, many.findings.get(kind="shift"))  # findings and a re-pairing
    conversation_page(client, few)
    # 12: a reviewer's 11 (test_conversations.py), and the maintainer's languages
    with django_assert_num_queries(12):
        assert banner(conversation_page(client, few))
    with django_assert_num_queries(12):
        html = banner(conversation_page(client, many))
    assert '<li id="finding-' in html and '<li id="repairing-' in html


def test_the_turns_fragment_does_not_read_the_banner(
    client_for, reviewer, django_assert_num_queries
):
    conversation = shifted_conversation("de")
    client = client_for(reviewer)
    url = reverse("reviewapp:conversation", args=[conversation.pk])
    headers = {"HX-Request": "true", "HX-Target": "turns"}
    client.get(url, headers=headers)
    with django_assert_num_queries(9):  # one: the content stamp of the ETag
        html = client.get(url, headers=headers).content.decode()
    assert 'id="data-quality"' not in html


# --- the dashboard ---------------------------------------------------------------------------


def dashboard_row(html: str, dataset_id: int) -> str:
    return re.search(rf'<tr id="findings-{dataset_id}">.*?</tr>', html, re.S).group()


def test_the_dashboard_counts_findings_per_dataset(client_for, reviewer):
    shifted_conversation("de")
    shifted_conversation("de")  # the same again: a duplicate conversation too
    other = shifted_conversation("de", dataset__name="other-set")
    html = client_for(reviewer).get(reverse("reviewapp:dashboard")).content.decode()
    first = dashboard_row(html, DataFinding.objects.earliest("pk").conversation.dataset_id)
    cells = dict(re.findall(r'<td class="num" data-kind="(\w+)">(\d+)</td>', first))
    assert cells == {
        "shift": "2",
        "empty": "2",
        "short": "0",
        "script": "0",
        "duplicate_turn": "0",
        "duplicate_conversation": "1",
    }
    assert first.endswith('<td class="num">2</td>\n    </tr>')  # conversations with findings
    assert "other-set" in dashboard_row(html, other.dataset_id)


def test_the_dashboard_says_when_nothing_was_found(client_for, reviewer):
    html = client_for(reviewer).get(reverse("reviewapp:dashboard")).content.decode()
    assert 'id="no-findings"' in html


def test_dashboard_queries_do_not_grow_with_datasets_or_findings(
    client_for, reviewer, django_assert_num_queries
):
    client = client_for(reviewer)
    shifted_conversation("de")
    client.get(reverse("reviewapp:dashboard"))
    with django_assert_num_queries(12) as few:
        client.get(reverse("reviewapp:dashboard"))
    for n in range(3):
        shifted_conversation("de", dataset__name=f"set-{n}")
    with django_assert_num_queries(len(few.captured_queries)):
        client.get(reverse("reviewapp:dashboard"))
