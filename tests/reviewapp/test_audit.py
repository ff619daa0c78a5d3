"""Every state change writes one append-only audit event, in the transaction of the change:
one test per action (flags, proposals, approval, rejection, rebase, revert, import,
rescore queued and cancelled, role changes, API tokens, review passes, re-pairings). Audit
rows cannot be changed or deleted."""

from __future__ import annotations

import copy
import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db.models import ProtectedError
from django.urls import NoReverseMatch, reverse

from reviewapp.models import ApiToken, AuditEvent, ConfigVersion, DataFinding, Job, Language
from reviewapp.services import proposals, versions
from reviewapp.services.accounts import do_make_maintainer, do_make_reviewer
from reviewapp.services.configs import ensure_languages
from reviewapp.services.flags import do_create_flag, do_edit_flag, do_withdraw_flag
from reviewapp.services.imports import do_import
from reviewapp.services.references import do_accept_reference, do_reject_reference
from reviewapp.services.repairs import do_repair, do_restore
from reviewapp.services.scoring import create_job, run_chunk
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

Action = AuditEvent.Action


def only_event(action: str) -> AuditEvent:
    events = list(AuditEvent.objects.filter(action=action))
    assert len(events) == 1, [str(e) for e in events]
    return events[0]


def only_event_after(action: str, before: set[int]) -> AuditEvent:
    events = list(AuditEvent.objects.filter(action=action).exclude(pk__in=before))
    assert len(events) == 1, [str(e) for e in events]
    return events[0]


def with_filler(version, word: str) -> dict:
    content = copy.deepcopy(version.content)
    content["config"]["fillers"].append(word)
    return content


@pytest.fixture
def score(db):
    return scored_conversation([("das Konto", "das Kondo")], language="de").turns.get().scores.get()


@pytest.fixture
def flag(reviewer, score):
    return do_create_flag(reviewer, score, 0, category="false_error", note="first")


@pytest.fixture
def v1(db):
    ensure_languages()
    return Language.objects.get(code="de").active_version


@pytest.fixture
def proposal(reviewer, v1):
    return proposals.do_create_proposal(reviewer, "de", with_filler(v1, "hmja"), title="hmja")


# --- flags -----------------------------------------------------------------------------------


def test_flag_created(reviewer, flag):
    event = only_event(Action.FLAG_CREATED)
    assert (event.actor, event.object_type, event.object_id) == (reviewer, "flag", str(flag.pk))
    assert event.language == "de"
    assert event.data["category"] == "false_error" and event.data["note"] == "first"
    assert (event.data["ref_span"], event.data["hyp_span"]) == (flag.ref_span, flag.hyp_span)


def test_flag_edited(reviewer, flag):
    do_edit_flag(reviewer, flag, category="real_error", note="second")
    event = only_event(Action.FLAG_EDITED)
    assert (event.actor, event.object_id) == (reviewer, str(flag.pk))
    assert event.data == {
        "before": {"category": "false_error", "note": "first"},
        "after": {"category": "real_error", "note": "second"},
    }


def test_flag_withdrawn(reviewer, flag):
    do_withdraw_flag(reviewer, flag)
    do_withdraw_flag(reviewer, flag)  # again: no change, no second event
    event = only_event(Action.FLAG_WITHDRAWN)
    assert (event.actor, event.object_id, event.language) == (reviewer, str(flag.pk), "de")


# --- reference corrections -------------------------------------------------------------------


@pytest.fixture
def reference_flag(reviewer, score):
    return do_create_flag(
        reviewer, score, 0, category="reference_error", proposed_reference="das Kondo"
    )


def test_reference_accepted_with_its_rescore(maintainer_de, reference_flag):
    version = do_accept_reference(maintainer_de, reference_flag, "das Kondo")
    event = only_event(Action.REFERENCE_ACCEPTED)
    assert (event.actor, event.object_type, event.object_id) == (
        maintainer_de,
        "flag",
        str(reference_flag.pk),
    )
    assert event.language == "de"
    assert event.data == {
        "turn": reference_flag.turn_id,
        "reference_version": version.number,
        "text": "das Kondo",
        "was": "das Konto",
        "proposed": "das Kondo",
    }
    queued = only_event(Action.RESCORE_QUEUED)
    assert queued.data["turns"] == 1 and queued.data["turn"] == reference_flag.turn_id


