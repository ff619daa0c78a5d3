"""Settings come from the environment and fail loudly on values we cannot use."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_settings(**env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "DJANGO_SETTINGS_MODULE",
        }
    }
    clean.update(env)
    code = "import django; django.setup(); from django.conf import settings; print('OK')"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        check=False,
    )


def test_defaults_work_in_debug_with_no_servers():
    result = run_settings(DEBUG="1", DJANGO_SETTINGS_MODULE="lexicheck.settings")
    assert result.returncode == 0, result.stderr
    assert "OK" in result.stdout


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "0"}, "SECRET_KEY must be set"),
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a boolean"),
        ({"DEBUG": "1", "DATABASE_URL": "nosuchdb://x"}, "DATABASE_URL is not usable"),
        ({"DEBUG": "1", "CELERY_BROKER_URL": "amqq://typo"}, "CELERY_BROKER_URL='amqq://typo'"),
        ({"DEBUG": "1", "CELERY_TASK_TIME_LIMIT": "ten"}, "CELERY_TASK_TIME_LIMIT='ten'"),
        ({"DEBUG": "1", "TRUSTED_PROXIES": "10.0.0.300"}, "TRUSTED_PROXIES='10.0.0.300'"),
        ({"DEBUG": "1", "LOGIN_FAILURE_LIMIT": "0"}, "LOGIN_FAILURE_LIMIT=0 must be at least 1"),
    ],
)
def test_bad_values_stop_start_up_with_the_variable_named(env, message):
    result = run_settings(DJANGO_SETTINGS_MODULE="lexicheck.settings", **env)
    assert result.returncode != 0
    assert message in result.stderr


def test_filesystem_broker_is_the_default_with_absolute_shared_folders(tmp_path):
    code = (
        "import django, json; django.setup(); from django.conf import settings;"
        "from lexicheck.celery import ensure_broker_folders; ensure_broker_folders();"
        "print(json.dumps([settings.CELERY_BROKER_URL, settings.CELERY_BROKER_TRANSPORT_OPTIONS]))"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "DATABASE_"))}
    env.update(
        DEBUG="1", DJANGO_SETTINGS_MODULE="lexicheck.settings", LEXICHECK_VAR_DIR=str(tmp_path)
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    url, options = json.loads(result.stdout.splitlines()[-1])
    assert url == "filesystem://"
    for key in ("data_folder_in", "data_folder_out", "control_folder"):
        folder = Path(options[key])
        assert folder.is_absolute() and folder.is_dir()
        assert tmp_path in folder.parents


def test_celery_is_configured_for_safe_delivery(settings):
    from lexicheck.celery import app

    assert app.conf.task_acks_late is True
    assert app.conf.task_serializer == "json"
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_time_limit > app.conf.task_soft_time_limit > 0
