"""A revert undoes what the versions after its target fixed: their flags are open again,
and its version string still goes forward."""

from __future__ import annotations

import pytest

from reviewapp.models import AuditEvent, Flag, Language
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import ConversationFactory, FlagFactory, TurnFactory, with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def english(db):
    ensure_languages()
    return Language.objects.select_related("active_version").get(code="en")


def approve(user, maintainer, content, title, flags=()):
    proposal = proposals.do_create_proposal(user, "en", content, title=title, flags=flags)
    return proposals.do_approve(maintainer, proposal)


def test_reverting_reopens_the_flags_the_undone_version_addressed(english, reviewer, make_user):
    maintainer = make_user("mia-en", maintains=["en"])
    v1 = english.active_version
    turn = TurnFactory(conversation=ConversationFactory(language="en"), reference="ahem hi")
    flag = FlagFactory(turn=turn, version=v1, author=reviewer)
    v2 = approve(reviewer, maintainer, with_fillers(v1, "ahem"), "ahem", flags=[flag])
    flag.refresh_from_db()
    assert (flag.status, flag.addressed_by) == (Flag.Status.ADDRESSED, v2)

    v3 = proposals.do_approve(maintainer, proposals.do_revert_proposal(reviewer, v1))

    flag.refresh_from_db()
    assert (flag.status, flag.addressed_by) == (Flag.Status.OPEN, None)
    event = AuditEvent.objects.get(object_type="flag", object_id=str(flag.pk), data__reopened_by=3)
    assert event.data["was_addressed_by"] == v2.number and event.data["reverted_to"] == 1
    # 1.x.y -> 1.x.(y+1) -> the revert carries v1's string, and still goes forward
    versions = [v.content["config"]["version"] for v in (v1, v2, v3)]
    assert versions == sorted(versions, key=lambda v: tuple(map(int, v.split("."))))
    assert len(set(versions)) == 3


def test_a_new_change_reopens_nothing(english, reviewer, make_user):
    maintainer = make_user("mia-en", maintains=["en"])
    v1 = english.active_version
    turn = TurnFactory(conversation=ConversationFactory(language="en"), reference="ahem hi")
    flag = FlagFactory(turn=turn, version=v1, author=reviewer)
    v2 = approve(reviewer, maintainer, with_fillers(v1, "ahem"), "ahem", flags=[flag])
    approve(reviewer, maintainer, with_fillers(v2, "erm"), "erm")
    flag.refresh_from_db()
    assert flag.status == Flag.Status.ADDRESSED


def test_a_proposal_may_still_raise_the_version_itself(english, reviewer, make_user):
    maintainer = make_user("mia-en", maintains=["en"])
    content = with_fillers(english.active_version, "ahem")
    major = int(content["config"]["version"].split(".")[0])
    content["config"]["version"] = f"{major + 1}.0.0"
    version = approve(reviewer, maintainer, content, "major")
    assert version.content["config"]["version"] == f"{major + 1}.0.0"
