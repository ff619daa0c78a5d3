"""An approved rule edit rescores only the turns it can change and carries every other
score over: afterwards the database holds, under the new version, the scores and
conversation summaries a full rescore would have written."""

from __future__ import annotations

import pytest

from reviewapp.models import (
    AuditEvent,
    ConversationSummary,
    Job,
    Language,
    Score,
    Turn,
)
from reviewapp.services import proposals, versions
from reviewapp.services.configs import scorer_for
from reviewapp.services.flags import do_create_flag
from reviewapp.services.references import do_accept_reference
from reviewapp.services.scoring import create_job, run_chunk, score_row
from tests.reviewapp.factories import scored_conversation, with_fillers, with_rules

pytestmark = pytest.mark.django_db

TOUCHED = [("Zzhm, my flight is late", "my flight is late"), ("ZZHM. ok", "ok")]
UNTOUCHED = [
    ("I want a refund", "I want refund"),
    ("the gate changed to B12", "the gate change to B 12"),
    ("can you hear me", "can you hear me"),
]
#: compared row by row with a full rescore: everything a page or an export reads
COMPARED = [
    f.name for f in Score._meta.concrete_fields if f.name not in ("id", "created_at", "turn")
]


@pytest.fixture
def corpus(reviewer, make_user):
    """Five conversations; one untouched turn has a corrected reference, scored on both
    versions of it under English v1 as a worker scores them."""
    conversations = [scored_conversation([pair]) for pair in TOUCHED]
    conversations += [scored_conversation([pair]) for pair in UNTOUCHED]
    conversations.append(scored_conversation([UNTOUCHED[0], TOUCHED[0]]))  # mixed
    corrected = conversations[2].turns.get()
    flag = do_create_flag(reviewer, corrected.scores.get(), 0, category="reference_error")
    do_accept_reference(make_user("erin", maintains=["en"]), flag, "I want a full refund")
    version = Language.objects.get(code="en").active_version
    for chunk in create_job(Job.Kind.SCORE, "en", version, [corrected.pk]).chunks.all():
        run_chunk(chunk.pk)
    assert corrected.scores.count() == 2
    return conversations


def approve(user, content, title="an edit"):
    proposal = proposals.do_create_proposal(user, "en", content, title=title)
    new = proposals.do_approve(user, proposal)
    job = Job.objects.get(kind=Job.Kind.RESCORE, version=new)
    versions.plan_rescore(job.pk)  # what a worker does once the approval commits
    for chunk in job.chunks.order_by("index"):  # what the workers do once it commits
        run_chunk(chunk.pk)
    job.refresh_from_db()
    return new, job


def full_rescore(version) -> dict:
    """Every score a full rescore writes under `version`, by (turn, reference version)."""
    scorer = scorer_for(version)
    rows = {}
    for turn in Turn.objects.filter(language="en", scored=True):
        texts = [(turn.reference_version, turn.reference)]
        original = turn.references.filter(number=1).first()
        if original is not None and turn.reference_version > 1:
            texts.append((1, original.text))
        for number, text in texts:
            row = score_row(turn, version, scorer, reference=(number, text))
            rows[(turn.pk, number)] = {name: getattr(row, name) for name in COMPARED}
    return rows


def stored(version) -> dict:
    return {
        (score.turn_id, score.reference_version): {name: getattr(score, name) for name in COMPARED}
        for score in Score.objects.filter(version=version)
    }


def test_an_approval_rescores_the_touched_turns_and_carries_the_rest(corpus, make_user):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve(maintainer, with_fillers(v1, "zzhm"), title="zzhm is a filler")

    touched = set(Turn.objects.filter(reference__icontains="zzhm").values_list("pk", flat=True))
    assert job.status == Job.Status.DONE and job.total == len(touched) == 3
    assert {pk for chunk in job.chunks.all() for pk in chunk.turn_ids} == touched
    assert stored(v2) == full_rescore(v2)
    carried = Score.objects.filter(version=v2).exclude(turn__in=touched)
    assert carried.count() == 5  # four untouched turns, one of them on two references
    assert {s.normalizer["hash"] for s in carried} == {v2.normalizer_hash}
    assert Language.objects.get(code="en").scored_version == v2


def test_the_summaries_under_the_new_version_are_those_of_its_scores(corpus, make_user):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, _ = approve(maintainer, with_fillers(v1, "zzhm"))
    ids = [c.pk for c in corpus]
    assert set(
        ConversationSummary.objects.filter(version=v2).values_list("conversation", flat=True)
    ) == set(ids)
    # recomputing every summary from the scores changes none of them
    assert ConversationSummary.objects.refresh(v2.pk, ids, only_changed=True) == 0
    touched_mixed = ConversationSummary.objects.get(version=v2, conversation=corpus[-1])
    assert (touched_mixed.scored_turns, touched_mixed.errors) == (2, 1)


def test_the_rescore_audit_says_how_many_turns_were_rescored_and_carried(corpus, make_user):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve(maintainer, with_fillers(v1, "zzhm"))
    event = AuditEvent.objects.get(action=AuditEvent.Action.RESCORE_QUEUED, object_id=str(job.pk))
    assert (event.data["rescored"], event.data["carried"]) == (3, 4)
    assert event.data["carried_from"] == v1.number


def test_an_edit_the_filter_cannot_bound_rescores_every_turn(corpus, make_user):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve(maintainer, with_rules(v1, (r"\brefund\b", "reimbursement")))
    assert job.total == Turn.objects.filter(language="en", scored=True).count() == 7
    assert stored(v2) == full_rescore(v2)


def test_an_edit_no_text_holds_carries_every_score_and_is_done_at_once(corpus, make_user):
    maintainer = make_user("mia", maintains=["en"])
    v1 = Language.objects.get(code="en").active_version
    v2, job = approve(maintainer, with_fillers(v1, "qqxq"))
    assert job.total == 0 and job.status == Job.Status.DONE
    assert stored(v2) == full_rescore(v2)
    assert Language.objects.get(code="en").scored_version == v2


def test_a_turn_whose_original_reference_holds_the_key_is_rescored(reviewer, make_user):
    """A corrected turn is scored on its original reference too: a key only there
    still changes one of its scores, so the turn is rescored, not carried."""
    turn = scored_conversation([("zzhm I want a refund", "I want a refund")]).turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="reference_error")
    do_accept_reference(make_user("erin", maintains=["en"]), flag, "I want a refund")
    v1 = Language.objects.get(code="en").active_version
    for chunk in create_job(Job.Kind.SCORE, "en", v1, [turn.pk]).chunks.all():
        run_chunk(chunk.pk)
    scored_conversation([UNTOUCHED[1]])  # a turn to carry, so the edit is incremental
    v2, job = approve(make_user("mia", maintains=["en"]), with_fillers(v1, "zzhm"))
    assert [pk for chunk in job.chunks.all() for pk in chunk.turn_ids] == [turn.pk]
    assert stored(v2) == full_rescore(v2)
    assert Score.objects.get(turn=turn, version=v2, reference_version=1).errors == 0
