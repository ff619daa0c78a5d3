"""Bad config edits through the proposal pages and services: invalid JSON, wrong types, a
regex that does not compile (all refused when checked or saved, nothing written), and a
catastrophic regex like `(a+)+$`, which compiles: the checks report its timeout on the
language's sample and saving is refused, the pages of such a proposal (one saved before
saves were checked) never 500, and a rescore with it (approved while the sample did not
reach the text it backtracks on) finishes, on a real worker too, with the turns it could
not score named, never a hung worker."""

from __future__ import annotations

import copy
import json
import time

import pytest
from django.urls import reverse

from reviewapp.models import Job, JobChunk, Language, Proposal, Score
from reviewapp.services import proposals, scoring
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import TurnFactory, config_version, scored_conversation

from .conftest import wait_for
from .jobs import plan_here

CATASTROPHIC = "(a+)+$"
EVIL_TEXT = "a" * 2000 + "b"  # backtracks for ever under (a+)+$ ... but for the timeout


def english(**config_changes) -> dict:
    version = config_version("en")
    content = copy.deepcopy(version.content)
    content["config"].update(config_changes)
    return content


def catastrophic() -> dict:
    return english(replacements=[{"pattern": CATASTROPHIC, "replacement": ""}])


def post_proposal(client, content, *, action: str = "save", raw: str | None = None):
    return client.post(
        reverse("reviewapp:proposal_new"),
        {
            "language": "en",
            "title": "t",
            "description": "",
            "action": action,
            "content": raw if raw is not None else json.dumps(content, ensure_ascii=False),
        },
    )


