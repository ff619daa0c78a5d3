"""The proposals list: search in titles and descriptions, sortable columns, pages."""

from __future__ import annotations

import doctest
import re

import pytest
from django.urls import reverse

from reviewapp import sorting
from reviewapp.models import Language
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(reviewer):
    ensure_languages()
    german = Language.objects.get(code="de").active_version
    made = []
    for title, filler, description in [
        ("Bravo fillers", "ähm", ""),
        ("Alpha fillers", "öhm", "hesitation sounds"),
        ("Charlie", "hm", ""),
    ]:
        made.append(
            proposals.do_create_proposal(
                reviewer, "de", with_fillers(german, filler), title=title, description=description
            )
        )
    return made


def titles(html: str) -> list[str]:
    return re.findall(r'<a href="/proposals/\d+" dir="auto">([^<]*)</a>', html)


def test_the_newest_come_first_and_a_title_click_sorts_by_title(client_for, reviewer, three):
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:proposals")).content.decode()
    assert titles(page) == ["Charlie", "Alpha fillers", "Bravo fillers"]
    assert 'aria-sort="descending"><a href="?sort=created">Created' in page
    by_title = client.get(reverse("reviewapp:proposals"), {"sort": "title"}).content.decode()
    assert titles(by_title) == ["Alpha fillers", "Bravo fillers", "Charlie"]
    assert 'aria-sort="ascending"><a href="?sort=-title">Title' in by_title
    down = client.get(reverse("reviewapp:proposals"), {"sort": "-title"}).content.decode()
    assert titles(down) == ["Charlie", "Bravo fillers", "Alpha fillers"]


def test_an_unknown_sort_falls_back_to_newest_first(client_for, reviewer, three):
    page = client_for(reviewer).get(reverse("reviewapp:proposals"), {"sort": "password"})
    assert titles(page.content.decode()) == ["Charlie", "Alpha fillers", "Bravo fillers"]


def test_search_reads_titles_and_descriptions_and_keeps_the_sort(client_for, reviewer, three):
    client = client_for(reviewer)
    found = client.get(reverse("reviewapp:proposals"), {"q": "FILLERS", "sort": "title"})
    html = found.content.decode()
    assert titles(html) == ["Alpha fillers", "Bravo fillers"]
    assert '<a href="?q=FILLERS&amp;sort=-title">Title' in html
    described = client.get(reverse("reviewapp:proposals"), {"q": "hesitation"}).content.decode()
    assert titles(described) == ["Alpha fillers"]
    none = client.get(reverse("reviewapp:proposals"), {"q": "<i>x</i>"}).content.decode()
    assert "No proposals match “&lt;i&gt;x&lt;/i&gt;”" in none


def test_pages_keep_the_filters(client_for, reviewer, three, monkeypatch):
    from reviewapp.views import proposals as view

    monkeypatch.setattr(view, "PROPOSALS_PER_PAGE", 2)
    html = client_for(reviewer).get(reverse("reviewapp:proposals"), {"sort": "title"}).content
    assert titles(html.decode()) == ["Alpha fillers", "Bravo fillers"]
    assert 'href="?sort=title&amp;page=2">Next' in html.decode()


def test_doctests():
    assert doctest.testmod(sorting).failed == 0
