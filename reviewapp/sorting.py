"""Sortable table columns: `?sort=title` sorts up, `?sort=-title` down; each header
links to its column's sort, keeping the page's other filters, and says which way the
table is sorted (`aria-sort`) for screen readers.

>>> from django.test import RequestFactory
>>> request = RequestFactory().get("/p", {"sort": "-title", "q": "x"})
>>> columns = [Column("title", "Title", ("title",)), Column("day", "Day", ("created",), "desc")]
>>> table = sort_table(request, columns, default="-day")
>>> table.order_by
('-title', '-pk')
>>> [(h.label, h.url, h.aria_sort) for h in table.headers]
[('Title', '?sort=title&q=x', 'descending'), ('Day', '?sort=-day&q=x', 'none')]
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    fields: tuple[str, ...]  # what to order by, ascending
    first: str = "asc"  # the direction of a first click: dates and counts read best newest first


@dataclass(frozen=True)
class Header:
    label: str
    url: str
    aria_sort: str  # "ascending", "descending" or "none"


@dataclass(frozen=True)
class SortedTable:
    order_by: tuple[str, ...]
    headers: tuple[Header, ...]
    sort: str


def sort_table(request: HttpRequest, columns: list[Column], default: str) -> SortedTable:
    """The ordering the request asks for (the default when it names no column), ended
    by the primary key so pages of equal values are stable, and the column headers."""
    by_key = {column.key: column for column in columns}
    sort = request.GET.get("sort", default)
    if sort.lstrip("-") not in by_key:
        sort = default
    descending, key = sort.startswith("-"), sort.lstrip("-")
    sign = "-" if descending else ""
    order_by = tuple(sign + field for field in by_key[key].fields) + (sign + "pk",)
    headers = []
    for column in columns:
        current = column.key == key
        if current:
            next_sort = column.key if descending else "-" + column.key
            aria = "descending" if descending else "ascending"
        else:
            next_sort = ("-" if column.first == "desc" else "") + column.key
            aria = "none"
        query = request.GET.copy()
        query.pop("page", None)
        query["sort"] = next_sort
        headers.append(Header(column.label, "?" + query.urlencode(), aria))
    return SortedTable(order_by, tuple(headers), sort)
