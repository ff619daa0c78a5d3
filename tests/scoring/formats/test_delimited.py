"""CSV and TSV with a column mapping (`--columns id=utt,reference=ref,hypothesis=hyp`)."""

import pytest

from scoring.errors import InputError
from scoring.formats import parse_columns, read_csv, read_tsv

COLUMNS = {"id": "utt", "reference": "ref", "hypothesis": "hyp"}


def test_mapped_columns_and_metadata(write):
    path = write(
        "runs.csv",
        'utt,ref,hyp,model,speaker\nu1,"hello, there",hello,m1,ann\n\nu2,"two\nlines",two,m2,\n',
    )
    records = read_csv(path, COLUMNS)
    assert [(r.id, r.reference, r.hypothesis, r.speaker) for r in records] == [
        ("u1", "hello, there", "hello", "ann"),
        ("u2", "two\nlines", "two", None),  # an empty speaker cell is no speaker
    ]
    assert records[0].metadata == {"model": "m1"}
    assert [r.line for r in records] == [2, 4]


def test_without_an_id_column_a_row_is_named_by_its_line(write):
    records = read_csv(write("p.csv", "reference,hypothesis\na,b\nc,d\n"))
    assert [r.id for r in records] == ["2", "3"]


def test_tsv_has_no_quoting(write):
    records = read_tsv(write("p.tsv", 'id\treference\thypothesis\n1\tsay "hi"\tsay hi\n'))
    assert records[0].reference == 'say "hi"'


def test_parse_columns_reads_role_equals_column():
    assert parse_columns("id=utt,reference = ref, hypothesis=hyp") == COLUMNS


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("id", "--columns: 'id' is not ROLE=COLUMN"),
        ("ref=x", "--columns: unknown role 'ref': use id, reference, hypothesis, speaker"),
        ("id=a,id=b", "--columns: role 'id' is given twice"),
    ],
)
def test_a_bad_mapping_is_named(spec, message):
    with pytest.raises(InputError) as caught:
        parse_columns(spec)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("content", "columns", "message"),
    [
        ("", None, "p.csv: is empty: its first line names the columns"),
        ("id,reference\n1,a\n", None, "p.csv, line 1: no column 'hypothesis' for hypothesis"),
        ("a,reference,hypothesis\n", {"id": "utt"}, "line 1: no column 'utt' for id"),
        ("id,id,reference,hypothesis\n", None, "line 1: column 'id' appears twice"),
        ("id,reference,hypothesis\n1,a,b\n2,a\n", None, "line 3: has 2 fields, the header has 3"),
        ('id,reference,hypothesis\n1,"a\nb",c\n2,x\n', None, "line 4: has 2 fields"),
        ("id,reference,hypothesis\n ,a,b\n", None, "line 2: column 'id' (the id) is empty"),
        ("id,reference,hypothesis\n1,a,b\n1,c,d\n", None, "line 3: duplicate utterance id '1'"),
        ('id,reference,hypothesis\n1,"a,b\n', None, "p.csv, line 2: is not valid CSV"),
    ],
)
def test_each_malformed_shape_names_its_line(write, content, columns, message):
    with pytest.raises(InputError) as caught:
        read_csv(write("p.csv", content), columns)
    assert message in str(caught.value)
