"""Background jobs: a progress fragment the page polls, cancel and retry."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from ..models import Job
from ..roles import is_maintainer_of
from ..services.scoring import JobError, do_cancel_job, do_retry_job
from .access import require_reviewer


def _get_job_for_user(request: HttpRequest, pk: int) -> Job:
    require_reviewer(request)
    return get_object_or_404(Job.objects.select_related("version", "proposal"), pk=pk)


def _require_job_maintainer(request: HttpRequest, job: Job) -> None:
    if not is_maintainer_of(request.user, job.language):
        raise PermissionDenied("Only a maintainer of this language manages its jobs.")


@require_GET
def job_progress(request: HttpRequest, pk: int) -> HttpResponse:
    job = _get_job_for_user(request, pk)
    context = {"job": job, "can_manage": is_maintainer_of(request.user, job.language)}
    if request.GET.get("from") == "proposal":
        context["poll_from"] = "proposal"  # the next poll asks the same way
    if request.htmx:
        response = render(request, "reviewapp/job.html#progress", context)
        if job.is_finished and job.proposal_id and request.GET.get("from") == "proposal":
            # polled from the proposal's page: the preview's result takes the place of its
            # progress there, no reload needed
            context = {"preview": job, "proposal": job.proposal}
            response = render(request, "reviewapp/proposal_detail.html#preview-result", context)
        if job.is_finished:
            # 286 tells htmx to stop polling; the fragment shows the final state.
            stop = HttpResponseStopPolling()
            stop.content = response.content
            return stop
        return response
    return render(request, "reviewapp/job.html", context)


@require_POST
def job_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    job = _get_job_for_user(request, pk)
    _require_job_maintainer(request, job)
    pending = do_cancel_job(request.user, job)
    messages.info(request, _cancelled(pending))
    return redirect("reviewapp:job", pk=job.pk)


def _cancelled(pending: int | None) -> str:
    if pending is None:
        return "The job had already finished."
    if pending == 0:
        return "Cancelled: no chunk was still pending."
    if pending == 1:
        return "Cancelled: 1 chunk was still pending; it will write no score."
    return f"Cancelled: {pending} chunks were still pending; none of them will write a score."


@require_POST
def job_retry(request: HttpRequest, pk: int) -> HttpResponse:
    """Score what a job that is over left without a score, as a new job."""
    job = _get_job_for_user(request, pk)
    _require_job_maintainer(request, job)
    try:
        retry = do_retry_job(request.user, job)
    except JobError as exc:
        messages.error(request, str(exc))
        return redirect("reviewapp:job", pk=job.pk)
    return redirect("reviewapp:job", pk=retry.pk)
