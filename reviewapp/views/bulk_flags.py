"""Flag every identical region at once: a page that says how many error regions read as a
pair (and how many of them the reviewer flagged already), with one category and one note
for all of them; its POST flags them in one transaction.

Reached from a region of a conversation (`a`, or its "Flag all identical" link: back to
that turn afterwards) and from a group of the flag queue (back to the queue).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from ..languages import language_choices, language_name
from ..models import Flag
from ..services.bulk_flags import (
    MAX_FLAGGED_AT_ONCE,
    SpanPair,
    do_flag_all,
    plan_flag_all,
)
from ..services.flags import FlagError
from .access import require_reviewer
from .flags import FlagForm

MAX_SPAN_CHARS = 2000


class PairForm(forms.Form):
    """The pair, from the link's query (and the form's hidden fields on POST)."""

    language = forms.ChoiceField(choices=language_choices)
    ref = forms.CharField(required=False, strip=False, max_length=MAX_SPAN_CHARS)
    hyp = forms.CharField(required=False, strip=False, max_length=MAX_SPAN_CHARS)
    turn = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if not data.get("ref") and not data.get("hyp"):
            raise forms.ValidationError("an error region reads something on one side at least")
        return data

    def pair(self) -> SpanPair:
        data = self.cleaned_data
        return SpanPair(data["language"], data["ref"], data["hyp"])


def _back(pair_form: PairForm) -> str:
    """The turn the reviewer came from, else the queue of the pair's language."""
    turn = pair_form.cleaned_data.get("turn")
    if turn:
        return reverse("reviewapp:turn", args=[turn])
    return (
        reverse("reviewapp:flag_queue") + "?" + urlencode({"language": pair_form.pair().language})
    )


def _done_message(plan, category: str) -> str:
    n = len(plan.created)
    label = Flag.Category(category).label.lower()
    text = f"Flagged {n} region{'s' if n != 1 else ''} as {label}"
    if plan.skipped:
        text += f"; {plan.skipped} you had flagged already are unchanged"
    return text + "."


@require_http_methods(["GET", "POST"])
def flag_all(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    pair_form = PairForm(request.POST if request.method == "POST" else request.GET)
    if not pair_form.is_valid():
        context = {"pair_form": pair_form, "title": "Flag every identical region"}
        return render(request, "reviewapp/flag_all.html", context, status=400)
    pair = pair_form.pair()
    initial = {"category": request.GET.get("category", Flag.Category.FALSE_ERROR)}
    form = FlagForm(request.POST or None, initial=initial, auto_id="flag-all-%s")
    error = ""
    if request.method == "POST" and form.is_valid():
        category = form.cleaned_data["category"]
        try:
            plan = do_flag_all(
                request.user, pair, category=category, note=form.cleaned_data["note"]
            )
        except FlagError as exc:
            error = str(exc)
        else:
            messages.success(request, _done_message(plan, category))
            return redirect(_back(pair_form))
    plan = None
    try:  # past the bound (TooManyRegionsError) or not scored: said, and no button
        plan = plan_flag_all(request.user, pair)
    except FlagError as exc:
        error = error or str(exc)
    context = {
        "pair_form": pair_form,
        "form": form,
        "pair": pair,
        "language_name": language_name(pair.language),
        "plan": plan,
        "error": error,
        "limit": MAX_FLAGGED_AT_ONCE,
        "back": _back(pair_form),
        "title": "Flag every identical region",
    }
    return render(
        request, "reviewapp/flag_all.html", context, status=400 if request.method == "POST" else 200
    )
