"""Review passes: the list and the create form (maintainers of the language), a pass's
progress and agreement, a reviewer's queue and one turn's regions to label, the regions
reviewers disagree on with their adjudication, and agreement per language.

The queue's "Reviewed, no flag" and the adjudication form are swapped in place with
htmx (the row answers with itself, same id); without JavaScript they are a POST and a
redirect back to the row.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..agreement import Agreement
from ..alignment import regions, tokens
from ..formats import percent_done
from ..forms import AdjudicationForm, PassForm
from ..languages import is_language, language_name, languages
from ..models import Assignment, Language, RegionLabel, ReviewPass, Score, Turn
from ..pass_queries import Unit, agreement_of, fill_regions, labels_of, units
from ..roles import maintained_languages
from ..services.passes import (
    PassError,
    do_adjudicate,
    do_create_pass,
    do_label,
    do_mark_reviewed,
    next_turn,
    progress,
)
from .access import (
    can_maintain,
    get_assignment_for_reviewer,
    get_pass_for_maintainer,
    get_pass_for_user,
    require_maintainer,
    require_reviewer,
)

PER_PAGE = 50
LABELS = dict(RegionLabel.Label.choices)


def figures(result: Agreement) -> dict:
    """Agreement as the pages print it: 0.734 [0.512, 0.903], 80.0% [70.1%, 88.8%]."""

    def number(value, fmt):
        return "—" if value is None else fmt.format(value)

    def interval(ci, fmt):
        return f"[{fmt.format(ci[0])}, {fmt.format(ci[1])}]" if ci else ""

    return {
        "alpha": number(result.alpha, "{:.3f}"),
        "alpha_ci": interval(result.alpha_ci, "{:.3f}"),
        "percent": number(result.percent and 100 * result.percent, "{:.1f}%"),
        "percent_ci": interval(
            result.percent_ci and [100 * v for v in result.percent_ci], "{:.1f}%"
        ),
        "units": result.units,
        "samples": result.samples,
    }


@require_GET
def pass_list(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    passes = ReviewPass.objects.select_related("version", "created_by").defer("version__content")
    language = request.GET.get("language", "")
    if is_language(language):
        passes = passes.filter(language=language)
    page = Paginator(passes, PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    done = progress(shown)
    pending = dict(
        Assignment.objects.filter(
            review_pass__in=[p.pk for p in shown],
            reviewer=request.user,
            state=Assignment.State.PENDING,
        )
        .values("review_pass")
        .annotate(n=Count("pk"))
        .values_list("review_pass", "n")
    )
    rows = [(p, done[p.pk], pending.get(p.pk)) for p in shown]
    context = {
        "page": page,
        "rows": rows,
        "language": language if is_language(language) else "",
        "languages": languages(),
        "can_create": bool(maintained_languages(request.user)),
    }
    return render(request, "reviewapp/passes.html", context)


@require_http_methods(["GET", "POST"])
def pass_new(request: HttpRequest) -> HttpResponse:
    languages = require_maintainer(request)
    initial = {"language": request.GET.get("language", "")}
    form = PassForm(request.POST or None, languages=languages, initial=initial)
    error = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            review_pass = do_create_pass(
                request.user,
                name=data["name"],
                language=data["language"],
                reviewers=data["reviewers"],
                overlap=data["overlap"],
                seed=data["seed"],
                dataset=data["dataset"],
                model=data["model"],
                rate_min=data["rate_min"],
                rate_max=data["rate_max"],
                sample_size=data["sample_size"],
            )
        except PassError as exc:
            error = str(exc)
        else:
            messages.success(request, f"Pass “{review_pass.name}” created.")
            return redirect("reviewapp:pass", review_pass.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "reviewapp/pass_form.html", {"form": form, "error": error}, status=status
    )


@require_GET
def pass_detail(request: HttpRequest, pk: int) -> HttpResponse:
    review_pass = get_pass_for_user(request, pk)
    done = progress([review_pass])[review_pass.pk]
    found = units([review_pass])
    scored_now = (
        Language.objects.filter(code=review_pass.language)
        .values_list("scored_version__number", flat=True)
        .first()
    )
    context = {
        "review_pass": review_pass,
        "progress": done,
        "agreement": figures(agreement_of(found, seed=review_pass.seed)),
        "open_disagreements": sum(u.is_open for u in found),
        "disagreements": sum(u.disagrees for u in found),
        "in_queue": any(r.reviewer == request.user.pk for r in done.reviewers),
        "scored_now": scored_now,
        "can_adjudicate": can_maintain(request, review_pass.language),
    }
    return render(request, "reviewapp/pass_detail.html", context)


# --- a reviewer's queue ----------------------------------------------------------------------


@require_GET
def pass_queue(request: HttpRequest, pk: int) -> HttpResponse:
    review_pass = get_pass_for_user(request, pk)
    mine = Assignment.objects.filter(review_pass=review_pass, reviewer=request.user)
    counts = mine.aggregate(
        assigned=Count("pk"), reviewed=Count("pk", filter=Q(state=Assignment.State.REVIEWED))
    )
    rows = mine.select_related("turn__conversation").order_by("position")
    page = Paginator(rows, PER_PAGE).get_page(request.GET.get("page"))
    percent = percent_done(counts["reviewed"], counts["assigned"])
    context = {"review_pass": review_pass, "page": page, "counts": counts, "percent": percent}
    return render(request, "reviewapp/pass_queue.html", context)


def conversation_url(turn: Turn, review_pass: ReviewPass) -> str:
    """The turn on its conversation's page; `pass` tells the page which queue it is in."""
    url = reverse("reviewapp:conversation", args=[turn.conversation_id])
    return f"{url}?pass={review_pass.pk}#turn-{turn.pk}"


