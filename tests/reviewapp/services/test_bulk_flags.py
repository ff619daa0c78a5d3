"""Flag every identical region at once: exactly the regions that read as the pair, under
the scored version, skipping the user's own flagged ones, all in one transaction with one
audit event per flag, and refused as a whole past the bound."""

from __future__ import annotations

import pytest

from reviewapp.models import AuditEvent, Flag, PairCount
from reviewapp.services import bulk_flags
from reviewapp.services.bulk_flags import (
    SpanPair,
    TooManyRegionsError,
    do_flag_all,
    plan_flag_all,
)
from reviewapp.services.flags import FlagError, do_create_flag
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

LAX = SpanPair("en", "l a x", "lax")


@pytest.fixture
def corpus():
    """Four regions that read l a x → lax (two in one turn), and look-alikes that do not."""
    first = scored_conversation(
        [
            ("I fly to l a x", "I fly to LAX"),
            ("from l a x to l a x", "from LAX to LAX"),  # two regions in one turn
            ("fly to l a x today", "fly to LAX tuday"),  # a larger region: not the pair
        ]
    )
    second = scored_conversation(
        [
            ("l a x is busy", "LAX is busy"),
            ("l a x is busy", "l a x is busy"),  # no error at all
        ]
    )
    scored_conversation([("das ist l a x", "das ist LAX")], language="de")  # another language
    return [*first.turns.order_by("index"), *second.turns.order_by("index")]


def test_the_plan_finds_exactly_the_regions_of_the_pair(reviewer, corpus):
    plan = plan_flag_all(reviewer, LAX)
    assert [(m.turn_id, m.region.index) for m in plan.matched] == [
        (corpus[0].pk, 0),
        (corpus[1].pk, 0),
        (corpus[1].pk, 1),
        (corpus[3].pk, 0),
    ]
    assert (len(plan.todo), plan.turns, plan.skipped) == (4, 3, 0)
    assert not Flag.objects.exists()


def test_flag_all_writes_a_flag_and_an_event_for_every_region(reviewer, corpus):
    plan = do_flag_all(reviewer, LAX, category="false_error", note="  spelled letters ")
    flags = list(Flag.objects.order_by("pk"))
    assert [flag.pk for flag in plan.created] == [flag.pk for flag in flags]
    assert {(f.ref_span, f.hyp_span, f.category, f.note, f.author) for f in flags} == {
        ("l a x", "lax", "false_error", "spelled letters", reviewer)
    }
    assert [(f.turn_id, f.ref_start, f.ref_end, f.hyp_start, f.hyp_end) for f in flags] == [
        (corpus[0].pk, 3, 6, 3, 4),
        (corpus[1].pk, 1, 4, 1, 2),
        (corpus[1].pk, 5, 8, 3, 4),
        (corpus[3].pk, 0, 3, 0, 1),
    ]
    events = AuditEvent.objects.filter(action=AuditEvent.Action.FLAG_CREATED).order_by("pk")
    assert [e.object_id for e in events] == [str(f.pk) for f in flags]
    assert events[0].actor == reviewer and events[0].language == "en"
    assert events[0].data["flagged_together"] == 4 and events[0].data["turn"] == corpus[0].pk
    assert PairCount.objects.get(ref_span="l a x", hyp_span="lax").turns == 4


def test_regions_the_user_flagged_are_skipped_others_flags_are_not(reviewer, maintainer_de, corpus):
    mine = do_create_flag(reviewer, corpus[0].scores.get(), 0, category="real_error")
    part = do_create_flag(
        reviewer, corpus[1].scores.get(), 1, category="real_error", ref_indices=[5]
    )
    do_create_flag(maintainer_de, corpus[3].scores.get(), 0, category="false_error")
    plan = do_flag_all(reviewer, LAX, category="false_error")
    assert [(f.turn_id, f.ref_start) for f in plan.created] == [
        (corpus[1].pk, 1),
        (corpus[3].pk, 0),
    ]
    assert plan.skipped == 2
    assert Flag.objects.filter(author=reviewer).count() == 4
    assert {mine, part} <= set(Flag.objects.filter(category="real_error"))
    # all flagged now: a second call writes nothing
    again = do_flag_all(reviewer, LAX, category="false_error")
    assert again.created == [] and again.skipped == 4


def test_past_the_bound_nothing_is_flagged(reviewer, corpus, monkeypatch):
    monkeypatch.setattr(bulk_flags, "MAX_FLAGGED_AT_ONCE", 3)
    with pytest.raises(TooManyRegionsError, match="more than 3 error regions read en"):
        do_flag_all(reviewer, LAX, category="false_error")
    with pytest.raises(TooManyRegionsError):
        plan_flag_all(reviewer, LAX)
    assert not Flag.objects.exists()
    monkeypatch.setattr(bulk_flags, "MAX_FLAGGED_AT_ONCE", 4)
    assert len(do_flag_all(reviewer, LAX, category="false_error").created) == 4


@pytest.mark.parametrize(
    ("pair", "category", "message"),
    [
        (SpanPair("en", "l a x", "la x"), "false_error", "no error region reads"),
        (LAX, "typo", "unknown category"),
        (SpanPair("ko", "a", "b"), "false_error", "has no scores"),
    ],
)
def test_refusals_write_nothing(reviewer, corpus, pair, category, message):
    with pytest.raises(FlagError, match=message):
        do_flag_all(reviewer, pair, category=category)
    assert not Flag.objects.exists()
    assert not AuditEvent.objects.filter(action="flag:created").exists()


def test_an_audit_failure_rolls_every_flag_back(reviewer, corpus, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("audit down")

    monkeypatch.setattr(bulk_flags.audit, "record_each", broken)
    with pytest.raises(RuntimeError):
        do_flag_all(reviewer, LAX, category="false_error")
    assert not Flag.objects.exists()
