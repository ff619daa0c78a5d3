"""A proposal's discussion, the reason an approval needs, and the fresh-preview policy."""

from __future__ import annotations

import pytest
from django.urls import reverse

from reviewapp.models import Job, Language, Notification, ProposalComment
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.preview import create_preview_job, run_preview
from tests.reviewapp.factories import htmx, with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def proposal(reviewer):
    ensure_languages()
    german = Language.objects.get(code="de").active_version
    return proposals.do_create_proposal(reviewer, "de", with_fillers(german, "ähm"), title="ähm")


def test_a_comment_joins_the_thread_escaped_and_tells_the_author(
    client_for, reviewer, maintainer_de, proposal
):
    client = client_for(maintainer_de)
    url = reverse("reviewapp:proposal_comment", args=[proposal.pk])
    response = client.post(url, {"text": "Is <b>ähm</b> a filler\nin Austria too?"}, headers=htmx())
    html = response.content.decode()
    assert response.status_code == 200 and 'id="discussion-thread"' in html
    assert "Is &lt;b&gt;ähm&lt;/b&gt; a filler<br>in Austria too?" in html
    assert "<b>ähm</b>" not in html
    note = Notification.objects.get(recipient=reviewer, kind="proposal_commented")
    assert "Is <b>ähm</b> a filler" in note.text  # stored as written, escaped when shown
    # the author answers: the maintainer, who commented before, hears of it
    client_for(reviewer).post(url, {"text": "Yes."})
    assert (
        Notification.objects.filter(recipient=maintainer_de, kind="proposal_commented").count() == 1
    )
    page = client_for(reviewer).get(reverse("reviewapp:proposal", args=[proposal.pk]))
    assert page.content.decode().count('class="comment"') == 2


def test_an_empty_comment_is_refused_and_nothing_is_saved(client_for, reviewer, proposal):
    url = reverse("reviewapp:proposal_comment", args=[proposal.pk])
    response = client_for(reviewer).post(url, {"text": "   "}, headers=htmx())
    assert response.status_code == 400 and "a comment needs some text" in response.content.decode()
    assert not ProposalComment.objects.exists()


def test_with_the_policy_on_an_approval_needs_a_fresh_preview(
    client_for, reviewer, maintainer_de, proposal, settings
):
    settings.APPROVAL_NEEDS_PREVIEW = True
    client = client_for(maintainer_de)
    detail = reverse("reviewapp:proposal", args=[proposal.pk])
    approve = reverse("reviewapp:proposal_approve", args=[proposal.pk])
    assert 'id="needs-preview"' in client.get(detail).content.decode()
    refused = client.post(approve, {"message": "filler"}, follow=True).content.decode()
    assert "approval needs an impact preview" in refused
    run_preview(create_preview_job(proposal, maintainer_de).pk)
    # an edit after the preview makes it stale
    german = Language.objects.get(code="de").active_version
    proposals.do_edit_proposal(
        reviewer, proposal, with_fillers(german, "ähm", "öhm"), title="ähm", description=""
    )
    assert (
        "approval needs an impact preview"
        in client.post(approve, {"message": "f"}, follow=True).content.decode()
    )
    run_preview(create_preview_job(proposal, maintainer_de).pk)
    assert 'id="needs-preview"' not in client.get(detail).content.decode()
    client.post(approve, {"message": "filler"})
    proposal.refresh_from_db()
    assert proposal.status == "approved"
    assert Job.objects.filter(kind=Job.Kind.PREVIEW, status=Job.Status.DONE).count() == 2


def test_without_the_policy_no_preview_is_needed(client_for, maintainer_de, proposal):
    client_for(maintainer_de).post(
        reverse("reviewapp:proposal_approve", args=[proposal.pk]), {"message": "filler"}
    )
    proposal.refresh_from_db()
    assert proposal.status == "approved"
