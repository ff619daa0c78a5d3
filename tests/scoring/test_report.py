"""Breakdowns: rows per group and the total, in sclite's columns, and their renderings."""

import csv
import io

import pytest

from scoring.errors import InputError
from scoring.evaluate import Utterance
from scoring.formats import Record
from scoring.metrics import Counts
from scoring.report import Bootstrap, Row, Summary, format_sclite, summarize, to_csv


def utterance(uid, counts, speaker=None, **metadata):
    return Utterance(Record(uid, "", "", speaker, metadata), counts)


UTTERANCES = [
    utterance("1", Counts(1, 0, 1, 4, 5), "ann", model="m1", call="c1"),
    utterance("2", Counts(0, 0, 0, 3, 3), "ann", model="m2", call="c1"),
    utterance("3", Counts(0, 2, 0, 5, 3), "bob", model="m1", call="c2"),
    utterance("4", Counts(0, 0, 0, 2, 2), None, call="c3"),
]


def test_rows_per_group_in_sclites_columns():
    summary = summarize(UTTERANCES, metric="wer", group_by="speaker")
    table = [
        (r.label, r.sentences, r.counts.ref_len, r.counts.hits, r.counts.substitutions,
         r.counts.deletions, r.counts.insertions, r.counts.errors, r.sentence_errors)
        for r in (*summary.rows, summary.total)
    ]  # fmt: skip
    assert table == [
        ("(none)", 1, 2, 2, 0, 0, 0, 0, 0),
        ("ann", 2, 7, 6, 1, 0, 1, 2, 1),
        ("bob", 1, 5, 3, 0, 2, 0, 2, 1),
        ("Sum", 4, 14, 11, 1, 2, 1, 4, 2),
    ]
    assert summary.total.rate == 4 / 14


def test_any_metadata_field_groups():
    summary = summarize(UTTERANCES, metric="wer", group_by="model")
    assert [(r.label, r.counts.errors) for r in summary.rows] == [
        ("(none)", 0), ("m1", 4), ("m2", 0),
    ]  # fmt: skip


def test_bootstrap_by_utterance_or_by_conversation():
    by_utterance = summarize(UTTERANCES, metric="wer", bootstrap=Bootstrap(300, seed=4))
    by_call = summarize(UTTERANCES, metric="wer", bootstrap=Bootstrap(300, seed=4, unit="call"))
    assert by_utterance.total.interval.replicates == 300
    assert by_utterance.total.interval != by_call.total.interval
    assert by_call.as_dict()["bootstrap"] == {
        "replicates": 300, "seed": 4, "unit": "call", "level": 0.95,
    }  # fmt: skip


def test_resampling_by_a_field_a_record_lacks_is_an_error():
    with pytest.raises(InputError, match="utterance '4' has no 'model' to resample by"):
        summarize(UTTERANCES, metric="wer", bootstrap=Bootstrap(10, unit="model"))


# sclite's documented `-o sum` report (csrnab.hyp) and its `rsum` counts, speaker by speaker
SCLITE_SUM = """\
              SYSTEM SUMMARY PERCENTAGES by SPEAKER

,----------------------------------------------------------------.
|                          ./csrnab.hyp                          |
|----------------------------------------------------------------|
| SPKR   | # Snt # Wrd | Corr    Sub    Del    Ins    Err  S.Err |
|--------+-------------+-----------------------------------------|
| 4t0    |   15    458 | 84.1   14.0    2.0    2.6   18.6   86.7 |
|--------+-------------+-----------------------------------------|
| 4t1    |   21    544 | 93.6    5.9    0.6    0.7    7.2   57.1 |
|--------+-------------+-----------------------------------------|
| 4t2    |   15    404 | 91.3    8.7    0.0    2.5   11.1   86.7 |
|================================================================|
| Sum/Avg|   51   1406 | 89.8    9.3    0.9    1.8   12.0   74.5 |
|================================================================|
|  Mean  | 17.0  468.7 | 89.7    9.5    0.8    1.9   12.3   76.8 |
|  S.D.  |  3.5   70.6 |  5.0    4.1    1.0    1.0    5.8   17.0 |
| Median | 15.0  458.0 | 91.3    8.7    0.6    2.5   11.1   86.7 |
`----------------------------------------------------------------'
"""


def csrnab() -> Summary:
    rows = (
        Row("4t0", 15, 13, Counts(64, 9, 12, 458)),
        Row("4t1", 21, 12, Counts(32, 3, 4, 544)),
        Row("4t2", 15, 13, Counts(35, 0, 10, 404)),
    )
    return Summary("wer", "speaker", rows, Row("Sum", 51, 38, Counts(131, 12, 26, 1406)))


def test_the_sclite_layout_reproduces_sclites_documented_summary():
    assert format_sclite(csrnab(), "./csrnab.hyp") == SCLITE_SUM


def test_csv_has_a_line_per_group_and_the_total():
    rows = list(csv.DictReader(io.StringIO(to_csv(csrnab()))))
    assert [(r["row"], r["group"], r["errors"], r["sentence_errors"]) for r in rows] == [
        ("group", "4t0", "85", "13"),
        ("group", "4t1", "39", "12"),
        ("group", "4t2", "45", "13"),
        ("total", "Sum", "169", "38"),
    ]
    assert float(rows[-1]["wer"]) == 169 / 1406
