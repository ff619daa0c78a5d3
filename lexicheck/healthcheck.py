"""The web container's health check: `python -m lexicheck.healthcheck [PORT]`.

Asks gunicorn for /healthz over plain HTTP from inside the container, with a Host the
app accepts (the first of ALLOWED_HOSTS), and does not follow redirects: a redirect to
HTTPS means the app did not answer for itself. /healthz is exempt from the HTTPS
redirect (SECURE_REDIRECT_EXEMPT), so this works with SECURE_SSL_REDIRECT on. Exit
status 0 when the app and its database answer, 1 otherwise. Imports no Django: it runs
every 30 s.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

__all__ = ["health_host", "main"]


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003
        return None  # urllib then raises HTTPError for the 3xx


def health_host(allowed_hosts: str) -> str:
    """A Host header ALLOWED_HOSTS accepts: `.example.org` accepts `example.org`.

    >>> health_host("review.example.org,localhost"), health_host(".example.org"), health_host("*")
    ('review.example.org', 'example.org', 'localhost')
    """
    hosts = [h.strip() for h in allowed_hosts.split(",") if h.strip()]
    if not hosts or hosts[0] == "*":
        return "localhost"
    return hosts[0].lstrip(".")


def main(argv: list[str]) -> int:
    port = int(argv[1]) if len(argv) > 1 else 8000
    request = urllib.request.Request(  # noqa: S310 - a fixed http:// URL
        f"http://127.0.0.1:{port}/healthz",
        headers={"Host": health_host(os.environ.get("ALLOWED_HOSTS", ""))},
    )
    opener = urllib.request.build_opener(_NoRedirects)
    try:
        with opener.open(request, timeout=5) as response:
            status = response.status
    except (urllib.error.URLError, OSError) as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
