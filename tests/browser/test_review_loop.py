"""The loop that makes the product worth having, in headless Chromium with two personas
and a real Celery worker (on Redis in CI): a reviewer flags a false error in every turn
that reads the same (one bulk flag), proposes a fix and comments on it; a maintainer
previews its impact and approves it with a reason; the rescore finishes with the progress
bar; the reviewer sees the notification and the turn's score change; a reference error
is corrected and accepted, and both scores are shown; a turn's recording plays; the
exported fixture has no duplicate and passes the test suite."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from reviewapp.demo.clips import write_clip
from reviewapp.models import Conversation, Flag, Language, Proposal
from reviewapp.services.exports import export_configs, fixture_cases, write_fixtures
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]

REFERENCE = "Ich habe mein Portemonnaie im Zug verloren."
HYPOTHESIS = "Ich habe mein Portmonee im Zug verloren."  # both are correct German spellings


TYPO = "Ich fliege morgen nach Berlim."  # the reference has the typo, the STT is right
FIXED = "Ich fliege morgen nach Berlin."


@pytest.fixture
def conversation(db):
    write_clip(Path(settings.AUDIO_ROOT) / "loop" / "call.wav", words=16)  # 4.8 s
    lines = [
        {
            "id": "loop-1",
            "language": "de",
            "dataset": "loop",
            "audio_url": "loop/call.wav",
            "turns": [
                {"reference": REFERENCE, "hypothesis": HYPOTHESIS},
                {"reference": "Danke schön.", "hypothesis": "Danke schön."},
                {"reference": TYPO, "hypothesis": FIXED, "start_time": 1.5, "end_time": 3},
            ],
        },
        # the same false error in another conversation: one bulk flag takes both
        {"id": "loop-2", "language": "de", "dataset": "loop",
         "turns": [{"reference": REFERENCE, "hypothesis": HYPOTHESIS}]},
    ]  # fmt: skip
    data = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    do_import(data.encode(), "loop.jsonl")
    return Conversation.objects.get(external_id="loop-1")


def new_page_as(context, live_server, user):
    page = context.new_page()
    page.set_default_timeout(30_000)
    log_in(page, live_server, user)
    return page


def test_flag_propose_preview_approve_rescore_export(
    live_server, browser, reviewer, maintainer_de, conversation, celery_worker_process, tmp_path
):
    turn = conversation.turns.get(index=0)
    contexts = [browser.new_context(), browser.new_context()]

    # --- the reviewer flags the false error everywhere it reads the same, with the
    # keyboard, and proposes a fix
    page = new_page_as(contexts[0], live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    assert json.loads(page.locator(f"#score-{turn.pk}").get_attribute("data-rate")) > 0
    page.keyboard.press("j")
    expect(page.locator(f"#r-{turn.pk}-0")).to_be_focused()
    page.keyboard.press("a")
    expect(page.locator("#flag-all-count")).to_have_attribute("data-matched", "2")
    expect(page.locator("#flag-all-note")).to_be_focused()
    page.keyboard.type("Portmonee and Portemonnaie are both correct")
    page.keyboard.press("Control+Enter")
    page.wait_for_selector(f"#flags-{turn.pk} .flag .propose")
    assert Flag.objects.count() == 2  # one in each conversation
    flag = Flag.objects.get(turn=turn)
    page.click(f"#propose-{flag.pk}")
    page.wait_for_selector("#proposal-editor")
    page.select_option("#id_edit-kind", "spelling")
    page.fill("#id_edit-key", "Portmonee")
    page.fill("#id_edit-value", "Portemonnaie")
    page.click("button[value=edit]")
    expect(page.locator("#id_content")).to_have_value(re.compile("Portemonnaie"))
    page.click("button[value=save]")
    page.wait_for_selector("#proposal-title")
    assert 'spellings["Portmonee"]' in page.inner_text("#changes")
    assert "false error gone" in page.inner_text(f"#flag-result-{flag.pk}")
    proposal = Proposal.objects.get()
    assert list(proposal.flags.all()) == [flag]
    page.fill("#id_comment", "Duden has both spellings")
    page.click("#comment-form button")
    expect(page.locator("#discussion-thread .comment")).to_contain_text("Duden has both")

    # --- the maintainer runs the impact preview (a job on the worker) and approves
    page = new_page_as(contexts[1], live_server, maintainer_de)
    page.goto(f"{live_server.url}/proposals/{proposal.pk}")
    expect(page.locator("#discussion-thread")).to_contain_text("Duden has both spellings")
    page.click("#run-preview")
    # the result takes the progress bar's place: no reload
    page.wait_for_selector("#preview-result")
    assert page.inner_text("#flips-fixed") == "2"  # the turn in each conversation
    assert page.locator("#over-normalization").count() == 0
    page.fill("#id_approve_reason", "fixes the flagged filler")
    page.click("#approve-form button")
    page.wait_for_selector("#rescore progress")
    page.wait_for_selector("#rescore .job-status[data-status=done]", timeout=60_000)
    assert page.locator("#rescore progress").get_attribute("value") == "100"
    assert page.inner_text("#proposal-status") == "Approved"

    # --- the reviewer is told, and the turn's score changed on the page
    maintainer_page, page = page, contexts[0].pages[0]
    page.goto(f"{live_server.url}/notifications")
    expect(page.locator(".notification.unread")).to_contain_text("Your proposal was approved")
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    assert json.loads(page.locator(f"#score-{turn.pk}").get_attribute("data-rate")) == 0
    assert Language.objects.get(code="de").scored_version.number == 2

    # --- the reviewer plays the last turn's segment of the recording: its region is the
    # first one left on the page
    typo = conversation.turns.get(index=2)
    page.keyboard.press("j")
    expect(page.locator(f"#r-{typo.pk}-0")).to_be_focused()
    player = page.locator(f"#turn-{typo.pk} audio").element_handle()
    page.keyboard.press(" ")
    page.wait_for_function("a => !a.paused && a.currentTime >= 1.5", arg=player)
    page.keyboard.press(" ")
    page.wait_for_function("a => a.paused", arg=player)

    # --- it is the reference that is wrong: the reviewer proposes the correction, the
    # maintainer accepts it, and the page shows both scores once the worker rescored
    page.keyboard.press("r")
    expect(page.locator(f"#flag-{typo.pk}-0-note")).to_be_focused()
    page.keyboard.type("the reference misspells Berlin")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type(FIXED)
    page.keyboard.press("Control+Enter")
    page.locator(f"#flags-{typo.pk} .flag").first.wait_for()
    correction = Flag.objects.get(turn=typo)
    assert correction.proposed_reference == FIXED
    page = maintainer_page
    page.goto(f"{live_server.url}/flags/{correction.pk}/reference")
    page.click("#accept-reference")
    for _ in range(60):  # the one-turn rescore runs on the worker
        page.goto(f"{live_server.url}/conversations/{conversation.pk}")
        if page.locator(f"#score-original-{typo.pk}").count():
            break
        page.wait_for_timeout(1000)
    expect(page.locator(f"#score-{typo.pk}")).to_have_attribute("data-errors", "0")
    expect(page.locator(f"#score-original-{typo.pk}")).to_have_attribute("data-errors", "1")

    # --- export the approved config and the flag; the suite's fixture check passes
    configs = tmp_path / "configs"
    shutil.copytree(settings.CONFIGS_DIR, configs)
    assert "de.json" in export_configs(configs)
    reviewed = tmp_path / "reviewed"
    cases = fixture_cases("de")
    # the linked flag is fixed; the other bulk flag stays open (no proposal named it); the
    # reference error is no normalizer case; no case twice
    assert sorted(case["expect"] for case in cases) == ["open", "stays_fixed"]
    assert len({(c["reference"], c["ref_span"], c["hyp_span"], c["flag_id"]) for c in cases}) == 2
    write_fixtures(reviewed, "de", cases)
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env |= {"LEXICHECK_REVIEWED_DIR": str(reviewed), "LEXICHECK_CONFIGS_DIR": str(configs)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/scoring/test_reviewed_fixtures.py",
        ],
        cwd=Path(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    # the fixtures' presence, the exported case, and the alternations case
    assert "3 passed" in result.stdout
    for context in contexts:
        context.close()
