"""`manage.py restamp_versions`: after an upgrade of the scoring code or its libraries,
give each active config version whose recorded stamp this code no longer computes a
successor stamped by this code (the same rules and companions), and queue its rescore.

Workers refuse to score under a version whose stamp they do not compute, so run it once
the new code is deployed to the workers, as you run `migrate`. Safe to run at any time
and twice: a version whose stamp this code computes is left as it is.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from reviewapp.services.versions import do_restamp


class Command(BaseCommand):
    help = "New versions of the active configs whose stamp this scoring code does not compute."

    def handle(self, *args, **options) -> None:
        created = do_restamp()
        for version in created:
            self.stdout.write(f"{version}: {version.label} ({version.message})")
        self.stdout.write(f"{len(created)} version(s) restamped; their rescores are queued")
