"""NeMo manifests: `audio_filepath`, `duration`, `text`, `pred_text`, the rest metadata."""

import json

import pytest

from scoring.errors import InputError
from scoring.formats import read_nemo


def line(**fields) -> str:
    row = {"audio_filepath": "a.wav", "duration": 1.5, "text": "hi", "pred_text": "hi"}
    row.update(fields)
    return json.dumps({k: v for k, v in row.items() if v is not ...}) + "\n"


def test_records_keep_every_other_field_as_metadata(write):
    manifest = write(
        "m.json",
        line(audio_filepath="x/1.wav", text="hello there", pred_text="hello", lang="en")
        + "\n"
        + line(audio_filepath="x/2.wav", speaker=1034, pred_text="")
        + line(audio_filepath="x/2.wav", offset=3.5, speaker="ann"),
    )
    records = read_nemo(manifest)
    assert [(r.id, r.reference, r.hypothesis, r.speaker) for r in records] == [
        ("x/1.wav", "hello there", "hello", None),
        ("x/2.wav", "hi", "", "1034"),
        ("x/2.wav@3.5", "hi", "hi", "ann"),  # a segment of the same recording
    ]
    assert records[0].metadata == {"audio_filepath": "x/1.wav", "duration": 1.5, "lang": "en"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (line() + "not json\n", "m.json, line 2: invalid JSON"),
        ('["a"]\n', "m.json, line 1: each line must be a JSON object"),
        (line(audio_filepath=...), 'line 1: field "audio_filepath" is missing or not a string'),
        (line(audio_filepath=""), 'line 1: field "audio_filepath" is missing or not a string'),
        (line(duration=...), 'line 1: field "duration" is missing or not a number of seconds'),
        (line(duration="1.5"), 'line 1: field "duration" is missing or not a number'),
        (line(duration=-1), 'line 1: field "duration" is missing or not a number'),
        (line(duration=True), 'line 1: field "duration" is missing or not a number'),
        ('{"audio_filepath": "a", "duration": NaN, "text": "", "pred_text": ""}\n', "duration"),
        (line(text=...), 'line 1: field "text" is missing or not a string'),
        (line() + line(pred_text=None), 'line 2: field "pred_text" is missing or not a string'),
        (line() + line(), "m.json, line 2: duplicate utterance id 'a.wav' (first on line 1)"),
    ],
)
def test_each_malformed_shape_names_its_line(write, content, message):
    with pytest.raises(InputError) as caught:
        read_nemo(write("m.json", content))
    assert message in str(caught.value)
