"""Views of the review app: function-based, access checked on the server."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from .roles import is_reviewer, maintained_languages


def _require_reviewer(request: HttpRequest) -> None:
    if not is_reviewer(request.user):
        raise PermissionDenied("Reviewers and maintainers only.")


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    _require_reviewer(request)
    context = {"maintained": sorted(maintained_languages(request.user))}
    return render(request, "reviewapp/dashboard.html", context)


@login_not_required
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the container health check: the app answers and the DB responds."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
