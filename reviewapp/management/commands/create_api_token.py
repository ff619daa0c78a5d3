"""`manage.py create_api_token USERNAME [--name NAME]`: print a new import token once."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from reviewapp.services.tokens import do_create_api_token


class Command(BaseCommand):
    help = "Create an API token for the JSON import endpoint; only its hash is stored."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="ci")

    def handle(self, *args, username: str, name: str, **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        self.stdout.write(do_create_api_token(user, name))
