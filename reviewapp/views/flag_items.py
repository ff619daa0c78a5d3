"""A turn's flags as its conversation page shows them, built in Python.

Each flag item, through the template, read some forty values (its state decides which
links and forms it offers); ten flagged turns were a fifth of a 50-turn conversation's
request (`python -m bench.page_profile`). The same markup is built here, for the page and
for the fragments htmx swaps in (a flag saved, edited, withdrawn, closed or reopened).
Every text from data (spans, notes, references, reasons, user names) goes through
`html.escape`, the function Django's `escape` applies; numbers are written plain.
tests/security/test_escaping.py checks the escaping.
"""

from __future__ import annotations

import html
from functools import cached_property
from urllib.parse import quote

from django.db.models import QuerySet, prefetch_related_objects
from django.middleware.csrf import get_token
from django.utils.safestring import SafeString, mark_safe

from ..models import Flag
from ..urlmakers import id_url

__all__ = ["FlagViewer", "flag_markup", "flags_markup", "item_flags", "propose_href"]

_escape = html.escape
_CLOSED = (Flag.Status.WONT_FIX, Flag.Status.DUPLICATE)


class FlagViewer:
    """What a flag item offers depends on who looks: their own open flags can be edited
    and withdrawn; a maintainer of the language closes and reopens."""

    def __init__(self, request, can_close: bool) -> None:
        self.request = request
        self.user_id = request.user.pk
        self.can_close = can_close

    @cached_property
    def csrf_input(self) -> str:
        """The forms' CSRF field, asked of the request only when an item has a form (as
        the template's {% csrf_token %} was): a response without one sets no cookie."""
        token = _escape(get_token(self.request))
        return f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'


def item_flags(flags: QuerySet) -> list[Flag]:
    """The flags with what their items read: author and version joined; who resolved or
    closed them and the flag they duplicate fetched apart, and only where a flag has one.
    PostgreSQL took 1.6 ms to plan the query joining all five, 0.3 ms joining two, for
    columns empty on most flags; and a prefetch that finds no ids still costs the ORM a
    query to build (`python -m bench.page_profile`)."""
    rows = list(flags.select_related("author", "version").defer("version__content"))
    apart = [name for name in _APART if any(getattr(f, f"{name}_id") for f in rows)]
    if apart:
        prefetch_related_objects(rows, *apart)
    return rows


_APART = ("resolved_by", "closed_by", "duplicate_of")


def propose_href(language: str, flag_ids) -> str:
    """The new proposal's URL for these false-error flags of `language`, escaped for an
    href (the conversation page's item and the queue's group link to it)."""
    picked = "".join(f"&amp;flag={int(pk)}" for pk in flag_ids)
    return f"{id_url('reviewapp:proposal_new')}?language={_escape(quote(language))}{picked}"


def _name(user) -> str:
    return _escape(user.username)


def _resolution(flag: Flag) -> str:
    if flag.status == Flag.Status.REJECTED:
        return (
            f'<p class="resolution">Rejected by {_name(flag.resolved_by)}: '
            f'<span dir="auto">{_escape(flag.resolution_note)}</span></p>'
        )
    if flag.status == Flag.Status.CORRECTED:
        return (
            f'<p class="resolution">Accepted by {_name(flag.resolved_by)} as a new reference '
            "version.</p>"
        )
    return ""


def _closed(flag: Flag) -> str:
    if flag.status not in _CLOSED:
        return ""
    pk = int(flag.pk)
    if flag.status == Flag.Status.DUPLICATE:
        original = flag.duplicate_of
        where = (
            f"#flag-{int(flag.duplicate_of_id)}"
            if original.turn_id == flag.turn_id
            else id_url("reviewapp:turn", original.turn_id)
        )
        how = f'Duplicate of <a href="{_escape(where)}">flag #{int(flag.duplicate_of_id)}</a>'
    else:
        how = "Won't fix"
    by = f" (closed by {_name(flag.closed_by)})" if flag.closed_by_id else ""
    reason = flag.close_reason
    why = f': <span class="close-reason" dir="auto">{_escape(reason)}</span>' if reason else ""
    return f'<p class="closed" id="closed-{pk}">{how}{by}{why}</p>'


def _links(flag: Flag, viewer: FlagViewer) -> list[str]:
    pk, is_open = int(flag.pk), flag.status == Flag.Status.OPEN
    parts = []
    if flag.category == Flag.Category.REFERENCE_ERROR and is_open:
        review = id_url("reviewapp:reference_review", pk)
        parts.append(
            f'<a class="review-reference" id="review-reference-{pk}" href="{review}">'
            "Review the correction</a>"
        )
    parts.append(_closed(flag))
    if flag.category == Flag.Category.FALSE_ERROR and is_open:
        parts.append(
            f'<a class="propose" id="propose-{pk}" href="{propose_href(flag.language, [pk])}">'
            "Propose a fix</a>"
        )
    if flag.author_id == viewer.user_id and is_open:
        edit, withdraw = id_url("reviewapp:flag_edit", pk), id_url("reviewapp:flag_withdraw", pk)
        parts.append(
            f'<a href="{edit}" hx-get="{edit}" hx-target="#flag-{pk}" hx-swap="outerHTML">'
            "Edit</a>\n"
            f'<form method="post" action="{withdraw}" class="inline" hx-post="{withdraw}" '
            f'hx-target="#flag-{pk}" hx-swap="outerHTML">\n'
            f'{viewer.csrf_input}<button type="submit">Withdraw</button>\n</form>'
        )
    return parts


