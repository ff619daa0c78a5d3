"""Reference corrections: the open reference errors, one correction's page, and the
decision of a maintainer of the turn's language on it (accept: the text becomes a new
version of the turn's reference, and the turn is rescored; reject, with a reason).

Every page works without JavaScript: the decisions are forms that post and redirect.
"""

from __future__ import annotations

import difflib
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from ..forms import ReferenceAcceptForm, ReferenceRejectForm
from ..languages import language_filter_choices
from ..models import Flag
from ..roles import is_maintainer_of, maintained_languages
from ..services.references import (
    CorrectionError,
    do_accept_reference,
    do_reject_reference,
    reference_history,
)
from .access import get_reference_flag_for_maintainer, get_reference_flag_for_user, require_reviewer

PER_PAGE = 50


class LanguageFilterForm(forms.Form):
    language = forms.ChoiceField(choices=language_filter_choices, required=False)


@require_GET
def reference_queue(request: HttpRequest) -> HttpResponse:
    """Open reference-error flags, oldest first, with the correction each proposes."""
    require_reviewer(request)
    form = LanguageFilterForm(request.GET or None)
    language = form.cleaned_data["language"] if form.is_valid() else ""
    flags = (
        Flag.objects.filter(category=Flag.Category.REFERENCE_ERROR, status=Flag.Status.OPEN)
        .select_related("turn__conversation", "author")
        .only(
            "pk",
            "language",
            "note",
            "proposed_reference",
            "ref_span",
            "hyp_span",
            "created_at",
            "author__username",
            "turn__index",
            "turn__reference",
            "turn__reference_version",
            "turn__conversation__external_id",
        )
        .order_by("created_at", "pk")
    )
    if language:
        flags = flags.filter(language=language)
    page = Paginator(flags, PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "form": form,
        "page": page,
        "maintained": maintained_languages(request.user),
        "query": urlencode({"language": language}) if language else "",
    }
    return render(request, "reviewapp/references.html", context)


@require_GET
def reference_review(request: HttpRequest, pk: int) -> HttpResponse:
    """One reference-error flag: the turn's reference versions, the proposed correction
    against the current text, and (for a maintainer of the language, while the flag is
    open) the forms to accept or reject it."""
    flag = get_reference_flag_for_user(request, pk)
    turn = flag.turn
    proposed = flag.proposed_reference or turn.reference
    history = reference_history([turn.pk]).get(turn.pk, [])
    accepted = next((version for version in history if version.flag_id == flag.pk), None)
    if accepted is not None:  # what the decision changed
        diff = word_diff(history[accepted.number - 2].text, accepted.text)
    else:  # what accepting would change
        diff = word_diff(turn.reference, proposed) if flag.proposed_reference else []
    context = {
        "flag": flag,
        "turn": turn,
        "conversation_url": _turn_url(flag),
        "history": history,
        "accepted": accepted,
        "diff": diff,
        "can_decide": flag.status == Flag.Status.OPEN
        and is_maintainer_of(request.user, flag.language),
        "accept_form": ReferenceAcceptForm(initial={"text": proposed}, auto_id="accept-%s"),
        "reject_form": ReferenceRejectForm(auto_id="reject-%s"),
    }
    return render(request, "reviewapp/reference_review.html", context)


@require_POST
def reference_accept(request: HttpRequest, pk: int) -> HttpResponse:
    flag = get_reference_flag_for_maintainer(request, pk)
    form = ReferenceAcceptForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Write the corrected reference to accept.")
        return redirect("reviewapp:reference_review", pk=flag.pk)
    try:
        version = do_accept_reference(request.user, flag, form.cleaned_data["text"])
    except CorrectionError as exc:
        messages.error(request, f"Not accepted: {exc}.")
        return redirect("reviewapp:reference_review", pk=flag.pk)
    messages.success(
        request,
        f"Reference v{version.number} of turn {flag.turn.index} accepted: the turn is "
        "scored on it and on its original reference.",
    )
    return redirect(_turn_url(flag))


@require_POST
def reference_reject(request: HttpRequest, pk: int) -> HttpResponse:
    flag = get_reference_flag_for_maintainer(request, pk)
    form = ReferenceRejectForm(request.POST)
    if not form.is_valid():
        messages.error(request, "A rejection needs a reason the reviewer can read.")
        return redirect("reviewapp:reference_review", pk=flag.pk)
    try:
        do_reject_reference(request.user, flag, form.cleaned_data["reason"])
    except CorrectionError as exc:
        messages.error(request, f"Not rejected: {exc}.")
        return redirect("reviewapp:reference_review", pk=flag.pk)
    messages.success(request, "Correction rejected: the reference stays as it is.")
    return redirect(_turn_url(flag))


def _turn_url(flag: Flag) -> str:
    url = reverse("reviewapp:conversation", args=[flag.turn.conversation_id])
    return f"{url}#turn-{flag.turn_id}"


def word_diff(before: str, after: str) -> list[tuple[str, str]]:
    """The words of two texts as (kind, text) runs: "equal", "delete" (only in `before`),
    "insert" (only in `after`).

    >>> word_diff("my flight is at noone", "my flight is at noon")
    [('equal', 'my flight is at'), ('delete', 'noone'), ('insert', 'noon')]
    """
    old, new = before.split(), after.split()
    runs = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            runs.append(("equal", " ".join(old[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("delete", " ".join(old[i1:i2])))
        if j2 > j1:
            runs.append(("insert", " ".join(new[j1:j2])))
    return runs