def test_reference_rejected(maintainer_de, reference_flag):
    do_reject_reference(maintainer_de, reference_flag, "Konto is the word meant")
    event = only_event(Action.REFERENCE_REJECTED)
    assert (event.actor, event.object_id, event.language) == (
        maintainer_de,
        str(reference_flag.pk),
        "de",
    )
    assert event.data["reason"] == "Konto is the word meant"
    assert not AuditEvent.objects.filter(action=Action.RESCORE_QUEUED).exists()


def test_flag_closed(maintainer_de, flag):
    from reviewapp.services.flag_states import do_close_flags

    do_close_flags(maintainer_de, [flag.pk], status="wont_fix", reason="  a name  ")
    do_close_flags(maintainer_de, [flag.pk], status="wont_fix", reason="a name")  # no change
    event = only_event(Action.FLAG_CLOSED)
    assert (event.actor, event.object_type, event.object_id) == (
        maintainer_de,
        "flag",
        str(flag.pk),
    )
    assert (event.language, event.data) == ("de", {"status": "wont_fix", "reason": "a name"})


def test_flag_reopened(maintainer_de, flag):
    from reviewapp.services.flag_states import do_close_flags, do_reopen_flag

    do_close_flags(maintainer_de, [flag.pk], status="wont_fix", reason="a name")
    do_reopen_flag(maintainer_de, flag)
    do_reopen_flag(maintainer_de, flag)  # open already: no second event
    event = only_event(Action.FLAG_REOPENED)
    assert (event.actor, event.object_id, event.language) == (maintainer_de, str(flag.pk), "de")
    assert event.data == {"was": {"status": "wont_fix", "reason": "a name"}}


# --- proposals -------------------------------------------------------------------------------


def test_proposal_created(reviewer, proposal):
    event = only_event(Action.PROPOSAL_CREATED)
    assert (event.actor, event.object_type, event.object_id) == (
        reviewer,
        "proposal",
        str(proposal.pk),
    )
    assert event.data["base_version"] == 1
    assert any("hmja" in change for change in event.data["changes"])


def test_proposal_edited(reviewer, proposal, v1):
    proposals.do_edit_proposal(
        reviewer, proposal, with_filler(v1, "soso"), title="soso", description="changed"
    )
    event = only_event(Action.PROPOSAL_EDITED)
    assert (event.actor, event.object_id, event.language) == (reviewer, str(proposal.pk), "de")


def test_proposal_approved_creates_a_version_and_queues_a_rescore(maintainer_de, proposal):
    v1_events = set(AuditEvent.objects.values_list("pk", flat=True))  # the bootstrap's
    version = proposals.do_approve(maintainer_de, proposal, message="hmja is a filler")
    approved = only_event(Action.PROPOSAL_APPROVED)
    assert (approved.actor, approved.object_id) == (maintainer_de, str(proposal.pk))
    assert approved.data == {
        "version": version.number,
        "reason": "hmja is a filler",
        "checked_turns": 0,
    }
    created = only_event_after(Action.VERSION_CREATED, v1_events)
    assert (created.object_type, created.object_id) == ("configversion", str(version.pk))
    assert created.data["parent"] == 1 and created.data["hash"] == version.normalizer_hash
    # the rescore's turns are found by the plan task, which records the queueing, in the
    # approver's name, with the counts it found
    job = Job.objects.get(kind=Job.Kind.RESCORE)
    assert not AuditEvent.objects.filter(action=Action.RESCORE_QUEUED).exists()
    versions.plan_rescore(job.pk)
    queued = only_event(Action.RESCORE_QUEUED)
    assert (queued.actor, queued.object_type, queued.object_id) == (
        maintainer_de,
        "job",
        str(job.pk),
    )
    assert queued.data["version"] == version.number


def test_proposal_rejected(maintainer_de, proposal):
    proposals.do_reject(maintainer_de, proposal, "  not a filler in German  ")
    event = only_event(Action.PROPOSAL_REJECTED)
    assert (event.actor, event.object_id) == (maintainer_de, str(proposal.pk))
    assert event.data == {"reason": "not a filler in German"}


def test_proposal_commented(maintainer_de, proposal):
    from reviewapp.services.comments import do_comment

    comment = do_comment(maintainer_de, proposal, "  Is hmja a filler in Swiss German too?  ")
    event = only_event(Action.PROPOSAL_COMMENTED)
    assert (event.actor, event.object_id) == (maintainer_de, str(proposal.pk))
    assert event.data == {"comment": comment.pk}
    assert comment.text == "Is hmja a filler in Swiss German too?"