def _close_form(flag: Flag, viewer: FlagViewer, close_error: str) -> str:
    pk = int(flag.pk)
    close, turn = id_url("reviewapp:flag_close"), id_url("reviewapp:turn", flag.turn_id)
    error = f'<p class="error" role="alert">{_escape(close_error)}</p>\n' if close_error else ""
    return (
        f'<details class="flag-close"{" open" if close_error else ""}>\n'
        "<summary>Close…</summary>\n"
        f'<form method="post" action="{close}" class="close-form" id="close-{pk}"\n'
        f'hx-post="{close}" hx-target="#flag-{pk}" hx-swap="outerHTML">\n'
        f"{viewer.csrf_input}\n"
        f'<input type="hidden" name="flag" value="{pk}">\n'
        f'<input type="hidden" name="next" value="{turn}">\n'
        f"{error}"
        "<fieldset>\n<legend>Close as</legend>\n"
        f'<label for="close-{pk}-wont_fix"><input type="radio" name="status" value="wont_fix" '
        f'id="close-{pk}-wont_fix" checked> Won\'t fix</label>\n'
        f'<label for="close-{pk}-duplicate"><input type="radio" name="status" '
        f'value="duplicate" id="close-{pk}-duplicate"> Duplicate of flag #</label>\n'
        f'<input type="number" name="duplicate_of" min="1" id="close-{pk}-of" '
        'aria-label="Duplicate of flag number">\n'
        "</fieldset>\n"
        f'<label for="close-{pk}-reason">Reason <span class="muted">(required for won\'t fix)'
        "</span></label>\n"
        f'<textarea name="reason" id="close-{pk}-reason" rows="2" maxlength="2000" dir="auto">'
        "</textarea>\n"
        '<button type="submit">Close flag</button>\n'
        "</form>\n"
        "</details>"
    )


def _reopen_form(flag: Flag, viewer: FlagViewer) -> str:
    pk = int(flag.pk)
    reopen, turn = id_url("reviewapp:flag_reopen", pk), id_url("reviewapp:turn", flag.turn_id)
    return (
        f'<form method="post" action="{reopen}" class="inline" hx-post="{reopen}" '
        f'hx-target="#flag-{pk}" hx-swap="outerHTML">\n'
        f'{viewer.csrf_input}<input type="hidden" name="next" value="{turn}">'
        '<button type="submit">Reopen</button>\n</form>'
    )


def flag_markup(
    flag: Flag, viewer: FlagViewer, *, focus: bool = False, close_error: str = ""
) -> SafeString:
    """One flag's item. `flag` has its author and version (and, where set, who resolved
    or closed it and the flag it duplicates) loaded; `focus`: the page moves focus to it."""
    pk, language = int(flag.pk), _escape(flag.language)
    note = f'<p class="note" dir="auto">{_escape(flag.note)}</p>' if flag.note else ""
    proposed = (
        f'<p class="proposed-reference">Proposed reference: <q dir="auto" lang="{language}">'
        f"{_escape(flag.proposed_reference)}</q></p>"
        if flag.proposed_reference
        else ""
    )
    reference = f", reference v{int(flag.reference_version)}" if flag.reference_version > 1 else ""
    forms = ""
    if viewer.can_close and flag.status == Flag.Status.OPEN:
        forms = _close_form(flag, viewer, close_error)
    elif viewer.can_close and flag.status in _CLOSED:
        forms = _reopen_form(flag, viewer)
    lines = [
        f'<div class="flag flag-{_escape(flag.status)}" id="flag-{pk}" tabindex="-1"'
        f"{' data-autofocus' if focus else ''}>",
        f'<span class="badge category-{_escape(flag.category)}">'
        f"{_escape(flag.get_category_display())}</span>",
        f'<q dir="auto" lang="{language}">{_escape(flag.ref_span) or "∅"}</q> → '
        f'<q dir="auto" lang="{language}">{_escape(flag.hyp_span) or "∅"}</q>',
        f'<span class="muted flag-number">#{pk}</span>',
        note,
        proposed,
        f'<span class="muted">by {_name(flag.author)} · <span class="flag-status">'
        f"{_escape(flag.get_status_display())}</span> · on version {int(flag.version.number)}"
        f"{reference}</span>",
        _resolution(flag),
        *_links(flag, viewer),
        forms,
        "</div>",
    ]
    return mark_safe("\n".join(line for line in lines if line))  # noqa: S308 (escaped above)


def flags_markup(
    turn, flags: list[Flag], viewer: FlagViewer, *, oob: bool = False, focus_flag=None
) -> SafeString:
    """The turn's flags block, there even when empty: a flag saved inline swaps it in
    (`oob`: out of band, beside the response's main content)."""
    items = ""
    if flags:
        shown = "\n".join(flag_markup(f, viewer, focus=f.pk == focus_flag) for f in flags)
        items = f'\n<h3 class="visually-hidden">Flags of turn {int(turn.index)}</h3>\n{shown}\n'
    swap = ' hx-swap-oob="true"' if oob else ""
    return mark_safe(f'<div class="flags" id="flags-{int(turn.pk)}"{swap}>{items}</div>')  # noqa: S308
