"""Headless Chromium: the login page renders and a demo user can log in."""

import pytest
from playwright.sync_api import expect

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser


def test_login_in_a_real_browser(live_server, page, reviewer):
    page.goto(f"{live_server.url}/")
    assert "/login/" in page.url
    page.fill("#id_username", reviewer.username)
    page.fill("#id_password", PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#dashboard-title")
    assert page.inner_text("#dashboard-title") == "Dashboard"


def test_wrong_password_shows_an_error(live_server, page, reviewer):
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", reviewer.username)
    page.fill("#id_password", "wrong")
    page.click("#login-form button[type=submit]")
    # the answer is a new page: wait for it (is_visible() looks once, maybe before it)
    expect(page.locator("[role=alert]")).to_be_visible()
