"""A turn's markup on its conversation page, kept per process and keyed by its inputs.

Building a turn's aligned markup (regions, columns, escaping) is most of the work of a
conversation page. The markup is a function of a few rows' values: the turn, its shown
score and its score on the original reference, its reference history, its flags, and the
page's view (raw or aligned, language, direction, audio URL). The key is a hash of all of
those values, not of ids or timestamps: any write that changes what the turn shows (a flag
opened, edited or closed, a new score under another version, a corrected reference)
changes a value, so the page asks for another key and a changed turn is never served from
an older entry. An entry is only ever replaced by the same text.

The cache is the `fragments` alias (settings.CACHES): local memory of each web process, on
purpose. A deploy starts new processes, so markup built by older code never outlives it;
a shared cache (Redis) would need the code's version in the key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe

__all__ = ["CACHE_ALIAS", "cached_markup", "turn_markup_key"]

CACHE_ALIAS = "fragments"
TIMEOUT = 24 * 3600  # seconds; entries are also dropped when the cache is full

#: what the markup reads of each row (views/conversations.py: body_markup and its helpers)
TURN_FIELDS = (
    "pk", "index", "speaker", "language", "reference", "reference_version", "hypothesis",
    "start_time", "end_time", "scored", "alternations",
)  # fmt: skip
SCORE_FIELDS = (
    "version_id", "reference_version", "unit", "rate", "errors", "ref_len", "hyp_len",
    "substitutions", "deletions", "insertions", "reference_normalized",
    "hypothesis_normalized", "alignment", "details", "normalizer",
)  # fmt: skip
#: a region shows "flagged" when an open flag of its version and reference covers it
FLAG_FIELDS = (
    "pk", "status", "version_id", "reference_version", "ref_start", "ref_end", "hyp_start",
    "hyp_end",
)  # fmt: skip


def _values(row, fields: Sequence[str]) -> tuple | None:
    return None if row is None else tuple(getattr(row, name) for name in fields)


def _username(user) -> str | None:
    return None if user is None else user.username


def turn_markup_key(
    turn, score, original, references, flags, *, status: str, audio: str, view: tuple
) -> str:
    """The cache key of one turn's markup: a hash of every value the markup reads.

    `references`: the turn's `TurnReference` rows (oldest first); `view`: the page's
    (raw, language, direction) and anything else the caller's markup depends on."""
    inputs = (
        _values(turn, TURN_FIELDS),
        _values(score, SCORE_FIELDS),
        _values(original, SCORE_FIELDS),
        tuple(
            (r.number, r.text, _username(r.author), _username(r.accepted_by)) for r in references
        ),
        tuple(_values(flag, FLAG_FIELDS) for flag in flags),
        status,
        audio,
        view,
    )
    digest = hashlib.blake2b(repr(inputs).encode("utf-8", "surrogatepass"), digest_size=20)
    return f"turn-markup:{digest.hexdigest()}"


def cached_markup(key: str, build: Callable[[], str]) -> SafeString:
    """The markup stored under `key`, or `build()`'s, stored (markup already escaped)."""
    cache = caches[CACHE_ALIAS]
    markup = cache.get(key)
    if markup is None:
        markup = str(build())
        cache.set(key, markup, TIMEOUT)
    return mark_safe(markup)  # noqa: S308 (built by body_markup, every data text escaped)
