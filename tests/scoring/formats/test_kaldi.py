"""Kaldi `text` files: `utt-id words…`, a reference and a hypothesis matched by id."""

import pytest

from scoring.errors import InputError
from scoring.formats import read_kaldi


def test_records_follow_the_reference(write):
    ref = write("text", "spk1-utt1 hello there\nspk2-utt2\tgood  morning \n\nspk1-utt3\n")
    hyp = write("hyp", "spk2-utt2 good morning\nspk1-utt3 uh\nspk1-utt1 hello\n")
    records = read_kaldi(ref, hyp, id_style="rm")
    assert [(r.id, r.reference, r.hypothesis, r.speaker) for r in records] == [
        ("spk1-utt1", "hello there", "hello", "spk1"),
        ("spk2-utt2", "good  morning", "good morning", "spk2"),
        ("spk1-utt3", "", "uh", "spk1"),  # an id alone is an empty transcript
    ]
    assert not any(r.alternations for r in records)


def test_braces_are_plain_characters(write):
    ref = write("text", "u1 { a / b }\n")
    assert read_kaldi(ref, write("hyp", "u1 a\n"))[0].reference == "{ a / b }"


@pytest.mark.parametrize(
    ("ref", "hyp", "message"),
    [
        ("u1 a\nu1 b\n", "u1 a\n", "text, line 2: duplicate utterance id 'u1' (first on line 1)"),
        ("u1 a\nu2 b\n", "u1 a\n", "text, line 2: utterance 'u2' has no hypothesis in"),
        ("u1 a\n", "u1 a\nu3 c\n", "hyp, line 2: utterance 'u3' is not in"),
    ],
)
def test_each_malformed_shape_names_its_file_and_line(write, ref, hyp, message):
    with pytest.raises(InputError) as caught:
        read_kaldi(write("text", ref), write("hyp", hyp))
    assert message in str(caught.value)


def test_an_id_without_a_speaker_names_its_line(write):
    with pytest.raises(InputError, match=r"text, line 1: utterance id 'u1' does not fit"):
        read_kaldi(write("text", "u1 a\n"), write("hyp", "u1 a\n"), id_style="spu_id")
