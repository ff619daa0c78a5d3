"""Data of the review app."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .languages import LANGUAGE_CHOICES


class MaintainerLanguage(models.Model):
    """A maintainer answers for one language; a user may hold several of these."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="maintained_languages"
    )
    language = models.CharField(max_length=16, choices=LANGUAGE_CHOICES)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "language"], name="unique_maintainer_language")
        ]

    def __str__(self) -> str:
        return f"{self.user} maintains {self.language}"
