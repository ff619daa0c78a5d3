"""Template context every page needs: what the navigation may offer this user."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .roles import is_reviewer, maintained_languages


def navigation(request: HttpRequest) -> dict:
    """`nav_can_import`: the Import link is for maintainers; `nav_is_reviewer`: the user
    may read the app's pages (the notifications link, and the 403 page offers them only
    then). Lazy, so a fragment that never shows the navigation costs no query (and a
    page's access check has read the roles already)."""
    user = getattr(request, "user", None)
    if user is None:
        return {"nav_can_import": False, "nav_is_reviewer": False}
    return {
        "nav_can_import": SimpleLazyObject(lambda: bool(maintained_languages(user))),
        "nav_is_reviewer": SimpleLazyObject(lambda: is_reviewer(user)),
    }
