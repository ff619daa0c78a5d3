"""Background jobs: a progress fragment the page polls, cancel and retry."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from ..models import Job
from ..roles import is_maintainer_of
from ..services import audit
from ..services.scoring import create_job, unscored_turn_ids
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
    if request.htmx:
        response = render(request, "reviewapp/job.html#progress", context)
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
    with transaction.atomic():
        updated = Job.objects.filter(
            pk=job.pk, status__in=[Job.Status.QUEUED, Job.Status.RUNNING]
        ).update(cancel_requested=True, status=Job.Status.CANCELLED)
        if updated:
            audit.record(request.user, audit.Action.RESCORE_CANCELLED, job, language=job.language)
    messages.info(request, "Cancelled." if updated else "The job had already finished.")
    return redirect("reviewapp:job", pk=job.pk)


@require_POST
def job_retry(request: HttpRequest, pk: int) -> HttpResponse:
    """Score what a failed or cancelled job left unscored, as a new job."""
    from ..tasks import enqueue_job

    job = _get_job_for_user(request, pk)
    _require_job_maintainer(request, job)
    if job.kind == Job.Kind.PREVIEW or job.status not in (Job.Status.FAILED, Job.Status.CANCELLED):
        messages.error(request, "Only a failed or cancelled scoring job can be retried.")
        return redirect("reviewapp:job", pk=job.pk)
    from ..models import Language

    codes = Language.objects.filter(config_language=job.version.language).values_list(
        "code", flat=True
    )
    with transaction.atomic():
        retry = create_job(
            job.kind,
            job.language,
            job.version,
            unscored_turn_ids(job.version, list(codes)),
            user=request.user,
        )
        audit.record(
            request.user,
            audit.Action.RESCORE_QUEUED,
            retry,
            language=job.language,
            retry_of=job.pk,
            turns=retry.total,
        )
        enqueue_job(retry)
    return redirect("reviewapp:job", pk=retry.pk)
