"""The rows of the conversations list, built in Python.

Fifty rows of eight cells, rendered by a template loop, were about half of the list's CPU
time (about 1,200 variable lookups a page); the same markup is built here. Every text from
data (external id, language, dataset, model) goes through `html.escape`, the function
Django's `escape` applies; numbers are written plain, as the template wrote them inside
`{% localize off %}`. tests/security/test_escaping.py checks the escaping.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from django.utils.safestring import SafeString, mark_safe

__all__ = ["rows_markup"]

_escape = html.escape
_CORRECTED_TITLE = "the rate counts these turns on their corrected reference"


def _rate_cell(row) -> str:
    if not row.scored_turns:
        return '<span class="muted">not scored</span>'
    cell = (
        f'{_escape(row.rate_display)} <span class="muted">({_escape(str(row.errors))}/'
        f"{_escape(str(row.ref_len))})</span>"
    )
    if row.corrected:
        plural = "s" if row.corrected != 1 else ""
        cell += (
            f' <span class="badge corrected" title="{_CORRECTED_TITLE}">'
            f"{int(row.corrected)} corrected reference{plural}</span>"
        )
    return cell


def row_markup(row) -> str:
    """One <tr> of the list: `row` is a `conversation_rows` row with the view's `url`,
    `rate_display`, `user_turns`, `open_flags` and `corrected` set."""
    return (
        f'<tr id="conversation-{int(row.pk)}">\n'
        f'<th scope="row"><a href="{_escape(row.url)}" dir="auto">{_escape(row.external_id)}</a>'
        "</th>\n"
        f"<td>{_escape(row.language)}</td>\n"
        f'<td dir="auto">{_escape(row.dataset.name)}</td>\n'
        f'<td dir="auto">{_escape(row.model)}</td>\n'
        f'<td class="num">{_rate_cell(row)}</td>\n'
        f'<td class="num">{int(row.substitutions)} / {int(row.deletions)} / '
        f"{int(row.insertions)}</td>\n"
        f'<td class="num">{int(row.scored_turns)}/{int(row.user_turns)}</td>\n'
        f'<td class="num">{int(row.open_flags)}</td>\n'
        "</tr>"
    )


def rows_markup(rows: Iterable) -> SafeString:
    """The list's rows; "" when there are none (the template says so)."""
    return mark_safe("\n".join(row_markup(row) for row in rows))  # noqa: S308 (escaped above)
