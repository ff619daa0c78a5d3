"""Forwarded headers are believed only from the proxies named in TRUSTED_PROXIES.

Django's SECURE_PROXY_SSL_HEADER trusts X-Forwarded-Proto from whoever sends it. Gunicorn
may be reachable without the proxy (a published port, another container), so a client
could claim HTTPS or another address. The middleware removes both headers unless the
connection comes from a trusted proxy; `client_ip` gives django-axes the address the
proxy saw, so a lockout is per client, not per proxy.

>>> from django.test import RequestFactory
>>> request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR="10.0.0.1")
>>> client_ip(request, trusted=["10.0.0.0/8"])
'203.0.113.7'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

__all__ = ["FORWARDED_HEADERS", "TrustedProxyMiddleware", "client_ip", "is_trusted_proxy"]

FORWARDED_HEADERS = ("HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_FOR")


def _networks(entries: Iterable[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    # The settings module has already refused entries that are not addresses or networks.
    return [ipaddress.ip_network(entry, strict=False) for entry in entries]


def is_trusted_proxy(address: str | None, trusted: Iterable[str] | None = None) -> bool:
    """Whether `address` is one of TRUSTED_PROXIES (addresses or networks such as 10.0.0.0/8)."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    entries = settings.TRUSTED_PROXIES if trusted is None else trusted
    return any(ip in network for network in _networks(entries))


def client_ip(request: HttpRequest, trusted: Iterable[str] | None = None) -> str | None:
    """The client's address: REMOTE_ADDR, or, behind trusted proxies, the right-most
    X-Forwarded-For entry that is not itself a trusted proxy (the left ones are the
    client's to write)."""
    remote = request.META.get("REMOTE_ADDR")
    if not is_trusted_proxy(remote, trusted):
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed([h for h in hops if h]):
        if not is_trusted_proxy(hop, trusted):
            return hop
    return remote


class TrustedProxyMiddleware:
    """Drops X-Forwarded-Proto and X-Forwarded-For from connections not from a trusted proxy.

    Runs first, before SecurityMiddleware reads the scheme."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_trusted_proxy(request.META.get("REMOTE_ADDR")):
            for header in FORWARDED_HEADERS:
                request.META.pop(header, None)
        return self.get_response(request)
