"""`scoring` is a library: importing every module of it loads no Django, no app code."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter: this test process has Django loaded already.
PROBE = """
import importlib, json, pkgutil, sys
import scoring
names = [m.name for m in pkgutil.walk_packages(scoring.__path__, "scoring.")]
names = [name for name in names if not name.endswith(".__main__")]  # runs the CLI
for name in names:
    importlib.import_module(name)
app_side = {"django", "reviewapp", "lexicheck", "celery"}
loaded = sorted({m.split(".")[0] for m in sys.modules} & app_side)
print(json.dumps({"modules": names, "loaded": loaded}))
"""


def _probe() -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_importing_every_scoring_module_loads_no_django_and_no_app_code():
    result = _probe()
    expected = [m.name for m in pkgutil.walk_packages(scoring.__path__, "scoring.")]
    expected = [name for name in expected if not name.endswith(".__main__")]
    # the probe imported every module the package has, not a subset
    assert result["modules"] == expected and "scoring.normalize.codes" in expected
    assert result["loaded"] == []
