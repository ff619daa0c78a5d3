"""Responses that differ by the HX-Request header say so (`Vary: HX-Request`).

The same URL answers a whole page, or for htmx a fragment of it (a filtered list, the
turns in raw view). htmx pushes such URLs to the browser's history, and without the
header the browser's cache may answer a Back or a reload of that URL with the fragment
it fetched for htmx: a page without its filters, navigation or styles.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

__all__ = ["VaryOnHtmxMiddleware"]


class VaryOnHtmxMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        patch_vary_headers(response, ("HX-Request",))
        return response
