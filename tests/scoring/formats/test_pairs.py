"""Our JSON Lines of pairs: ids checked, other fields kept, missing texts left to skip."""

import pytest

from scoring.errors import InputError
from scoring.formats import read_pairs


def test_other_fields_are_metadata_and_a_missing_text_is_kept_for_the_scorer(write):
    path = write(
        "p.jsonl",
        '{"id": 1, "reference": "a", "hypothesis": "b", "dataset": "d1", "speaker": "ann"}\n'
        '{"id": "x", "reference": null, "hypothesis": "b", "model": "m"}\n',
    )
    first, second = read_pairs(path)
    assert (first.id, first.speaker, first.metadata) == (
        "1",
        "ann",
        {"dataset": "d1", "speaker": "ann"},
    )
    assert (second.reference, second.metadata) == (None, {"model": "m"})


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"reference": "a"}\n', 'line 1: field "id" is missing or not a string'),
        ('{"id": true}\n', 'line 1: field "id" is missing or not a string'),
        ('{"id": 1}\n{"id": "1"}\n', "line 2: duplicate id '1'"),
        ('{"id": 1}\n{', "line 2: invalid JSON"),
    ],
)
def test_each_malformed_shape_names_its_line(write, content, message):
    with pytest.raises(InputError) as caught:
        read_pairs(write("p.jsonl", content))
    assert message in str(caught.value)
