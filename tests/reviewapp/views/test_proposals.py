"""Proposal pages: write (structured edit or raw JSON), check, preview, decide."""

import json

import pytest
from django.urls import reverse

from reviewapp.models import AuditEvent, ConfigVersion, Job, Language, Proposal
from reviewapp.services.configs import ensure_languages
from reviewapp.services.scoring import create_job, run_chunk
from reviewapp.views import configs as config_views
from tests.reviewapp.factories import ConversationFactory, TurnFactory, with_fillers, with_rules

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def german(db):
    ensure_languages()
    version = Language.objects.get(code="de").active_version
    conv = ConversationFactory(language="de")
    turns = [
        TurnFactory(conversation=conv, reference="hmja das Konto", hypothesis="das Konto"),
        TurnFactory(conversation=conv, reference="mein Konto", hypothesis="mein Konto"),
    ]
    job = create_job(Job.Kind.SCORE, "de", version, [t.pk for t in turns])
    for chunk_id in job.chunks.values_list("pk", flat=True):
        run_chunk(chunk_id)
    Language.objects.filter(config_language="de").update(scored_version=version)
    return version


def new_url(language="de"):
    return reverse("reviewapp:proposal_new") + f"?language={language}"


def post_editor(client, content, **extra):
    data = {
        "language": "de",
        "title": "hmja is a filler",
        "description": "",
        "content": json.dumps(content, ensure_ascii=False),
    } | extra
    return client.post(new_url(), data)


def test_structured_edit_adds_the_rule_to_the_json(client_for, reviewer, german):
    client = client_for(reviewer)
    response = post_editor(
        client,
        german.content,
        **{"action": "edit", "edit-kind": "filler", "edit-key": "hmja", "edit-value": ""},
    )
    assert response.status_code == 200
    assert b"added fillers: &quot;hmja&quot;" in response.content


def test_live_check_shows_schema_errors_next_to_the_field(client_for, reviewer, german):
    bad = {**german.content, "config": {**german.content["config"], "fillerz": []}}
    response = post_editor(client_for(reviewer), bad, action="check")
    assert response.status_code == 200
    assert b'id="checks"' in response.content
    assert b"fillerz" in response.content and b"unknown field" in response.content


def test_invalid_json_is_reported_with_its_line(client_for, reviewer, german):
    response = client_for(reviewer).post(
        new_url(), {"language": "de", "title": "t", "content": '{\n "config": }', "action": "save"}
    )
    assert response.status_code == 400
    assert b"invalid JSON at line 2" in response.content
    assert Proposal.objects.count() == 0


def test_the_whole_loop_through_the_pages(client_for, reviewer, make_user, german):
    client = client_for(reviewer)
    response = post_editor(client, with_fillers(german, "hmja"), action="save")
    proposal = Proposal.objects.get()
    assert response.status_code == 302
    detail = reverse("reviewapp:proposal", args=[proposal.pk])
    assert b"added fillers: &quot;hmja&quot;" in client.get(detail).content

    client.post(reverse("reviewapp:proposal_preview", args=[proposal.pk]))
    job = Job.objects.get(kind=Job.Kind.PREVIEW)
    assert job.status == Job.Status.DONE
    page = client.get(detail).content.decode()
    assert 'id="preview-result"' in page and 'id="flips-fixed">1<' in page

    # a reviewer cannot decide
    assert client.post(reverse("reviewapp:proposal_approve", args=[proposal.pk])).status_code == 403
    maintainer = make_user("max-de", maintains=["de"])
    client.force_login(maintainer)
    approve = reverse("reviewapp:proposal_approve", args=[proposal.pk])
    refused = client.post(approve, follow=True).content.decode()
    assert "Not approved: say why" in refused  # the reason is required
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    client.post(approve, {"message": "ähm is a German filler"})
    proposal.refresh_from_db()
    assert proposal.status == "approved"
    assert ConfigVersion.objects.get(language="de", number=2).message == "ähm is a German filler"
    assert ConfigVersion.objects.filter(language="de").count() == 2
    history = client.get(reverse("reviewapp:config_history", args=["de"]) + "?a=1&b=2")
    assert b'id="version-2"' in history.content
    assert b"added fillers: &quot;hmja&quot;" in history.content