@require_GET
def pass_next(request: HttpRequest, pk: int) -> HttpResponse:
    """The user's next unreviewed turn: on its conversation's page, or on the pass's turn
    page (`on=pass`); after turn `after` when given (a skipped turn comes round again)."""
    review_pass = get_pass_for_user(request, pk)
    after = request.GET.get("after", "")
    turn = next_turn(review_pass, request.user, after=int(after) if after.isdigit() else None)
    if turn is None:
        messages.info(request, "No unreviewed turn left in your queue for this pass.")
        return redirect("reviewapp:pass_queue", review_pass.pk)
    if request.GET.get("on") == "pass":
        return redirect("reviewapp:pass_turn", review_pass.pk, turn.pk)
    return redirect(conversation_url(turn, review_pass))


@require_GET
def pass_turn(request: HttpRequest, pk: int, turn: int) -> HttpResponse:
    """One turn of the user's queue: its regions under the pass's version, the labels the
    user has given them (theirs only: others' labels would sway them), and the forms."""
    review_pass, assignment = get_assignment_for_reviewer(request, pk, turn)
    turn = assignment.turn
    score = Score.objects.filter(turn=turn, version=review_pass.version_id).first()
    given = labels_of(review_pass, turn.pk, request.user.pk)
    rows = []
    if score is not None:
        ref_tokens = tokens(score.reference_normalized, score.unit)
        hyp_tokens = tokens(score.hypothesis_normalized, score.unit)
        for region in regions(score.alignment):
            key = (region.ref_start, region.ref_end, region.hyp_start, region.hyp_end)
            rows.append(
                {
                    "index": region.index,
                    "ref_span": region.ref_span(ref_tokens, score.unit),
                    "hyp_span": region.hyp_span(hyp_tokens, score.unit),
                    "label": given.get(key, ""),
                }
            )
    context = {
        "review_pass": review_pass,
        "turn": turn,
        "score": score,
        "regions": rows,
        "assignment": assignment,
        "labels": RegionLabel.Label.choices,
        "conversation_url": conversation_url(turn, review_pass),
        "next_url": reverse("reviewapp:pass_next", args=[review_pass.pk])
        + f"?after={turn.pk}&on=pass",
    }
    return render(request, "reviewapp/pass_turn.html", context)


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts=None):
        return redirect(target)
    return redirect(default)


@require_POST
def pass_reviewed(request: HttpRequest, pk: int, turn: int) -> HttpResponse:
    """ "Reviewed, no (other) flag" on a turn of the user's queue."""
    review_pass, assignment = get_assignment_for_reviewer(request, pk, turn)
    turn = assignment.turn
    assignment = do_mark_reviewed(request.user, review_pass, turn)
    if request.htmx:
        assignment.turn = turn
        context = {"review_pass": review_pass, "assignment": assignment}
        return render(request, "reviewapp/pass_queue.html#assignment", context)
    return _back(request, reverse("reviewapp:pass_queue", args=[review_pass.pk]))


