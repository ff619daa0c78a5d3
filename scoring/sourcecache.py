"""Facts read off the package's own source, kept on disk beside its bytecode.

The code stamp and the words the steps write (`stamp.package_fingerprint`,
`config.reach.code_words`) each parse the package: about half a second, paid by every new
process (a worker, each call of the CLI) before its first score. Kept in the folder's
`__pycache__`, they are read back in a few milliseconds.

An entry is keyed by the digest of the files' names and bytes and of the Python version
(the dump of a syntax tree may change between versions), so it cannot go stale: an
edited module misses, and the fact is computed again. A folder that cannot be written (a
read-only install) only costs the parse, and a process told not to write bytecode
(PYTHONDONTWRITEBYTECODE, `python -B`) writes no entry either. `clear_caches()` leaves
these entries, as it leaves bytecode: they hold nothing a config decides.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["files_digest", "read_through", "source_digest"]

FOLDER = "__pycache__"


def files_digest(
    root: Path, paths: Sequence[Path], content: Callable[[Path], bytes], *, seed: bytes = b""
) -> str:
    """SHA-256 of `seed`, then of each file's path under `root` and `content(path)`."""
    digest = hashlib.sha256(seed)
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(content(path) + b"\0")
    return digest.hexdigest()


def source_digest(root: Path, paths: Sequence[Path]) -> str:
    """The digest of the files' paths and bytes, and of the Python version."""
    return files_digest(root, paths, Path.read_bytes, seed=sys.version.encode())


def read_through(name: str, root: Path, paths: Sequence[Path], compute: Callable[[], Any]) -> Any:
    """`compute()`, a JSON value that the text of `paths` alone decides: read from
    `root/__pycache__/lexicheck-<name>.json` when that entry is for the same text,
    else computed and written there."""
    key = source_digest(root, paths)
    entry = root / FOLDER / f"lexicheck-{name}.json"
    try:
        kept = json.loads(entry.read_text("utf-8"))
        if isinstance(kept, dict) and kept.get("key") == key:
            return kept["value"]
    except (OSError, ValueError, KeyError):
        pass  # no entry yet, or a torn or foreign file: compute it
    value = compute()
    _write(entry, {"key": key, "value": value})
    return value


def _write(entry: Path, content: dict) -> None:
    if sys.dont_write_bytecode:
        return  # the user keeps the source folders as they are
    # A temporary file renamed over the entry: processes starting together (a worker's
    # pool, parallel tests) never read half an entry.
    try:
        entry.parent.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=entry.name, suffix=".tmp")
    except OSError:
        return  # a read-only folder: the next process computes it again
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(content, out)
        os.replace(temporary, entry)
    except OSError:
        Path(temporary).unlink(missing_ok=True)
