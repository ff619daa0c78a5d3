"""Flag writes: spans come from the stored score, only the author changes a flag, and
every change writes its audit event in the same transaction."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from reviewapp.alignment import regions
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


# --- a flag on part of a region --------------------------------------------------------------


@pytest.fixture
def mixed():
    """One region that mixes a false error (l a x / lax) with a real one (today / tuday).
    The aligner pairs l/lax and a/tuday and deletes x and today: tokens, not columns,
    say what a flag covers."""
    conversation = scored_conversation([("I fly to l a x today", "I fly to LAX tuday")])
    return conversation.turns.get().scores.get()


def test_one_region_carries_two_flags_on_disjoint_tokens(reviewer, mixed):
    lax = do_create_flag(
        reviewer, mixed, 0, category="false_error", ref_indices=[3, 4, 5], hyp_indices=[3]
    )
    today = do_create_flag(
        reviewer, mixed, 0, category="real_error", ref_indices=[6], hyp_indices=[4]
    )
    assert (lax.ref_span, lax.hyp_span, lax.category) == ("l a x", "lax", "false_error")
    assert (today.ref_span, today.hyp_span, today.category) == ("today", "tuday", "real_error")
    assert (today.ref_start, today.ref_end, today.hyp_start, today.hyp_end) == (6, 7, 4, 5)
    events = AuditEvent.objects.filter(action=AuditEvent.Action.FLAG_CREATED).order_by("pk")
    assert [e.data["part_of_region"] for e in events] == [0, 0]
    assert flag_service.free_tokens(reviewer, mixed, regions(mixed.alignment)[0]) == ([], [])


def test_a_flag_on_a_token_flagged_already_is_a_duplicate(reviewer, maintainer_de, mixed):
    first = do_create_flag(
        reviewer, mixed, 0, category="false_error", ref_indices=[3, 4, 5], hyp_indices=[3]
    )
    for ref, hyp in [([5, 6], [4]), ([6], [3, 4]), (None, None)]:  # x, lax, the whole region
        with pytest.raises(DuplicateFlagError) as refused:
            do_create_flag(
                reviewer, mixed, 0, category="real_error", ref_indices=ref, hyp_indices=hyp
            )
        assert refused.value.flag == first
    # another reviewer's opinion on the same tokens is not a duplicate
    do_create_flag(maintainer_de, mixed, 0, category="real_error")
    assert Flag.objects.count() == 2


@pytest.mark.parametrize(
    ("ref", "hyp", "message"),
    [
        ([3, 5], [3], "choose neighbouring words in the reference"),
        ([3], [3, 5], "not all in this region"),
        ([2, 3], [3], "not all in this region"),
        ([], [], "choose at least one word"),
    ],
)
def test_a_part_is_neighbouring_tokens_of_the_region(reviewer, mixed, ref, hyp, message):
    with pytest.raises(FlagError, match=message):
        do_create_flag(reviewer, mixed, 0, category="false_error", ref_indices=ref, hyp_indices=hyp)
    assert not Flag.objects.exists()


def test_a_part_with_one_empty_side_sits_where_its_tokens_are_aligned(reviewer, mixed):
    # "x" is deleted after the pair a/tuday: its empty hypothesis side is at 5
    flag = do_create_flag(reviewer, mixed, 0, category="real_error", ref_indices=[5])
    assert (flag.ref_start, flag.ref_end, flag.hyp_start, flag.hyp_end) == (5, 6, 5, 5)
    assert (flag.ref_span, flag.hyp_span) == ("x", "")
    assert flag_service.free_tokens(reviewer, mixed, regions(mixed.alignment)[0]) == (
        [3, 4, 6],
        [3, 4],
    )


def test_all_the_tokens_of_a_region_are_the_whole_region(reviewer, mixed):
    flag = do_create_flag(
        reviewer, mixed, 0, category="false_error", ref_indices=[3, 4, 5, 6], hyp_indices=[3, 4]
    )
    assert (flag.ref_start, flag.ref_end, flag.hyp_start, flag.hyp_end) == (3, 7, 3, 5)
    assert "part_of_region" not in AuditEvent.objects.get(action="flag:created").data
