"""Load the demo dataset (idempotent)."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo conversations; a second run changes nothing."

    def handle(self, *args, **options) -> None:
        self.stdout.write("No demo dataset is defined yet.")
