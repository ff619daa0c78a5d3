"""The stamp covers every scoring module and the libraries that decide a score: a change
to any of them (align.py turning S=1 into D=1 I=1) must change the stamp."""

import shutil
from pathlib import Path

import pytest

from scoring import load_scorer, stamp

PACKAGE = Path(stamp.__file__).resolve().parent
MODULES = sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py"))


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("stamp") / "scoring"
    shutil.copytree(PACKAGE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture(scope="module")
def copy_stamp(copy):
    """The copy's stamp: each test below puts back the module it changed."""
    return stamp.package_fingerprint(copy)


def test_every_module_is_covered():
    assert {"align.py", "metrics.py", "scorer.py", "corpus.py", "codeswitch/__init__.py"} <= set(
        MODULES
    )


@pytest.mark.parametrize("module", MODULES)
def test_a_code_change_in_any_module_changes_the_stamp(copy, copy_stamp, module):
    before = copy_stamp
    path = copy / module
    original = path.read_text("utf-8")
    try:
        path.write_text(original + "\n_STAMP_PROBE = 1\n", "utf-8")
        assert stamp.package_fingerprint(copy) != before
        path.write_text(original + "\n# a comment, and a blank line\n\n", "utf-8")
        assert stamp.package_fingerprint(copy) == before  # layout and comments are not code
    finally:
        path.write_text(original, "utf-8")


@pytest.mark.parametrize("library", stamp.LIBRARIES)
def test_a_library_version_changes_the_stamp(monkeypatch, library):
    before = stamp.code_fingerprint.__wrapped__()
    real = stamp._version
    monkeypatch.setattr(stamp, "_version", lambda name: "0.0.0" if name == library else real(name))
    assert stamp.code_fingerprint.__wrapped__() != before


def test_the_stamp_of_a_score_carries_the_fingerprint():
    from hashlib import sha256

    from scoring import load_bundle

    identity = load_scorer("en").identity
    content = load_bundle("en").content_hash
    assert identity.hash == sha256(f"{stamp.code_fingerprint()}:{content}".encode()).hexdigest()
