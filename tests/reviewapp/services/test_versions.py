"""Versions pin their companions: a Hindi score is the same in every process across an
English approval, and approving English gives each dependent language a new version,
pinned to it and rescored, in the approval's transaction."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.db import models

from reviewapp.models import AuditEvent, ConfigVersion, Job, Language, Proposal, Score
from reviewapp.services import proposals, versions
from reviewapp.services.configs import ensure_languages, scorer_for
from reviewapp.services.scoring import create_job, run_chunk
from tests.reviewapp.factories import ConversationFactory, TurnFactory, with_fillers
from tests.support.worker import ROOT, WorkerProcess

pytestmark = pytest.mark.django_db(transaction=True)

# English "ahem" is a filler only once the English proposal below is approved: Hindi's
# code-switch rescue reads the Latin word with the English rules, so the pair has 1 error
# under English v1 and none under English v2.
REFERENCE, HYPOTHESIS = "मुझे ahem टिकट चाहिए", "मुझे टिकट चाहिए"

FRESH_PROCESS = """
import json, sys
import django
django.setup()
from reviewapp.models import ConfigVersion, Turn
from reviewapp.services.configs import scorer_for
version = ConfigVersion.objects.get(pk=int(sys.argv[1]))
turn = Turn.objects.get(pk=int(sys.argv[2]))
scorer = scorer_for(version)
errors = scorer.score(turn.reference, turn.hypothesis).counts.errors
print(json.dumps({"errors": errors, "hash": scorer.identity.hash}))
"""


def fresh_process_score(version: ConfigVersion, turn) -> dict:
    """Score the turn under the version in a new Python process, as a worker started now
    would: nothing of this process's caches reaches it."""
    out = subprocess.run(
        [sys.executable, "-c", FRESH_PROCESS, str(version.pk), str(turn.pk)],
        env=WorkerProcess().env(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.fixture
def hindi_turn():
    ensure_languages()
    turn = TurnFactory(
        conversation=ConversationFactory(language="hi"),
        language="hi",
        reference=REFERENCE,
        hypothesis=HYPOTHESIS,
    )
    hi_v1 = Language.objects.get(code="hi").active_version
    for chunk_id in create_job(Job.Kind.SCORE, "hi", hi_v1, [turn.pk]).chunks.values_list(
        "pk", flat=True
    ):
        run_chunk(chunk_id)
    return turn


@pytest.fixture
def approve_ahem(reviewer, make_user):
    """Approve "ahem is a filler" for English; returns English's new version."""

    def approve() -> ConfigVersion:
        en_v1 = Language.objects.get(code="en").active_version
        proposal = proposals.do_create_proposal(
            reviewer, "en", with_fillers(en_v1, "ahem"), title="ahem is a filler"
        )
        return proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal)

    return approve


def test_hindi_scores_the_same_in_a_long_lived_and_a_fresh_process_across_an_english_approval(
    hindi_turn, approve_ahem
):
    hi_v1 = Language.objects.get(code="hi").active_version
    long_lived = scorer_for(hi_v1)  # a worker's cache, built before the approval
    assert long_lived.score(REFERENCE, HYPOTHESIS).counts.errors == 1

    en_v2 = approve_ahem()

    hi_v1.refresh_from_db()
    fresh = fresh_process_score(hi_v1, hindi_turn)
    assert scorer_for(hi_v1) is long_lived
    assert fresh == {"errors": 1, "hash": hi_v1.normalizer_hash}
    assert long_lived.identity.hash == hi_v1.normalizer_hash
    assert Score.objects.get(turn=hindi_turn, version=hi_v1).errors == 1

    # English's new rules reach Hindi through a new Hindi version, pinned to English v2
    hi_v2 = Language.objects.get(code="hi").active_version
    assert (hi_v2.number, hi_v2.parent, hi_v2.companions) == (2, hi_v1, {"en": en_v2.number})
    assert hi_v2.content == hi_v1.content
    assert hi_v2.normalizer_hash != hi_v1.normalizer_hash
    assert fresh_process_score(hi_v2, hindi_turn) == {"errors": 0, "hash": hi_v2.normalizer_hash}
    assert scorer_for(hi_v2).score(REFERENCE, HYPOTHESIS).counts.errors == 0


def test_approving_english_bumps_and_rescores_every_language_that_pins_it(hindi_turn, approve_ahem):
    en_v2 = approve_ahem()
    hi_v2 = Language.objects.get(code="hi").active_version
    assert hi_v2.message.startswith(f"Dependency bump to en v{en_v2.number} ({en_v2.label})")
    assert hi_v2.approver == en_v2.approver and hi_v2.proposal is None
    rescore = Job.objects.get(kind=Job.Kind.RESCORE, version=hi_v2)
    assert (rescore.status, rescore.done, rescore.total) == (Job.Status.DONE, 1, 1)
    assert rescore.covers_all_turns  # a full rescore
    assert Score.objects.get(turn=hindi_turn, version=hi_v2).errors == 0
    assert Language.objects.get(code="hi").scored_version == hi_v2
    created = AuditEvent.objects.get(action="version:created", object_id=str(hi_v2.pk))
    assert created.data["dependency_bump"] == {"en": en_v2.number}
    assert created.actor == en_v2.approver
    # every language whose config code-switches with English, fr-CA with fr's version
    dependents = {
        row.code: row.active_version.companions
        for row in Language.objects.exclude(config_language__in=["en", "ha", "fa"])
    }
    assert set(dependents) == {"de", "nl", "fr", "fr-CA", "es", "it", "hi", "ko", "ja"}
    assert all(pins == {"en": en_v2.number} for pins in dependents.values())
    assert Language.objects.get(code="fr").active_version == (
        Language.objects.get(code="fr-CA").active_version
    )
    assert ConfigVersion.objects.filter(language="fr").count() == 2


def test_an_approval_whose_dependency_bump_fails_writes_nothing(
    hindi_turn, approve_ahem, monkeypatch
):
    real = versions.create_version

    def refuse_hindi(language, *args, **kwargs):
        if language == "hi":
            raise RuntimeError("hindi refused")
        return real(language, *args, **kwargs)

    monkeypatch.setattr(versions, "create_version", refuse_hindi)
    events = AuditEvent.objects.exclude(action="role:changed")
    before = (ConfigVersion.objects.count(), Job.objects.count(), events.count())
    with pytest.raises(RuntimeError, match="hindi refused"):
        approve_ahem()
    after = (ConfigVersion.objects.count(), Job.objects.count(), events.count())
    assert after == (before[0], before[1], before[2] + 1)  # only "proposal:created"
    assert Proposal.objects.get().status == Proposal.Status.PENDING
    assert Language.objects.get(code="en").active_version.number == 1


def test_a_proposal_needs_no_rebase_after_a_dependency_bump(hindi_turn, approve_ahem, make_user):
    hi_v1 = Language.objects.get(code="hi").active_version
    proposal = proposals.do_create_proposal(
        make_user("hari-reviewer"), "hi", with_fillers(hi_v1, "अच्छा"), title="filler"
    )
    en_v2 = approve_ahem()
    hi_v3 = proposals.do_approve(make_user("mira-hi", maintains=["hi"]), proposal)
    assert (hi_v3.number, hi_v3.parent.number, hi_v3.companions) == (3, 2, {"en": en_v2.number})


def test_restamp_replaces_versions_stamped_by_other_code_and_bumps_their_dependents(hindi_turn):
    en_v1 = Language.objects.get(code="en").active_version
    recorded_elsewhere(en_v1, "0" * 64)
    assert versions.do_restamp() != []
    en_v2 = Language.objects.get(code="en").active_version
    assert (en_v2.number, en_v2.content) == (2, en_v1.content)
    assert en_v2.normalizer_hash == scorer_for(en_v2).identity.hash
    assert "Restamp" in en_v2.message
    hi = Language.objects.get(code="hi")
    assert hi.active_version.companions == {"en": 2} and hi.active_version.number == 2
    assert hi.scored_version == hi.active_version  # its rescore ran
    out = io.StringIO()
    call_command("restamp_versions", stdout=out)  # nothing left to restamp
    assert out.getvalue().endswith("0 version(s) restamped; their rescores are queued\n")


def recorded_elsewhere(version: ConfigVersion, normalizer_hash: str) -> None:
    """As if another build of the scoring code had stamped the version (rows are immutable
    through the model: a plain QuerySet stands for that other build's INSERT)."""
    models.QuerySet(ConfigVersion).filter(pk=version.pk).update(normalizer_hash=normalizer_hash)
    version.refresh_from_db()
