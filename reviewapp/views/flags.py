"""Flags: create one on an error region (or on some of its tokens), edit or withdraw your
own, and the flag queue (by state; maintainers close flags from it: `views.flag_states`).

With htmx a form is swapped in place and answered by the saved flag; without JavaScript
the same URLs are a normal form page, a POST and a redirect back to the conversation.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..alignment import tokens, within
from ..languages import language_filter_choices, languages
from ..models import Flag
from ..queries import flag_group_count, flag_groups, last_score_writes
from ..services.flag_states import closable_languages
from ..services.flags import (
    MAX_NOTE_CHARS,
    MAX_REFERENCE_CHARS,
    DuplicateFlagError,
    FlagError,
    do_create_flag,
    do_edit_flag,
    do_withdraw_flag,
    free_tokens,
    open_flag_of,
)
from ..urlmakers import maker_for
from .access import (
    can_close_flags,
    get_flag_for_author,
    get_region_for_user,
    require_reviewer,
)
from .conditional import conditional_page
from .conversations import flags_of_turn
from .flag_items import FlagViewer, flag_markup, flags_markup, item_flags
from .flag_rows import QueueRows, rows_markup
from .stamped import numbered_page, stamped

GROUPS_PER_PAGE = 50


class FlagForm(forms.Form):
    category = forms.ChoiceField(choices=Flag.Category.choices, widget=forms.RadioSelect)
    note = forms.CharField(
        max_length=MAX_NOTE_CHARS,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "data-autofocus": ""}),
        help_text="Why: e.g. “spelled-out code, same letters”. Ctrl+Enter saves.",
    )
    corrected_reference = forms.CharField(
        label="Corrected reference",
        max_length=MAX_REFERENCE_CHARS,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "dir": "auto"}),
        help_text="For a reference error: the whole turn as it should read. A maintainer of "
        "the language accepts it as a new version of the reference (the old one is kept).",
    )


class TokenBoxes(forms.CheckboxSelectMultiple):
    """One checkbox per token; tokens another open flag of the author covers are shown
    unticked and disabled (`taken`)."""

    taken: frozenset[int] = frozenset()

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in self.taken:
            option["attrs"]["disabled"] = True
        return option


class RegionFlagForm(FlagForm):
    """A flag of a region: the whole region, or (`split`, sent by the form whenever it
    shows the tokens) the ticked tokens of each side."""

    ref = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=TokenBoxes, label="Reference"
    )
    hyp = forms.TypedMultipleChoiceField(
        coerce=int, required=False, widget=TokenBoxes, label="Hypothesis"
    )
    split = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, region, score, free: tuple[list[int], list[int]], **kwargs):
        ref_tokens = tokens(score.reference_normalized, score.unit)
        hyp_tokens = tokens(score.hypothesis_normalized, score.unit)
        sides = {
            "ref": (range(region.ref_start, region.ref_end), ref_tokens, free[0]),
            "hyp": (range(region.hyp_start, region.hyp_end), hyp_tokens, free[1]),
        }
        kwargs.setdefault("initial", {}).update({"ref": free[0], "hyp": free[1], "split": True})
        super().__init__(*args, **kwargs)
        for name, (indices, side_tokens, side_free) in sides.items():
            field = self.fields[name]
            field.choices = [(i, _token_label(side_tokens, i)) for i in indices]
            field.widget.taken = frozenset(indices) - set(side_free)
        self.shows_tokens = len(sides["ref"][0]) + len(sides["hyp"][0]) > 1

    def chosen_tokens(self) -> tuple[list[int] | None, list[int] | None]:
        """(reference, hypothesis) token indices to flag; (None, None): the whole region."""
        if not self.cleaned_data.get("split"):
            return None, None
        return self.cleaned_data["ref"], self.cleaned_data["hyp"]


def _token_label(side_tokens: list[str], index: int) -> str:
    text = side_tokens[index] if 0 <= index < len(side_tokens) else ""
    return "␣" if text.isspace() else text  # a space, in a character-unit language


def _conversation_url(turn) -> str:
    return reverse("reviewapp:conversation", args=[turn.conversation_id]) + f"#turn-{turn.pk}"


def _form_response(request, context: dict, *, invalid: bool) -> HttpResponse:
    """The form as a fragment for htmx (200, so htmx swaps it), or as a page."""
    if request.htmx:
        return render(request, "reviewapp/flag_form.html#form", context)
    return render(request, "reviewapp/flag_form.html", context, status=400 if invalid else 200)


def flag_item_response(
    request, flag: Flag, *, focus: bool = True, close_error: str = ""
) -> HttpResponse:
    """One flag as its conversation page shows it (its item, focused), for htmx."""
    (shown,) = item_flags(Flag.objects.filter(pk=flag.pk))
    viewer = FlagViewer(request, can_close_flags(request, flag.language))
    return HttpResponse(flag_markup(shown, viewer, focus=focus, close_error=close_error))


def _flag_response(request, flag: Flag) -> HttpResponse:
    if request.htmx:
        return flag_item_response(request, flag)
    return redirect(_conversation_url(flag.turn))


def _created_response(request, flag: Flag, chosen) -> HttpResponse:
    """For htmx: nothing in the form's place (it closes), the turn's flags with the new
    one (out of band, so a "why" opened in the panel next does not hide it), and the
    region's "flagged" badge if it is the region's first open flag."""
    if not request.htmx:
        return redirect(_conversation_url(flag.turn))
    viewer = FlagViewer(request, can_close_flags(request, flag.language))
    html = flags_markup(
        flag.turn, flags_of_turn(flag.turn_id), viewer, oob=True, focus_flag=flag.pk
    )
    others = Flag.objects.filter(
        turn_id=flag.turn_id,
        version_id=flag.version_id,
        reference_version=flag.reference_version,
        status=Flag.Status.OPEN,
    ).exclude(pk=flag.pk)
    if not any(within(other, chosen) for other in others):  # on the region or a part of it
        anchor = f"#ra-{flag.turn_id}-{chosen.index}"
        html += (
            f'<span hx-swap-oob="afterend:{anchor} > .region-text">'
            '<span class="badge flagged">flagged</span></span>'
        )
    return HttpResponse(html)


def _exists_response(request, turn, chosen, existing: Flag) -> HttpResponse:
    """The author's open flag on this region, instead of a form for a second one."""
    context = {
        "turn": turn,
        "region": chosen,
        "existing": existing,
        "conversation_url": reverse("reviewapp:conversation", args=[turn.conversation_id]),
        "cancel_url": _conversation_url(turn),
        "title": "You flagged this region already",
    }
    if request.htmx:
        return render(request, "reviewapp/flag_form.html#exists", context)
    return render(request, "reviewapp/flag_form.html", context)