def test_proposal_rebased(reviewer, maintainer_de, proposal, v1):
    other = proposals.do_create_proposal(reviewer, "de", with_filler(v1, "naja"), title="naja")
    proposals.do_approve(maintainer_de, other)
    assert not AuditEvent.objects.filter(action=Action.PROPOSAL_EDITED).exists()
    proposals.do_rebase(reviewer, proposal)
    event = only_event(Action.PROPOSAL_EDITED)
    assert (event.actor, event.object_id) == (reviewer, str(proposal.pk))
    assert event.data == {"rebased_onto": 2}


def test_revert_is_a_proposal_with_its_event(reviewer, maintainer_de, proposal, client_for):
    proposals.do_approve(maintainer_de, proposal)
    response = client_for(reviewer).post(reverse("reviewapp:config_revert", args=["de", 1]))
    assert response.status_code == 302
    events = AuditEvent.objects.filter(action=Action.PROPOSAL_CREATED).order_by("pk")
    assert events.count() == 2
    assert events.last().actor == reviewer


# --- imports and jobs ------------------------------------------------------------------------


def test_import(maintainer_de, v1):
    line = {"id": "a-1", "language": "de", "turns": [{"reference": "a b", "hypothesis": "a c"}]}
    result = do_import((json.dumps(line) + "\n").encode(), "audit.jsonl", user=maintainer_de)
    event = only_event(Action.IMPORT)
    assert (event.actor, event.object_type, event.object_id) == (
        maintainer_de,
        "importbatch",
        str(result.batch.pk),
    )
    assert event.data == {
        "source": "audit.jsonl",
        "format": "jsonl",
        "conversations": 1,
        "turns": 1,
        "skipped_existing": 0,
    }


# --- language bootstrap (version 1 of each config, from configs/) --------------------------


def test_bootstrap_records_each_first_version_with_the_languages_pointed_at_it(maintainer_de):
    ensure_languages(maintainer_de)
    events = {e.language: e for e in AuditEvent.objects.filter(action=Action.VERSION_CREATED)}
    versions = {v.language: v for v in ConfigVersion.objects.all()}
    assert set(events) == set(versions) and all(v.number == 1 for v in versions.values())
    french = events["fr"]
    assert (french.actor, french.object_type) == (maintainer_de, "configversion")
    assert french.object_id == str(versions["fr"].pk)
    assert french.data == {
        "parent": None,
        "hash": versions["fr"].normalizer_hash,
        "source": "configs/fr.json",
        "languages": sorted(Language.objects.codes_for("fr")),
    }
    assert "fr-CA" in french.data["languages"]  # scored by fr's config, pointed at it too


def test_bootstrap_run_again_records_nothing(v1):
    count = AuditEvent.objects.count()
    ensure_languages()
    assert AuditEvent.objects.count() == count


def test_an_import_that_bootstraps_the_languages_records_its_importer(maintainer_de):
    line = {"id": "a-1", "language": "de", "turns": [{"reference": "a b", "hypothesis": "a c"}]}
    do_import((json.dumps(line) + "\n").encode(), "audit.jsonl", user=maintainer_de)
    german = AuditEvent.objects.get(action=Action.VERSION_CREATED, language="de")
    assert german.actor == maintainer_de and german.data["languages"] == ["de"]


@pytest.fixture
def running_job(v1, score):
    job = create_job(Job.Kind.RESCORE, "de", v1, [score.turn_id])
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING)
    return job


def test_rescore_cancelled(client_for, maintainer_de, running_job):
    response = client_for(maintainer_de).post(
        reverse("reviewapp:job_cancel", args=[running_job.pk])
    )
    assert response.status_code == 302
    event = only_event(Action.RESCORE_CANCELLED)
    assert (event.actor, event.object_id, event.language) == (
        maintainer_de,
        str(running_job.pk),
        "de",
    )
    # cancelling a finished job changes nothing and writes nothing
    client_for(maintainer_de).post(reverse("reviewapp:job_cancel", args=[running_job.pk]))
    assert AuditEvent.objects.filter(action=Action.RESCORE_CANCELLED).count() == 1


def test_rescore_queued_by_a_retry(client_for, maintainer_de, running_job):
    Job.objects.filter(pk=running_job.pk).update(status=Job.Status.FAILED)
    response = client_for(maintainer_de).post(reverse("reviewapp:job_retry", args=[running_job.pk]))
    assert response.status_code == 302
    retry = Job.objects.exclude(pk=running_job.pk).get()
    event = only_event(Action.RESCORE_QUEUED)
    assert (event.actor, event.object_id) == (maintainer_de, str(retry.pk))
    assert event.data["retry_of"] == running_job.pk


# --- accounts --------------------------------------------------------------------------------


