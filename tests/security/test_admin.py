"""The Django admin is open to maintainers (is_staff): it must not let one give itself a
role. Reviewers and users without a role never get in."""

from __future__ import annotations

import pytest

from reviewapp.models import AuditEvent, MaintainerLanguage
from reviewapp.roles import is_maintainer_of

pytestmark = pytest.mark.django_db

ADD = "/admin/reviewapp/maintainerlanguage/add/"


@pytest.mark.parametrize("persona", ["reviewer", "outsider"])
def test_no_role_no_admin(client_for, request, persona):
    client = client_for(request.getfixturevalue(persona))
    response = client.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    response = client.post(ADD, {"user": request.getfixturevalue(persona).pk, "language": "de"})
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert not MaintainerLanguage.objects.filter(language="de").exists()


def test_a_maintainer_cannot_make_itself_maintainer_of_another_language(client_for, maintainer_fr):
    client = client_for(maintainer_fr)
    client.post(ADD, {"user": maintainer_fr.pk, "language": "de"})
    assert not is_maintainer_of(maintainer_fr, "de")
    roles = AuditEvent.objects.filter(action="role:changed", object_id=str(maintainer_fr.pk))
    assert roles.count() == 1  # only the fixture's own
