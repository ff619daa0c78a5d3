"""`manage.py export_fixtures [--language L] [--adjudicated]`: reviewed flags (or, with
`--adjudicated`, the adjudicated regions of review passes only) as test fixtures."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from reviewapp.models import Adjudication, Flag, Language
from reviewapp.services.exports import dropped_flag_ids, fixture_cases, write_fixtures

DEFAULT_OUT = Path(settings.BASE_DIR) / "tests" / "fixtures" / "reviewed"


class Command(BaseCommand):
    help = "Write flags as tests/fixtures/reviewed/<lang>.json, checked by the test suite."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--language", action="append", help="config language (repeatable)")
        parser.add_argument("--out", default=str(DEFAULT_OUT))
        parser.add_argument(
            "--adjudicated",
            action="store_true",
            help="only regions a maintainer adjudicated in a review pass, with that label",
        )

    def handle(
        self, *args, language: list[str] | None, out: str, adjudicated: bool, **options
    ) -> None:
        labelled = (
            Adjudication.objects.values("review_pass__language")
            if adjudicated
            else Flag.objects.values("language")
        )
        languages = language or sorted(
            set(
                Language.objects.filter(code__in=labelled).values_list("config_language", flat=True)
            )
        )
        for code in languages:
            cases = fixture_cases(code, adjudicated=adjudicated)
            drop = [] if adjudicated else dropped_flag_ids(code)
            if cases or (drop and (Path(out) / f"{code}.json").exists()):
                path = write_fixtures(Path(out), code, cases, drop=drop)
                self.stdout.write(f"{path}: {len(cases)} cases")
