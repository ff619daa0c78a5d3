"""Imports are all or nothing, name the line and field of a problem, and never duplicate."""

import json

import pytest

from reviewapp.models import AuditEvent, Conversation, ImportBatch, Job, Score, Turn
from reviewapp.services.imports import ImportRefused, do_import
from reviewapp.services.scoring import run_chunk

pytestmark = pytest.mark.django_db(transaction=True)


def jsonl(*rows) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()


def conversation(cid="c1", language="en", **extra):
    return {
        "id": cid,
        "language": language,
        "dataset": "runs",
        "model": "m1",
        "turns": [
            {"reference": "I’m twenty five", "hypothesis": "I am 25"},
            {"reference": "[slow] my flight", "hypothesis": "my fight", "speaker": "user"},
            {
                "reference": "How can I help?",
                "hypothesis": "How can I help?",
                "speaker": "assistant",
            },
        ],
        **extra,
    }


def run_jobs(result):
    for job in result.jobs:
        for chunk_id in job.chunks.values_list("pk", flat=True):
            run_chunk(chunk_id)


def test_jsonl_import_creates_rows_and_queues_scoring(reviewer):
    result = do_import(
        jsonl(conversation("c1"), conversation("c2", "de")), "run.jsonl", user=reviewer
    )
    assert (result.conversations, result.turns) == (2, 4)  # assistant turns are not scored
    assert Turn.objects.count() == 6
    assert Turn.objects.filter(scored=False, speaker="assistant").count() == 2
    assert {job.kind for job in result.jobs} == {Job.Kind.SCORE}
    run_jobs(result)
    assert Score.objects.count() == 4
    assert all(job.status == Job.Status.DONE for job in Job.objects.all())
    event = AuditEvent.objects.get(action="import:created")
    assert event.actor == reviewer and event.data["turns"] == 4


def test_scores_equal_the_cli(reviewer):
    from scoring import load_scorer

    result = do_import(jsonl(conversation()), "run.jsonl")
    run_jobs(result)
    turn = Turn.objects.get(index=1, conversation__external_id="c1")
    score = turn.scores.get()
    cli = load_scorer("en").score(turn.reference, turn.hypothesis)
    assert (score.errors, score.ref_len, score.rate) == (
        cli.counts.errors,
        cli.counts.ref_len,
        cli.rate,
    )
    assert score.reference_normalized == "my flight"  # the annotation is not speech
    assert score.normalizer == cli.normalizer.as_dict()


def test_eva_record_shape_is_accepted():
    record = {
        "id": "eva-1",
        "language": "en",
        "intended_user_turns": {
            "2": "Z K three F F W",
            "1": "Hi, March twenty fifth.",
            "10": "bye",
        },
        "transcribed_user_turns": {"1": "Hi, March 25th.", "2": "Z K 3FFW", "10": "bye"},
    }
    result = do_import(json.dumps(record, indent=1).encode(), "record.json")
    assert result.batch.format == "eva"
    turns = Turn.objects.order_by("index")
    assert [t.reference for t in turns] == ["Hi, March twenty fifth.", "Z K three F F W", "bye"]


@pytest.mark.parametrize(
    ("content", "where", "problem"),
    [
        (b'{"id": "a", "language": "en", "turns": []}\n', "line 1, field turns", "non-empty list"),
        (jsonl(conversation()) + b"{not json}\n", "line 2", "invalid JSON"),
        (jsonl(conversation(language="xx")), "line 1, field language", "unknown language"),
        (
            jsonl({**conversation(), "turns": [{"reference": "a", "hypothesis": 3}]}),
            "line 1, field turns[0], field hypothesis",
            "must be a string, not int",
        ),
        (
            jsonl({**conversation(), "turns": [{"hypothesis": "x"}]}),
            "line 1, field turns[0], field reference",
            "is missing",
        ),
        (jsonl(conversation("a"), conversation("a")), "line 2, field id", "duplicate id"),
        (b"\xff\xfe garbage\n", "line 1", "not valid UTF-8"),
        (jsonl({**conversation(), "id": 7}), "line 1, field id", "must be a string"),
    ],
)
def test_bad_file_imports_nothing_and_names_the_line_and_field(content, where, problem):
    with pytest.raises(ImportRefused) as caught:
        do_import(content, "f.jsonl")
    assert str(caught.value).startswith(f"f.jsonl, {where}: ")
    assert problem in str(caught.value)
    assert Conversation.objects.count() == 0
    assert ImportBatch.objects.count() == 0


