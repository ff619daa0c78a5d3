"""Config history per language: versions, the rule diff between any two, revert (as a
proposal), the corpus rate per version, and the ablation of the normalizer's steps."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Sum
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from scoring import ScoringError
from scoring.ablation import ablate
from scoring.config.diff import diff_bundles

from ..charts import bar_chart
from ..models import ConfigVersion, Language, Proposal, Score
from ..services import proposals as service
from ..services.configs import scorer_for
from ..services.exports import FIXTURE_SCHEMA, fixture_cases
from ..services.samples import Timebox, turn_sample
from .access import require_reviewer

#: The ablation page traces every step of the chain on each turn while the user waits:
#: about 2 ms a turn with a shipped config, so 1,000 turns take a couple of seconds; a
#: config slow on every text stops at ABLATION_SECONDS, and the page says where.
ABLATION_TURNS = 1_000
ABLATION_SECONDS = 10.0


def _get_language_for_user(request: HttpRequest, code: str) -> Language:
    require_reviewer(request)
    language = (
        Language.objects.select_related("active_version", "scored_version")
        .filter(code=code)
        .first()
    )
    if language is None or language.active_version is None:
        raise Http404(f"No config for language {code!r}")
    return language


@require_GET
def config_history(request: HttpRequest, code: str) -> HttpResponse:
    language = _get_language_for_user(request, code)
    versions = list(
        ConfigVersion.objects.filter(language=language.config_language)
        .select_related("author", "approver", "proposal", "parent")
        .order_by("-number")
    )
    rates = _rates_per_version(language)
    for version in versions:
        version.corpus_rate = rates.get(version.pk)
    chart = bar_chart([(f"v{v.number}", v.corpus_rate) for v in reversed(versions)])
    context = {"language": language, "versions": versions, "chart": chart}
    a, b = request.GET.get("a"), request.GET.get("b")
    if a and b:
        by_number = {str(v.number): v for v in versions}
        if a in by_number and b in by_number:
            context["diff"] = diff_bundles(by_number[a].content, by_number[b].content)
            context["diff_pair"] = (by_number[a], by_number[b])
    return render(request, "reviewapp/config_history.html", context)


def _rates_per_version(language: Language) -> dict[int, float | None]:
    codes = Language.objects.codes_for(language.config_language)
    rows = (
        Score.objects.current()
        .filter(language__in=list(codes))
        .values("version")
        .annotate(errors=Sum("errors"), ref=Sum("ref_len"), n=Count("id"))
    )
    return {r["version"]: (r["errors"] / r["ref"] if r["ref"] else None) for r in rows}


@require_POST
def config_revert(request: HttpRequest, code: str, number: int) -> HttpResponse:
    language = _get_language_for_user(request, code)
    version = get_object_or_404(ConfigVersion, language=language.config_language, number=number)
    try:
        proposal = service.do_revert_proposal(request.user, version)
    except service.ProposalError as exc:
        messages.error(request, str(exc))
        return redirect("reviewapp:config_history", code=code)
    messages.success(request, f"Proposal to revert to v{number} created; a maintainer decides.")
    return redirect("reviewapp:proposal", pk=proposal.pk)


@require_GET
def ablation(request: HttpRequest, code: str) -> HttpResponse:
    """The corpus rate after each step, on a sample of the language's turns: the page is
    computed while the user waits, so it scores at most ABLATION_TURNS turns (the first
    by id) and stops after ABLATION_SECONDS, saying on how many it ran."""
    language = _get_language_for_user(request, code)
    proposal = None
    scorer = scorer_for(language.active_version)
    if request.GET.get("proposal", "").isdigit():
        proposal = get_object_or_404(
            Proposal, pk=int(request.GET["proposal"]), language=language.config_language
        )
        scorer = service.scorer_for_content(proposal.content)
    sample = turn_sample(language.config_language, ABLATION_TURNS)
    timebox = Timebox(ABLATION_SECONDS)
    try:
        rows = ablate(scorer, timebox.take(sample.pairs))
    except ScoringError as exc:  # a config regex ran past its timeout on one of the turns
        messages.error(request, f"No ablation: cannot score with this config: {exc}")
        if proposal is not None:
            return redirect("reviewapp:proposal", pk=proposal.pk)
        return redirect("reviewapp:config_history", code=code)
    metric = "cer" if scorer.unit == "char" else "wer"
    chart = bar_chart([(row.step, row.rate) for row in rows], width=max(480, 56 * len(rows)))
    previous = [None, *(row.rate for row in rows)][: len(rows)]  # none when nothing was scored
    table = [
        {
            "step": row.step,
            "rate": row.rate,
            "counts": row.counts,
            "change": None if p is None or row.rate is None else row.rate - p,
        }
        for row, p in zip(rows, previous, strict=True)
    ]
    return render(
        request,
        "reviewapp/ablation.html",
        {
            "language": language,
            "proposal": proposal,
            "table": table,
            "chart": chart,
            "metric": metric,
            "pairs": timebox.taken,
            "total": sample.total,
            "limit": ABLATION_TURNS,
            "timebox": timebox,
            "label": scorer.identity.label(),
        },
    )


@require_GET
def fixtures_download(request: HttpRequest, code: str) -> HttpResponse:
    """The language's reviewed flags as a test-fixture file (all, or `?flag=` ids), or
    with `?adjudicated=1` the regions adjudicated in review passes only."""
    language = _get_language_for_user(request, code)
    ids = [int(x) for x in request.GET.getlist("flag") if x.isdigit()]
    adjudicated = request.GET.get("adjudicated") == "1"
    payload = {
        "schema": FIXTURE_SCHEMA,
        "language": language.config_language,
        "cases": fixture_cases(language.config_language, ids or None, adjudicated=adjudicated),
    }
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False, "indent": 2})
    name = f"{language.config_language}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