@require_http_methods(["GET", "POST"])
def flag_new(request: HttpRequest, pk: int, region: int) -> HttpResponse:
    """The form for a flag on an error region, or on the tokens of it the author has not
    flagged yet (ticked; the others shown disabled); the author's flag when they flagged
    every token of it already."""
    turn, score, chosen = get_region_for_user(request, pk, region)
    free = free_tokens(request.user, score, chosen)
    if free == ([], []) and request.method == "GET":
        return _exists_response(request, turn, chosen, open_flag_of(request.user, score, chosen))
    initial = {
        "category": request.GET.get("category", Flag.Category.FALSE_ERROR),
        "corrected_reference": turn.reference,
    }
    form = RegionFlagForm(
        request.POST or None,
        initial=initial,
        auto_id=f"flag-{pk}-{region}-%s",
        region=chosen,
        score=score,
        free=free,
    )
    error = ""
    if request.method == "POST" and form.is_valid():
        ref_indices, hyp_indices = form.chosen_tokens()
        try:
            flag = do_create_flag(
                request.user,
                score,
                chosen.index,
                category=form.cleaned_data["category"],
                note=form.cleaned_data["note"],
                proposed_reference=form.cleaned_data["corrected_reference"],
                ref_indices=ref_indices,
                hyp_indices=hyp_indices,
            )
        except DuplicateFlagError as exc:  # saved twice, or from a page older than the flag
            if free_tokens(request.user, score, chosen) != ([], []):
                error = f"{exc}, or choose tokens it does not cover."
            elif request.htmx:
                return _exists_response(request, turn, chosen, exc.flag)
            else:
                messages.info(request, "You flagged this region already: your flag is unchanged.")
                return redirect(_conversation_url(turn))
        except FlagError as exc:
            error = str(exc)
        else:
            return _created_response(request, flag, chosen)
    context = {
        "form": form,
        "error": error,
        "turn": turn,
        "region": chosen,
        "form_id": f"flag-form-{pk}-{region}",
        "action": reverse("reviewapp:flag_new", args=[pk, region]),
        "cancel_url": _conversation_url(turn),
        "ref_span": chosen.ref_span(tokens(score.reference_normalized, score.unit), score.unit),
        "hyp_span": chosen.hyp_span(tokens(score.hypothesis_normalized, score.unit), score.unit),
        "title": "Flag an error region",
    }
    return _form_response(request, context, invalid=request.method == "POST")


