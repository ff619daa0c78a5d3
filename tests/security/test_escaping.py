"""Server side of the XSS tests: every page AND every htmx fragment (the partials htmx
swaps in, which a browser test reaches only through clicks) sends user-typed markup
escaped. The browser checks are in tests/browser/test_xss.py; the data is the same."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from reviewapp.models import Flag, Job
from tests.browser.test_xss import ATTRIBUTE, IMG, SCRIPT, SVG, TEXTAREA, hostile  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)  # the import scores on commit

#: What each payload looks like when it was NOT escaped.
RAW = [
    "<script>window.__xss",
    "<img src=x",
    "<svg/onload",
    "</textarea><script>",
    "' onmouseover='",
]
HTMX = {"HX-Request": "true"}


def assert_escaped(html: str, *payloads: str) -> None:
    for raw in RAW:
        assert raw not in html, raw
    # the raw view wraps words of error regions in our own <mark>: read the text without it
    html = re.sub(r'<mark class="raw-error">|</mark>', "", html)
    for payload in payloads:
        escaped = (
            payload.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace('"', "&quot;")
            .replace("'", "&#x27;")
        )
        assert escaped in html, payload


def pages(objects: dict) -> list[tuple[str, str, dict | None, tuple[str, ...]]]:
    conversation = objects["conversation"]
    turn = conversation.turns.get(index=0)
    flag = Flag.objects.get()
    pending, rejected = objects["pending"], objects["rejected"]
    job = objects["job"]
    return [
        ("dashboard", "/", None, (f"en{IMG}",)),
        ("dashboard jobs", "/", {**HTMX, "HX-Target": "jobs"}, ()),
        ("conversations", "/conversations", None, (f"conv {IMG}",)),
        (
            "conversations results",
            "/conversations?q=book",
            {**HTMX, "HX-Target": "results"},
            (f"conv {IMG}",),
        ),
        (
            "conversation",
            f"/conversations/{conversation.pk}",
            None,
            (f"conv {IMG}", f"stt {SVG}", f"note {IMG} {SCRIPT}"),
        ),
        (
            "conversation raw",
            f"/conversations/{conversation.pk}?view=raw",
            None,
            (f"book {SCRIPT} now", f"hello {TEXTAREA}", f"hello {ATTRIBUTE} there"),
        ),
        (
            "conversation turns",
            f"/conversations/{conversation.pk}?view=raw",
            {**HTMX, "HX-Target": "turns"},
            (f"look {IMG} now",),
        ),
        ("why", f"/turns/{turn.pk}/regions/0/why", None, (f"book {SCRIPT} now",)),
        ("why panel", f"/turns/{turn.pk}/regions/0/why", HTMX, (f"book {SCRIPT} now",)),
        ("flag form", f"/turns/{turn.pk}/regions/0/flag", HTMX, ()),
        ("flag edit form", f"/flags/{flag.pk}/edit", HTMX, (f"note {IMG} {SCRIPT}",)),
        ("flag queue", "/flags", None, (f"note {IMG}", f"conv {IMG}")),
        (
            "flag queue fragment",
            "/flags?language=en",
            {**HTMX, "HX-Target": "queue"},
            (f"note {IMG}",),
        ),
        ("proposals", "/proposals", None, (f"title {SCRIPT}", f"rejected {IMG}")),
        ("proposal", f"/proposals/{pending.pk}", None, (f"title {SCRIPT}", f"um{SVG}")),
        ("rejected proposal", f"/proposals/{rejected.pk}", None, (f"reason {SCRIPT} {IMG}",)),
        ("proposal editor", f"/proposals/{pending.pk}/edit", None, (f"title {SCRIPT}",)),
        ("config history", "/languages/en/config?a=1&b=2", None, (f"approved {SVG}", f"en{IMG}")),
        ("job", f"/jobs/{job.pk}", None, ()),
        ("job progress", f"/jobs/{job.pk}", HTMX, ()),
    ]


def test_every_page_and_fragment_escapes_user_markup(client_for, reviewer, hostile):  # noqa: F811
    client = client_for(reviewer)
    Flag.objects.update(author=reviewer)
    for name, url, headers, payloads in pages(hostile):
        response = client.get(url, headers=headers)
        assert response.status_code in (200, 286), (name, response.status_code)
        assert_escaped(response.content.decode(), *payloads)


def test_the_editor_keeps_a_closing_textarea_inside_the_textarea(client_for, reviewer, hostile):  # noqa: F811
    html = client_for(reviewer).get(f"/proposals/{hostile['pending'].pk}/edit").content.decode()
    assert html.count("</textarea>") == html.count("<textarea")
    assert "&lt;/textarea&gt;&lt;script&gt;" in html


def test_the_checks_fragment_escapes_markup_in_a_config(client_for, reviewer, hostile):  # noqa: F811
    pending = hostile["pending"]
    content = json.loads(json.dumps(pending.content))
    content["config"]["fillers"].append(f"x{IMG}")
    response = client_for(reviewer).post(
        reverse("reviewapp:proposal_edit", args=[pending.pk]),
        {"action": "check", "title": "t", "content": json.dumps(content)},
        headers=HTMX,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "markup in" in html  # the lint warning quotes the value...
    assert_escaped(html)  # ...escaped


def test_job_errors_are_escaped(client_for, reviewer, hostile):  # noqa: F811
    job = hostile["job"]
    Job.objects.filter(pk=job.pk).update(error=f"replacements.0: pattern {SCRIPT!r} timed out")
    for headers in (None, HTMX):
        html = client_for(reviewer).get(f"/jobs/{job.pk}", headers=headers).content.decode()
        assert "pattern" in html
        assert_escaped(html)


def test_import_errors_echo_file_names_and_values_escaped(client_for, make_user):
    client = client_for(make_user("imp-maintainer", maintains=["en"]))
    line = {"id": "x", "language": "<b>en</b>", "turns": [{"reference": "a", "hypothesis": "b"}]}
    response = client.post(
        reverse("reviewapp:import"),
        {
            "file": SimpleUploadedFile(f"{IMG}.jsonl", (json.dumps(line) + "\n").encode()),
            "dataset": "d",
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "unknown language" in html
    assert "<b>en</b>" not in html and "&#x27;&lt;b&gt;en&lt;/b&gt;&#x27;" in html
    assert_escaped(html, f"{IMG}.jsonl")


def test_reference_corrections_are_escaped_everywhere(client_for, reviewer, make_user):
    """A proposed reference, an accepted one (the conversation page's "was:" and its
    history) and a rejection's reason, each with markup."""
    from reviewapp.models import Conversation
    from reviewapp.services.flags import do_create_flag
    from reviewapp.services.imports import do_import
    from reviewapp.services.references import do_accept_reference, do_reject_reference

    turns = [
        {"reference": f"book {SCRIPT} now", "hypothesis": "look now"},
        {"reference": "the seat", "hypothesis": "the seed"},
    ]
    line = {"id": "refs-xss", "language": "en", "turns": turns}
    do_import((json.dumps(line) + "\n").encode(), "refs-xss.jsonl")
    conversation = Conversation.objects.get(external_id="refs-xss")
    first, second = conversation.turns.order_by("index")
    maintainer = make_user("mira-maintainer-en", maintains=["en"])
    accepted = do_create_flag(
        reviewer,
        first.scores.get(),
        0,
        category="reference_error",
        proposed_reference=f"book {IMG} now",
    )
    do_accept_reference(maintainer, accepted, f"book {IMG} now")
    rejected = do_create_flag(
        reviewer,
        second.scores.get(),
        0,
        category="reference_error",
        proposed_reference=f"the {SVG}",
    )
    do_reject_reference(maintainer, rejected, f"reason {SCRIPT}")
    open_one = do_create_flag(  # another reviewer: one open flag per author and region
        make_user("rolf-reviewer"),
        second.scores.get(),
        0,
        category="reference_error",
        proposed_reference=f"the {TEXTAREA}",
    )
    client = client_for(maintainer)
    pages = [
        (f"/conversations/{conversation.pk}", (f"book {SCRIPT} now", f"reason {SCRIPT}")),
        (f"/conversations/{conversation.pk}?view=raw", (f"book {IMG} now",)),
        (f"/flags/{accepted.pk}/reference", (f"book {IMG} now", f"book {SCRIPT} now")),
        (f"/flags/{rejected.pk}/reference", (f"the {SVG}", f"reason {SCRIPT}")),
        (f"/flags/{open_one.pk}/reference", (f"the {TEXTAREA}",)),
        ("/references", (f"the {TEXTAREA}",)),
    ]
    for url, payloads in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert_escaped(response.content.decode(), *payloads)


def test_a_closed_flag_is_escaped_in_the_queue_and_on_its_page(client_for, reviewer, hostile):  # noqa: F811
    """A close reason shows in the queue of won't-fix flags (views/flag_rows.py) and on the
    conversation page, with the form that reopens it (views/flag_items.py)."""
    from reviewapp.services.flag_states import do_close_flags

    maintainer = type(reviewer).objects.get(username="mira-maintainer-en")  # the fixture's
    do_close_flags(maintainer, [Flag.objects.get().pk], status="wont_fix", reason=f"why {IMG}")
    html = client_for(reviewer).get("/flags?state=wont_fix").content.decode()
    assert_escaped(html, f"why {IMG}", f"conv {IMG}", f"note {IMG}")
    page = f"/conversations/{hostile['conversation'].pk}"
    html = client_for(maintainer).get(page).content.decode()
    assert_escaped(html, f"why {IMG}", f"note {IMG} {SCRIPT}")
    assert "Reopen</button>" in html
