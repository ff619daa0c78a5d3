"""The dashboard and the health check."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..roles import maintained_languages
from .access import require_reviewer


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    context = {"maintained": sorted(maintained_languages(request.user))}
    return render(request, "reviewapp/dashboard.html", context)


@login_not_required
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the container health check: the app answers and the DB responds."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
