"""`manage.py rebuild_summaries`: recompute the derived rows the list pages read, from the
scores: every conversation summary (the conversations list), then the flag queue's corpus
counts (`--skip-counts` leaves those to the workers).

Safe at any time and twice: a summary is recomputed from its scores, never incremented,
and the scoring job writes the same rows. A row that is right already is left as it is,
its `updated_at` too, so the flag queue's counts stay current. Run it after scores were
written or deleted behind the app's back (a COPY, a raw DELETE, the admin deleting turns).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import Exists, OuterRef

from reviewapp.models import ConversationSummary, Score
from reviewapp.services.flags import refresh_pair_counts

BATCH = 1000  # conversations per transaction


class Command(BaseCommand):
    help = "Recompute conversation summaries and flag-pair counts from the scores (idempotent)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--skip-counts", action="store_true", help="Do not recount the flag queue's pairs."
        )

    def handle(self, *args, skip_counts: bool = False, **options) -> None:
        scored = (
            Score.objects.values_list("version_id", "turn__conversation_id")
            .distinct()
            .order_by("version_id", "turn__conversation_id")
        )
        by_version: dict[int, list[int]] = {}
        for version_id, conversation_id in scored.iterator(chunk_size=10_000):
            by_version.setdefault(version_id, []).append(conversation_id)
        written = 0
        for version_id, ids in by_version.items():
            for start in range(0, len(ids), BATCH):
                with transaction.atomic():
                    written += ConversationSummary.objects.refresh(
                        version_id, ids[start : start + BATCH], only_changed=True
                    )
        scored_pairs = {(v, c) for v, ids in by_version.items() for c in ids}
        orphans = [
            pk
            for pk, version_id, conversation_id in ConversationSummary.objects.values_list(
                "pk", "version_id", "conversation_id"
            ).iterator(chunk_size=10_000)
            if (version_id, conversation_id) not in scored_pairs
        ]
        has_scores = Exists(
            Score.objects.filter(
                version_id=OuterRef("version_id"), turn__conversation_id=OuterRef("conversation_id")
            )
        )
        removed = 0
        for start in range(0, len(orphans), BATCH):  # unless a job scored them meanwhile
            batch = ConversationSummary.objects.filter(pk__in=orphans[start : start + BATCH])
            removed += batch.exclude(has_scores).delete()[0]
        self.stdout.write(
            f"{written} conversation summaries written (the others were right), "
            f"{removed} without scores removed"
        )
        if not skip_counts:
            counted = refresh_pair_counts(force=True)
            self.stdout.write(f"{counted} flag pair(s) counted")