#: name -> (raw content or a content dict, what the page must say)
REFUSED = {
    "invalid json": ('{"config": {"language": "en",', "invalid JSON at line 1"),
    "not an object": ("[1, 2, 3]", "the bundle must be a JSON object"),
    "fillers a string": (lambda: english(fillers="um"), "fillers"),
    "lowercase a string": (lambda: english(lowercase="yes"), "lowercase"),
    "unknown field": (lambda: english(fillerz=["um"]), "fillerz"),
    "version not semver": (lambda: english(version="1.0"), "version"),
    "pattern a number": (
        lambda: english(replacements=[{"pattern": 5, "replacement": ""}]),
        "pattern",
    ),
    "pattern does not compile": (
        lambda: english(replacements=[{"pattern": "(unclosed", "replacement": ""}]),
        "does not compile",
    ),
    "no config at all": ("{}", "config"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("action", ["check", "save"])
@pytest.mark.parametrize("name", list(REFUSED))
def test_bad_config_edits_are_refused_and_nothing_is_saved(
    client_for, reviewer, make_user, name, action
):
    content, says = REFUSED[name]
    raw = content if isinstance(content, str) else json.dumps(content(), ensure_ascii=False)
    config_version("en")
    response = post_proposal(client_for(reviewer), None, action=action, raw=raw)
    html = response.content.decode()
    assert response.status_code in (200, 400), html[:500]
    assert says in html
    if action == "save":
        assert response.status_code == 400
    assert not Proposal.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("name", [n for n, (c, _) in REFUSED.items() if not isinstance(c, str)])
def test_the_service_refuses_bad_config_content(reviewer, name):
    content, says = REFUSED[name]
    with pytest.raises(proposals.ProposalError, match=says):
        proposals.do_create_proposal(reviewer, "en", content(), title="t")
    assert not Proposal.objects.exists()


@pytest.fixture
def evil_turn(db):
    """A turn on which `(a+)+$` backtracks past the regex timeout, with a flag on it."""
    conversation = scored_conversation([(EVIL_TEXT, EVIL_TEXT + "c"), ("book it", "look it")])
    return conversation.turns.get(index=0)


@pytest.mark.django_db
def test_checking_a_catastrophic_regex_reports_its_timeout(client_for, reviewer, evil_turn):
    started = time.monotonic()
    response = post_proposal(client_for(reviewer), catastrophic(), action="check")
    html = response.content.decode()
    assert response.status_code == 200, html[-2000:]
    assert "timed out" in html and "replacements.0" in html
    assert time.monotonic() - started < 30


@pytest.mark.django_db
def test_pages_of_a_proposal_with_a_catastrophic_regex_never_500(client_for, reviewer, evil_turn):
    flag = do_create_flag(reviewer, evil_turn.scores.get(), 0, category="false_error")
    client = client_for(reviewer)
    response = client.post(
        reverse("reviewapp:proposal_new") + f"?flag={flag.pk}",
        {
            "language": "en",
            "title": "strip trailing a's",
            "action": "save",
            "flag": flag.pk,
            "content": json.dumps(catastrophic()),
        },
    )
    # the sample has the turn it backtracks on: saving is refused, naming the rule
    assert response.status_code == 400, response.content[-2000:]
    html = response.content.decode()
    assert "replacements.0" in html and "timed out" in html
    assert not Proposal.objects.exists()
    # one saved before saves were checked: its pages still answer, and say why
    proposal = Proposal.objects.create(
        language="en",
        base_version=config_version("en"),
        content=catastrophic(),
        title="strip trailing a's",
        author=reviewer,
    )
    proposal.flags.set([flag])
    for url in (
        reverse("reviewapp:proposal", args=[proposal.pk]),
        reverse("reviewapp:proposal_edit", args=[proposal.pk]),
        reverse("reviewapp:proposals"),
    ):
        page = client.get(url)
        assert page.status_code == 200, (url, page.content[-2000:])
    detail = client.get(reverse("reviewapp:proposal", args=[proposal.pk])).content.decode()
    assert "timed out" in detail and 'id="approve-blocked"' not in detail  # not a maintainer
    assert f'id="flag-result-{flag.pk}"' in detail and "Cannot score this turn" in detail
    # the ablation of its steps cannot run: back to the proposal, saying why
    ablation = reverse("reviewapp:ablation", args=["en"]) + f"?proposal={proposal.pk}"
    page = client.get(ablation, follow=True)
    assert page.redirect_chain == [(reverse("reviewapp:proposal", args=[proposal.pk]), 302)]
    assert "No ablation" in page.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_rescore_with_a_catastrophic_regex_finishes_and_names_the_turns(make_user, monkeypatch):
    """Run inline: every chunk is scored, the evil turns are reported, the job is done.
    The checks' sample is the first 30 turns, so they pass: the evil ones come later."""
    monkeypatch.setattr(proposals, "SAMPLE_TURNS", 30)
    version = config_version("en")
    good = TurnFactory.create_batch(30)
    evil = TurnFactory.create_batch(2, reference=EVIL_TEXT, hypothesis="a b")
    maintainer = make_user("cat-maintainer", maintains=["en"])
    proposal = proposals.do_create_proposal(maintainer, "en", catastrophic(), title="evil")
    started = time.monotonic()
    new = proposals.do_approve(maintainer, proposal)  # the rescore runs inline (eager)
    assert time.monotonic() - started < 60
    job = Job.objects.get(kind=Job.Kind.RESCORE, version=new)
    assert job.status == Job.Status.DONE
    assert (job.done, job.failed, job.total) == (30, 2, 32)
    assert f"turn {evil[0].pk}: replacements.0" in job.chunks.get().error
    assert "timed out" in job.error and "could not be scored" in job.error
    assert set(Score.objects.filter(version=new).values_list("turn_id", flat=True)) == {
        t.pk for t in good
    }
    # pages keep showing the complete version: this one has turns without a score
    assert Language.objects.get(code="en").scored_version == version


@pytest.mark.faults
@pytest.mark.worker
@pytest.mark.redis
def test_a_real_worker_finishes_a_rescore_with_a_catastrophic_regex(
    make_user, broker, start_worker, monkeypatch
):
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 20)
    monkeypatch.setattr(proposals, "SAMPLE_TURNS", 57)  # the checks do not see the evil turns
    config_version("en")
    TurnFactory.create_batch(57)
    evil = TurnFactory.create_batch(3, reference=EVIL_TEXT, hypothesis=EVIL_TEXT)
    maintainer = make_user("cat-maintainer", maintains=["en"])
    proposal = proposals.do_create_proposal(maintainer, "en", catastrophic(), title="evil")
    new = proposals.do_approve(maintainer, proposal)
    job = plan_here(new)  # chunks of this test's CHUNK_SIZE
    worker = start_worker("catastrophic")
    wait_for(
        lambda: Job.objects.get(pk=job.pk).is_finished,
        120,
        interval=0.2,
        message=f"the worker hung on a catastrophic regex:\n{worker.tail()}",
    )
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.error
    assert (job.done, job.failed, job.total) == (57, 3, 60)
    errors = "\n".join(JobChunk.objects.filter(job=job).values_list("error", flat=True))
    for turn in evil:
        assert f"turn {turn.pk}: replacements.0: pattern '{CATASTROPHIC}' timed out" in errors
    assert worker.proc.poll() is None  # alive, and free for the next job
    assert Score.objects.filter(version=new).count() == 57
