"""With DEBUG off and a production-like environment, `manage.py check --deploy` is clean,
and a response carries the secure cookie and header settings (HSTS, HTTPS redirect,
nosniff, frame denial, referrer policy, Secure/HttpOnly/SameSite cookies).

Run in subprocesses: the test settings turn the HTTPS redirect and secure cookies off."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "lexicheck.example.org"


@pytest.fixture
def production_env(tmp_path) -> dict[str, str]:
    """Only what docker-compose gives the web container (no test-settings overrides)."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "lexicheck.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": HOST,
        "CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
        "DATABASE_URL": "postgres://lexicheck:secret@postgres:5432/lexicheck",
        "CELERY_BROKER_URL": "redis://redis:6379/0",
        "LEXICHECK_VAR_DIR": str(tmp_path / "var"),
    }


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_debug_off(production_env):
    result = run(production_env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_check_deploy_is_still_clean_with_hsts_preload_on(production_env):
    production_env["SECURE_HSTS_PRELOAD"] = "1"
    result = run(production_env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues (0 silenced)" in result.stdout


def test_check_deploy_finds_what_an_operator_turned_off(production_env):
    """The check is not silenced wholesale: turning secure cookies off is reported."""
    production_env["SECURE_COOKIES"] = "0"
    result = run(production_env, "manage.py", "check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "security.W012" in result.stderr + result.stdout  # SESSION_COOKIE_SECURE


PROBE = f"""
import json
import django

django.setup()
from django.conf import settings
from django.test import Client

client = Client()
page = client.get("/login/", secure=True, HTTP_HOST="{HOST}")
plain = client.get("/login/", HTTP_HOST="{HOST}")
spoofed = client.get("/login/", HTTP_HOST="{HOST}", HTTP_X_FORWARDED_PROTO="https")
proxied = client.get(
    "/login/", HTTP_HOST="{HOST}", HTTP_X_FORWARDED_PROTO="https", REMOTE_ADDR="10.0.0.2"
)
names = [
    "DEBUG", "SESSION_COOKIE_SECURE", "SESSION_COOKIE_HTTPONLY", "CSRF_COOKIE_SECURE",
    "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_CONTENT_TYPE_NOSNIFF", "X_FRAME_OPTIONS", "SECURE_PROXY_SSL_HEADER",
    "SESSION_COOKIE_SAMESITE", "CSRF_COOKIE_SAMESITE",
]
print(json.dumps({{
    "status": page.status_code,
    "headers": dict(page.headers),
    "cookies": {{
        name: {{"secure": morsel["secure"], "samesite": morsel["samesite"]}}
        for name, morsel in page.cookies.items()
    }},
    "plain": [plain.status_code, plain.get("Location")],
    "spoofed": spoofed.status_code,
    "proxied": proxied.status_code,
    "settings": {{name: getattr(settings, name) for name in names}},
}}))
"""


def test_responses_carry_the_secure_headers_and_cookies(production_env):
    result = run(production_env, "-c", PROBE)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["status"] == 200
    headers = {k.lower(): v for k, v in out["headers"].items()}
    assert headers["strict-transport-security"].startswith("max-age=")
    assert int(headers["strict-transport-security"].split("=")[1].split(";")[0]) > 0
    assert "includeSubDomains" in headers["strict-transport-security"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert out["cookies"]["csrftoken"]["secure"] is True
    assert out["cookies"]["csrftoken"]["samesite"] == "Lax"
    assert out["plain"] == [301, f"https://{HOST}/login/"]  # plain HTTP goes to HTTPS
    settings = out["settings"]
    assert settings["DEBUG"] is False
    assert settings["SESSION_COOKIE_SECURE"] is True and settings["SESSION_COOKIE_HTTPONLY"]
    assert settings["CSRF_COOKIE_SECURE"] is True
    assert settings["SESSION_COOKIE_SAMESITE"] == "Lax"
    # No proxy configured: X-Forwarded-Proto is believed from no one.
    assert settings["SECURE_PROXY_SSL_HEADER"] is None
    assert out["spoofed"] == 301 and out["proxied"] == 301
    csp = headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp


def test_x_forwarded_proto_is_believed_only_from_a_trusted_proxy(production_env):
    production_env["TRUSTED_PROXIES"] = "10.0.0.0/24"
    result = run(production_env, "-c", PROBE)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["settings"]["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert out["spoofed"] == 301  # a client (127.0.0.1) claiming HTTPS is still redirected
    assert out["proxied"] == 200  # the proxy at 10.0.0.2 says the client used HTTPS
