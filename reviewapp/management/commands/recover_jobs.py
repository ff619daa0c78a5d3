"""`manage.py recover_jobs [--job ID ...]`: send again the pending chunks of every queued or
running scoring job, after a worker was killed or the broker restarted and lost its queue.

Safe to run at any time, and twice: a chunk already done is skipped when its message
arrives, and a chunk's scores are written once (see reviewapp/services/scoring.py).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from reviewapp.models import Job
from reviewapp.services.scoring import requeue_pending


class Command(BaseCommand):
    help = "Re-send the pending chunks of queued and running scoring jobs (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--job", type=int, action="append", dest="jobs", help="Only this job (repeatable)."
        )

    def handle(self, *args, jobs: list[int] | None = None, **options) -> None:
        rows = (
            Job.objects.filter(status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
            .filter(cancel_requested=False)
            .exclude(kind=Job.Kind.PREVIEW)
            .order_by("pk")
        )
        if jobs:
            rows = rows.filter(pk__in=jobs)
        total = 0
        for job in rows:
            sent = requeue_pending(job)
            total += sent
            self.stdout.write(f"job {job.pk} ({job.kind}, {job.language}): {sent} chunk(s) sent")
        self.stdout.write(f"{total} pending chunk(s) sent again")