def test_role_change_to_reviewer():
    user = do_make_reviewer("new-reviewer", "pass-word-123")
    event = only_event(Action.ROLE_CHANGED)
    assert (event.actor, event.object_type, event.object_id) == (None, "user", str(user.pk))
    assert event.data == {"role": "reviewer", "created": True, "added": True}


def test_role_change_to_maintainer_names_the_languages(reviewer):
    do_make_maintainer("new-maintainer", "pass-word-123", ["de", "fr"], actor=reviewer)
    user = do_make_maintainer("new-maintainer", "pass-word-456", ["fr", "it"])
    events = list(
        AuditEvent.objects.filter(action=Action.ROLE_CHANGED, object_id=str(user.pk)).order_by("pk")
    )
    assert len(events) == 2
    first, second = events
    assert first.actor == reviewer and second.actor is None
    assert first.data == {
        "role": "maintainer",
        "created": True,
        "languages_added": ["de", "fr"],
        "languages": ["de", "fr"],
    }
    assert second.data == {
        "role": "maintainer",
        "created": False,
        "languages_added": ["it"],
        "languages": ["de", "fr", "it"],
    }


def test_demo_users_command_audits_each_role(db):
    call_command("create_demo_users", stdout=io.StringIO())
    assert AuditEvent.objects.filter(action=Action.ROLE_CHANGED).count() == 3


def test_api_token_created(reviewer):
    out = io.StringIO()
    call_command("create_api_token", reviewer.username, "--name", "ci-box", stdout=out)
    token = ApiToken.objects.get()
    event = only_event(Action.TOKEN_CREATED)
    assert (event.object_type, event.object_id) == ("apitoken", str(token.pk))
    assert event.data == {"user": reviewer.username, "name": "ci-box"}
    assert out.getvalue().strip() not in json.dumps(event.data)  # the key itself is not logged


# --- review passes ---------------------------------------------------------------------------


@pytest.fixture
def review_pass(reviewer, maintainer_de, score):
    from reviewapp.services.passes import do_create_pass

    return do_create_pass(
        maintainer_de,
        name="Konto",
        language="de",
        reviewers=[reviewer, maintainer_de],
        overlap=2,
        seed=5,
    )


def test_pass_created(maintainer_de, review_pass):
    event = only_event(Action.PASS_CREATED)
    assert (event.actor, event.object_type, event.object_id, event.language) == (
        maintainer_de,
        "reviewpass",
        str(review_pass.pk),
        "de",
    )
    assert (event.data["turns"], event.data["overlap"], event.data["seed"]) == (1, 2, 5)


def test_pass_turn_reviewed(reviewer, review_pass, score):
    from reviewapp.services.passes import do_mark_reviewed

    do_mark_reviewed(reviewer, review_pass, score.turn)
    do_mark_reviewed(reviewer, review_pass, score.turn)  # again: no change, no event
    event = only_event(Action.PASS_REVIEWED)
    assert (event.actor, event.object_id) == (reviewer, str(review_pass.pk))
    assert event.data == {"turn": score.turn_id, "none_regions": [0]}


def test_pass_region_labeled(reviewer, review_pass, score):
    from reviewapp.services.passes import do_label

    do_label(reviewer, review_pass, score.turn, 0, "real_error")
    event = only_event(Action.PASS_LABELED)
    assert (event.actor, event.object_id) == (reviewer, str(review_pass.pk))
    assert event.data == {"turn": score.turn_id, "region": 0, "label": "real_error"}


def test_pass_region_adjudicated(maintainer_de, review_pass, score):
    from reviewapp.services.passes import do_adjudicate

    do_adjudicate(maintainer_de, review_pass, score.turn, 0, "false_error", note=" Konto ")
    event = only_event(Action.PASS_ADJUDICATED)
    assert (event.actor, event.object_id) == (maintainer_de, str(review_pass.pk))
    assert event.data == {
        "turn": score.turn_id,
        "region": 0,
        "label": "false_error",
        "note": "Konto",
    }


# --- data quality: re-pairing a shifted run --------------------------------------------------


@pytest.fixture
def repairing(maintainer_de, v1):
    """A German conversation whose user turns 0-2 hold the transcripts of turns 1-3,
    re-paired by maintainer_de."""
    references = [
        "Mein Konto ist seit heute Morgen gesperrt.",
        "Ich habe mein Passwort dreimal falsch eingegeben.",
        "Können Sie mir einen neuen Code schicken?",
        "Meine Handynummer endet auf vier sieben.",
    ]
    pairs = zip(references, references[1:] + [""], strict=True)
    line = {
        "id": "shift-1",
        "language": "de",
        "turns": [{"reference": r, "hypothesis": h} for r, h in pairs],
    }
    result = do_import((json.dumps(line) + "\n").encode(), "shift.jsonl", user=maintainer_de)
    for chunk in result.jobs[0].chunks.all():
        run_chunk(chunk.pk)
    finding = DataFinding.objects.get(kind=DataFinding.Kind.SHIFT)
    return do_repair(maintainer_de, finding)


