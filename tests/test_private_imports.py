"""No module imports another module's private names (`from .rescue import _regions`):
what two modules share is public, named in its module's `__all__` or at least without
the underscore."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("scoring", "reviewapp", "lexicheck", "bench")


def private_imports(source: str) -> list[tuple[int, str]]:
    """(line, name) of each `from M import _name` in `source` (dunder names allowed)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not name.startswith("__"):
                    found.append((node.lineno, f"{node.module or '.'}.{name}"))
    return found


def test_the_check_finds_a_private_import():
    assert private_imports("from .rescue import _regions, wrong_regions\n") == [
        (1, "rescue._regions")
    ]
    assert private_imports("from . import __version__\nimport _thread\n") == []


def test_no_module_imports_a_private_name_of_another():
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for line, name in private_imports(path.read_text(encoding="utf-8"))
    ]
    assert found == []
