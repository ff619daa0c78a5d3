"""Facts read off the source, kept on disk: read back for the same text, computed again
for any other, and never in the way when the folder cannot be written."""

from __future__ import annotations

import json
import sys

import pytest

from scoring import sourcecache, stamp
from scoring.config import reach


@pytest.fixture(autouse=True)
def _bytecode_written(monkeypatch):
    # as under `make test`, whatever the shell running the tests sets
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


@pytest.fixture
def package(tmp_path):
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "a.py").write_text("A = 1\n", "utf-8")
    (root / "b.py").write_text("B = 2\n", "utf-8")
    return root


def paths(root):
    return sorted(root.glob("*.py"))


def never():
    raise AssertionError("computed although an entry for this text was kept")


def test_a_fact_is_computed_once_then_read_back(package):
    assert sourcecache.read_through("fact", package, paths(package), lambda: [1, 2]) == [1, 2]
    assert sourcecache.read_through("fact", package, paths(package), never) == [1, 2]
    assert (package / "__pycache__" / "lexicheck-fact.json").exists()


@pytest.mark.parametrize("change", ["edit", "rename", "add"])
def test_any_other_source_text_misses(package, change):
    sourcecache.read_through("fact", package, paths(package), lambda: "old")
    if change == "edit":
        (package / "b.py").write_text("B = 3\n", "utf-8")
    elif change == "rename":
        (package / "b.py").rename(package / "c.py")
    else:
        (package / "d.py").write_text("\n", "utf-8")
    assert sourcecache.read_through("fact", package, paths(package), lambda: "new") == "new"


def test_a_torn_or_foreign_entry_is_computed_again(package):
    entry = package / "__pycache__" / "lexicheck-fact.json"
    entry.parent.mkdir()
    for text in ('{"key": "', "[1, 2]", json.dumps({"value": 1})):
        entry.write_text(text, "utf-8")
        assert sourcecache.read_through("fact", package, paths(package), lambda: 7) == 7


def test_a_folder_that_cannot_be_written_only_costs_the_computation(package):
    (package / "__pycache__").write_text("a file where the folder would be", "utf-8")
    for _ in range(2):
        assert sourcecache.read_through("fact", package, paths(package), lambda: 7) == 7
    assert [p.name for p in package.iterdir() if p.suffix == ".tmp"] == []


def test_the_kept_code_stamp_and_code_words_are_what_parsing_gives():
    modules = sorted(stamp.PACKAGE.rglob("*.py"))
    assert stamp.package_fingerprint(stamp.PACKAGE) == stamp._fingerprint(stamp.PACKAGE, modules)
    steps = sorted((stamp.PACKAGE / "normalize").glob("*.py"))
    assert reach.code_words.__wrapped__() == frozenset(reach._string_constants(steps))


def test_a_process_told_not_to_write_bytecode_writes_no_entry(package, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    for _ in range(2):
        assert sourcecache.read_through("fact", package, paths(package), lambda: 7) == 7
    assert not (package / "__pycache__").exists()