@require_http_methods(["GET", "POST"])
def flag_edit(request: HttpRequest, pk: int) -> HttpResponse:
    flag = get_flag_for_author(request, pk)
    initial = {
        "category": flag.category,
        "note": flag.note,
        "corrected_reference": flag.proposed_reference or flag.turn.reference,
    }
    form = FlagForm(request.POST or None, initial=initial, auto_id=f"flag-{pk}-%s")
    error = "" if flag.status == Flag.Status.OPEN else "Only an open flag can be edited."
    if request.method == "POST" and form.is_valid() and not error:
        try:
            flag = do_edit_flag(
                request.user,
                flag,
                category=form.cleaned_data["category"],
                note=form.cleaned_data["note"],
                proposed_reference=form.cleaned_data["corrected_reference"],
            )
        except FlagError as exc:
            error = str(exc)
        else:
            return _flag_response(request, flag)
    context = {
        "form": form,
        "error": error,
        "turn": flag.turn,
        "flag": flag,
        "form_id": f"flag-{pk}",  # replaces the flag item in place
        "action": reverse("reviewapp:flag_edit", args=[pk]),
        "cancel_url": _conversation_url(flag.turn),
        "ref_span": flag.ref_span,
        "hyp_span": flag.hyp_span,
        "title": "Edit your flag",
    }
    return _form_response(request, context, invalid=request.method == "POST" or bool(error))


@require_POST
def flag_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    flag = get_flag_for_author(request, pk)
    try:
        flag = do_withdraw_flag(request.user, flag)
    except FlagError as exc:
        return HttpResponse(str(exc), status=409, content_type="text/plain")
    return _flag_response(request, flag)


class QueueFilterForm(forms.Form):
    language = forms.ChoiceField(choices=language_filter_choices, required=False)
    state = forms.ChoiceField(
        label="State",
        choices=[
            (Flag.Status.OPEN, "Open"),
            (Flag.Status.WONT_FIX, "Won't fix"),
            (Flag.Status.DUPLICATE, "Duplicate"),
            (Flag.Status.ADDRESSED, "Addressed by a config version"),
            (Flag.Status.WITHDRAWN, "Withdrawn"),
        ],
        required=False,
    )


