"""Conditional GETs: a page revisited with nothing changed is answered 304 Not Modified,
without its queries or its rendering.

The ETag is a keyed hash of everything a page is a function of:
- the content stamp (`reviewapp.content_stamps`), read FIRST, before any of the page's
  data: the stamp changes with every write a page shows, committed with it, so a page is
  never older than the stamp it is sent under (at worst newer: one wasted render);
- the user as loaded before the stamp by the middleware (id, name, superuser, active),
  the session, and the CSRF secret: a 304 never revives another session's page, nor a
  page whose forms carry a token of an older secret;
- the full path (the page's parameters), the htmx headers the views answer a fragment
  for, the language table read from the config files, and the code (`code_version`).
A page with messages to show is never answered 304 nor sent with an ETag: its messages
are shown once.

`Cache-Control: private, no-cache` keeps the page out of shared caches and has the
browser ask again on every visit; `Vary: Cookie`, as the page is a user's.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.crypto import salted_hmac

from ..content_stamps import read_stamp
from ..languages import configs_stamp
from .stamped import STAMP_ATTRIBUTE

__all__ = ["code_version", "conditional_page", "page_etag"]

#: what the code of a page is made of: its hash is part of every ETag, so a deploy that
#: changes a view, a template or a static file makes every page render again
CODE_DIRS = ("reviewapp", "scoring", "lexicheck", "templates", "static")
CODE_SUFFIXES = {".py", ".html", ".js", ".css", ".json", ".svg"}
HTMX_HEADERS = (
    "HTTP_HX_REQUEST",
    "HTTP_HX_TARGET",
    "HTTP_HX_BOOSTED",
    "HTTP_HX_HISTORY_RESTORE_REQUEST",
)


@functools.cache
def code_version() -> str:
    """A hash of the code's files (names and contents), computed once per process: the
    same in every process of a deploy, unlike a start time."""
    digest = hashlib.sha256()
    root = Path(settings.BASE_DIR)
    for folder in CODE_DIRS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in CODE_SUFFIXES and path.is_file() and "migrations" not in path.parts:
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def page_etag(request: HttpRequest) -> str:
    """The ETag of the page this request asks for, from the stamp read now (kept on the
    request for the view: `views.stamped`)."""
    stamp = read_stamp()  # first: before any data of the page
    configs = repr(configs_stamp())
    setattr(request, STAMP_ATTRIBUTE, (stamp, configs))
    user = request.user
    parts = [
        code_version(),
        stamp,
        f"{user.pk}:{user.get_username()}:{user.is_superuser}:{user.is_active}",
        request.session.session_key or "",
        request.META.get("CSRF_COOKIE", ""),
        request.get_full_path(),
        *(request.META.get(name, "") for name in HTMX_HEADERS),
        configs,
        settings.STATIC_URL,
    ]
    # keyed: the session key and CSRF secret are in it
    return salted_hmac("reviewapp.page-etag", "\0".join(parts), algorithm="sha256").hexdigest()


def _has_messages(request: HttpRequest) -> bool:
    return len(get_messages(request)) > 0  # len() reads them without marking them shown


def conditional_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Answer a GET whose If-None-Match holds the page's current ETag with 304, before the
    view runs; send the ETag with the page otherwise."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "GET" or _has_messages(request):
            return view(request, *args, **kwargs)
        etag = f'"{page_etag(request)}"'
        response = get_conditional_response(request, etag=etag)
        if response is None:
            response = view(request, *args, **kwargs)
            if response.status_code != 200:
                return response
        response.headers["ETag"] = etag
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, ("Cookie",))
        return response

    return wrapped
