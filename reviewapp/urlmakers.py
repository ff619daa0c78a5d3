"""URLs of many rows at the cost of one `reverse`.

A page that links each of its rows (a flag's edit, close and reopen forms; a turn's
regions) would reverse the same pattern once per row, about 50 µs each. A URL maker
reverses it once with placeholder integers and puts each row's integers in their places;
`maker_for` (and `id_url`, the `{% id_url %}` tag) keeps the makers for the life of the
process, one per pattern, URL configuration and script prefix.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

__all__ = ["id_url", "maker_for", "url_maker"]

_MAKERS: dict[tuple, Callable[..., str]] = {}


def url_maker(name: str, arity: int = 1) -> Callable[..., str]:
    """`reverse(name, args=[...])` for many rows at the cost of one `reverse`: the URL of
    placeholder integers, with the row's integers put in their places.

    >>> url_maker("reviewapp:why", 2)(12, 0)
    '/turns/12/regions/0/why'
    """
    marks = [str(987654320 + k) for k in range(arity)]
    url = reverse(name, args=[int(mark) for mark in marks])
    template = url.replace("{", "{{").replace("}", "}}")
    for k, mark in enumerate(marks):
        if template.count(mark) != 1:
            raise ValueError(f"cannot template the URL {url!r} of {name!r}")
        template = template.replace(mark, f"{{{k}:d}}")
    return template.format


def maker_for(name: str, arity: int = 1) -> Callable[..., str]:
    """`url_maker(name, arity)`, kept for the process per (pattern, URL configuration,
    script prefix), the three things `reverse` reads, so a test's or a mount's other URLs
    get their own."""
    key = (name, arity, settings.ROOT_URLCONF, get_urlconf(), get_script_prefix())
    make = _MAKERS.get(key)
    if make is None:
        make = _MAKERS[key] = url_maker(name, arity)
    return make


def id_url(name: str, *ids: int) -> str:
    """`reverse(name, args=ids)` for a pattern whose arguments are all integers."""
    return maker_for(name, len(ids))(*ids)
