"""Where a turn's recording is, as a URL an <audio> element can play.

An imported audio_url is an http(s) URL, a path on this site (`/media/x.wav`), or a
path under AUDIO_ROOT (`calls/0042.wav`), which reviewapp.views.audio serves. A turn's
start and end times become a media fragment (`#t=12.5,14`): the browser then plays only
the turn's segment of the conversation's recording.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.urls import reverse


def playable_url(value: str) -> str:
    if not value:
        return ""
    if urlsplit(value).scheme or value.startswith("/"):
        return value
    return reverse("reviewapp:audio", args=[value])


def turn_audio(turn, conversation) -> str:
    """The URL that plays this turn ("" when neither it nor its conversation has audio)."""
    url = playable_url(turn.audio_url or conversation.audio_url)
    if not url:
        return ""
    start, end = turn.start_time, turn.end_time
    if start is None and end is None:
        return url
    return f"{url}#t={start or 0:g}" + ("" if end is None else f",{end:g}")
