"""The step-by-step table splits each step's time by whether it changed the text."""

from bench.steps import step_times
from scoring.config import bundle_from_data
from scoring.normalize.chain import build_normalizer


def normalizer():
    return build_normalizer(
        bundle_from_data(
            {
                "config": {"language": "xx", "name": "xx", "version": "1.0.0", "fillers": ["um"]},
                "lexicons": {},
            }
        )
    )


def test_each_step_counts_the_texts_it_changed():
    norm = normalizer()
    texts = ["Um, the CAT sat.", "the cat sat", "THE DOG"]
    times = step_times(norm, texts)
    assert list(times) == norm.step_names
    changed = {name: row.changed for name, row in times.items()}
    assert changed["case"] == 2  # the two with capitals, not the lower-case one
    assert changed["fillers"] == 1  # only the first has "um"
    for row in times.values():
        assert row.seconds == row.changing + row.unchanged
        assert row.changing >= 0 and row.unchanged >= 0
