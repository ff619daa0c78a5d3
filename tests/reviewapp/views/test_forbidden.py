"""A refused page (403) is a page of the app: the navigation, what was refused and
why, and where to go next; a reader without a role, or not logged in, is told so."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import permission_denied

pytestmark = pytest.mark.django_db

NAV = '<nav aria-label="Main">'


def test_a_reviewer_on_a_maintainers_page_gets_the_403_page_with_navigation(client_for, reviewer):
    response = client_for(reviewer).get(reverse("reviewapp:import"))
    html = response.content.decode()
    assert response.status_code == 403
    assert NAV in html and f'href="{reverse("reviewapp:conversations")}"' in html
    assert '<h1 id="forbidden-title">You cannot open this page</h1>' in html
    assert "Maintainers of this language only." in html  # the reason given by the view
    assert "rita-reviewer" in html and "Go to the dashboard" in html
    assert "<title>Not allowed · Lexicheck</title>" in html
    assert 'href="/static/css/app.css"' in html


def test_an_account_without_a_role_is_told_to_ask_for_one(client_for, outsider):
    response = client_for(outsider).get(reverse("reviewapp:dashboard"))
    html = response.content.decode()
    assert response.status_code == 403
    assert NAV in html and "Your account has no role yet" in html
    assert "Go to the dashboard" not in html


def test_a_refusal_without_a_login_offers_the_login_page():
    request = RequestFactory().get("/flags/9/edit")
    request.user = AnonymousUser()
    response = permission_denied(request, PermissionDenied("Only the author can change this flag."))
    html = response.content.decode()
    assert response.status_code == 403
    assert NAV not in html and "You are not logged in." in html
    assert f'href="{reverse("login")}?next=/flags/9/edit"' in html
    assert '<a class="login-link" href="/login/">Log in</a>' in html


def test_the_login_page_has_no_login_link_in_its_header(client):
    html = client.get(reverse("login")).content.decode()
    assert 'class="login-link"' not in html and 'id="login-form"' in html
