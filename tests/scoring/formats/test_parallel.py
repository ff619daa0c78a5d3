"""Plain parallel text files: line n against line n."""

import pytest

from scoring.errors import InputError
from scoring.formats import read_parallel


def test_a_record_per_line_and_a_blank_line_is_an_empty_text(write):
    records = read_parallel(write("ref.txt", "a b\n\nc\n"), write("hyp.txt", "a\nx\n c \n"))
    assert [(r.id, r.reference, r.hypothesis) for r in records] == [
        ("1", "a b", "a"),
        ("2", "", "x"),
        ("3", "c", "c"),
    ]


@pytest.mark.parametrize(
    ("ref", "hyp", "message"),
    [
        ("a\nb\nc\n", "a\n", "ref.txt, line 2: has no partner line in"),
        ("a\n", "a\nb\n", "hyp.txt, line 2: has no partner line in"),
    ],
)
def test_files_of_different_lengths_name_the_first_line_without_a_partner(write, ref, hyp, message):
    with pytest.raises(InputError) as caught:
        read_parallel(write("ref.txt", ref), write("hyp.txt", hyp))
    assert message in str(caught.value)
