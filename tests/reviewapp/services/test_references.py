"""Reference corrections: an accepted correction is a new version of the turn's reference
(every version kept, none edited), the turn is rescored on its corrected and its original
reference, both scores are reported where they differ, and only a maintainer of the
turn's language decides, all or nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from reviewapp.enqueue import enqueue_job
from reviewapp.models import (
    AuditEvent,
    ConversationSummary,
    Flag,
    Job,
    Language,
    Score,
    Turn,
    TurnReference,
)
from reviewapp.queries import language_stats, shown_score
from reviewapp.services import references
from reviewapp.services.flags import do_create_flag, do_edit_flag
from reviewapp.services.references import (
    CorrectionError,
    do_accept_reference,
    do_reject_reference,
    score_pair,
)
from reviewapp.services.scoring import unscored_turn_ids
from reviewapp.services.versions import start_rescore
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

TYPO = ("my flight is at noone", "my flight is at noon")
FIXED = "my flight is at noon"


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


@pytest.fixture
def turn():
    return scored_conversation([TYPO]).turns.get()


@pytest.fixture
def flag(reviewer, turn):
    return do_create_flag(
        reviewer,
        turn.scores.get(),
        0,
        category="reference_error",
        note="typo in the reference",
        proposed_reference=FIXED,
    )


@pytest.fixture
def accept(django_capture_on_commit_callbacks):
    """Accept as the view does: the rescore job runs once the decision commits (tasks
    run eagerly in the tests)."""

    def run(user, flag, text=FIXED):
        with django_capture_on_commit_callbacks(execute=True):
            return do_accept_reference(user, flag, text)

    return run


def versions_of(turn) -> list[tuple]:
    rows = TurnReference.objects.filter(turn=turn).order_by("number")
    return list(rows.values_list("number", "text", "author__username", "accepted_by__username"))


# --- proposing -------------------------------------------------------------------------------


def test_a_reference_error_carries_its_proposed_text(flag):
    assert flag.proposed_reference == FIXED
    assert flag.reference_version == 1
    event = AuditEvent.objects.get(action=AuditEvent.Action.FLAG_CREATED)
    assert event.data["proposed_reference"] == FIXED


def test_a_proposal_is_kept_only_for_a_reference_error_that_changes_the_text(reviewer, turn):
    score = turn.scores.get()
    other = do_create_flag(reviewer, score, 0, category="real_error", proposed_reference=FIXED)
    assert other.proposed_reference == ""
    do_edit_flag(reviewer, other, category="reference_error", note="", proposed_reference=TYPO[0])
    other.refresh_from_db()
    assert (other.category, other.proposed_reference) == ("reference_error", "")
    do_edit_flag(reviewer, other, category="reference_error", proposed_reference=f" {FIXED} ")
    other.refresh_from_db()
    assert other.proposed_reference == FIXED
    do_edit_flag(reviewer, other, category="false_error")  # not a reference error any more
    other.refresh_from_db()
    assert other.proposed_reference == ""


# --- accepting -------------------------------------------------------------------------------


def test_accepting_keeps_the_imported_text_as_version_1_and_adds_version_2(
    reviewer, maintainer_en, turn, flag, accept
):
    version = accept(maintainer_en, flag)
    assert version.number == 2
    assert versions_of(turn) == [
        (1, TYPO[0], None, None),
        (2, FIXED, reviewer.username, maintainer_en.username),
    ]
    assert TurnReference.objects.get(turn=turn, number=1).created_at == turn.conversation.created_at
    turn.refresh_from_db()
    assert (turn.reference, turn.reference_version) == (FIXED, 2)
    flag.refresh_from_db()
    assert (flag.status, flag.resolved_by) == (Flag.Status.CORRECTED, maintainer_en)
    assert version.flag == flag


def test_versions_are_never_edited_and_a_second_correction_is_version_3(
    reviewer, maintainer_en, turn, flag, accept
):
    accept(maintainer_en, flag, "my flight is at noon today")  # the maintainer's text
    second = do_create_flag(
        reviewer, shown_score(turn), 0, category="reference_error", proposed_reference=FIXED
    )
    assert second.reference_version == 2  # flagged on the score of the corrected reference
    accept(maintainer_en, second)
    assert [row[:2] for row in versions_of(turn)] == [
        (1, TYPO[0]),
        (2, "my flight is at noon today"),
        (3, FIXED),
    ]
    first = TurnReference.objects.get(turn=turn, number=1)
    first.text = "rewritten"
    with pytest.raises(ValidationError, match="immutable"):
        first.save()
    with pytest.raises(ValidationError, match="never deleted"):
        first.delete()
    with pytest.raises(ValidationError):
        TurnReference.objects.filter(turn=turn).update(text="rewritten")
    assert TurnReference.objects.get(turn=turn, number=1).text == TYPO[0]


def test_the_turn_is_rescored_on_the_corrected_and_the_original_reference(
    maintainer_en, turn, flag, accept
):
    version_id = turn.scores.get().version_id
    accept(maintainer_en, flag)
    job = Job.objects.get()
    assert (job.kind, job.total, job.done, job.status) == (
        Job.Kind.RESCORE,
        1,
        1,
        Job.Status.DONE,
    )
    assert job.version_id == Language.objects.get(code="en").active_version_id == version_id
    assert not job.covers_all_turns  # one turn: the version's other scores are counted
    scores = {s.reference_version: s for s in Score.objects.filter(turn=turn)}
    assert set(scores) == {1, 2}
    assert (scores[1].errors, scores[2].errors) == (1, 0)
    assert shown_score(turn) == scores[2]
    # the conversation counts the turn once, on its corrected reference
    summary = ConversationSummary.objects.get(conversation=turn.conversation)
    assert (summary.scored_turns, summary.errors, summary.ref_len) == (1, 0, 5)
    assert unscored_turn_ids(scores[2].version, ["en"]) == []


def test_both_scores_are_reported_where_they_differ(maintainer_en, turn, flag, accept):
    accept(maintainer_en, flag)
    pair = score_pair(Score.objects.filter(turn=turn))
    assert (pair.shown.reference_version, pair.original.reference_version) == (2, 1)
    assert pair.differ
    # the dashboard gives the rate on the original references beside the current one
    (stats,) = [s for s in language_stats() if s.language.code == "en"]
    assert (stats.totals["errors"], stats.totals["corrected"]) == (0, 1)
    assert (stats.original["errors"], stats.original["ref_len"]) == (1, 5)


def test_a_correction_the_normalizer_does_not_see_reports_one_score(
    reviewer, maintainer_en, accept
):
    turn = scored_conversation([("My flight is at noon today", "my flight is at noon")]).turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="reference_error")
    accept(maintainer_en, flag, "my flight is at noon today")  # case only: folded away
    pair = score_pair(Score.objects.filter(turn=turn))
    assert pair.original is not None and not pair.differ


def test_a_later_rescore_scores_both_references_too(
    maintainer_en, turn, flag, accept, django_capture_on_commit_callbacks
):
    accept(maintainer_en, flag)
    version = Language.objects.get(code="en").active_version
    Score.objects.filter(version=version).delete()  # as if a new version scored from scratch
    with django_capture_on_commit_callbacks(execute=True):
        job = start_rescore(version)
        enqueue_job(job)
    numbers = Score.objects.filter(turn=turn).values_list("reference_version", flat=True)
    assert sorted(numbers) == [1, 2]


def test_a_turn_scored_only_on_an_older_reference_is_left_to_score(maintainer_en, turn, flag):
    do_accept_reference(maintainer_en, flag, FIXED)  # its job never runs
    version = Language.objects.get(code="en").active_version
    assert unscored_turn_ids(version, ["en"]) == [turn.pk]
    assert shown_score(turn).reference_version == 1  # the page shows it until then


def test_a_language_without_a_config_gets_no_job(maintainer_en, turn, flag, accept):
    Language.objects.filter(code="en").update(active_version=None)
    accept(maintainer_en, flag)
    assert not Job.objects.exists()
    turn.refresh_from_db()
    assert turn.reference_version == 2


# --- who decides, and what is refused --------------------------------------------------------


@pytest.mark.parametrize("who", ["reviewer", "maintainer_fr", "maintainer_de"])
def test_only_a_maintainer_of_the_language_decides(request, turn, flag, who):
    user = request.getfixturevalue(who)
    with pytest.raises(PermissionDenied):
        do_accept_reference(user, flag, FIXED)
    with pytest.raises(PermissionDenied):
        do_reject_reference(user, flag, "no")
    assert not TurnReference.objects.exists()
    assert Flag.objects.get(pk=flag.pk).status == Flag.Status.OPEN


def test_a_decided_flag_is_not_decided_again(maintainer_en, flag, accept):
    accept(maintainer_en, flag)
    with pytest.raises(CorrectionError, match="not open"):
        do_accept_reference(maintainer_en, flag, "my flight is at twelve")
    with pytest.raises(CorrectionError, match="not open"):
        do_reject_reference(maintainer_en, flag, "changed my mind")
    assert TurnReference.objects.count() == 2


def test_only_a_reference_error_corrects_a_reference(reviewer, maintainer_en, turn):
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="real_error")
    with pytest.raises(CorrectionError, match="reference-error"):
        do_accept_reference(maintainer_en, flag, FIXED)


@pytest.mark.parametrize("text", ["", "   ", TYPO[0], f" {TYPO[0]} "])
def test_an_empty_or_unchanged_text_is_refused(maintainer_en, flag, text):
    with pytest.raises(CorrectionError):
        do_accept_reference(maintainer_en, flag, text)
    assert not TurnReference.objects.exists()


def test_accepting_is_all_or_nothing(maintainer_en, turn, flag, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the job table is gone")

    monkeypatch.setattr(references, "create_job", broken)
    with pytest.raises(RuntimeError):
        do_accept_reference(maintainer_en, flag, FIXED)
    assert not TurnReference.objects.exists()
    turn = Turn.objects.get(pk=turn.pk)
    assert (turn.reference, turn.reference_version) == (TYPO[0], 1)
    assert Flag.objects.get(pk=flag.pk).status == Flag.Status.OPEN
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.REFERENCE_ACCEPTED).exists()


def test_a_rejection_needs_a_reason_and_keeps_the_reference(maintainer_en, turn, flag):
    with pytest.raises(CorrectionError, match="why"):
        do_reject_reference(maintainer_en, flag, "  ")
    do_reject_reference(maintainer_en, flag, "noone is what the speaker said")
    flag.refresh_from_db()
    assert (flag.status, flag.resolved_by, flag.resolution_note) == (
        Flag.Status.REJECTED,
        maintainer_en,
        "noone is what the speaker said",
    )
    turn.refresh_from_db()
    assert (turn.reference, turn.reference_version) == (TYPO[0], 1)
    assert not TurnReference.objects.exists() and not Job.objects.exists()