def test_same_file_twice_is_refused():
    data = jsonl(conversation())
    do_import(data, "run.jsonl")
    with pytest.raises(ImportRefused, match="already imported"):
        do_import(data, "run-again.jsonl")
    assert Conversation.objects.count() == 1


def test_existing_conversation_needs_an_explicit_merge():
    do_import(jsonl(conversation("c1")), "a.jsonl")
    with pytest.raises(ImportRefused, match="already exists in dataset 'runs'"):
        do_import(jsonl(conversation("c1"), conversation("c2")), "b.jsonl")
    result = do_import(jsonl(conversation("c1"), conversation("c2")), "b.jsonl", merge=True)
    assert (result.conversations, result.skipped_existing) == (1, 1)
    assert Conversation.objects.count() == 2


def test_audio_urls_may_be_http_https_or_a_path_on_this_site():
    urls = ["https://cdn.example.org/a.wav", "HTTP://example.org/b.wav", "/media/c.wav", "d.wav"]
    row = conversation(turns=[{"reference": "a", "hypothesis": "a", "audio_url": u} for u in urls])
    do_import(jsonl(row), "audio.jsonl")
    assert list(Turn.objects.order_by("index").values_list("audio_url", flat=True)) == urls


def test_large_finite_numbers_and_deep_enough_metadata_are_kept():
    nested = {"a": [[[[{"b": 1}]]]]}
    row = conversation(metadata={"id": 2**63 - 1, "ratio": 0.125, "nested": nested})
    row["turns"][0].update(start_time=0, end_time=1.5e300)  # finite: kept
    do_import(jsonl(row), "numbers.jsonl")
    conv = Conversation.objects.get()
    assert conv.metadata == {"id": 2**63 - 1, "ratio": 0.125, "nested": nested}
    assert (conv.turns.get(index=0).start_time, conv.turns.get(index=0).end_time) == (0, 1.5e300)


def test_eva_turn_ids_int_cannot_read_are_sorted_not_a_crash():
    ids = {"9" * 5_000: "bye", "²": "then", "1": "hi"}  # 5,000 digits; a digit, not decimal
    record = {
        "id": "eva-long",
        "language": "en",
        "intended_user_turns": ids,
        "transcribed_user_turns": ids,
    }
    do_import(json.dumps(record, indent=1).encode(), "record.json")
    assert [t.reference for t in Turn.objects.order_by("index")] == ["hi", "bye", "then"]


def test_a_conversation_recording_and_turn_segments_are_kept():
    from reviewapp.audio import turn_audio

    row = conversation(
        audio_url="calls/c1.wav",
        turns=[
            {"reference": "a", "hypothesis": "a", "start_time": 0.5, "end_time": 2.25},
            {"reference": "b", "hypothesis": "b", "start_time": 2.25},
            {"reference": "c", "hypothesis": "c", "audio_url": "https://cdn.example.org/c.wav"},
        ],
    )
    do_import(jsonl(row), "audio.jsonl")
    stored = Conversation.objects.get()
    assert stored.audio_url == "calls/c1.wav"
    urls = [turn_audio(t, stored) for t in stored.turns.order_by("index")]
    assert urls == [
        "/audio/calls/c1.wav#t=0.5,2.25",
        "/audio/calls/c1.wav#t=2.25",
        "https://cdn.example.org/c.wav",
    ]
