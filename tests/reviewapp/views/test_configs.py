"""The config history names each version's stamp and the companion versions it pins."""

from __future__ import annotations

import pytest
from django.urls import reverse

from reviewapp.models import Language
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db


def version_row(html: str, number: int) -> str:
    start = html.index(f'<tr id="version-{number}">')
    return html[start : html.index("</tr>", start)]


def test_history_shows_a_dependency_bump_with_its_pinned_english(client_for, reviewer, make_user):
    ensure_languages()
    en_v1 = Language.objects.get(code="en").active_version
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(en_v1, "ahem"), title="ahem is a filler"
    )
    proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal)
    hi_v2 = Language.objects.get(code="hi").active_version
    page = client_for(reviewer).get(reverse("reviewapp:config_history", args=["hi"]))
    row = version_row(page.content.decode(), 2)
    assert f"<code>{hi_v2.label}</code>" in row and "with en v2" in row
    assert "Dependency bump to en v2" in row and "configs/" not in row
    assert "with en v1" in version_row(page.content.decode(), 1)
