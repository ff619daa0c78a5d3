"""What a page computes from shared rows, kept in the process while the content stamp holds.

The content stamp (`reviewapp.content_stamps`) changes, at commit, with every write to a
table the conversation list, a conversation and the flag queue read. `conditional_page`
reads it before any of the page's data and keeps it on the request; a value computed from
those tables after that read, and stored under that stamp, is never older than the stamp
(at worst newer, as a page sent under an ETag). So while the stamp holds, a page asked for
again by any user reuses it: the turns' markup of a conversation, the list's rows, the
queue's groups. A write makes every page read its rows again, once.

Only what is the same for every user who may see the page goes in here (never a CSRF
token, a role's buttons or a review pass's state), and the key names everything else
the value depends on (the page's parameters, the language table read from the configs).

Not shared, on purpose:
- in a transaction (`connection.in_atomic_block`): it may see its own writes, which the
  stamp counts only at commit, and tests run each request inside one;
- in a request without a stamp (a page with messages to show is not conditional).

The store holds one stamp's values: the first request under another stamp empties it,
as no request reads an older stamp once a newer one is committed (one still running may,
and then only computes). It is bounded by the characters of its values
(`STAMPED_CACHE_CHARS`), most of them markup; past the bound it is emptied.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import TypeVar

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db import connection
from django.http import HttpRequest

__all__ = ["STAMP_ATTRIBUTE", "clear", "numbered_page", "stamped"]

T = TypeVar("T")

#: the request attribute `conditional_page` keeps the stamp it read in
STAMP_ATTRIBUTE = "content_stamp"


class _Store:
    """One stamp's values, and the characters they hold."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stamp: object = None
        self.values: dict[Hashable, object] = {}
        self.chars = 0

    def get(self, stamp: object, key: Hashable) -> object | None:
        with self.lock:
            return self.values.get(key) if stamp == self.stamp else None

    def put(self, stamp: object, key: Hashable, value: object, chars: int, bound: int) -> None:
        with self.lock:
            if stamp != self.stamp or self.chars + chars > bound:
                self.stamp, self.values, self.chars = stamp, {}, 0
            if chars <= bound:
                self.values[key] = value
                self.chars += chars

    def clear(self) -> None:
        with self.lock:
            self.stamp, self.values, self.chars = None, {}, 0


_STORE = _Store()


def stamped(request: HttpRequest, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, or what it gave under the same stamp and `key` in this process.

    `key`: everything the value depends on besides the tracked tables (a tuple, starting
    with the page's name). The value is measured by its repr, once, when it is kept."""
    stamp = getattr(request, STAMP_ATTRIBUTE, None)
    bound = settings.STAMPED_CACHE_CHARS
    if stamp is None or bound <= 0 or connection.in_atomic_block:
        return compute()
    found = _STORE.get(stamp, key)
    if found is not None:
        return found  # type: ignore[return-value]
    value = compute()
    _STORE.put(stamp, key, value, len(repr(value)), bound)
    return value


def clear() -> None:
    """Forget every value (tests and benchmarks measuring the first render)."""
    _STORE.clear()


def numbered_page(count: int, number: int, per_page: int) -> Page:
    """Page `number` of `count` rows, for the pagination links of a page whose rows were
    kept (as markup) apart from their count."""
    return Paginator(range(count), per_page).page(number)
