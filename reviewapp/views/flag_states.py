"""Maintainers close flags of their language (won't fix, duplicate), one from its
conversation page or many from the flag queue, and reopen them.

One POST closes one flag or many (`flag` repeated). With htmx, closing one flag answers
its item, as its conversation page shows it; without, the POST redirects back (`next`,
a path of this site) with a message saying what was done or why nothing was.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from ..models import Flag
from ..services.flag_states import MAX_CLOSED_AT_ONCE, do_close_flags, do_reopen_flag
from ..services.flags import MAX_NOTE_CHARS, FlagError
from .access import get_flag_for_closer, require_maintainer
from .flags import flag_item_response


class FlagIdsField(forms.Field):
    """Flag numbers, from repeated values (`flag=12&flag=13`)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value) -> list[int]:
        try:
            ids = sorted({int(item) for item in value or []})
        except (TypeError, ValueError):
            raise ValidationError("flags are named by their numbers") from None
        if len(ids) > MAX_CLOSED_AT_ONCE:
            raise ValidationError(f"at most {MAX_CLOSED_AT_ONCE} flags are closed at once")
        return ids

    def validate(self, value) -> None:
        if not value:
            raise ValidationError("select at least one flag")


class CloseFlagsForm(forms.Form):
    flag = FlagIdsField()
    status = forms.ChoiceField(
        choices=[(Flag.Status.WONT_FIX, "Won't fix"), (Flag.Status.DUPLICATE, "Duplicate")],
        widget=forms.RadioSelect,
    )
    duplicate_of = forms.IntegerField(required=False, min_value=1, label="Duplicate of flag #")
    reason = forms.CharField(
        max_length=MAX_NOTE_CHARS,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Required for won't fix.",
    )

    def first_error(self) -> str:
        for field, errors in self.errors.items():
            name = "" if field == "__all__" else f"{field.replace('_', ' ')}: "
            return f"{name}{errors[0]}"
        return ""


def _next_url(request: HttpRequest, default: str) -> str:
    """Where to go back to: `next` when it is a path of this site, else `default`."""
    wanted = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if wanted and safe else default


def _closed_message(closed: list[Flag], status: str, duplicate_of: int | None) -> str:
    if not closed:
        return "Nothing changed: the flags were closed that way already."
    n = len(closed)
    flags = f"{n} flag{'s' if n != 1 else ''}" if n > 1 else f"Flag #{closed[0].pk}"
    if status == Flag.Status.DUPLICATE:
        return f"{flags} closed as duplicate of flag #{duplicate_of}."
    return f"{flags} closed as won't fix."


@require_POST
def flag_close(request: HttpRequest) -> HttpResponse:
    """Close the posted flags as won't fix (with a reason) or as duplicates of one flag."""
    require_maintainer(request)
    form = CloseFlagsForm(request.POST)
    back = _next_url(request, reverse("reviewapp:flag_queue"))
    error, closed = "", []
    if not form.is_valid():
        error = form.first_error()
    else:
        data = form.cleaned_data
        try:  # PermissionDenied (a flag of another language) is a 403, nothing written
            closed = do_close_flags(
                request.user,
                data["flag"],
                status=data["status"],
                reason=data["reason"],
                duplicate_of=data["duplicate_of"],
            )
        except FlagError as exc:
            error = str(exc)
    ids = form.cleaned_data.get("flag") if not form.errors.get("flag") else None
    if request.htmx and ids and len(ids) == 1:
        flag = get_flag_for_closer(request, ids[0])
        return flag_item_response(request, flag, close_error=error, focus=not error)
    if error:
        messages.error(request, f"Nothing was closed: {error}")
    else:
        data = form.cleaned_data
        messages.success(request, _closed_message(closed, data["status"], data["duplicate_of"]))
    return redirect(back)


@require_POST
def flag_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    flag = get_flag_for_closer(request, pk)
    try:
        flag = do_reopen_flag(request.user, flag)
    except FlagError as exc:
        if request.htmx:
            return HttpResponse(str(exc), status=409, content_type="text/plain")
        messages.error(request, f"Not reopened: {exc}")
    if request.htmx:
        return flag_item_response(request, flag)
    return redirect(_next_url(request, reverse("reviewapp:turn", args=[flag.turn_id])))
