"""gunicorn's settings for the compose `web` service and the image's default command
(`gunicorn -c python:lexicheck.gunicorn_conf lexicheck.wsgi:application`).

gunicorn reads X-Forwarded-Proto itself: from a peer in its `forwarded_allow_ips`
(127.0.0.1 by default) it sets `wsgi.url_scheme` to https, and Django falls back to that
scheme whenever SECURE_PROXY_SSL_HEADER does not decide (the header was absent or
lexicheck.proxies dropped it). gunicorn must therefore believe exactly the proxies
Django believes: TRUSTED_PROXIES, and no one when it is empty.
"""

from __future__ import annotations

import ipaddress

from lexicheck.env import env_list


def trusted_proxies() -> list[str]:
    # gunicorn wants networks without host bits (10.0.0.0/8, not 10.0.0.1/8); the settings
    # accept either, so write them the way gunicorn reads them.
    return [
        str(ipaddress.ip_network(entry, strict=False)) for entry in env_list("TRUSTED_PROXIES", [])
    ]


bind = ["0.0.0.0:8000"]
workers = 3
timeout = 60
forwarded_allow_ips = ",".join(trusted_proxies())
