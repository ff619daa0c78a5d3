"""A proposal must change its base (a revert to the active version is refused), and a
user may have PREVIEWS_PER_USER (2) impact previews waiting or running at once."""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest
from django.utils import timezone

from reviewapp.models import Job, Language, Proposal
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.preview import PreviewLimitError, create_preview_job
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def english(db):
    ensure_languages()
    return Language.objects.select_related("active_version").get(code="en")


@pytest.fixture
def proposal(english, reviewer):
    content = with_fillers(english.active_version, "ahem")
    return proposals.do_create_proposal(reviewer, "en", content, title="ahem")


def test_a_proposal_equal_to_the_active_version_is_refused(english, reviewer):
    content = copy.deepcopy(english.active_version.content)
    with pytest.raises(proposals.ProposalError, match="changes nothing"):
        proposals.do_create_proposal(reviewer, "en", content, title="nothing")
    assert not Proposal.objects.exists()


def test_a_revert_to_the_active_version_is_refused(english, reviewer):
    with pytest.raises(proposals.ProposalError, match="the same as v1"):
        proposals.do_revert_proposal(reviewer, english.active_version)


def test_an_edit_back_to_the_base_is_refused(english, reviewer, proposal):
    base = copy.deepcopy(english.active_version.content)
    with pytest.raises(proposals.ProposalError, match="changes nothing"):
        proposals.do_edit_proposal(reviewer, proposal, base, title="t", description="")
    proposal.refresh_from_db()
    assert proposal.content != base


def test_reverting_from_the_history_page_to_the_active_version_says_why(client_for, reviewer):
    ensure_languages()
    client = client_for(reviewer)
    response = client.post("/languages/en/config/v1/revert", follow=True)
    assert "changes nothing" in response.content.decode()
    assert not Proposal.objects.exists()


def test_a_user_may_have_two_previews_waiting(proposal, reviewer, maintainer_de, settings):
    assert settings.PREVIEWS_PER_USER == 2
    create_preview_job(proposal, reviewer)
    create_preview_job(proposal, reviewer)
    with pytest.raises(PreviewLimitError, match="2 impact previews waiting or running"):
        create_preview_job(proposal, reviewer)
    create_preview_job(proposal, maintainer_de)  # another user is not limited by them
    assert Job.objects.filter(kind=Job.Kind.PREVIEW).count() == 3


def test_a_finished_or_stale_preview_no_longer_counts(proposal, reviewer):
    first = create_preview_job(proposal, reviewer)
    second = create_preview_job(proposal, reviewer)
    Job.objects.filter(pk=first.pk).update(status=Job.Status.DONE)
    create_preview_job(proposal, reviewer)
    an_hour_ago = timezone.now() - timedelta(minutes=61)
    Job.objects.filter(pk=second.pk).update(created_at=an_hour_ago)  # its worker was lost
    create_preview_job(proposal, reviewer)


@pytest.mark.parametrize("htmx", [True, False])
def test_the_preview_button_says_when_the_limit_is_reached(client_for, reviewer, proposal, htmx):
    client = client_for(reviewer)
    url = f"/proposals/{proposal.pk}/preview"
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for _ in range(2):
        Job.objects.create(
            kind=Job.Kind.PREVIEW, language="en", proposal=proposal, created_by=reviewer
        )
    response = client.post(url, follow=not htmx, **headers)
    assert response.status_code == 200
    page = response.content.decode()
    assert "You already have 2 impact previews waiting or running" in page
    if htmx:
        assert 'id="preview-refused"' in page
    assert Job.objects.filter(kind=Job.Kind.PREVIEW).count() == 2
