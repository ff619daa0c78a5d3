"""Create the demo personas and print their passwords (demo and development only)."""

from django.core.management.base import BaseCommand

from reviewapp.languages import languages as all_languages
from reviewapp.services.accounts import do_make_maintainer, do_make_reviewer

ALL = "all"
DEMO_USERS = [
    # username, password, languages maintained (None: reviewer only, ALL: every language)
    ("reviewer", "review-demo-pass", None),
    ("maintainer", "maintain-demo-pass", ALL),
    ("maintainer-de", "maintain-de-demo-pass", ["de"]),
]


class Command(BaseCommand):
    help = "Create (or reset) the demo users: a reviewer and two maintainers."

    def handle(self, *args, **options) -> None:
        for username, password, languages in DEMO_USERS:
            if languages is None:
                do_make_reviewer(username, password)
                role = "reviewer"
            else:
                if languages == ALL:
                    languages = list(all_languages())
                do_make_maintainer(username, password, languages)
                role = "maintainer of " + ", ".join(languages)
            self.stdout.write(f"  {username:<14} password: {password:<22} ({role})")
