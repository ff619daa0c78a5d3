"""Settings come from the environment and fail loudly on values we cannot use."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What the settings read that this environment may have set: each start-up sets its own.
CLEARED = {"DEBUG", "SECRET_KEY", "DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE"}


def run_settings(**env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in CLEARED}
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


BAD_VALUES = [
    ({"DEBUG": "0"}, "SECRET_KEY must be set"),
    ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a boolean"),
    ({"DEBUG": "1", "DATABASE_URL": "nosuchdb://x"}, "DATABASE_URL is not usable"),
    ({"DEBUG": "1", "CELERY_BROKER_URL": "amqq://typo"}, "CELERY_BROKER_URL='amqq://typo'"),
    ({"DEBUG": "1", "CELERY_TASK_TIME_LIMIT": "ten"}, "CELERY_TASK_TIME_LIMIT='ten'"),
    ({"DEBUG": "1", "TRUSTED_PROXIES": "10.0.0.300"}, "TRUSTED_PROXIES='10.0.0.300'"),
    ({"DEBUG": "1", "LOGIN_FAILURE_LIMIT": "0"}, "LOGIN_FAILURE_LIMIT=0 must be at least 1"),
]

# The start-ups with BAD_VALUES, one after another in a single process: before each,
# the project's modules (the settings, and what they read the environment with) are
# dropped and Django's settings unconfigured, so `django.setup()` reads them afresh. A
# process per environment spent ~0.4 s importing Django before the line that fails;
# test_a_bad_value_stops_a_real_start_up keeps one real process for the exit status.
START_EACH = """
import json, os, sys
import django
from django.conf import settings
from django.utils.functional import empty

base, cases = json.loads(sys.stdin.read())
errors = []
for env in cases:
    os.environ.clear()
    os.environ.update(base, **env)
    for name in [m for m in sys.modules if m == "lexicheck" or m.startswith("lexicheck.")]:
        del sys.modules[name]
    settings._wrapped = empty  # unconfigured: the next setup reads the module again
    try:
        django.setup()
    except Exception as exc:
        errors.append(f"{type(exc).__name__}: {exc}")
    else:
        errors.append(None)
print(json.dumps(errors))
"""


@pytest.fixture(scope="module")
def start_up_errors() -> list[str | None]:
    """What start-up raised with each of BAD_VALUES (None: it started)."""
    clean = {k: v for k, v in os.environ.items() if k not in CLEARED}
    clean["DJANGO_SETTINGS_MODULE"] = "lexicheck.settings"
    result = subprocess.run(
        [sys.executable, "-c", START_EACH],
        cwd=ROOT,
        input=json.dumps([clean, [env for env, _ in BAD_VALUES]]),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("case", range(len(BAD_VALUES)), ids=[m for _, m in BAD_VALUES])
def test_bad_values_stop_start_up_with_the_variable_named(start_up_errors, case):
    message = BAD_VALUES[case][1]
    assert start_up_errors[case] is not None, f"started with {BAD_VALUES[case][0]}"
    assert message in start_up_errors[case]


def test_a_bad_value_stops_a_real_start_up():
    """The in-process start-ups above raise; a real one also exits with an error."""
    result = run_settings(DJANGO_SETTINGS_MODULE="lexicheck.settings", DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr


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
