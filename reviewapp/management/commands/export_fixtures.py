"""`manage.py export_fixtures [--language L]`: reviewed flags as test fixtures."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from reviewapp.models import Flag, Language
from reviewapp.services.exports import dropped_flag_ids, fixture_cases, write_fixtures

DEFAULT_OUT = Path(settings.BASE_DIR) / "tests" / "fixtures" / "reviewed"


class Command(BaseCommand):
    help = "Write flags as tests/fixtures/reviewed/<lang>.json, checked by the test suite."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", action="append", help="config language (repeatable)")
        parser.add_argument("--out", default=str(DEFAULT_OUT))

    def handle(self, *args, language: list[str] | None, out: str, **options) -> None:
        languages = language or sorted(
            set(
                Language.objects.filter(code__in=Flag.objects.values("language")).values_list(
                    "config_language", flat=True
                )
            )
        )
        for code in languages:
            cases = fixture_cases(code)
            drop = dropped_flag_ids(code)
            if cases or (drop and (Path(out) / f"{code}.json").exists()):
                path = write_fixtures(Path(out), code, cases, drop=drop)
                self.stdout.write(f"{path}: {len(cases)} cases")
