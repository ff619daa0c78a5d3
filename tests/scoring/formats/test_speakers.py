"""sclite's `-i` id styles: the speaker code of an utterance id."""

import pytest

from scoring.formats import speaker_of


@pytest.mark.parametrize(
    ("utterance_id", "style", "speaker"),
    [
        ("cmh_sa01", "rm", "cmh"),
        ("cmh_sa01", "swb", "cmh"),
        ("2347-a-000", "spu_id", "2347"),  # the code ends at the first - or _
        ("spk1_utt-3", "rm", "spk1"),
        ("4t0c0201", "wsj", "4t0"),
        ("4t0c0201", "wsj", "4t0"),
    ],
)
def test_the_speaker_code(utterance_id, style, speaker):
    assert speaker_of(utterance_id, style) == speaker


@pytest.mark.parametrize(
    ("utterance_id", "style", "message"),
    [
        ("cmhsa01", "rm", "does not fit id style rm"),
        ("_sa01", "rm", "does not fit id style rm"),
        ("cmh_", "spu_id", "does not fit id style spu_id"),
        ("4t0", "wsj", "too short for id style wsj"),
        ("a_b", "atis", "unknown id style 'atis'"),
    ],
)
def test_an_id_that_does_not_fit(utterance_id, style, message):
    with pytest.raises(ValueError, match=message):
        speaker_of(utterance_id, style)
