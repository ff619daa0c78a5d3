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


def test_a_flip_names_the_reference_version_it_was_scored_on(reviewer, make_user):
    """A corrected turn is previewed on its current reference, and its flip says which."""
    from reviewapp.services.flags import do_create_flag
    from reviewapp.services.references import do_accept_reference
    from tests.reviewapp.factories import scored_conversation, with_fillers

    turn = scored_conversation([("blah my flite", "my flight")]).turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="reference_error")
    do_accept_reference(make_user("erin", maintains=["en"]), flag, "zzhm my flight")
    version = Language.objects.get(code="en").active_version
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(version, "zzhm"), title="z"
    )
    result = run_preview(create_preview_job(proposal).pk)
    (flip,) = result["error_to_match"]
    assert (flip["turn"], flip["reference_version"]) == (turn.pk, 2)
    assert flip["before"]["errors"] == 1 and flip["after"]["errors"] == 0
