"""Recordings under AUDIO_ROOT: reviewers only, inside the folder only, byte ranges."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

DATA = bytes(range(256)) * 4  # 1,024 bytes


@pytest.fixture
def clip():
    path = Path(settings.AUDIO_ROOT) / "calls" / "c 1.wav"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(DATA)
    return reverse("reviewapp:audio", args=["calls/c 1.wav"])


def body(response) -> bytes:
    return b"".join(response.streaming_content)


def test_a_reviewer_gets_the_whole_file_and_is_told_ranges_work(client_for, reviewer, clip):
    response = client_for(reviewer).get(clip)
    assert response.status_code == 200 and response["Content-Type"] == "audio/wav"
    assert response["Accept-Ranges"] == "bytes" and body(response) == DATA


@pytest.mark.parametrize(
    ("header", "first", "last"),
    [("bytes=0-99", 0, 99), ("bytes=1000-", 1000, 1023), ("bytes=-24", 1000, 1023),
     ("bytes=1000-5000", 1000, 1023)],
)  # fmt: skip
def test_a_range_is_answered_with_206_and_those_bytes(
    client_for, reviewer, clip, header, first, last
):
    response = client_for(reviewer).get(clip, headers={"Range": header})
    assert response.status_code == 206
    assert response["Content-Range"] == f"bytes {first}-{last}/1024"
    assert body(response) == DATA[first : last + 1]
    assert int(response["Content-Length"]) == last - first + 1


def test_a_range_past_the_end_is_416(client_for, reviewer, clip):
    response = client_for(reviewer).get(clip, headers={"Range": "bytes=2000-"})
    assert response.status_code == 416 and response["Content-Range"] == "bytes */1024"


@pytest.mark.parametrize("path", ["../settings.py", "calls/../../x.wav", "calls/missing.wav",
                                  "calls/c 1.txt"])  # fmt: skip
def test_nothing_outside_the_folder_or_other_than_audio(client_for, reviewer, clip, path):
    assert client_for(reviewer).get(f"/audio/{path}").status_code == 404


def test_no_role_no_recording(client_for, make_user, clip):
    outsider = make_user("olga-outsider")
    outsider.groups.clear()
    assert client_for(outsider).get(clip).status_code == 403


def test_a_conversation_without_audio_has_no_player(client_for, reviewer):
    from reviewapp.models import Conversation
    from tests.reviewapp.factories import scored_conversation

    conversation = scored_conversation([("my flight", "my fight")])
    page = client_for(reviewer).get(reverse("reviewapp:conversation", args=[conversation.pk]))
    assert page.status_code == 200 and "<audio" not in page.content.decode()
    Conversation.objects.filter(pk=conversation.pk).update(audio_url='calls/"x".wav')
    page = client_for(reviewer).get(reverse("reviewapp:conversation", args=[conversation.pk]))
    assert 'src="/audio/calls/%22x%22.wav"' in page.content.decode()  # quoted, never raw
