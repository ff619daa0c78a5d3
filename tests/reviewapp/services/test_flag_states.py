"""Closing flags: maintainers of a flag's language close any flag of it as won't fix (with
a reason) or as a duplicate, many in one call, and reopen them; all or nothing, one
audit event per flag."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction

from reviewapp.models import AuditEvent, Flag
from reviewapp.queries import flag_groups, language_stats, open_flags
from reviewapp.services.flag_states import (
    closable_languages,
    do_close_flags,
    do_reopen_flag,
)
from reviewapp.services.flags import FlagError, do_create_flag, do_withdraw_flag
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

Action = AuditEvent.Action


@pytest.fixture
def flags(reviewer, make_user):
    """Three German flags on the same pair (two reviewers, two turns) and one more."""
    other = make_user("otto-reviewer")
    pairs = [("das Konto ist leer", "das Kondo ist lehr")] * 2
    first, second = (t.scores.get() for t in scored_conversation(pairs, language="de").turns.all())
    return [
        do_create_flag(reviewer, first, 0, category="false_error", note="a"),
        do_create_flag(other, first, 0, category="false_error", note="b"),
        do_create_flag(reviewer, second, 0, category="false_error", note="c"),
        do_create_flag(reviewer, second, 1, category="real_error", note="d"),
    ]


def statuses() -> list[tuple]:
    return list(
        Flag.objects.order_by("pk").values_list("status", "close_reason", "duplicate_of_id")
    )


def test_a_maintainer_closes_flags_of_others_as_wont_fix_with_a_reason(maintainer_de, flags):
    closed = do_close_flags(
        maintainer_de, [flags[0].pk, flags[1].pk], status="wont_fix", reason="  a brand name  "
    )
    assert [flag.pk for flag in closed] == [flags[0].pk, flags[1].pk]
    flag = Flag.objects.get(pk=flags[0].pk)
    assert (flag.status, flag.close_reason, flag.closed_by) == (
        "wont_fix",
        "a brand name",
        maintainer_de,
    )
    assert flag.closed_at is not None
    events = AuditEvent.objects.filter(action=Action.FLAG_CLOSED).order_by("object_id")
    assert [(e.object_id, e.actor, e.language) for e in events] == [
        (str(flags[0].pk), maintainer_de, "de"),
        (str(flags[1].pk), maintainer_de, "de"),
    ]
    assert events[0].data == {"status": "wont_fix", "reason": "a brand name", "closed_together": 2}


def test_wont_fix_needs_a_reason(maintainer_de, flags):
    with pytest.raises(FlagError, match="reason is required"):
        do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="   ")
    assert {status for status, _, _ in statuses()} == {"open"}


def test_the_database_refuses_a_wont_fix_without_reason_or_a_duplicate_without_original(flags):
    with pytest.raises(IntegrityError), transaction.atomic():
        Flag.objects.filter(pk=flags[0].pk).update(status="wont_fix")
    with pytest.raises(IntegrityError), transaction.atomic():
        Flag.objects.filter(pk=flags[0].pk).update(status="duplicate")
    with pytest.raises(IntegrityError), transaction.atomic():
        Flag.objects.filter(pk=flags[0].pk).update(status="duplicate", duplicate_of=flags[0].pk)


def test_duplicates_point_at_their_original(maintainer_de, flags):
    do_close_flags(
        maintainer_de, [flags[1].pk, flags[2].pk], status="duplicate", duplicate_of=flags[0].pk
    )
    assert statuses() == [
        ("open", "", None),
        ("duplicate", "", flags[0].pk),
        ("duplicate", "", flags[0].pk),
        ("open", "", None),
    ]
    event = AuditEvent.objects.filter(action=Action.FLAG_CLOSED).first()
    assert event.data["duplicate_of"] == flags[0].pk
    assert list(flags[0].duplicates.order_by("pk")) == [flags[1], flags[2]]


@pytest.mark.parametrize(
    ("original", "message"),
    [
        (None, "names its original"),
        (10**6, "there is no flag"),
        ("self", "of itself"),
        ("duplicate", "is a duplicate itself"),
        ("withdrawn", "withdrawn"),
        ("french", "another language"),
    ],
)
def test_a_duplicate_needs_a_live_original_of_its_language(
    reviewer, maintainer_de, flags, original, message
):
    if original == "self":
        original = flags[1].pk
    elif original == "duplicate":
        do_close_flags(maintainer_de, [flags[3].pk], status="duplicate", duplicate_of=flags[0].pk)
        original = flags[3].pk
    elif original == "withdrawn":
        do_withdraw_flag(reviewer, flags[3])
        original = flags[3].pk
    elif original == "french":
        turn = scored_conversation([("le compte", "le conte")], language="fr").turns.get()
        original = do_create_flag(reviewer, turn.scores.get(), 0, category="false_error").pk
    before = statuses()
    with pytest.raises(FlagError, match=message):
        do_close_flags(
            maintainer_de, [flags[1].pk, flags[2].pk], status="duplicate", duplicate_of=original
        )
    assert statuses() == before


def test_a_maintainer_of_another_language_closes_nothing(maintainer_fr, reviewer, flags):
    for user in (maintainer_fr, reviewer):
        with pytest.raises(PermissionDenied):
            do_close_flags(user, [flags[0].pk], status="wont_fix", reason="no")
    assert {status for status, _, _ in statuses()} == {"open"}
    assert not AuditEvent.objects.filter(action=Action.FLAG_CLOSED).exists()


def test_one_flag_of_another_language_refuses_the_whole_request(maintainer_de, reviewer, flags):
    turn = scored_conversation([("le compte", "le conte")], language="fr").turns.get()
    french = do_create_flag(reviewer, turn.scores.get(), 0, category="false_error")
    with pytest.raises(PermissionDenied):
        do_close_flags(maintainer_de, [flags[0].pk, french.pk], status="wont_fix", reason="no")
    assert Flag.objects.filter(status="open").count() == 5


def test_a_maintainer_of_a_config_language_closes_the_flags_it_scores(make_user, reviewer):
    turn = scored_conversation([("le compte", "le conte")], language="fr-CA").turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="false_error")
    maintainer = make_user("fred-maintainer-fr", maintains=["fr"])
    assert closable_languages(maintainer) == {"fr", "fr-CA"}
    do_close_flags(maintainer, [flag.pk], status="wont_fix", reason="Québec spelling")
    assert Flag.objects.get(pk=flag.pk).status == "wont_fix"


def test_only_open_flags_are_closed_and_a_form_sent_twice_is_harmless(
    reviewer, maintainer_de, flags
):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    assert do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name") == []
    assert AuditEvent.objects.filter(action=Action.FLAG_CLOSED).count() == 1
    with pytest.raises(FlagError, match=f"flag {flags[0].pk} is won't fix, not open"):
        do_close_flags(maintainer_de, [flags[0].pk, flags[1].pk], status="wont_fix", reason="x")
    do_withdraw_flag(reviewer, flags[3])
    with pytest.raises(FlagError, match="withdrawn, not open"):
        do_close_flags(maintainer_de, [flags[3].pk], status="wont_fix", reason="x")
    assert Flag.objects.get(pk=flags[1].pk).status == "open"


def test_closed_flags_leave_the_queue_and_the_open_counts(maintainer_de, flags):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    do_close_flags(maintainer_de, [flags[1].pk], status="duplicate", duplicate_of=flags[2].pk)
    assert set(open_flags("de")) == {flags[2], flags[3]}
    groups = {(g["ref_span"], g["hyp_span"]): g["flags"] for g in flag_groups("de")}
    assert groups == {("konto", "kondo"): 1, ("leer", "lehr"): 1}
    stats = {row.language.code: row.open_flags for row in language_stats()}
    assert stats["de"] == 2


def test_reopen_clears_the_closing_and_keeps_it_in_the_audit_log(maintainer_de, flags):
    do_close_flags(maintainer_de, [flags[1].pk], status="duplicate", duplicate_of=flags[0].pk)
    flag = do_reopen_flag(maintainer_de, flags[1])
    assert (flag.status, flag.duplicate_of, flag.closed_by, flag.closed_at) == (
        "open",
        None,
        None,
        None,
    )
    event = AuditEvent.objects.get(action=Action.FLAG_REOPENED)
    assert (event.actor, event.object_id) == (maintainer_de, str(flag.pk))
    assert event.data == {"was": {"status": "duplicate", "reason": "", "duplicate_of": flags[0].pk}}
    do_reopen_flag(maintainer_de, flag)  # open already: nothing changes
    assert AuditEvent.objects.filter(action=Action.FLAG_REOPENED).count() == 1


def test_reopen_is_for_maintainers_and_for_closed_flags_only(
    reviewer, maintainer_de, maintainer_fr, flags
):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    for user in (reviewer, maintainer_fr):  # the author included
        with pytest.raises(PermissionDenied):
            do_reopen_flag(user, flags[0])
    do_withdraw_flag(reviewer, flags[3])
    with pytest.raises(FlagError, match="not a withdrawn one"):
        do_reopen_flag(maintainer_de, flags[3])
    assert statuses()[0] == ("wont_fix", "a name", None)


def test_the_author_cannot_edit_or_withdraw_a_closed_flag(reviewer, maintainer_de, flags):
    from reviewapp.services.flags import do_edit_flag

    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    with pytest.raises(FlagError):
        do_edit_flag(reviewer, flags[0], category="real_error")
    with pytest.raises(FlagError):
        do_withdraw_flag(reviewer, flags[0])


def test_a_closed_flag_no_longer_blocks_a_new_flag_of_its_author(reviewer, maintainer_de, flags):
    do_close_flags(maintainer_de, [flags[0].pk], status="wont_fix", reason="a name")
    again = do_create_flag(reviewer, flags[0].turn.scores.get(), 0, category="real_error")
    assert again.status == "open"
