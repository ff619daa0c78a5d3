"""What the tests of the three review pages (the conversation list, a conversation, the
flag queue) share: a scored conversation's pairs, the pages' URLs, a flag on it."""

from __future__ import annotations

from django.urls import reverse

from reviewapp.models import Flag, Score
from reviewapp.services.flags import do_create_flag

PAIRS = [("my flight is at noone", "my fight is at noon"), ("book a window seat", "book a sit")]


def page_urls(conversation) -> dict[str, str]:
    return {
        "list": reverse("reviewapp:conversations") + "?language=en&sort=rate_desc",
        "conversation": reverse("reviewapp:conversation", args=[conversation.pk]),
        "queue": reverse("reviewapp:flag_queue"),
    }


def flag_first_error(author, conversation) -> Flag:
    score = Score.objects.filter(turn__conversation=conversation, turn__index=0).get()
    return do_create_flag(author, score, 0, category="false_error", note="a spelled-out time")
