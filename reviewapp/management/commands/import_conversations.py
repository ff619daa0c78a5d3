"""`manage.py import_conversations FILE`: import JSONL or EVA records, all or nothing."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from reviewapp.services.imports import ImportRefused, do_import


class Command(BaseCommand):
    help = "Import conversations (our JSONL or EVA run records); nothing is imported on error."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file")
        parser.add_argument("--dataset", default="default", help="dataset for rows without one")
        parser.add_argument(
            "--merge", action="store_true", help="add only conversations not already imported"
        )

    def handle(self, *args, file: str, dataset: str, merge: bool, **options) -> None:
        path = Path(file)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"{file}: cannot be read: {exc.strerror}") from None
        try:
            result = do_import(data, path.name, merge=merge, default_dataset=dataset)
        except ImportRefused as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Imported {result.conversations} conversations, {result.turns} turns "
            f"(batch {result.batch.pk}); {result.skipped_existing} already present; "
            f"{len(result.jobs)} scoring job(s) queued; {len(result.findings)} data-quality "
            f"finding(s) (`manage.py check_data --batch {result.batch.pk} --list` lists them)."
        )
