"""What the browser tests share."""

from __future__ import annotations

from tests.conftest import PASSWORD


def log_in(page, live_server, user) -> None:
    """Log `user` in through the login form (whoever was logged in before) and wait for
    the dashboard."""
    page.context.clear_cookies()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.press("#id_password", "Enter")
    page.wait_for_selector("#dashboard-title")
