"""The code half of a score's stamp: what, besides the config, decides a number.

A score is stamped `name@version+hash`. The hash covers the config and its lexicons (the
loader's content hash), the companion configs a scorer uses, and this fingerprint:

- every Python module of the `scoring` package, read as code: comments, docstrings and
  formatting do not count, everything else does (a change to the alignment that turns
  S=1 into D=1 I=1 changes the stamp, not only a change to a normalizer step);
- the installed versions of the libraries whose behaviour reaches a score: rapidfuzz
  (alignment), text2num (number words), regex (patterns, timeouts), jaconv (Japanese
  kana) and pydantic (config validation and defaults).

It is computed, never bumped by hand; a config's `version` says what a linguist changed,
the hash says everything that changed.

>>> len(code_fingerprint()), code_fingerprint() == code_fingerprint()
(64, True)
"""

from __future__ import annotations

import ast
import hashlib
from importlib import metadata
from pathlib import Path

from .caches import memo
from .sourcecache import files_digest, read_through

__all__ = ["LIBRARIES", "code_fingerprint", "package_fingerprint"]

LIBRARIES = ("rapidfuzz", "text2num", "regex", "jaconv", "pydantic", "pydantic-core")
PACKAGE = Path(__file__).resolve().parent


@memo(None, of_the_code=True)
def code_fingerprint() -> str:
    """SHA-256 of the scoring package's code and the library versions, once per process."""
    versions = ",".join(f"{name}={_version(name)}" for name in LIBRARIES)
    return hashlib.sha256(f"{package_fingerprint(PACKAGE)}:{versions}".encode()).hexdigest()


def package_fingerprint(root: Path) -> str:
    """SHA-256 over every module under `root`, by path and code (see `_code`); kept on
    disk for the same source text (`sourcecache`), so a new process does not parse it."""
    paths = sorted(root.rglob("*.py"))
    return read_through("fingerprint", root, paths, lambda: _fingerprint(root, paths))


def _fingerprint(root: Path, paths: list[Path]) -> str:
    return files_digest(root, paths, lambda path: _code(path.read_text("utf-8")))


@memo(512, of_the_code=True)
def _code(source: str) -> bytes:
    """SHA-256 of the module's syntax tree, docstrings dropped: comments and layout go
    too. Kept per source text: a test that changes one module re-reads only that one."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return hashlib.sha256(ast.dump(tree, include_attributes=False).encode()).digest()


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"
