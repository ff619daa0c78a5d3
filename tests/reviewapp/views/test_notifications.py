"""The notifications page, the navigation's unread count, and marking as read."""

from __future__ import annotations

import pytest
from django.urls import reverse

from reviewapp.models import Language, Notification
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting(reviewer, maintainer_de):
    ensure_languages()
    german = Language.objects.get(code="de").active_version
    return proposals.do_create_proposal(
        reviewer, "de", with_fillers(german, "ähm"), title="<b>ähm</b>"
    )


def test_the_badge_counts_unread_and_the_page_lists_them_escaped(
    client_for, maintainer_de, waiting
):
    client = client_for(maintainer_de)
    badge = client.get(reverse("reviewapp:notification_badge"), headers={"HX-Request": "true"})
    assert ">1<" in badge.content.decode()
    page = client.get(reverse("reviewapp:notifications")).content.decode()
    assert "A proposal for your language waits" in page
    assert "&lt;b&gt;ähm&lt;/b&gt;" in page and "<b>ähm</b>" not in page
    # every page's navigation asks for the count after it loads
    dashboard = client.get(reverse("reviewapp:dashboard")).content.decode()
    assert f'hx-get="{reverse("reviewapp:notification_badge")}"' in dashboard


def test_opening_one_marks_it_read_and_goes_to_the_proposal(client_for, maintainer_de, waiting):
    client = client_for(maintainer_de)
    note = Notification.objects.get(recipient=maintainer_de)
    target = reverse("reviewapp:proposal", args=[waiting.pk])
    response = client.post(reverse("reviewapp:notification_read"), {"id": note.pk, "next": target})
    assert response.status_code == 302 and response["Location"] == target
    note.refresh_from_db()
    assert note.read_at is not None
    badge = client.get(reverse("reviewapp:notification_badge")).content.decode()
    assert 'id="notification-count"></span>' in badge


def test_no_one_marks_or_sees_another_users_notifications(
    client_for, reviewer, maintainer_de, waiting
):
    note = Notification.objects.get(recipient=maintainer_de)
    client = client_for(reviewer)
    client.post(reverse("reviewapp:notification_read"), {"id": note.pk})
    note.refresh_from_db()
    assert note.read_at is None
    assert "ähm" not in client.get(reverse("reviewapp:notifications")).content.decode()


def test_next_may_not_leave_the_site(client_for, maintainer_de, waiting):
    response = client_for(maintainer_de).post(
        reverse("reviewapp:notification_read"), {"next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("reviewapp:notifications")
