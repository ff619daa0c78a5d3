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


def test_each_step_is_given_what_the_chain_gives_it_in_every_pass():
    norm = normalizer()
    given = steps.inputs_by_step(norm, ["Um, the CAT sat.", "a 12-b"])
    assert list(given) == norm.step_names
    assert given["fillers"][0] == "um   the cat sat  "  # after case and punctuation
    # "a 12-b" has a digit: its output "a 12 b" goes through the chain again, up to the
    # step given what the first pass gave it (case), where the pass ends
    assert norm("a 12-b") == "a 12 b"
    assert given["unicode"] == ["Um, the CAT sat.", "a 12-b", "a 12 b"]
    assert given["hyphens"][1:] == ["a 12-b", "a 12 b"]
    assert given["case"] == ["Um , the CAT sat .", "a 12 b"]
