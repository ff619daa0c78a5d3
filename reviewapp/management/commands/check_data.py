"""`manage.py check_data`: run the data-quality checks again over imported conversations and
replace their findings (the import runs them once; run this after the thresholds or the
configs' code-switching changed, or on data imported before the checks existed).

Safe at any time and twice: findings are derived rows, replaced whole per conversation.
Each few hundred conversations are checked and written in one transaction.
"""

from __future__ import annotations

from collections import Counter

from django.core.management.base import BaseCommand
from django.db import transaction

from reviewapp.models import Conversation, DataFinding
from reviewapp.services.dataquality import CHUNK, refresh_findings


class Command(BaseCommand):
    help = "Check imported conversations for data-quality problems and store the findings."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", action="append", help="only these (repeatable)")
        parser.add_argument("--dataset", action="append", help="only these, by name")
        parser.add_argument("--batch", type=int, action="append", help="only these imports")
        parser.add_argument("--list", dest="show", action="store_true", help="print each finding")

    def handle(self, *args, language=None, dataset=None, batch=None, show=False, **options):
        conversations = Conversation.objects.order_by("pk")
        if language:
            conversations = conversations.filter(language__in=language)
        if dataset:
            conversations = conversations.filter(dataset__name__in=dataset)
        if batch:
            conversations = conversations.filter(batch_id__in=batch)
        ids = [*conversations.values_list("pk", flat=True)]
        found: list[DataFinding] = []
        for start in range(0, len(ids), CHUNK):
            with transaction.atomic():
                found += refresh_findings(ids[start : start + CHUNK])
        if show:
            names = dict(
                Conversation.objects.filter(pk__in={f.conversation_id for f in found}).values_list(
                    "pk", "external_id"
                )
            )
            for finding in found:
                self.stdout.write(f"{names[finding.conversation_id]}: {finding.message}")
        kinds = Counter(finding.kind for finding in found)
        labels = DataFinding.Kind.choices
        counts = ", ".join(f"{label.lower()} {kinds[k]}" for k, label in labels if kinds[k])
        affected = len({finding.conversation_id for finding in found})
        summary = f"Checked {len(ids)} conversation(s): {len(found)} finding(s) in {affected}"
        self.stdout.write(f"{summary} ({counts})" if counts else summary)
