"""Two systems on the same utterances: difference, paired interval, sign test, verdict."""

import pytest

from scoring.compare import compare
from scoring.evaluate import Utterance
from scoring.formats import Record
from scoring.metrics import Counts
from scoring.report import Bootstrap


def system(errors, words=5, **metadata):
    return [
        Utterance(Record(f"u{k}", "", "", metadata=metadata), Counts(e, 0, 0, words, words))
        for k, e in enumerate(errors)
    ]


def test_a_hand_table():
    a = system([3, 0, 4, 2, 5, 1])
    b = system([1, 2, 1, 2, 0, 0])
    result = compare(a, b, bootstrap=Bootstrap(500, seed=2))
    assert result.difference == (6 - 15) / 30
    assert (result.sign.a_better, result.sign.b_better, result.sign.ties) == (1, 4, 1)
    assert result.sign.p_value == 12 / 32
    assert result.interval.replicates == 500
    assert [p.id for p in result.most_different(3)] == ["u4", "u2", "u0"]


def test_one_error_fewer_everywhere_is_a_verdict_for_b():
    result = compare(system([2] * 12), system([1] * 12), bootstrap=Bootstrap(200))
    assert (result.interval.low, result.interval.high) == (-0.2, -0.2)
    assert result.sign.p_value == 2 / 2**12
    assert result.verdict.startswith("B makes fewer errors than A")


def test_identical_systems_show_no_difference():
    result = compare(system([1, 2, 0]), system([1, 2, 0]), bootstrap=Bootstrap(100))
    assert (result.difference, result.sign.ties, result.sign.p_value) == (0.0, 3, 1.0)
    assert result.verdict == "no significant difference at the 5% level"


def test_units_can_be_conversations():
    calls = [("t1", "c1", 3), ("t2", "c1", 1), ("t3", "c2", 1)]
    records = [Record(turn, "", "", metadata={"call": call}) for turn, call, _ in calls]
    a = [Utterance(r, Counts(e, 0, 0, 5, 5)) for r, (_, _, e) in zip(records, calls, strict=True)]
    b = [Utterance(r, Counts(0, 0, 0, 5, 5)) for r in records]
    result = compare(a, b, bootstrap=Bootstrap(50, unit="call"))
    assert [(p.id, p.a.errors, p.b.errors) for p in result.pairs] == [("c1", 4, 0), ("c2", 1, 0)]


def test_the_systems_must_cover_the_same_utterances():
    with pytest.raises(ValueError):
        compare(system([1, 2]), system([1]), bootstrap=Bootstrap(10))
