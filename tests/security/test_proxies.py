"""X-Forwarded-Proto and X-Forwarded-For count only from TRUSTED_PROXIES; the login
lockout is keyed on the client's address, which a client cannot choose."""

from __future__ import annotations

import doctest

import pytest
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

import lexicheck.healthcheck
import lexicheck.proxies
from lexicheck.proxies import TrustedProxyMiddleware, client_ip, is_trusted_proxy

PROXIES = ["10.0.0.2", "172.16.0.0/12"]


def request(remote: str, **headers: str):
    return RequestFactory().get("/", REMOTE_ADDR=remote, **headers)


@pytest.mark.parametrize("module", [lexicheck.proxies, lexicheck.healthcheck])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("address", "trusted"),
    [("10.0.0.2", True), ("172.18.0.1", True), ("10.0.0.3", False), ("", False), ("x", False)],
)
def test_trusted_proxies_are_addresses_or_networks(address, trusted):
    assert is_trusted_proxy(address, PROXIES) is trusted


def test_a_client_that_is_not_a_proxy_is_its_own_address():
    spoofed = request("203.0.113.7", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert client_ip(spoofed, PROXIES) == "203.0.113.7"


def test_behind_proxies_the_client_is_the_right_most_untrusted_hop():
    # The client wrote "1.2.3.4" itself; the proxies appended what they saw.
    forwarded = request("10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7, 172.18.0.5")
    assert client_ip(forwarded, PROXIES) == "203.0.113.7"
    assert client_ip(request("10.0.0.2"), PROXIES) == "10.0.0.2"


@pytest.mark.parametrize(("remote", "kept"), [("203.0.113.7", False), ("10.0.0.2", True)])
def test_the_middleware_drops_forwarded_headers_from_anyone_but_a_proxy(remote, kept):
    seen = {}

    def view(req):
        seen.update(req.META)
        return HttpResponse()

    with override_settings(TRUSTED_PROXIES=PROXIES):
        TrustedProxyMiddleware(view)(
            request(remote, HTTP_X_FORWARDED_PROTO="https", HTTP_X_FORWARDED_FOR="1.2.3.4")
        )
    assert ("HTTP_X_FORWARDED_PROTO" in seen) is kept
    assert ("HTTP_X_FORWARDED_FOR" in seen) is kept


def test_with_no_trusted_proxies_nothing_forwarded_is_believed(settings):
    assert settings.TRUSTED_PROXIES == []
    assert client_ip(request("127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4")) == "127.0.0.1"
