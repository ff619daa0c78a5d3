"""`manage.py create_api_token USERNAME [--name NAME]`: print a new import token once."""

import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from reviewapp.models import ApiToken
from reviewapp.services import audit


class Command(BaseCommand):
    help = "Create an API token for the JSON import endpoint; only its hash is stored."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="ci")

    def handle(self, *args, username: str, name: str, **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        key = secrets.token_urlsafe(32)
        token = ApiToken.objects.create(
            user=user, name=name, key_hash=hashlib.sha256(key.encode()).hexdigest()
        )
        audit.record(None, audit.Action.TOKEN_CREATED, token, user=username, name=name)
        self.stdout.write(key)
