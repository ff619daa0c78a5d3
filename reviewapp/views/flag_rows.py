"""The rows of the flag queue, built in Python (as `conversation_rows` builds the list's).

A page of fifty groups and their flags, rendered by the template's loops, was over half
of the queue's request (cProfile on the 100k-turn bench database: some 1,200 variable
lookups, a `truncatechars` and a `urlencode` per flag). Every text from data (spans,
language, notes, reasons, user names, URLs) goes through `html.escape`, the function
Django's `escape` applies; numbers are written plain, as the template wrote them inside
`{% localize off %}`. tests/security/test_escaping.py checks the escaping.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import quote

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import Truncator

from ..models import Flag
from ..urlmakers import id_url
from .flag_items import propose_href

__all__ = ["QueueRows", "rows_markup"]

_escape = html.escape
_CATEGORIES = (
    ("false_errors", "false_error", "false error"),
    ("real_errors", "real_error", "real error"),
    ("reference_errors", "reference_error", "reference error"),
)


@dataclass(frozen=True)
class QueueRows:
    """What every row of one page reads besides its group."""

    state: str
    closable: frozenset[str] | set[str]  # languages whose flags the user may close here


def _short(text: str, length: int) -> str:
    """`|truncatechars:length`, escaped."""
    return _escape(Truncator(text).chars(length))


def _corpus_cell(group: dict, state: str) -> str:
    turns = group["corpus_turns"]
    if state != Flag.Status.OPEN and turns is None:
        return '<span class="muted">—</span>'
    if not group["counting"]:
        return str(int(turns))
    last = "" if turns is None else f' <span class="muted">(last count {int(turns)})</span>'
    return f'<span class="counting">counting…</span>{last}'


def _badges(group: dict, rows: QueueRows) -> str:
    badges = []
    for key, category, name in _CATEGORIES:
        n = int(group[key])
        if n:
            badges.append(
                f'<span class="badge category-{category}">{n} {name}{"" if n == 1 else "s"}</span>'
            )
    if group["reference_errors"]:
        language = _escape(quote(group["language"]))
        badges[-1] += (
            f' <a class="references-link" href="{id_url("reviewapp:references")}?language='
            f'{language}">corrections</a>'
        )
    return "\n".join(badges)


def _closed(flag: dict, state: str) -> str:
    if state not in (Flag.Status.WONT_FIX, Flag.Status.DUPLICATE):
        return ""
    how = (
        f"duplicate of #{int(flag['duplicate_of'])}"
        if state == Flag.Status.DUPLICATE
        else "won't fix"
    )
    by = f" ({_escape(flag['closed_by'])})" if flag["closed_by"] else ""
    reason = flag["close_reason"]
    why = f': <span class="close-reason" dir="auto">{_short(reason, 120)}</span>' if reason else ""
    return f'<span class="closed">— {how}{by}{why}</span>'


def _flag_item(flag: dict, closable: bool, state: str) -> str:
    pk = int(flag["pk"])
    box = (
        f'<input type="checkbox" name="flag" value="{pk}" form="close-flags" id="select-{pk}" '
        f'aria-label="Select flag #{pk}"> '
        if closable
        else ""
    )
    note = f': <span dir="auto">{_short(flag["note"], 80)}</span>' if flag["note"] else ""
    return (
        f'<li id="queue-flag-{pk}">{box}<span class="muted flag-number">#{pk}</span>\n'
        f'<a class="turn-link" href="{_escape(flag["turn_url"])}"><span dir="auto">'
        f"{_escape(flag['conversation_external_id'])}</span> · turn {int(flag['turn_index'])}"
        "</a>\n"
        f'<span class="muted">{_escape(flag["author"])}</span>{note}\n'
        f"{_closed(flag, state)}</li>"
    )


def _actions(group: dict, rows: QueueRows) -> str:
    if rows.state != Flag.Status.OPEN:
        return ""
    propose = ""
    if group["false_errors"]:
        picked = [f["pk"] for f in group["items"] if f["category"] == Flag.Category.FALSE_ERROR]
        href = propose_href(group["language"], picked)
        propose = f'<a class="propose" href="{href}">Propose a fix</a>\n'
    return (
        f'{propose}<a class="flag-all" href="{id_url("reviewapp:flag_all")}?'
        f'{_escape(group["same"])}">Flag all identical regions</a>'
    )


def row_markup(group: dict, rows: QueueRows) -> str:
    """One group's <tr>: `group` is a `flag_groups` row with the view's `counting`,
    `same` and `items` (its flags on the page) set."""
    language = _escape(group["language"])
    counting = group["counting"]
    turns = "" if counting else str(int(group["corpus_turns"]))
    counting_mark = ' data-counting="true"' if counting else ""
    closable = group["language"] in rows.closable
    items = "\n".join(_flag_item(flag, closable, rows.state) for flag in group["items"])
    return (
        f'<tr class="flag-group" data-corpus-turns="{turns}"{counting_mark}>\n'
        f"<td>{language}</td>\n"
        f'<td dir="auto" lang="{language}"><q>{_escape(group["ref_span"]) or "∅"}</q></td>\n'
        f'<td dir="auto" lang="{language}"><q>{_escape(group["hyp_span"]) or "∅"}</q></td>\n'
        f'<td class="num corpus-turns">{_corpus_cell(group, rows.state)}</td>\n'
        f'<td class="num">{int(group["flags"])}</td>\n'
        f"<td>{_badges(group, rows)}</td>\n"
        f'<td><ul class="flag-links">\n{items}\n</ul></td>\n'
        f"<td>{_actions(group, rows)}</td>\n"
        "</tr>"
    )


def rows_markup(groups: list[dict], rows: QueueRows) -> SafeString:
    """The page's rows; "" when there are none (the template says so)."""
    return mark_safe("\n".join(row_markup(group, rows) for group in groups))  # noqa: S308
