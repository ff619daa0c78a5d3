"""`manage.py recover_jobs [--job ID ...]`: send again the pending chunks of every queued or
running scoring job, and the plan of every rescore still planning, after a worker was
killed or the broker restarted and lost its queue.

Safe to run at any time, and twice: a chunk already done is skipped when its message
arrives, and a chunk's scores are written once (see reviewapp/services/scoring.py); a job
is planned once (reviewapp/services/versions.py).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from reviewapp.models import Job
from reviewapp.services.scoring import requeue_pending

UNFINISHED = [Job.Status.PLANNING, Job.Status.QUEUED, Job.Status.RUNNING]


class Command(BaseCommand):
    help = "Re-send the pending chunks of unfinished scoring jobs, and plans (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--job", type=int, action="append", dest="jobs", help="Only this job (repeatable)."
        )

    def handle(self, *args, jobs: list[int] | None = None, **options) -> None:
        rows = (
            Job.objects.filter(status__in=UNFINISHED)
            .filter(cancel_requested=False)
            .exclude(kind=Job.Kind.PREVIEW)
            .order_by("pk")
        )
        if jobs:
            rows = rows.filter(pk__in=jobs)
        total = 0
        for job in rows:
            if job.status == Job.Status.PLANNING:
                requeue_pending(job)
                self.stdout.write(f"job {job.pk} ({job.kind}, {job.language}): plan sent")
                continue
            sent = requeue_pending(job)
            total += sent
            self.stdout.write(f"job {job.pk} ({job.kind}, {job.language}): {sent} chunk(s) sent")
        self.stdout.write(f"{total} pending chunk(s) sent again")
