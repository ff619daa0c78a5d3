"""docker-compose.yml agrees with the settings (no Docker engine runs here, so we parse it)."""

import re
from pathlib import Path

import dj_database_url
import pytest
import yaml

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
