"""Short synthetic clips for the demo's turns that name a recording, so the player on the
conversation page has something to play. They are tones, not speech: one short beep
per reference word, so a turn's clip is as long as the turn, and no recording of a
person ships with the code.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 8000  # samples per second: small files, enough for beeps
WORD, GAP = 0.22, 0.08  # seconds of tone and of silence per word
PITCHES = (440.0, 523.25, 587.33, 659.25, 783.99)


def clip_samples(words: int) -> bytes:
    """16-bit mono PCM: `words` beeps, each fading in and out (no clicks)."""
    frames = bytearray()
    tone, silence = int(WORD * RATE), int(GAP * RATE)
    for n in range(max(words, 1)):
        pitch = PITCHES[n % len(PITCHES)]
        for i in range(tone):
            envelope = math.sin(math.pi * i / tone)
            value = 0.3 * envelope * math.sin(2 * math.pi * pitch * i / RATE)
            frames += struct.pack("<h", int(value * 32767))
        frames += b"\0\0" * silence
    return bytes(frames)


def write_clip(path: Path, words: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(clip_samples(words))


def write_demo_clips(records: list[dict], root: Path) -> int:
    """A clip for every turn whose audio_url is a path under `root` and is missing;
    returns how many were written (a second run writes none)."""
    written = 0
    for record in records:
        for turn in record["turns"]:
            url = turn.get("audio_url", "")
            if not url or "://" in url or url.startswith("/"):
                continue
            path = root / url
            if not path.exists():
                write_clip(path, len(turn["reference"].split()))
                written += 1
    return written
