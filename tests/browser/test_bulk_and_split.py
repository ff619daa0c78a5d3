"""Bulk flagging, closing many flags, and splitting a region, in headless Chromium, the
way reviewers and maintainers do it: `a` on a region flags every region that reads the
same (one note, Ctrl+Enter); a maintainer ticks flags in the queue and closes them as
duplicates; a region that mixes a false error with a real one gets one flag of each,
its tokens chosen with Tab and Space."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from reviewapp.models import Conversation, Flag
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAX = ("I fly to l a x", "I fly to LAX")


def import_conversation(external_id: str, pairs) -> Conversation:
    turns = [{"reference": ref, "hypothesis": hyp} for ref, hyp in pairs]
    line = {"id": external_id, "language": "en", "dataset": "browser", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), f"{external_id}.jsonl")  # scored (eager)
    return Conversation.objects.get(external_id=external_id)


def test_a_flags_every_identical_region_and_a_maintainer_closes_duplicates(
    live_server, page, reviewer, make_user
):
    first = import_conversation("bulk-1", [LAX, ("my seat", "my seed")])
    import_conversation("bulk-2", [LAX, LAX])
    lax = first.turns.get(index=0)
    log_in(page, live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{first.pk}")
    page.keyboard.press("j")
    expect(page.locator(f"#r-{lax.pk}-0")).to_be_focused()

    page.keyboard.press("a")
    count = page.locator("#flag-all-count")
    expect(count).to_have_attribute("data-matched", "3")
    expect(page.locator("#flag-all-submit")).to_have_text("Flag all 3 identical regions")
    expect(page.locator("#flag-all-note")).to_be_focused()
    page.keyboard.type("spelled letters, same code")
    page.keyboard.press("Control+Enter")

    # back on the turn, which shows its new flag and the message
    page.wait_for_url(f"**/conversations/{first.pk}#turn-{lax.pk}")
    expect(page.locator(".messages")).to_contain_text("Flagged 3 regions")
    expect(page.locator(f"#flags-{lax.pk} .flag")).to_have_count(1)
    expect(page.locator(f"#ra-{lax.pk}-0 .badge.flagged")).to_have_count(1)
    flags = list(Flag.objects.order_by("pk"))
    assert [(f.ref_span, f.hyp_span, f.note) for f in flags] == [
        ("l a x", "lax", "spelled letters, same code")
    ] * 3

    # a maintainer of English ticks two of them in the queue and closes them as duplicates
    maintainer = make_user("erin-maintainer-en", maintains=["en"])
    page.context.clear_cookies()
    log_in(page, live_server, maintainer)
    page.goto(f"{live_server.url}/flags")
    keep, *repeats = flags
    for flag in repeats:
        page.locator(f"#select-{flag.pk}").check()
    page.locator("#close-flags-duplicate").check()
    page.locator("#close-flags-of").fill(str(keep.pk))
    page.get_by_role("button", name="Close selected flags").click()
    expect(page.locator(".messages")).to_contain_text(
        f"2 flags closed as duplicate of flag #{keep.pk}."
    )
    expect(page.locator("li[id^=queue-flag-]")).to_have_count(1)
    assert list(Flag.objects.order_by("pk").values_list("status", "duplicate_of")) == [
        ("open", None),
        ("duplicate", keep.pk),
        ("duplicate", keep.pk),
    ]
    page.select_option("#id_state", "duplicate")
    expect(page.locator("li[id^=queue-flag-]")).to_have_count(2)
    expect(page.locator("#queue")).to_contain_text(f"duplicate of #{keep.pk}")


def test_one_region_split_into_a_false_error_and_a_real_one_with_the_keyboard(
    live_server, page, reviewer
):
    conversation = import_conversation("split-1", [("I fly to l a x today", "I fly to LAX tuday")])
    turn = conversation.turns.get()
    log_in(page, live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    page.keyboard.press("j")
    region = page.locator(f"#r-{turn.pk}-0")
    expect(region).to_be_focused()

    # f: every token ticked; untick "tuday" and "today" (Shift+Tab back from the note)
    page.keyboard.press("f")
    note = page.locator(f"#flag-{turn.pk}-0-note")
    expect(note).to_be_focused()
    page.keyboard.type("spelled letters")
    ref_today = page.locator(f"#flag-{turn.pk}-0-ref_3")
    hyp_tuday = page.locator(f"#flag-{turn.pk}-0-hyp_1")
    page.keyboard.press("Shift+Tab")  # the category
    page.keyboard.press("Shift+Tab")
    expect(hyp_tuday).to_be_focused()
    page.keyboard.press("Space")
    page.keyboard.press("Shift+Tab")  # lax
    page.keyboard.press("Shift+Tab")
    expect(ref_today).to_be_focused()
    page.keyboard.press("Space")
    expect(hyp_tuday).not_to_be_checked()
    expect(ref_today).not_to_be_checked()
    page.keyboard.press("Control+Enter")
    page.locator(f"#flags-{turn.pk} .flag").first.wait_for()
    expect(page.locator(f"#ra-{turn.pk}-0 .badge.flagged")).to_have_count(1)

    # e on the same region: the tokens left are ticked, the flagged ones greyed out
    page.keyboard.press("e")
    expect(note).to_be_focused()
    expect(ref_today).to_be_checked()
    expect(hyp_tuday).to_be_checked()
    expect(page.locator(f"#flag-{turn.pk}-0-ref_0")).to_be_disabled()
    expect(page.locator(f"#flag-{turn.pk}-0-hyp_0")).to_be_disabled()
    page.keyboard.type("a real mishearing")
    page.keyboard.press("Control+Enter")
    expect(page.locator(f"#flags-{turn.pk} .flag")).to_have_count(2)
    assert list(
        Flag.objects.order_by("pk").values_list("category", "ref_span", "hyp_span", "note")
    ) == [
        ("false_error", "l a x", "lax", "spelled letters"),
        ("real_error", "today", "tuday", "a real mishearing"),
    ]

    # and the region, every token of it flagged, offers no third flag
    page.keyboard.press("f")
    expect(page.locator(f"#flag-exists-{turn.pk}-0")).to_be_focused()
