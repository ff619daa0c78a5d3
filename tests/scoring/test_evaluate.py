"""Records scored with the alignment their format calls for."""

from scoring import load_scorer
from scoring.evaluate import evaluate
from scoring.formats import Record


def test_sclite_alignment_reads_alternations_and_skips_what_cannot_be_scored():
    records = [
        Record("u1", "i've { um / @ } as far", "i've as far", alternations=True),
        Record("u2", "a b", "b c", alternations=True),
        Record("u3", None, "x"),
    ]
    run = evaluate(load_scorer("plain"), records, align="sclite")
    assert [(u.record.id, u.counts.ref_len, u.counts.errors) for u in run.utterances] == [
        ("u1", 3, 0),
        ("u2", 2, 2),  # C=1 D=1 I=1 under sclite's weights
    ]
    assert (run.utterances[1].counts.substitutions, run.corpus.scored) == (0, 2)
    assert [(s.id, s.reason) for s in run.corpus.skipped] == [("u3", "missing reference")]


def test_levenshtein_alignment_is_the_usual_scorer_for_plain_text():
    scorer = load_scorer("en")
    record = Record("u1", "I'm at twenty five", "I am at 25")
    run = evaluate(scorer, [record], align="levenshtein")
    expected = scorer.score(record.reference, record.hypothesis)
    assert run.results[0][1].as_dict() == expected.as_dict()


def test_braces_outside_trn_are_words():
    run = evaluate(load_scorer("plain"), [Record("u1", "{ a / b }", "a")], align="sclite")
    assert run.utterances[0].counts.ref_len == 5
