"""The step-by-step table splits each step's time by whether it changed the text."""

from bench import steps
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


def test_the_table_ranks_the_steps_and_sums_the_rest(monkeypatch):
    monkeypatch.setattr(steps, "TOP", 1)
    rows = {"a": steps.Row(1.0, 1.0, 0.0), "b": steps.Row(3.0, 1.0, 0.5)}
    lines = steps.table(rows, whole_us=5.0)
    assert lines[2].split() == ["b", "3.00", "75%", "50.0%", "1.00"]
    assert lines[3].split() == ["1", "other", "steps", "1.00", "25%", "1.00"]
    assert lines[4].split()[-1] == "4.00"  # first pass
    assert lines[5].split()[-1] == "2.00"  # of it on unchanged texts
    assert lines[7].split()[-1] == "1.00"  # whole call beyond the first pass