@require_GET
@conditional_page
def flag_queue(request: HttpRequest) -> HttpResponse:
    """Flags grouped by identical (reference span, hypothesis span) pair: open ones, or
    those in the chosen state. Maintainers select open flags of their languages here and
    close them (`views.flag_states.flag_close`)."""
    require_reviewer(request)
    form = QueueFilterForm(request.GET or None)
    valid = form.is_valid()
    language = form.cleaned_data["language"] if valid else ""
    state = (form.cleaned_data["state"] if valid else "") or Flag.Status.OPEN
    asked = request.GET.get("page")
    count, number, groups = stamped(
        request,
        ("flag-queue", language, state, asked),
        lambda: _queue_page(language, state, asked),
    )
    query = {"language": language} if language else {}
    if state != Flag.Status.OPEN:
        query["state"] = state
    closable = closable_languages(request.user) if state == Flag.Status.OPEN else set()
    shared = QueueRows(state=state, closable=closable)
    context = {
        "form": form,
        "page": numbered_page(count, number, GROUPS_PER_PAGE),
        "groups": groups,
        "language": language,
        "state": state,
        "state_label": dict(form.fields["state"].choices)[state],
        "language_names": languages(),
        "query": urlencode(query),
        "rows_html": rows_markup(groups, shared),
        "can_close_any": any(group["language"] in closable for group in groups),
        "here": request.get_full_path(),
    }
    if request.htmx and request.htmx.target == "queue":
        return render(request, "reviewapp/flag_queue.html#queue", context)
    return render(request, "reviewapp/flag_queue.html", context)


def _queue_page(language: str, state: str, asked: str | None) -> tuple[int, int, list[dict]]:
    """(groups, page number, the page's groups with their flags) for the queue."""
    writes = last_score_writes()
    versions = {code: version_id for code, (version_id, _) in writes.items()}
    paginator = Paginator(flag_groups(language, versions, state), GROUPS_PER_PAGE)
    # the same number, without the counts
    paginator.count = flag_group_count(language, state)
    page = paginator.get_page(asked)
    groups = list(page)
    for group in groups:
        # a count is shown as current only if it started after the last score write of
        # its language (under the scored version); else "counting…", never a stale number.
        # Only open flags' pairs are counted: a closed group shows its last count, if any.
        last_write = writes.get(group["language"], (None, None))[1]
        group["counting"] = group["corpus_turns"] is None or (
            last_write is not None and group["counted_at"] <= last_write
        )
        group["same"] = urlencode(
            {"language": group["language"], "ref": group["ref_span"], "hyp": group["hyp_span"]}
        )
    _attach_flags(groups, state)
    return paginator.count, page.number, groups


def _attach_flags(groups: list[dict], state: str = Flag.Status.OPEN) -> None:
    """The flags of the groups on this page, in one query: flags in the queue's state
    (open, unless filtered) whose language and reference span are among the page's (a
    short IN list, where one OR of 50 span pairs cost more to build than to run), kept
    when their whole pair is on the page. Each is the few values the queue shows, not
    model rows (no transcript or metadata columns)."""
    if not groups:
        return
    by_key: dict[tuple, list[dict]] = {
        (group["language"], group["ref_span"], group["hyp_span"]): [] for group in groups
    }
    rows = (
        Flag.objects.filter(
            status=state,
            language__in={group["language"] for group in groups},
            ref_span__in={group["ref_span"] for group in groups},
        )
        .order_by("created_at", "pk")
        .values_list(
            "language",
            "ref_span",
            "hyp_span",
            "pk",
            "category",
            "note",
            "turn_id",
            "turn__index",
            "turn__conversation_id",
            "turn__conversation__external_id",
            "author__username",
            "close_reason",
            "duplicate_of_id",
            "closed_by__username",
        )
    )
    url = maker_for("reviewapp:conversation")
    for row in rows:
        items = by_key.get(row[:3])
        if items is not None:
            pk, category, note, turn_id, index, conversation_id, external_id, author = row[3:11]
            reason, duplicate_of, closed_by = row[11:]
            items.append(
                {
                    "pk": pk,
                    "category": category,
                    "note": note,
                    "turn_id": turn_id,
                    "turn_index": index,
                    "turn_url": f"{url(conversation_id)}#turn-{turn_id}",
                    "conversation_external_id": external_id,
                    "author": author,
                    "close_reason": reason,
                    "duplicate_of": duplicate_of,
                    "closed_by": closed_by,
                }
            )
    for group in groups:
        group["items"] = by_key[(group["language"], group["ref_span"], group["hyp_span"])]
