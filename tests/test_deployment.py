"""docker-compose.yml agrees with the settings (no Docker engine runs here, so we parse it)."""

import os
import re
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import dj_database_url
import pytest
import yaml

from tests.support.services import free_port

ROOT = Path(__file__).resolve().parents[1]
SERVICES = {"web", "worker", "redis", "postgres"}


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def substitute(value: str) -> str:
    """Apply compose's ${VAR:-default} and ${VAR:?msg} with no variables set."""
    value = re.sub(r"\$\{[A-Z_]+:-([^}]*)\}", r"\1", value)
    return re.sub(r"\$\{[A-Z_]+:\?[^}]*\}", "set-by-operator", value)


def test_it_defines_the_four_services_with_health_checks(compose):
    assert set(compose["services"]) == SERVICES
    for name, service in compose["services"].items():
        assert "healthcheck" in service, name
        assert service.get("restart") == "unless-stopped", name


def test_web_and_worker_build_this_project(compose):
    assert (ROOT / "Dockerfile").is_file()
    for name in ("web", "worker"):
        assert compose["services"][name]["build"] == "."
    assert "lexicheck.wsgi:application" in compose["services"]["web"]["command"]
    assert "celery -A lexicheck worker" in compose["services"]["worker"]["command"]
    assert (ROOT / "lexicheck" / "wsgi.py").is_file()


def test_worker_can_scale(compose):
    worker = compose["services"]["worker"]
    assert "container_name" not in worker and "ports" not in worker


def test_app_environment_matches_the_settings(compose):
    env = {k: substitute(str(v)) for k, v in compose["services"]["web"]["environment"].items()}
    assert env == {
        k: substitute(str(v)) for k, v in compose["services"]["worker"]["environment"].items()
    }
    db = dj_database_url.parse(env["DATABASE_URL"])
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert db["HOST"] == "postgres" and db["NAME"] == "lexicheck"
    assert env["CELERY_BROKER_URL"].startswith("redis://redis:6379")
    assert env["DEBUG"] == "0"
    assert {"SECRET_KEY", "ALLOWED_HOSTS"} <= set(env)
    postgres_env = compose["services"]["postgres"]["environment"]
    assert postgres_env["POSTGRES_DB"] == db["NAME"] and postgres_env["POSTGRES_USER"] == db["USER"]


def test_database_has_a_volume(compose):
    volumes = compose["services"]["postgres"]["volumes"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in volumes)
    assert "postgres-data" in compose["volumes"]


def production_env(tmp_path, **extra) -> dict[str, str]:
    """The environment of the compose `web` service, with DEBUG off and HTTPS redirect on."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "PYTHONPATH": str(ROOT),
        "DEBUG": "0",
        "SECRET_KEY": "health-check-test-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "review.example.org",
        "SECURE_SSL_REDIRECT": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "LEXICHECK_VAR_DIR": str(tmp_path / "var"),
        **extra,
    }


@contextmanager
def gunicorn(compose, env):
    """gunicorn started as the compose `web` service starts it (its -c config), on a free
    loopback port and with one worker; yields the port once it answers."""
    command = compose["services"]["web"]["command"]
    config = re.search(r"gunicorn (-c \S+) lexicheck\.wsgi:application", command)
    assert config, command
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", *config.group(1).split(), "lexicheck.wsgi:application"]
        + ["--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


def probe(env, port, path="/login/", **headers) -> str:
    """Status and Location of a plain-HTTP GET from 127.0.0.1, as "301 https://…"."""
    script = PROBE.format(port=port, path=path, headers=dict(headers, Host="review.example.org"))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    return out.stdout.strip() or out.stderr


def test_web_health_check_passes_with_production_settings(compose, tmp_path):
    """The compose health check, run against gunicorn started with DEBUG off and the
    HTTPS redirect on (its default), answers healthy; without the redirect exemption it
    would get a 301 to https:// and fail."""
    test = compose["services"]["web"]["healthcheck"]["test"]
    assert test[0] == "CMD"
    env = production_env(tmp_path)
    with gunicorn(compose, env) as port:
        # Wait with the light stdlib probe, then run the health check once: retried as
        # the wait, each try imported the project (0.3 s) and slept 0.5 s.
        wait_until_up(env, port)
        command = [sys.executable if arg == "python" else arg for arg in test[1:]]
        check = subprocess.run(
            [*command, str(port)], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr
        # The same request to a page that is not exempt is sent to HTTPS: the check is strict.
        assert probe(env, port) == "301 https://review.example.org/login/"


def test_gunicorn_believes_forwarded_proto_from_trusted_proxies_only(compose, tmp_path):
    """gunicorn's own default believes X-Forwarded-Proto from 127.0.0.1, and Django falls
    back to gunicorn's scheme once it has dropped the header: with no TRUSTED_PROXIES a
    process next to gunicorn could claim HTTPS. The compose config trusts the same
    proxies as Django."""
    env = production_env(tmp_path)
    with gunicorn(compose, env) as port:
        wait_until_up(env, port)
        assert (
            probe(env, port, X_Forwarded_Proto="https") == "301 https://review.example.org/login/"
        )
    trusted = production_env(tmp_path, TRUSTED_PROXIES="127.0.0.1")
    with gunicorn(compose, trusted) as port:
        wait_until_up(trusted, port)
        assert probe(trusted, port, X_Forwarded_Proto="https") == "200 None"
        assert probe(trusted, port) == "301 https://review.example.org/login/"


def test_image_runs_gunicorn_with_the_same_config(compose):
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert '"-c", "python:lexicheck.gunicorn_conf"' in dockerfile
    assert "-c python:lexicheck.gunicorn_conf" in compose["services"]["web"]["command"]


def wait_until_up(env, port, deadline_s=60) -> None:
    deadline = time.monotonic() + deadline_s
    while probe(env, port, path="/healthz").split()[0] != "200":
        assert time.monotonic() < deadline, "gunicorn did not answer /healthz"
        # Refused only until gunicorn has bound its port; after that a probe waits in the
        # listen queue until the worker answers, so a short pause wastes nothing.
        time.sleep(0.1)


PROBE = """
import http.client
c = http.client.HTTPConnection("127.0.0.1", {port}, timeout=5)
headers = {{k.replace("_", "-"): v for k, v in {headers!r}.items()}}
c.request("GET", {path!r}, headers=headers)
r = c.getresponse()
print(r.status, r.getheader("Location"))
"""
