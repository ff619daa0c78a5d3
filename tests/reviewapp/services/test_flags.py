"""Flag writes: spans come from the stored score, only the author changes a flag, and
every change writes its audit event in the same transaction."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from reviewapp.models import AuditEvent, Flag
from reviewapp.services import flags as flag_service
from reviewapp.services.flags import (
    DuplicateFlagError,
    FlagError,
    do_create_flag,
    do_edit_flag,
    do_withdraw_flag,
)
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db


@pytest.fixture
def score():
    # regions: book/look (0), then l a x / lax (1)
    conversation = scored_conversation([("book the l a x flight", "look the LAX flight")])
    return conversation.turns.get().scores.get()


def test_create_takes_spans_from_the_score(reviewer, score):
    flag = do_create_flag(reviewer, score, 1, category="false_error", note="spelled code")
    assert (flag.ref_start, flag.ref_end, flag.hyp_start, flag.hyp_end) == (2, 5, 2, 3)
    assert (flag.ref_span, flag.hyp_span) == ("l a x", "lax")
    assert (flag.version_id, flag.language, flag.turn_id) == (
        score.version_id,
        "en",
        score.turn_id,
    )
    event = AuditEvent.objects.get(action=AuditEvent.Action.FLAG_CREATED)
    assert (event.actor, event.object_id, event.language) == (reviewer, str(flag.pk), "en")
    assert event.data["ref_span"] == "l a x" and event.data["note"] == "spelled code"


def test_create_refuses_a_missing_region_or_a_bad_category(reviewer, score):
    with pytest.raises(FlagError):
        do_create_flag(reviewer, score, 2, category="false_error")
    with pytest.raises(FlagError):
        do_create_flag(reviewer, score, 0, category="typo")
    with pytest.raises(FlagError):
        do_create_flag(reviewer, score, 0, category="real_error", note="x" * 2001)
    assert (
        not Flag.objects.exists() and not AuditEvent.objects.exclude(action="role:changed").exists()
    )


def test_a_second_open_flag_by_the_same_author_on_a_region_is_refused(reviewer, score):
    first = do_create_flag(reviewer, score, 1, category="false_error", note="spelled code")
    with pytest.raises(DuplicateFlagError) as refused:
        do_create_flag(reviewer, score, 1, category="real_error", note="again")
    assert refused.value.flag == first
    assert list(Flag.objects.values_list("pk", "category", "note")) == [
        (first.pk, "false_error", "spelled code")
    ]
    assert AuditEvent.objects.filter(action=AuditEvent.Action.FLAG_CREATED).count() == 1


def test_another_region_another_author_or_a_withdrawn_flag_do_not_block(
    reviewer, maintainer_de, score
):
    first = do_create_flag(reviewer, score, 1, category="false_error")
    do_create_flag(reviewer, score, 0, category="real_error")  # another region
    do_create_flag(maintainer_de, score, 1, category="false_error")  # a second opinion
    do_withdraw_flag(reviewer, first)
    again = do_create_flag(reviewer, score, 1, category="reference_error")
    assert again.pk != first.pk
    assert Flag.objects.filter(status=Flag.Status.OPEN).count() == 3


def test_audit_failure_rolls_the_flag_back(reviewer, score, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("audit down")

    monkeypatch.setattr(flag_service.audit, "record", broken)
    with pytest.raises(RuntimeError):
        do_create_flag(reviewer, score, 0, category="real_error")
    assert not Flag.objects.exists()


def test_author_edits_and_the_change_is_audited(reviewer, score):
    flag = do_create_flag(reviewer, score, 0, category="false_error")
    do_edit_flag(reviewer, flag, category="real_error", note="a real mishearing")
    flag.refresh_from_db()
    assert (flag.category, flag.note) == ("real_error", "a real mishearing")
    event = AuditEvent.objects.get(action=AuditEvent.Action.FLAG_EDITED)
    assert event.data == {
        "before": {"category": "false_error", "note": ""},
        "after": {"category": "real_error", "note": "a real mishearing"},
    }


def test_an_edit_that_changes_nothing_writes_nothing(reviewer, score):
    flag = do_create_flag(reviewer, score, 0, category="false_error", note="n")
    do_edit_flag(reviewer, flag, category="false_error", note="n")
    assert not AuditEvent.objects.filter(action=AuditEvent.Action.FLAG_EDITED).exists()


def test_only_the_author_edits_or_withdraws(reviewer, maintainer_de, score):
    flag = do_create_flag(reviewer, score, 0, category="false_error")
    with pytest.raises(PermissionDenied):
        do_edit_flag(maintainer_de, flag, category="real_error")
    with pytest.raises(PermissionDenied):
        do_withdraw_flag(maintainer_de, flag)
    flag.refresh_from_db()
    assert (flag.category, flag.status) == ("false_error", "open")


def test_withdraw_once_audited_twice_harmless(reviewer, score):
    flag = do_create_flag(reviewer, score, 0, category="false_error")
    do_withdraw_flag(reviewer, flag)
    do_withdraw_flag(reviewer, flag)
    flag.refresh_from_db()
    assert flag.status == Flag.Status.WITHDRAWN
    assert AuditEvent.objects.filter(action=AuditEvent.Action.FLAG_WITHDRAWN).count() == 1
    with pytest.raises(FlagError):
        do_edit_flag(reviewer, flag, category="real_error")


def test_char_unit_spans_join_without_spaces(reviewer):
    from reviewapp.models import Score

    conversation = scored_conversation([("ab", "ab")])
    score = conversation.turns.get().scores.get()
    Score.objects.filter(pk=score.pk).update(
        unit="char",
        reference_normalized="서울역",
        hypothesis_normalized="서을역",
        alignment=[["equal", 0, 0], ["substitute", 1, 1], ["equal", 2, 2]],
    )
    score.refresh_from_db()
    flag = do_create_flag(reviewer, score, 0, category="real_error")
    assert (flag.ref_span, flag.hyp_span) == ("울", "을")
