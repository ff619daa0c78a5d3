"""The dashboard and the health check."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from scoring.metrics import rate

from ..charts import BarChart, bar_chart
from ..formats import percent
from ..languages import language_name, languages
from ..models import ConfigVersion, DataFinding, Job, ReviewPass
from ..pass_queries import Coverage, coverage, units
from ..queries import BUCKETS, VARIANTS, LanguageStats, dataset_findings, language_stats
from ..roles import maintained_languages
from .access import require_reviewer

#: The per-turn rates chart, small enough for its table cell: 14 units a bucket.
CHART_WIDTH, CHART_HEIGHT = 14 * len(BUCKETS), 48


@dataclass
class LanguageRow:
    code: str
    name: str
    active: ConfigVersion | None
    scored_version: ConfigVersion | None
    metric: str
    rate: float | None
    errors: int
    ref_len: int
    variants: list[tuple[str, str, int, int]]
    profile: str
    scored: int
    total: int
    open_flags: int
    pending_proposals: int
    jobs: list[Job]
    chart: BarChart | None = None  # per-turn rates, bucketed
    undefined: int = 0
    #: turns scored on a corrected reference, and the rate on the original references
    corrected: int = 0
    original_rate: float | None = None
    original_errors: int = 0
    original_ref_len: int = 0

    @property
    def rate_display(self) -> str:
        return percent(self.rate)

    @property
    def original_rate_display(self) -> str:
        return percent(self.original_rate)

    @property
    def rescoring(self) -> bool:
        return self.active is not None and self.active != self.scored_version

    @property
    def chart_title(self) -> str:
        return f"Per-turn {self.metric} of {self.scored} turns"


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    order = {code: i for i, code in enumerate(languages())}
    rows = sorted((_row(s) for s in language_stats()), key=lambda r: order.get(r.code, len(order)))
    jobs = list({job.pk: job for row in rows for job in row.jobs}.values())
    if request.htmx and request.htmx.target == "jobs":
        response = render(request, "reviewapp/dashboard.html#jobs", {"jobs": jobs})
        if not jobs:  # 286 tells htmx to stop polling, after this last swap
            response.status_code = HttpResponseStopPolling.status_code
        return response
    context = {
        "maintained": sorted(maintained_languages(request.user)),
        "rows": rows,
        "review": _review(rows),
        "findings": dataset_findings(),
        "finding_kinds": DataFinding.Kind.choices,
        "jobs": jobs,
    }
    return render(request, "reviewapp/dashboard.html", context)


@dataclass
class ReviewRow:
    """A language's review coverage: summed over its datasets, and per dataset."""

    code: str
    name: str
    total: Coverage
    datasets: list[Coverage]
    open_disagreements: int

    @property
    def errors_share(self) -> str:
        return percent(self.total.errors_share)


def _review(rows: list[LanguageRow]) -> list[ReviewRow]:
    """Coverage of the languages with a review pass, in six queries (one when there is
    no pass): turns reviewed out of those scored, per dataset, the share of the errors at
    the scored version that sit in reviewed turns, and disagreements not adjudicated."""
    passes = list(ReviewPass.objects.only("pk", "language", "version"))
    if not passes:
        return []
    language_of = {p.pk: p.language for p in passes}
    versions = {row.code: row.scored_version.pk for row in rows if row.scored_version}
    per_dataset: dict[str, list[Coverage]] = {}
    for item in coverage(versions, set(language_of.values())):
        per_dataset.setdefault(item.language, []).append(item)
    disputed = Counter(language_of[u.review_pass] for u in units(passes) if u.is_open)
    order = {code: i for i, code in enumerate(languages())}
    result = []
    for code in sorted(set(language_of.values()), key=lambda c: order.get(c, len(order))):
        datasets = per_dataset.get(code, [])
        total = Coverage(code, "", *(sum(getattr(d, f) for d in datasets) for f in _SUMMED))
        name = language_name(code)
        result.append(ReviewRow(code, name, total, datasets, disputed.get(code, 0)))
    return result


_SUMMED = ("scored", "in_passes", "reviewed", "errors", "reviewed_errors")


def _row(stats: LanguageStats) -> LanguageRow:
    language, totals = stats.language, stats.totals
    version = language.scored_version
    errors, ref_len = totals.get("errors") or 0, totals.get("ref_len") or 0
    variants = []
    for name in VARIANTS:
        v_errors, v_ref = totals.get(f"{name}_errors"), totals.get(f"{name}_ref_len")
        if v_errors is not None and v_ref is not None:
            variants.append((name, percent(rate(v_errors, v_ref)), v_errors, v_ref))
    row = LanguageRow(
        code=language.code,
        name=language_name(language.code),
        active=language.active_version,
        scored_version=version,
        metric=_metric(version or language.active_version),
        rate=rate(errors, ref_len) if totals else None,
        errors=errors,
        ref_len=ref_len,
        variants=variants,
        profile=_default_profile(version),
        scored=totals.get("scored", 0),
        total=stats.user_turns,
        open_flags=stats.open_flags,
        pending_proposals=stats.pending_proposals,
        jobs=stats.jobs,
        undefined=stats.undefined,
    )
    row.chart = _histogram(stats.histogram)
    if stats.original:
        row.corrected = totals.get("corrected", 0)
        row.original_errors = stats.original["errors"] or 0
        row.original_ref_len = stats.original["ref_len"] or 0
        row.original_rate = rate(row.original_errors, row.original_ref_len)
    return row


def _config(version: ConfigVersion | None) -> dict:
    content = version.content if version is not None else {}
    config = content.get("config") if isinstance(content, dict) else None
    return config if isinstance(config, dict) else {}


def _metric(version: ConfigVersion | None) -> str:
    return "CER" if _config(version).get("unit") == "char" else "WER"


def _default_profile(version: ConfigVersion | None) -> str:
    profile = _config(version).get("default_profile")
    return profile if isinstance(profile, str) else ""


def _histogram(counts: list[int]) -> BarChart:
    values = [(label, count) for (label, _), count in zip(BUCKETS, counts, strict=True)]
    return bar_chart(values, width=CHART_WIDTH, height=CHART_HEIGHT, scale="count", compact=True)


@login_not_required
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the container health check: the app answers and the DB responds."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
