"""Who is told what: maintainers of the language when a proposal waits, the author when
it is decided; mailed after the commit to those with an address, never on a rollback."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction

from reviewapp.models import Language, Notification
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def german(db):
    ensure_languages()
    return Language.objects.get(code="de").active_version


@pytest.fixture
def people(make_user, reviewer, maintainer_de, maintainer_fr):
    reviewer.email = "rita@example.org"
    reviewer.save()
    maintainer_de.email = "max@example.org"
    maintainer_de.save()
    return reviewer, maintainer_de, maintainer_fr


def kinds(user) -> list[str]:
    return list(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_a_new_proposal_tells_the_maintainers_of_its_language_only(german, people):
    reviewer, maintainer_de, maintainer_fr = people
    proposal = proposals.do_create_proposal(
        reviewer, "de", with_fillers(german, "ähm"), title="ähm is a filler"
    )
    assert kinds(maintainer_de) == ["proposal_waiting"]
    assert kinds(maintainer_fr) == [] and kinds(reviewer) == []
    note = Notification.objects.get(recipient=maintainer_de)
    assert note.proposal == proposal and "ähm is a filler" in note.text
    assert [m.to for m in mail.outbox] == [["max@example.org"]]
    assert f"/proposals/{proposal.pk}" in mail.outbox[0].body


def test_the_author_hears_of_approval_and_rejection(german, people):
    reviewer, maintainer_de, _ = people
    first = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "ähm"), title="a")
    second = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "öhm"), title="b")
    mail.outbox.clear()
    proposals.do_approve(maintainer_de, first)
    proposals.do_reject(maintainer_de, second, "öhm is a word here")
    assert sorted(kinds(reviewer)) == ["proposal_approved", "proposal_rejected"]
    rejected = Notification.objects.get(recipient=reviewer, kind="proposal_rejected")
    assert "öhm is a word here" in rejected.text
    assert [m.to for m in mail.outbox] == [["rita@example.org"]] * 2


def test_a_maintainer_deciding_their_own_proposal_is_not_told(german, people):
    _, maintainer_de, _ = people
    proposal = proposals.do_create_proposal(
        maintainer_de, "de", with_fillers(german, "ähm"), title="mine"
    )
    proposals.do_approve(maintainer_de, proposal)
    assert kinds(maintainer_de) == []


def test_a_rolled_back_approval_tells_no_one(german, people):
    reviewer, maintainer_de, _ = people
    proposal = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "ähm"), title="a")
    mail.outbox.clear()
    with pytest.raises(RuntimeError), transaction.atomic():
        proposals.do_approve(maintainer_de, proposal)
        raise RuntimeError("the database went away")
    assert kinds(reviewer) == [] and mail.outbox == []


def test_a_mail_server_that_is_down_loses_only_the_mail(german, people, settings):
    reviewer, maintainer_de, _ = people
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", 9  # nothing listens there
    proposal = proposals.do_create_proposal(reviewer, "de", with_fillers(german, "ähm"), title="a")
    assert kinds(maintainer_de) == ["proposal_waiting"]
    assert proposal.pk