def test_pairing_repaired(maintainer_de, repairing):
    event = only_event(Action.PAIRING_REPAIRED)
    assert (event.actor, event.object_type, event.object_id, event.language) == (
        maintainer_de,
        "repairing",
        str(repairing.pk),
        "de",
    )
    assert event.data["turns"] == [0, 2] and event.data["shift"] == 1
    assert event.data["changed"] == [0, 1, 2, 3]
    assert event.data["before"]["errors"] > event.data["after"]["errors"]


def test_pairing_restored(maintainer_de, repairing):
    do_restore(maintainer_de, repairing)
    event = only_event(Action.PAIRING_RESTORED)
    assert (event.actor, event.object_type, event.object_id) == (
        maintainer_de,
        "repairing",
        str(repairing.pk),
    )
    assert event.data["changed"] == [0, 1, 2, 3]
    assert event.data["after"] == only_event(Action.PAIRING_REPAIRED).data["before"]


def test_every_action_has_a_test_here():
    tested = {
        Action.IMPORT: test_import,
        Action.FLAG_CREATED: test_flag_created,
        Action.FLAG_EDITED: test_flag_edited,
        Action.FLAG_WITHDRAWN: test_flag_withdrawn,
        Action.FLAG_CLOSED: test_flag_closed,
        Action.FLAG_REOPENED: test_flag_reopened,
        Action.PROPOSAL_CREATED: test_proposal_created,
        Action.PROPOSAL_EDITED: test_proposal_edited,
        Action.PROPOSAL_APPROVED: test_proposal_approved_creates_a_version_and_queues_a_rescore,
        Action.PROPOSAL_REJECTED: test_proposal_rejected,
        Action.PROPOSAL_COMMENTED: test_proposal_commented,
        Action.REFERENCE_ACCEPTED: test_reference_accepted_with_its_rescore,
        Action.REFERENCE_REJECTED: test_reference_rejected,
        Action.VERSION_CREATED: test_proposal_approved_creates_a_version_and_queues_a_rescore,
        Action.RESCORE_QUEUED: test_rescore_queued_by_a_retry,
        Action.RESCORE_CANCELLED: test_rescore_cancelled,
        Action.ROLE_CHANGED: test_role_change_to_reviewer,
        Action.TOKEN_CREATED: test_api_token_created,
        Action.PASS_CREATED: test_pass_created,
        Action.PASS_REVIEWED: test_pass_turn_reviewed,
        Action.PASS_LABELED: test_pass_region_labeled,
        Action.PASS_ADJUDICATED: test_pass_region_adjudicated,
        Action.PAIRING_REPAIRED: test_pairing_repaired,
        Action.PAIRING_RESTORED: test_pairing_restored,
    }
    assert set(tested) == set(Action.values)


# --- append-only -----------------------------------------------------------------------------


def test_an_event_cannot_be_changed_or_deleted(reviewer, flag):
    event = only_event(Action.FLAG_CREATED)
    event.data = {"note": "rewritten"}
    with pytest.raises(ValidationError, match="immutable"):
        event.save()
    with pytest.raises(ValidationError, match="never deleted"):
        event.delete()
    event.refresh_from_db()
    assert event.data["note"] == "first"


def test_an_actor_with_events_cannot_be_deleted(reviewer, flag):
    with pytest.raises(ProtectedError):
        reviewer.delete()
    assert AuditEvent.objects.filter(actor=reviewer).exists()


def test_the_admin_offers_no_way_to_edit_events(admin_client):
    with pytest.raises(NoReverseMatch):
        reverse("admin:reviewapp_auditevent_changelist")
    assert admin_client.get("/admin/reviewapp/auditevent/").status_code == 404


@pytest.mark.parametrize("operation", ["update", "delete"])
def test_bulk_writes_cannot_change_events(reviewer, flag, operation):
    events = AuditEvent.objects.filter(action=Action.FLAG_CREATED)
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do
        if operation == "update":
            events.update(data={})
        else:
            events.delete()
    assert only_event(Action.FLAG_CREATED).data["note"] == "first"
