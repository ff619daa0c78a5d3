"""NeMo manifests: JSON Lines with `audio_filepath`, `duration`, `text` (the reference)
and `pred_text` (the hypothesis), as NeMo's transcription scripts write them.

An utterance's id is its `audio_filepath`, followed by `@offset` when the line has an
`offset` (segments of one recording). `speaker`, when present, is the speaker; every
field but the two texts is kept as metadata (`duration`, `lang`, anything else), so
`--group-by FIELD` can use it.

>>> record = manifest_record({"audio_filepath": "a.wav", "duration": 1.5, "text": "hi",
...                           "pred_text": "high", "lang": "en"}, "m.json", 1)
>>> record.id, record.reference, record.hypothesis, record.metadata["lang"]
('a.wav', 'hi', 'high', 'en')
"""

from __future__ import annotations

import math

from ..errors import InputError
from .records import Entry, Record, SourceLike, read_json_lines, unique_ids

__all__ = ["manifest_record", "read_nemo"]

TEXTS = ("text", "pred_text")


def read_nemo(path: SourceLike) -> list[Record]:
    """Every line of the manifest as a record, or an InputError naming the line."""
    name = str(path)
    records, entries = [], []
    for number, row in read_json_lines(path):
        record = manifest_record(row, name, number)
        records.append(record)
        entries.append(Entry(record.id, "", number))
    unique_ids(entries, name)
    return records


def manifest_record(row: dict, name: str, number: int) -> Record:
    audio = row.get("audio_filepath")
    if not isinstance(audio, str) or not audio:
        raise InputError(name, number, 'field "audio_filepath" is missing or not a string')
    duration = row.get("duration")
    if (
        not isinstance(duration, (int, float))
        or isinstance(duration, bool)
        or not math.isfinite(duration)
        or duration < 0
    ):
        raise InputError(name, number, 'field "duration" is missing or not a number of seconds')
    for field in TEXTS:
        if not isinstance(row.get(field), str):
            raise InputError(name, number, f'field "{field}" is missing or not a string')
    utterance_id = audio if "offset" not in row else f"{audio}@{row['offset']}"
    speaker = row.get("speaker")
    if isinstance(speaker, int) and not isinstance(speaker, bool):
        speaker = str(speaker)
    metadata = {key: value for key, value in row.items() if key not in TEXTS}
    return Record(
        utterance_id,
        row["text"],
        row["pred_text"],
        speaker if isinstance(speaker, str) else None,
        metadata,
        line=number,
    )
