"""The loop that makes the product worth having, in headless Chromium with two personas
and a real Celery worker (on Redis in CI): a reviewer flags a false error and proposes a
fix; a maintainer previews its impact and approves; the rescore finishes with the progress
bar; the turn's score changes on the page; the exported fixture passes the test suite."""

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

from reviewapp.models import Conversation, Flag, Language, Proposal
from reviewapp.services.exports import export_configs, fixture_cases, write_fixtures
from reviewapp.services.imports import do_import
from tests.browser.support import log_in

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]

REFERENCE = "Ich habe mein Portemonnaie im Zug verloren."
HYPOTHESIS = "Ich habe mein Portmonee im Zug verloren."  # both are correct German spellings


@pytest.fixture
def conversation(db):
    line = {
        "id": "loop-1",
        "language": "de",
        "dataset": "loop",
        "turns": [
            {"reference": REFERENCE, "hypothesis": HYPOTHESIS},
            {"reference": "Danke schön.", "hypothesis": "Danke schön."},
        ],
    }
    do_import((json.dumps(line, ensure_ascii=False) + "\n").encode(), "loop.jsonl")
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

    # --- the reviewer flags the false error with the keyboard and proposes a fix
    page = new_page_as(contexts[0], live_server, reviewer)
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    assert json.loads(page.locator(f"#score-{turn.pk}").get_attribute("data-rate")) > 0
    page.keyboard.press("j")
    page.keyboard.press("f")
    expect(page.locator(f"#flag-{turn.pk}-0-note")).to_be_focused()
    page.keyboard.type("Portmonee and Portemonnaie are both correct")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    flag = None
    page.wait_for_selector(".flag .propose")
    flag = Flag.objects.get()
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

    # --- the maintainer runs the impact preview (a job on the worker) and approves
    page = new_page_as(contexts[1], live_server, maintainer_de)
    page.goto(f"{live_server.url}/proposals/{proposal.pk}")
    page.click("#run-preview")
    # the result takes the progress bar's place: no reload
    page.wait_for_selector("#preview-result")
    assert page.inner_text("#flips-fixed") == "1"
    assert page.locator("#over-normalization").count() == 0
    page.fill("#id_approve_reason", "fixes the flagged filler")
    page.click("#approve-form button")
    page.wait_for_selector("#rescore progress")
    page.wait_for_selector("#rescore .job-status[data-status=done]", timeout=60_000)
    assert page.locator("#rescore progress").get_attribute("value") == "100"
    assert page.inner_text("#proposal-status") == "Approved"

    # --- the turn's score changed on the page
    page.goto(f"{live_server.url}/conversations/{conversation.pk}")
    assert json.loads(page.locator(f"#score-{turn.pk}").get_attribute("data-rate")) == 0
    assert Language.objects.get(code="de").scored_version.number == 2

    # --- export the approved config and the flag; the suite's fixture check passes
    configs = tmp_path / "configs"
    shutil.copytree(settings.CONFIGS_DIR, configs)
    assert "de.json" in export_configs(configs)
    reviewed = tmp_path / "reviewed"
    cases = fixture_cases("de")
    assert [case["expect"] for case in cases] == ["stays_fixed"]
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
    assert "2 passed" in result.stdout
    for context in contexts:
        context.close()