@require_POST
def pass_label(request: HttpRequest, pk: int, turn: int, region: int) -> HttpResponse:
    review_pass, assignment = get_assignment_for_reviewer(request, pk, turn)
    turn = assignment.turn
    try:
        do_label(request.user, review_pass, turn, region, request.POST.get("label", ""))
    except PassError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    url = reverse("reviewapp:pass_turn", args=[review_pass.pk, turn.pk])
    return redirect(f"{url}#region-{region}")


# --- disagreements and adjudication ----------------------------------------------------------


def _unit_rows(review_pass: ReviewPass, shown: list[Unit], request: HttpRequest) -> list[dict]:
    """What a disagreement row shows: the turn, each reviewer's label, the decision."""
    fill_regions(shown, {review_pass.pk: review_pass.version_id})
    turns = Turn.objects.select_related("conversation").in_bulk({u.turn for u in shown})
    names = dict(review_pass.reviewers.values_list("pk", "username"))
    can_adjudicate = can_maintain(request, review_pass.language)
    rows = []
    for unit in shown:
        labels = sorted((names.get(r, "?"), LABELS.get(v, v)) for r, v in unit.labels.items())
        form = None
        if can_adjudicate and unit.region is not None:
            initial = {"label": unit.adjudication.label} if unit.adjudication else {}
            form = AdjudicationForm(
                initial=initial, auto_id=f"adjudicate-{unit.turn}-{unit.region}-%s"
            )
        rows.append(
            {
                "unit": unit,
                "turn": turns[unit.turn],
                "labels": labels,
                "decision": LABELS.get(unit.adjudication.label) if unit.adjudication else "",
                "form": form,
                "row_id": f"unit-{unit.turn}-{unit.region}",
            }
        )
    return rows


@require_GET
def pass_disagreements(request: HttpRequest, pk: int) -> HttpResponse:
    """Regions whose reviewers gave different labels: open ones (not adjudicated) first
    by default, or all of them (`show=all`)."""
    review_pass = get_pass_for_user(request, pk)
    show_all = request.GET.get("show") == "all"
    found = [u for u in units([review_pass]) if (u.disagrees if show_all else u.is_open)]
    page = Paginator(found, PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "review_pass": review_pass,
        "page": page,
        "rows": _unit_rows(review_pass, list(page.object_list), request),
        "show_all": show_all,
    }
    return render(request, "reviewapp/pass_disagreements.html", context)


@require_POST
def pass_adjudicate(request: HttpRequest, pk: int, turn: int, region: int) -> HttpResponse:
    review_pass = get_pass_for_maintainer(request, pk)
    turn = get_object_or_404(Turn, pk=turn)
    form = AdjudicationForm(request.POST)
    error = "" if form.is_valid() else "Choose a label."
    if not error:
        try:
            do_adjudicate(
                request.user,
                review_pass,
                turn,
                region,
                form.cleaned_data["label"],
                form.cleaned_data["note"],
            )
        except PassError as exc:
            error = str(exc)
    if error:
        return HttpResponse(error, status=400, content_type="text/plain; charset=utf-8")
    if request.htmx:
        found = [u for u in units([review_pass]) if u.turn == turn.pk]
        fill_regions(found, {review_pass.pk: review_pass.version_id})
        (unit,) = [u for u in found if u.region == region]
        (row,) = _unit_rows(review_pass, [unit], request)
        context = {"review_pass": review_pass, "row": row}
        return render(request, "reviewapp/pass_disagreements.html#unit", context)
    url = reverse("reviewapp:pass_disagreements", args=[review_pass.pk])
    return redirect(f"{url}?show=all#unit-{turn.pk}-{region}")


# --- agreement per language ------------------------------------------------------------------


@require_GET
def language_agreement(request: HttpRequest, code: str) -> HttpResponse:
    """Agreement over every pass of a language (an interval over all their turns), and
    each pass's own figures beside it."""
    require_reviewer(request)
    if not is_language(code):
        raise Http404("No such language.")
    passes = list(
        ReviewPass.objects.filter(language=code).select_related("version").defer("version__content")
    )
    found = units(passes)
    per_pass = []
    for review_pass in passes:
        own = [u for u in found if u.review_pass == review_pass.pk]
        per_pass.append(
            {
                "review_pass": review_pass,
                "agreement": figures(agreement_of(own, samples=0)),
                "open": sum(u.is_open for u in own),
            }
        )
    context = {
        "code": code,
        "name": language_name(code),
        "agreement": figures(agreement_of(found)),
        "per_pass": per_pass,
        "open": sum(u.is_open for u in found),
    }
    return render(request, "reviewapp/agreement.html", context)
