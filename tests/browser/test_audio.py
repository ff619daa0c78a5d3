"""Listening in headless Chromium: a turn with a segment of its conversation's recording
has a player; `space` on the current region plays that segment from its start and stops
it. A turn without audio has no player, and the page has no error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from reviewapp.demo.clips import write_clip
from reviewapp.models import Conversation
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def conversation(db):
    write_clip(Path(settings.AUDIO_ROOT) / "browser" / "call.wav", words=12)  # 3.6 s
    turns = [
        {"reference": "I fly to l a x today", "hypothesis": "I fly to LAX today",
         "start_time": 1.2, "end_time": 2.4},
        {"reference": "my flight is at seven", "hypothesis": "my fight is at 7",
         "audio_url": ""},
    ]  # fmt: skip
    line = {"id": "audio-1", "language": "en", "dataset": "browser", "turns": turns,
            "audio_url": "browser/call.wav"}  # fmt: skip
    do_import((json.dumps(line) + "\n").encode(), "audio.jsonl")
    return Conversation.objects.get(external_id="audio-1")


def test_space_plays_the_current_turns_segment_and_pauses_it(
    live_server, page, reviewer, conversation
):
    log_in(page, live_server, reviewer)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    first, second = conversation.turns.order_by("index")
    player = page.locator(f"#turn-{first.pk} audio")
    expect(player).to_have_count(1)
    assert "#t=1.2,2.4" in player.get_attribute("src")
    # the second turn has its own (empty) audio_url, so it falls back to the conversation's
    # recording, without times: the whole recording
    expect(page.locator(f"#turn-{second.pk} audio")).to_have_count(1)

    page.keyboard.press("j")
    page.keyboard.press(" ")
    page.wait_for_function(
        "a => !a.paused && a.currentTime >= 1.2", arg=player.element_handle(), timeout=10_000
    )
    page.keyboard.press(" ")
    page.wait_for_function("a => a.paused", arg=player.element_handle())
    # played again, it stops by itself at the turn's end
    page.keyboard.press(" ")
    page.wait_for_function(
        "a => a.paused && a.currentTime >= 2.3", arg=player.element_handle(), timeout=10_000
    )
    assert errors == []