def test_rejection_needs_a_reason_and_the_author_sees_it(client_for, reviewer, make_user, german):
    client = client_for(reviewer)
    post_editor(client, with_fillers(german, "hmja"), action="save")
    proposal = Proposal.objects.get()
    client.force_login(make_user("max-de", maintains=["de"]))
    url = reverse("reviewapp:proposal_reject", args=[proposal.pk])
    client.post(url, {"reason": ""})
    assert Proposal.objects.get().status == "pending"
    client.post(url, {"reason": "hmja is a word in Swabian"})
    client.force_login(reviewer)
    page = client.get(reverse("reviewapp:proposal", args=[proposal.pk])).content
    assert b"hmja is a word in Swabian" in page


def test_stale_proposal_shows_rebase(client_for, reviewer, make_user, german):
    from reviewapp.services import proposals

    first = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "hmja"), title="a")
    second = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "öhmja"), title="b")
    proposals.do_approve(make_user("max-de", maintains=["de"]), first)
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:proposal", args=[second.pk])).content
    assert b'id="stale"' in page
    client.post(reverse("reviewapp:proposal_rebase", args=[second.pk]))
    assert Proposal.objects.get(pk=second.pk).base_version.number == 2


def test_revert_is_a_proposal(client_for, reviewer, make_user, german):
    from reviewapp.services import proposals

    proposals.do_approve(
        make_user("max-de", maintains=["de"]),
        proposals.do_create_proposal(reviewer, "de", with_fillers(german, "hmja"), title="a"),
    )
    client = client_for(reviewer)
    response = client.post(reverse("reviewapp:config_revert", args=["de", 1]))
    revert = Proposal.objects.order_by("-pk").first()
    assert response.status_code == 302 and revert.title == "Revert de to v1"
    assert revert.content["config"]["fillers"] == german.content["config"]["fillers"]


def test_ablation_page_lists_every_step(client_for, reviewer, german):
    page = client_for(reviewer).get(reverse("reviewapp:ablation", args=["de"])).content.decode()
    for step in ("input", "hyphens", "char_folds", "fillers", "whitespace"):
        assert f"<td>{step}</td>" in page
    assert "on a sample of 2 of 2 scored turns (the first by id, at most 1000)" in page


def test_ablation_runs_on_a_bounded_sample_and_says_so(client_for, reviewer, german, monkeypatch):
    monkeypatch.setattr(config_views, "ABLATION_TURNS", 1)
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:ablation", args=["de"])).content.decode()
    assert 'id="ablation-sample">on a sample of 1 of 2 scored turns' in page
    # a config slow on every text stops at the time box, and the page says so
    monkeypatch.setattr(config_views, "ABLATION_SECONDS", 0.0)
    page = client.get(reverse("reviewapp:ablation", args=["de"])).content.decode()
    assert "on a sample of 0 of 2 scored turns" in page
    assert "the config was too slow for more in 0 s" in page


