"""Load the demo dataset (idempotent): the generated conversations, scored."""

import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

import reviewapp.demo
from reviewapp.demo.clips import write_demo_clips
from reviewapp.models import ImportBatch
from reviewapp.services.configs import ensure_languages
from reviewapp.services.imports import do_import
from reviewapp.services.versions import do_restamp

DEMO_FILE = Path(reviewapp.demo.__file__).with_name("demo_conversations.jsonl")


class Command(BaseCommand):
    help = "Load the demo conversations; a second run changes nothing."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--sync",
            action="store_true",
            help="score in this process instead of queueing for a worker",
        )

    def handle(self, *args, sync: bool = False, **options) -> None:
        ensure_languages()
        # A second `make demo` after the scoring code changed: its workers would refuse
        # the versions stamped by the old code, so the active ones get restamped first.
        for version in do_restamp():
            self.stdout.write(f"Restamped {version}: {version.label}")
        data = DEMO_FILE.read_bytes()
        records = [json.loads(line) for line in data.decode("utf-8").splitlines() if line]
        clips = write_demo_clips(records, Path(settings.AUDIO_ROOT))
        if clips:
            self.stdout.write(
                f"Demo audio: {clips} synthetic clips (tones) in {settings.AUDIO_ROOT}"
            )
        if ImportBatch.objects.filter(content_hash=hashlib.sha256(data).hexdigest()).exists():
            self.stdout.write("Demo data already loaded.")
            return
        result = do_import(data, DEMO_FILE.name, merge=True)
        if sync:
            from reviewapp.services.scoring import run_chunk

            for job in result.jobs:
                for chunk_id in job.chunks.values_list("pk", flat=True):
                    run_chunk(chunk_id)
        self.stdout.write(
            f"Demo data: {result.conversations} conversations, {result.turns} turns; "
            + ("scored." if sync else "scoring queued for the worker.")
        )
