"""What the readers share: line reading and the choice of reader by format."""

import pytest

from scoring.errors import InputError
from scoring.formats import Source, read_paired, read_single
from scoring.formats.records import read_lines


def test_lines_split_on_newlines_only(write):
    path = write("t.txt", "a\u2028b\x0cc\r\nd\n")
    assert [(line.number, line.text) for line in read_lines(path)] == [
        (1, "a\u2028b\x0cc"),
        (2, "d"),
    ]


def test_a_last_line_without_a_newline_counts(write):
    assert [line.text for line in read_lines(write("t.txt", "a\nb"))] == ["a", "b"]


def test_formats_pick_their_reader(write):
    ref, hyp = write("r.txt", "a b (s_1)\n"), write("h.txt", "a (s_1)\n")
    assert read_paired("trn", ref, hyp, id_style="rm")[0].speaker == "s"
    assert read_paired("text", ref, hyp)[0].reference == "a b (s_1)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda r: read_paired("ctm", r, r), "--format: 'ctm' is not one of trn, kaldi, text"),
        (
            lambda r: read_paired("text", r, r, id_style="rm"),
            "--id-style: text files have no utterance ids",
        ),
        (lambda r: read_single("xml", r), "--format: 'xml' is not one of jsonl, nemo, csv, tsv"),
        (lambda r: read_single("nemo", r, columns={}), "--columns: is for csv and tsv files"),
    ],
)
def test_a_wrong_option_is_named(write, call, message):
    with pytest.raises(InputError) as caught:
        call(write("r.txt", "a\n"))
    assert str(caught.value) == message


def test_readers_take_bytes_with_a_name_as_an_upload_gives_them():
    ref = Source("ref.trn", b"a b (s_1)\n")
    hyp = Source("hyp.trn", b"a (s_1)\n(s_2)\n")
    with pytest.raises(InputError, match=r"^hyp.trn, line 2: utterance 's_2' is not in ref.trn"):
        read_paired("trn", ref, hyp)
    manifest = Source("upload.json", b'{"audio_filepath": "a", "duration": 1, "text": "x"}\n')
    with pytest.raises(InputError, match=r'^upload.json, line 1: field "pred_text"'):
        read_single("nemo", manifest)
    assert read_single("csv", Source("u.csv", b"reference,hypothesis\na,b\n"))[0].hypothesis == "b"
