"""Tests that need a service or an optional dependency skip only through the gates of
tests/support/services.py, which fail instead under CI=true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support import services

TESTS = Path(__file__).resolve().parent
UNGATED = re.compile(r"pytest\.skip\(|mark\.skipif\(|importorskip\(")


def test_no_test_skips_around_the_gates():
    found = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in sorted(TESTS.rglob("*.py"))
        if path not in {TESTS / "support" / "services.py", Path(__file__).resolve()}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if UNGATED.search(line)
    ]
    assert not found, f"skip through tests.support.services (missing, needs_module): {found}"


def test_a_missing_module_skips_on_a_laptop(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    mark = services.needs_module("oracle", installed=False)
    assert mark.args == (True,) and "oracle" in mark.kwargs["reason"]


def test_a_missing_module_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="oracle is not installed"):
        services.needs_module("oracle", installed=False)


def test_an_installed_module_runs_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    assert services.needs_module("oracle", installed=True).args == (False,)
