"""`manage.py export_configs`: write the active config versions back to configs/."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from reviewapp.services.exports import export_configs


class Command(BaseCommand):
    help = "Write each language's active config version to configs/ so it can be committed."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--out", default=str(settings.CONFIGS_DIR))

    def handle(self, *args, out: str, **options) -> None:
        written = export_configs(Path(out))
        self.stdout.write("Wrote " + (", ".join(written) if written else "nothing (up to date)"))
