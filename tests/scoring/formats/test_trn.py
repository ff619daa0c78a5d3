"""sclite trn files: utterances matched by id, alternations checked, speakers from ids."""

import pytest

from scoring.errors import InputError
from scoring.formats import read_trn
from scoring.formats.trn import parse_line

REF = """\
she had your dark suit in greasy wash water all year (cmh_sa01)
i've { um / uh / @ } as far as i'm concerned (cmh_sa02)

I am a (farmer) (dlw_sx03)
"""
HYP = """\
i've uh as far as i'm concerned (cmh_sa02)
(dlw_sx03)
she had your dark suit in greasy wash water all year (cmh_sa01)
"""


def test_records_follow_the_reference_with_their_hypotheses(write):
    records = read_trn(write("ref.trn", REF), write("hyp.trn", HYP))
    assert [(r.id, r.hypothesis) for r in records] == [
        ("cmh_sa01", "she had your dark suit in greasy wash water all year"),
        ("cmh_sa02", "i've uh as far as i'm concerned"),
        ("dlw_sx03", ""),  # an empty hypothesis
    ]
    assert records[1].reference == "i've { um / uh / @ } as far as i'm concerned"
    assert all(r.alternations for r in records)
    assert [r.line for r in records] == [1, 2, 4]  # where each starts in the reference
    assert {r.speaker for r in records} == {None}  # no id style, no speaker


@pytest.mark.parametrize(
    ("style", "speakers"),
    [
        ("rm", ["cmh", "cmh", "dlw"]),
        ("spu_id", ["cmh", "cmh", "dlw"]),
        ("wsj", ["cmh", "cmh", "dlw"]),
    ],
)
def test_speakers_come_from_the_ids(write, style, speakers):
    records = read_trn(write("ref.trn", REF), write("hyp.trn", HYP), id_style=style)
    assert [r.speaker for r in records] == speakers


def test_wsj_ids_give_their_first_three_characters(write):
    ref = write("ref.trn", "a b (4t0c0201)\nc d (4t1c0202)\n")
    hyp = write("hyp.trn", "a b (4t0c0201)\nc (4t1c0202)\n")
    assert [r.speaker for r in read_trn(ref, hyp, id_style="wsj")] == ["4t0", "4t1"]


def test_crlf_and_a_byte_order_mark_are_read(write):
    ref = write("ref.trn", "\ufeffa b (u_1)\r\nc (u_2)\r\n")
    hyp = write("hyp.trn", "a b (u_1)\r\nc (u_2)\r\n")
    assert [(r.id, r.reference) for r in read_trn(ref, hyp)] == [("u_1", "a b"), ("u_2", "c")]


def test_parse_line_takes_the_last_parentheses_as_the_id():
    assert parse_line("I am a (farmer) (cmh_sa03)") == ("I am a (farmer)", "cmh_sa03")
    assert parse_line("  (x_1)  ") == ("", "x_1")


def error(write, ref: str, hyp: str, **options) -> str:
    with pytest.raises(InputError) as caught:
        read_trn(write("ref.trn", ref), write("hyp.trn", hyp), **options)
    return str(caught.value)


@pytest.mark.parametrize(
    ("ref", "hyp", "message"),
    [
        ("a b (u_1)\nc d\n", "a b (u_1)\n", "ref.trn, line 2: no utterance id"),
        ("a b (u_1)\nc d (u_2\n", "a b (u_1)\n", "ref.trn, line 2: no utterance id"),
        ("a b ()\n", "a b (u_1)\n", "ref.trn, line 1: utterance id '()' is empty"),
        ("a b (u 1)\n", "a b (u_1)\n", "ref.trn, line 1: utterance id '(u 1)' is empty or has"),
        (
            "a (u_1)\nb (u_1)\n",
            "a (u_1)\n",
            "ref.trn, line 2: duplicate utterance id 'u_1' (first on line 1)",
        ),
        ("a (u_1)\n", "a (u_1)\nb (u_1)\n", "hyp.trn, line 2: duplicate utterance id 'u_1'"),
        (
            "a (u_1)\nb (u_2)\n",
            "a (u_1)\n",
            "ref.trn, line 2: utterance 'u_2' has no hypothesis in",
        ),
        ("a (u_1)\n", "a (u_1)\n\nb (u_9)\n", "hyp.trn, line 3: utterance 'u_9' is not in"),
        ("a { b / c (u_1)\n", "a (u_1)\n", "ref.trn, line 1: column 3: '{' is never closed"),
        ("  a / b (u_1)\n", "a (u_1)\n", "ref.trn, line 1: column 5: '/' outside an alternation"),
        ("a (u_1)\n", "{ a / b } (u_1)\n", "hyp.trn, line 1: alternations are read in reference"),
    ],
)
def test_each_malformed_shape_names_its_file_and_line(write, ref, hyp, message):
    assert message in error(write, ref, hyp)


def test_an_id_that_does_not_fit_the_style_names_its_line(write):
    message = error(write, "a (u_1)\nb (nospeaker)\n", "a (u_1)\nb (nospeaker)\n", id_style="rm")
    assert "ref.trn, line 2: utterance id 'nospeaker' does not fit id style rm" in message


def test_bytes_that_are_not_utf8_name_their_line(write):
    ref = write("ref.trn", b"a (u_1)\nb \xff (u_2)\n")
    with pytest.raises(InputError, match=r"ref.trn, line 2: is not valid UTF-8"):
        read_trn(ref, write("hyp.trn", "a (u_1)\n"))


def test_a_missing_file_is_named(write, tmp_path):
    with pytest.raises(InputError, match="nope.trn: cannot be read"):
        read_trn(tmp_path / "nope.trn", write("hyp.trn", "a (u_1)\n"))
