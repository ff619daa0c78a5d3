"""The languages the product scores, with their display names and writing direction."""

from __future__ import annotations

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "nl": "Dutch",
    "fr": "French",
    "fr-CA": "Canadian French",
    "es": "Spanish",
    "it": "Italian",
    "hi": "Hindi",
    "ko": "Korean",
    "ja": "Japanese",
    "ha": "Hausa",
    "fa": "Persian",
}
RTL_LANGUAGES = frozenset({"fa"})
LANGUAGE_CHOICES = list(LANGUAGES.items())
