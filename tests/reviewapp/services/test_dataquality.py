"""Findings are computed at import, in its transaction, stored per import and per
conversation, found across imports, and computed again on demand."""

from __future__ import annotations

import json

import pytest

from reviewapp.models import Conversation, DataFinding, ImportBatch
from reviewapp.services import dataquality
from reviewapp.services.dataquality import refresh_findings
from reviewapp.services.imports import do_import
from tests.scoring.dataquality.test_shift import REFERENCES, TRANSCRIPTS

pytestmark = pytest.mark.django_db

SHIFTED = TRANSCRIPTS[1:] + [""]  # shares no pair with TRANSCRIPTS


def conversation(cid: str, hypotheses=TRANSCRIPTS, *, language="en", dataset="runs") -> dict:
    turns = [{"speaker": "assistant", "reference": "Hello!", "hypothesis": "Hello!"}]
    pairs = zip(REFERENCES, hypotheses, strict=True)
    turns += [{"reference": r, "hypothesis": h} for r, h in pairs]
    return {"id": cid, "language": language, "dataset": dataset, "turns": turns}


def import_rows(*rows, name="run.jsonl"):
    data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()
    return do_import(data, name)


def findings_of(cid: str) -> list[tuple]:
    rows = DataFinding.objects.filter(conversation__external_id=cid).order_by("pk")
    return [(f.kind, f.first_turn, f.last_turn, f.shift) for f in rows]


def test_an_import_stores_its_findings_per_conversation_and_import():
    result = import_rows(conversation("ok"), conversation("shifted", SHIFTED))
    assert findings_of("ok") == []
    # the assistant's turn is turn 0: the run is turns 1-9, turn 10 has no transcript
    assert findings_of("shifted") == [("shift", 1, 9, 1), ("empty", 10, 10, 0)]
    assert {f.batch for f in DataFinding.objects.all()} == {result.batch}
    assert [f.pk for f in result.findings] == list(
        result.batch.findings.order_by("pk").values_list("pk", flat=True)
    )
    shift = DataFinding.objects.get(kind="shift")
    assert shift.detail["positions"] == [0, 8]
    assert shift.message.startswith("turns 1–9: each hypothesis is the transcript")


def test_a_conversation_imported_again_under_another_id_is_a_duplicate():
    import_rows(conversation("first"), name="monday.jsonl")
    import_rows(conversation("again", dataset="other"), name="tuesday.jsonl")
    (finding,) = DataFinding.objects.filter(conversation__external_id="again")
    first = Conversation.objects.get(external_id="first")
    assert finding.kind == "duplicate_conversation"
    assert finding.message == "the same turns as conversation first in runs"
    assert finding.detail["conversation"] == str(first.pk)
    assert findings_of("first") == []


def test_duplicates_within_one_import_name_the_first():
    import_rows(conversation("a"), conversation("b"))
    assert findings_of("a") == []
    assert findings_of("b") == [("duplicate_conversation", None, None, 0)]


def test_a_part_imported_twice_is_a_run_of_duplicate_turns():
    import_rows(conversation("a"))
    part = {"id": "part", "language": "en", "dataset": "runs", "turns": [
        {"reference": REFERENCES[4], "hypothesis": TRANSCRIPTS[4]},
        {"reference": REFERENCES[5], "hypothesis": TRANSCRIPTS[5]},
        {"reference": REFERENCES[6], "hypothesis": TRANSCRIPTS[6]},
    ]}  # fmt: skip
    import_rows(part, name="part.jsonl")
    assert findings_of("part") == [("duplicate_turn", 0, 2, 0)]
    (finding,) = DataFinding.objects.filter(conversation__external_id="part")
    assert finding.detail["turns"] == [5, 7]


def test_a_failing_check_imports_nothing(monkeypatch):
    def broken(ids):
        raise RuntimeError("check failed")

    monkeypatch.setattr("reviewapp.services.imports.refresh_findings", broken)
    with pytest.raises(RuntimeError):
        import_rows(conversation("a"))
    assert not Conversation.objects.exists() and not ImportBatch.objects.exists()


def test_refreshing_replaces_the_findings_and_reads_the_turns_as_they_are_now():
    import_rows(conversation("shifted", SHIFTED))
    before = list(DataFinding.objects.values_list("pk", flat=True))
    conv = Conversation.objects.get()
    for turn, hypothesis in zip(
        conv.turns.filter(scored=True).order_by("index"), TRANSCRIPTS, strict=True
    ):
        turn.hypothesis = hypothesis
        turn.save()
    assert refresh_findings([conv.pk]) == []
    assert not DataFinding.objects.filter(pk__in=before).exists()
    assert refresh_findings([]) == []


def test_code_switching_comes_from_the_languages_active_config():
    mixed = {"id": "hi-mixed", "language": "hi", "turns": [
        {"reference": "मेरा लैपटॉप काम नहीं कर रहा", "hypothesis": "मेरा laptop काम नहीं कर रहा"},
        {"reference": "मेरा खाता बंद हो गया है", "hypothesis": "mera khata band ho gaya hai"},
    ]}  # fmt: skip
    import_rows(mixed)
    assert findings_of("hi-mixed") == [("script", 1, 1, 0)]


def test_duplicate_candidates_are_read_a_chunk_of_texts_at_a_time(monkeypatch):
    monkeypatch.setattr(dataquality, "CHUNK", 2)
    import_rows(conversation("a"), name="a.jsonl")
    import_rows(conversation("b"), conversation("c", SHIFTED), name="bc.jsonl")
    assert findings_of("b") == [("duplicate_conversation", None, None, 0)]
    assert findings_of("c")[0] == ("shift", 1, 9, 1)