def test_job_progress_stops_polling_when_done(client_for, reviewer, german):
    job = Job.objects.filter(kind=Job.Kind.SCORE).first()
    client = client_for(reviewer)
    response = client.get(reverse("reviewapp:job", args=[job.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 286
    assert f'id="job-{job.pk}-progress"'.encode() in response.content


def test_a_maintainer_cancels_and_retries_a_rescore(client_for, make_user, german):
    maintainer = make_user("max-de", maintains=["de"])
    job = create_job(Job.Kind.RESCORE, "de", german, [])
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    client = client_for(maintainer)
    client.post(reverse("reviewapp:job_cancel", args=[job.pk]))
    assert Job.objects.get(pk=job.pk).status == Job.Status.CANCELLED
    response = client.post(reverse("reviewapp:job_retry", args=[job.pk]))
    assert response.status_code == 302
    assert Job.objects.count() >= 2


def test_reviewed_flags_download_as_fixtures(client_for, reviewer, german):
    from reviewapp.models import Flag, Turn

    turn = Turn.objects.get(reference="hmja das Konto")
    flag = Flag.objects.create(
        turn=turn,
        version=german,
        language="de",
        author=reviewer,
        category=Flag.Category.REAL_ERROR,
        ref_start=0,
        ref_end=1,
        hyp_start=0,
        hyp_end=0,
        ref_span="hmja",
    )
    response = client_for(reviewer).get(reverse("reviewapp:fixtures", args=["de"]))
    assert response["Content-Disposition"] == 'attachment; filename="de.json"'
    payload = response.json()
    assert payload["language"] == "de"
    assert [(c["flag_id"], c["expect"]) for c in payload["cases"]] == [(flag.pk, "stays_error")]


# --- checks on the pages: the same as save and approval apply ------------------------


@pytest.fixture
def german_sample(german):
    """Twelve more German turns with an error each: enough for the guards to apply."""
    conversation = ConversationFactory(language="de")
    TurnFactory.create_batch(
        12, conversation=conversation, reference="mein Konto", hypothesis="dein Konto"
    )
    return german


def old_proposal(author, base, content) -> Proposal:
    """Written straight to the table, as a proposal saved before saves were checked."""
    return Proposal.objects.create(
        language="de", base_version=base, content=content, title="old", author=author
    )


NOT_IDEMPOTENT = ("(?i)konto", "Konto Konto")  # a second pass doubles it again


def test_check_and_save_agree_on_a_rule_that_is_not_idempotent(client_for, reviewer, german):
    client = client_for(reviewer)
    bad = with_rules(german, NOT_IDEMPOTENT)
    check = post_editor(client, bad, action="check").content.decode()
    assert "not idempotent on " in check and 'id="checks-sample"' in check
    response = post_editor(client, bad, action="save")
    assert response.status_code == 400
    assert "not idempotent on " in response.content.decode()
    assert not Proposal.objects.exists()


def test_the_proposal_page_lists_the_errors_and_approval_refuses(
    client_for, reviewer, make_user, german
):
    proposal = old_proposal(reviewer, german, with_rules(german, NOT_IDEMPOTENT))
    client = client_for(make_user("max-de", maintains=["de"]))
    url = reverse("reviewapp:proposal", args=[proposal.pk])
    page = client.get(url).content.decode()
    assert 'class="problem-error"' in page and "not idempotent on " in page
    assert "Scored on 0 of the language's 2 turns" in page
    assert 'id="approve-blocked"' in page and 'id="override-guard"' not in page
    approve = reverse("reviewapp:proposal_approve", args=[proposal.pk])
    response = client.post(approve, {"override_reason": "trust me", "message": "m"}, follow=True)
    assert "Not approved: config: not idempotent" in response.content.decode()
    assert Proposal.objects.get().status == "pending"
    assert ConfigVersion.objects.filter(language="de").count() == 1


def test_a_guard_is_shown_and_overridden_with_a_reason_over_http(
    client_for, reviewer, make_user, german_sample
):
    client = client_for(reviewer)
    response = post_editor(client, with_rules(german_sample, (".+", "")), action="save")
    assert response.status_code == 302  # saved: the author may be mid-work
    proposal = Proposal.objects.get()
    url = reverse("reviewapp:proposal", args=[proposal.pk])
    page = client.get(url).content.decode()
    assert 'class="problem-guard"' in page and "it hides errors: 13 of the 13 errors" in page
    assert 'id="override-guard"' not in page  # a reviewer cannot decide
    client.force_login(make_user("max-de", maintains=["de"]))
    page = client.get(url).content.decode()
    assert 'id="override-guard"' in page and "Override the guard, reason" in page
    approve = reverse("reviewapp:proposal_approve", args=[proposal.pk])
    response = client.post(approve, {"override_reason": "", "message": "m"}, follow=True)
    assert "Not approved: guard: it erases text" in response.content.decode()
    assert Proposal.objects.get().status == "pending"
    client.post(approve, {"override_reason": "the wiki explains why", "message": "m"})
    assert Proposal.objects.get().status == "approved"
    event = AuditEvent.objects.get(action="proposal:approved")
    assert event.data["guard_override"]["reason"] == "the wiki explains why"


def test_a_page_shows_the_first_linked_flags_and_how_many_more(
    client_for, reviewer, german, monkeypatch
):
    from reviewapp.models import Flag, Turn
    from reviewapp.services import proposals

    turn = Turn.objects.get(reference="hmja das Konto")
    flags = [
        Flag.objects.create(
            turn=turn,
            version=german,
            language="de",
            author=reviewer,
            category=Flag.Category.FALSE_ERROR,
            ref_start=0,
            ref_end=1,
            hyp_start=0,
            hyp_end=0,
            ref_span="hmja",
        )  # fmt: skip
        for _ in range(3)
    ]
    proposal = proposals.do_create_proposal(
        reviewer, "de", with_fillers(german, "hmja"), title="hmja", flags=flags
    )
    monkeypatch.setattr(proposals, "FLAGS_SHOWN", 2)
    page = client_for(reviewer).get(reverse("reviewapp:proposal", args=[proposal.pk]))
    html = page.content.decode()
    assert [f'id="flag-result-{f.pk}"' in html for f in flags] == [True, True, False]
    assert "The first 2 linked flags are scored here, and 1 more are not." in html
