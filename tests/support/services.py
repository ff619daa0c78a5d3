"""Gates for tests that need a real service: skip on a laptop, fail under CI=true."""

from __future__ import annotations

import os
import shutil
import socket
from urllib.parse import urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def missing(service: str, why: str) -> None:
    message = f"{service} is not available: {why}"
    if in_ci():
        pytest.fail(f"{message} (CI=true: a missing service fails, it never skips)")
    pytest.skip(message)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        address = (parsed.hostname or "127.0.0.1", parsed.port or default_port)
        with socket.create_connection(address, timeout=1):
            return True
    except OSError:
        return False


def require_redis(url: str) -> None:
    if not url.startswith(("redis://", "rediss://")):
        missing("Redis", f"the broker is {url!r}; set CELERY_BROKER_URL=redis://...")
    if not port_open(url, 6379):
        missing("Redis", f"nothing answers at {url}")


def require_chromium() -> None:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        missing("Chromium", f"{CHROMIUM} not found (Debian package 'chromium')")


def require_postgresql() -> None:
    """For tests of concurrent writers and row locks, which SQLite cannot run."""
    from django.db import connection

    if connection.vendor != "postgresql":
        missing("PostgreSQL", "the tests run on SQLite; set DATABASE_URL=postgres://...")


def needs_module(name: str, installed: bool) -> pytest.MarkDecorator:
    """A mark for tests that need a test dependency (an oracle such as kocer): they skip
    without it, and under CI=true the module fails to collect instead."""
    if not installed and in_ci():  # at collection: the whole module errors, loudly
        pytest.fail(f"{name} is not installed (CI=true: a missing service fails, it never skips)")
    return pytest.mark.skipif(not installed, reason=f"{name} is not installed")
