"""What the browser tests share."""

from __future__ import annotations

from tests.conftest import PASSWORD


def log_in(page, live_server, user) -> None:
    """Log `user` in through the login form (whoever was logged in before) and wait for
    the dashboard."""
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_selector("#dashboard-title")


# data-quality findings: turns 0-2 hold the transcripts of turns 1-3 (a banner, a re-pair)
SHIFTED = [
    {"reference": "My laptop will not start.", "hypothesis": "The screen stays black."},
    {"reference": "The screen stays black.", "hypothesis": "I tried another charger."},
    {"reference": "I tried another charger.", "hypothesis": "Can someone call me back?"},
    {"reference": "Can someone call me back?", "hypothesis": ""},
]


def review_world(maintainer, prefix: str) -> dict:
    """What the page-wide checks (CSP, accessibility) visit: an English conversation with
    a flagged false error, a pending proposal linked to it, and a shifted conversation
    (data-quality findings), imported as one batch and scored inline."""
    import copy
    import json

    from reviewapp.models import Conversation, Language
    from reviewapp.services import proposals
    from reviewapp.services.flags import do_create_flag
    from reviewapp.services.imports import do_import

    turns = [
        {"reference": "book it for me", "hypothesis": "look it for me now"},
        {"reference": "I'm at twenty-five", "hypothesis": "I am at 25"},
    ]
    rows = [
        {"id": f"{prefix}-1", "language": "en", "dataset": prefix, "turns": turns},
        {"id": f"{prefix}-2", "language": "en", "dataset": prefix, "turns": SHIFTED},
    ]
    body = "".join(json.dumps(row) + "\n" for row in rows).encode()
    batch = do_import(body, f"{prefix}.jsonl").batch
    conversation = Conversation.objects.get(external_id=f"{prefix}-1")
    flag = do_create_flag(
        maintainer, conversation.turns.get(index=0).scores.get(), 0, category="false_error"
    )
    content = copy.deepcopy(Language.objects.get(code="en").active_version.content)
    content["config"]["fillers"] = [*content["config"].get("fillers", []), "umm"]
    proposal = proposals.do_create_proposal(
        maintainer, "en", content, title="Add a filler", flags=[flag]
    )
    return {
        "maintainer": maintainer,
        "conversation": conversation,
        "flag": flag,
        "proposal": proposal,
        "shifted": Conversation.objects.get(external_id=f"{prefix}-2"),
        "batch": batch,
    }
