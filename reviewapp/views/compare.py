"""Compare two models on the same references: the page (a GET form, so a comparison is a
URL to share), its report as JSON, CSV or sclite-style text, and each model's turns as
CSV that imports back. Reviewers read them."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..comparisons import (
    BOOTSTRAP,
    ModelComparison,
    compare_models,
    report_csv,
    report_json,
    report_text,
)
from ..forms import CompareForm, TurnsExportForm
from ..services.exports import turns_csv
from .access import require_reviewer

REFRESH = "pickers"  # the button that lists the chosen language's datasets and models
REPORTS = {
    "json": ("application/json", lambda result: json.dumps(report_json(result), indent=2) + "\n"),
    "csv": ("text/csv; charset=utf-8", report_csv),
    "txt": ("text/plain; charset=utf-8", report_text),
}


@require_GET
def compare(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    if REFRESH in request.GET:  # new pickers for the chosen language and dataset, no errors
        form = CompareForm(initial=request.GET.dict())
    else:
        form = CompareForm(request.GET or None)
    result = None
    if form.is_valid():
        result = _compare(form)
    context = {
        "form": form,
        "result": result,
        "figures": None if result is None else figures(result),
        "bootstrap": BOOTSTRAP,
        "query": request.GET.urlencode(),
        "exports": _exports(form) if result is not None else (),
    }
    status = 400 if form.is_bound and not form.is_valid() else 200
    return render(request, "reviewapp/compare.html", context, status=status)


@require_GET
def compare_report(request: HttpRequest, fmt: str) -> HttpResponse:
    require_reviewer(request)
    if fmt not in REPORTS:
        raise Http404("No such report format.")
    form = CompareForm(request.GET)
    if not form.is_valid():
        return HttpResponse(_errors(form), status=400, content_type="text/plain; charset=utf-8")
    result = _compare(form)
    if result is None:
        return HttpResponse(
            "this language has no scores yet\n", status=404, content_type="text/plain"
        )
    content_type, render_report = REPORTS[fmt]
    response = HttpResponse(render_report(result), content_type=content_type)
    data = form.cleaned_data
    name = f"compare-{data['language']}-{data['a']}-{data['b']}.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{_safe(name)}"'
    return response


@require_GET
def turns_export(request: HttpRequest) -> HttpResponse:
    """One model's turns as CSV that the import page reads back (format csv)."""
    require_reviewer(request)
    form = TurnsExportForm(request.GET)
    if not form.is_valid():
        return HttpResponse(_errors(form), status=400, content_type="text/plain; charset=utf-8")
    data = form.cleaned_data
    content = turns_csv(data["language"], data["dataset"], data["model"])
    response = HttpResponse(content, content_type="text/csv; charset=utf-8")
    name = f"turns-{data['language']}-{data['dataset']}-{data['model']}.csv"
    response["Content-Disposition"] = f'attachment; filename="{_safe(name)}"'
    return response


def _compare(form: CompareForm):
    data = form.cleaned_data
    return compare_models(data["language"], data["dataset"], data["a"], data["b"])


def _errors(form: CompareForm) -> str:
    return "".join(f"{field}: {' '.join(errors)}\n" for field, errors in form.errors.items())


def _safe(name: str) -> str:
    """A file name for the header: letters, digits, dots, hyphens and underscores."""
    return "".join(c if c.isascii() and (c.isalnum() or c in ".-_") else "_" for c in name)


def figures(result: ModelComparison) -> dict:
    """The comparison as the page prints it: rates and points with two decimals, the
    verdict naming the models."""
    comparison, a, b = result.comparison, result.model_a, result.model_b
    interval = comparison.interval
    verdict = comparison.verdict.replace(
        "B makes fewer errors than A", f"B ({b}) makes fewer errors than A ({a})"
    ).replace("A makes fewer errors than B", f"A ({a}) makes fewer errors than B ({b})")
    return {
        "rate_a": _percent(comparison.a.rate),
        "rate_b": _percent(comparison.b.rate),
        "difference": (
            "n/a" if comparison.difference is None else f"{100 * comparison.difference:+.2f}"
        ),
        "interval": (
            "none"
            if interval is None
            else f"[{100 * interval.low:+.2f}, {100 * interval.high:+.2f}]"
        ),
        "p_value": f"{comparison.sign.p_value:.3g}",
        "verdict": verdict,
    }


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.2f}%"


def _exports(form: CompareForm) -> list[tuple[str, str]]:
    """(model, query string) of each model's turns download."""
    data = form.cleaned_data
    return [
        (
            model,
            urlencode({"language": data["language"], "dataset": data["dataset"], "model": model}),
        )
        for model in (data["a"], data["b"])
    ]
