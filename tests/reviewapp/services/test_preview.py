"""The impact preview of a proposal that changes no rule a text can meet."""

import copy

import pytest

from reviewapp.models import Job, Language
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.preview import create_preview_job, run_preview
from tests.reviewapp.factories import ConversationFactory, TurnFactory

pytestmark = pytest.mark.django_db


def test_a_description_only_change_previews_as_touching_no_turn(reviewer):
    """A change no text can meet (the description) touches no turn: the preview says so
    instead of failing on an empty search (it used to raise "reduce() of empty iterable")."""
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    TurnFactory(conversation=ConversationFactory(language="en"), reference="a", hypothesis="b")
    content = copy.deepcopy(version.content)
    content["config"]["description"] = "Reworded: " + content["config"].get("description", "")
    proposal = proposals.do_create_proposal(reviewer, "en", content, title="Reword")
    job = create_preview_job(proposal)
    result = run_preview(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.total == 0
    assert result["rescored_all"] is False
    assert result["changed_turns"] == 0 and result["error_to_match"] == []
