"""Recordings under AUDIO_ROOT, for reviewers only, with byte ranges (a browser seeks
in an <audio> element, and plays a turn's segment, by asking for a range)."""

from __future__ import annotations

import os
import re

from django.conf import settings
from django.core.exceptions import SuspiciousFileOperation
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils._os import safe_join
from django.views.decorators.http import require_GET

from .access import require_reviewer

AUDIO_TYPES = {".wav": "audio/wav", ".mp3": "audio/mpeg", ".ogg": "audio/ogg",
               ".opus": "audio/ogg", ".flac": "audio/flac", ".m4a": "audio/mp4",
               ".webm": "audio/webm"}  # fmt: skip
RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")


@require_GET
def audio(request: HttpRequest, path: str) -> HttpResponse:
    require_reviewer(request)
    try:
        full = safe_join(settings.AUDIO_ROOT, path)
    except SuspiciousFileOperation:  # a path that leaves the folder
        raise Http404("No such recording.") from None
    extension = os.path.splitext(full)[1].lower()
    if extension not in AUDIO_TYPES or not os.path.isfile(full):
        raise Http404("No such recording.")
    size = os.path.getsize(full)
    wanted = _byte_range(request.headers.get("Range", ""), size)
    if wanted is False:
        response = HttpResponse(status=416)
        response["Content-Range"] = f"bytes */{size}"
        return response
    handle = open(full, "rb")  # noqa: SIM115 - FileResponse closes it
    content_type = AUDIO_TYPES[extension]
    if wanted is None:
        response = FileResponse(handle, content_type=content_type)
    else:
        start, end = wanted
        handle.seek(start)
        response = StreamingHttpResponse(
            _limited(handle, end - start + 1), status=206, content_type=content_type
        )
        response["Content-Range"] = f"bytes {start}-{end}/{size}"
        response["Content-Length"] = str(end - start + 1)
    response["Accept-Ranges"] = "bytes"
    response["Cache-Control"] = "private, max-age=3600"
    return response


def _byte_range(header: str, size: int):
    """(first, last) byte of a single `Range: bytes=a-b`; None to send the whole file (no
    header, or one we do not serve, such as several ranges); False when unsatisfiable."""
    match = RANGE.match(header.strip())
    if not match or not (match[1] or match[2]):
        return None
    if match[1]:
        start = int(match[1])
        end = min(int(match[2]), size - 1) if match[2] else size - 1
    else:  # the last n bytes
        start, end = max(size - int(match[2]), 0), size - 1
    if start >= size or start > end:
        return False
    return start, end


def _limited(handle, length: int, block: int = 64 * 1024):
    try:
        while length > 0:
            data = handle.read(min(block, length))
            if not data:
                break
            length -= len(data)
            yield data
    finally:
        handle.close()
