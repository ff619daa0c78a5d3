"""Every memo in `scoring`, and one call that empties them all.

The memos are kept for speed only: emptying one never changes a result. Benchmarks call
`clear_caches()` to measure the cold path (nothing seen before), and a test checks that
no module keeps a `functools` cache of its own, outside this registry.

>>> from scoring import clear_caches, load_scorer
>>> scorer = load_scorer("en")
>>> scorer.score("twenty five", "25").counts.errors
0
>>> clear_caches() > 0
True
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

__all__ = ["ByContent", "clear_caches", "keep_memo", "memo", "on_clear"]

F = TypeVar("F", bound=Callable[..., Any])


class _HasMemo(Protocol):
    def clear_memo(self) -> None: ...


# Weak: a memo made for one normalizer or rescuer goes when its owner goes, and a process
# that builds many scorers does not keep them alive through this registry.
_FUNCTIONS: weakref.WeakSet = weakref.WeakSet()
# The memos of what only the package's own source decides (the code stamp): a running
# process does not reload its modules, so these stay right for its whole life.
_OF_THE_CODE: weakref.WeakSet = weakref.WeakSet()
_OWNERS: weakref.WeakSet = weakref.WeakSet()
# Module-level clearers (the scorer registry): modules live as long as the process.
_CLEARERS: list[Callable[[], None]] = []


def memo(maxsize: int | None = 4096, *, of_the_code: bool = False) -> Callable[[F], F]:
    """`functools.lru_cache(maxsize)`, registered so that `clear_caches()` empties it.
    `of_the_code`: the value depends on the package's source alone (see `clear_caches`)."""

    def wrap(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _FUNCTIONS.add(cached)
        if of_the_code:
            _OF_THE_CODE.add(cached)
        return cached  # type: ignore[return-value]

    return wrap


Owner = TypeVar("Owner", bound=_HasMemo)


def keep_memo(owner: Owner) -> Owner:
    """Register an object whose `clear_memo()` empties its own memo (a normalizer)."""
    _OWNERS.add(owner)
    return owner


def on_clear(clear: Callable[[], None]) -> Callable[[], None]:
    """Register a module-level clearer (kept for the life of the process)."""
    _CLEARERS.append(clear)
    return clear


class ByContent(dict):
    """What is costly to build from some content and never changes for it (a scorer, a
    validated config), kept by the content's hash: at most `maxsize`, the oldest out first,
    emptied by `clear_caches()`. Kept for the life of the process, as a module's."""

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        self.maxsize = maxsize
        on_clear(self.clear)

    def keep(self, key: str, value: Any) -> Any:
        if len(self) >= self.maxsize:
            self.pop(next(iter(self)))
        self[key] = value
        return value


def clear_caches(*, code_stamp: bool = True) -> int:
    """Empty every memo of `scoring` (function caches, normalizer memos, built scorers);
    returns how many were emptied. The next call of anything reads from scratch.

    `code_stamp=False` keeps the memos of the code stamp (the hash of the package's
    source, which takes half a second to compute again): for callers that want fresh
    normalizers many times in one process, such as tests, not for a cold measurement."""
    functions, owners = list(_FUNCTIONS), list(_OWNERS)
    if not code_stamp:
        functions = [cached for cached in functions if cached not in _OF_THE_CODE]
    for cached in functions:
        cached.cache_clear()
    for owner in owners:
        owner.clear_memo()
    for clear in _CLEARERS:
        clear()
    return len(functions) + len(owners) + len(_CLEARERS)


def memo_sizes() -> list[tuple[str, int]]:
    """(name, entries) of every registered function memo: what tests check is empty."""
    return [(getattr(f, "__qualname__", repr(f)), f.cache_info().currsize) for f in _FUNCTIONS]
