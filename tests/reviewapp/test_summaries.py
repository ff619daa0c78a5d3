"""Derived rows the list pages read instead of scanning scores: per-(conversation, version)
summaries (the conversations list) and the flag queue's corpus counts.

A summary always equals a recomputation from its scores, whichever way the scores were
written (a scoring chunk, in its own transaction; a score saved alone; the migration; the
rebuild command). A corpus count is shown only while no score of its language was written
after it; otherwise the queue says "counting…", never a stale number without saying so.
"""

from __future__ import annotations

import copy
import importlib
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.models import Count, Sum, Value
from django.urls import reverse
from django.utils import timezone

from reviewapp.models import (
    ConfigVersion,
    Conversation,
    ConversationSummary,
    Flag,
    Job,
    JobChunk,
    Language,
    PairCount,
    Score,
)
from reviewapp.services import flags as flag_service
from reviewapp.services import scoring
from reviewapp.services.configs import create_version
from reviewapp.services.flags import do_create_flag, do_withdraw_flag, refresh_pair_counts
from tests.reviewapp.factories import (
    ConversationFactory,
    TurnFactory,
    config_version,
    scored_conversation,
)
from tests.support.services import require_postgresql

pytestmark = pytest.mark.django_db

FIELDS = ("scored_turns", "errors", "ref_len", "substitutions", "deletions", "insertions")


def recomputed() -> dict[tuple[int, int], tuple]:
    """{(conversation, version): (sums..., rate)} straight from the scores."""
    rows = Score.objects.values("turn__conversation_id", "version_id").annotate(
        scored_turns=Count("pk"),
        e=Sum("errors"),
        r=Sum("ref_len"),
        s=Sum("substitutions"),
        d=Sum("deletions"),
        i=Sum("insertions"),
    )
    return {
        (row["turn__conversation_id"], row["version_id"]): (
            row["scored_turns"],
            row["e"],
            row["r"],
            row["s"],
            row["d"],
            row["i"],
            row["e"] / row["r"] if row["r"] else None,
        )
        for row in rows
    }


def stored() -> dict[tuple[int, int], tuple]:
    return {
        (row.conversation_id, row.version_id): (*(getattr(row, f) for f in FIELDS), row.rate)
        for row in ConversationSummary.objects.all()
    }


PAIRS = [
    ("my flight is at seven", "my fight is at 7"),
    ("the booking code is A B C", "the looking code is ABC"),
    ("I need a window seat", "I need a window sit please"),
    ("one two three", "one two three"),
    ("", "noise only"),
]


def unscored_conversations(n: int = 3) -> list[int]:
    """Turn ids of `n` English conversations, not scored yet (turns interleaved by id)."""
    conversations = [ConversationFactory() for _ in range(n)]
    ids = []
    for index, (reference, hypothesis) in enumerate(PAIRS):
        for conversation in conversations:
            turn = TurnFactory(
                conversation=conversation, index=index, reference=reference, hypothesis=hypothesis
            )
            ids.append(turn.pk)
    return ids


# --- summaries -------------------------------------------------------------------------------


def test_scoring_chunks_write_the_summaries_of_the_conversations_they_touch(monkeypatch):
    version = config_version("en", scored=False)
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 4)  # a conversation spans several chunks
    turn_ids = unscored_conversations()
    job = scoring.create_job(Job.Kind.SCORE, "en", version, turn_ids)
    chunks = list(job.chunks.order_by("index"))
    assert len(chunks) == 4
    scoring.run_chunk(chunks[0].pk)
    assert stored() == recomputed()  # partial: only what is scored so far
    for chunk in chunks[1:]:
        assert scoring.run_chunk(chunk.pk) == "done"
        assert stored() == recomputed()
    assert len(stored()) == 3
    assert all(row[0] == len(PAIRS) for row in stored().values())
    assert Language.objects.get(code="en").scored_version_id == version.pk


@pytest.mark.django_db(transaction=True)
def test_chunks_scored_at_once_by_two_workers_leave_exact_summaries(monkeypatch):
    """Chunks sharing conversations, committed concurrently: each recount waits for the
    other's lock, then sees its scores (PostgreSQL; SQLite runs one writer at a time)."""
    require_postgresql()  # concurrent writers: SQLite runs one writer at a time
    import queue
    import threading

    version = config_version("en", scored=False)
    monkeypatch.setattr(scoring, "CHUNK_SIZE", 2)
    turn_ids = unscored_conversations(4)  # interleaved: every chunk spans 2 conversations
    job = scoring.create_job(Job.Kind.SCORE, "en", version, turn_ids)
    pending = queue.Queue()
    for chunk_id in job.chunks.order_by("index").values_list("pk", flat=True):
        pending.put(chunk_id)
    errors = []

    def worker():
        from django.db import connections

        try:
            while True:
                try:
                    chunk_id = pending.get_nowait()
                except queue.Empty:
                    return
                scoring.run_chunk(chunk_id)
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert Score.objects.count() == len(turn_ids)
    assert stored() == recomputed()
    assert all(row[0] == len(PAIRS) for row in stored().values())


def test_a_redelivered_chunk_leaves_the_summaries_as_they_are():
    version = config_version("en", scored=False)
    job = scoring.create_job(Job.Kind.SCORE, "en", version, unscored_conversations())
    chunk = job.chunks.get()
    scoring.run_chunk(chunk.pk)
    before = {row.pk: row.updated_at for row in ConversationSummary.objects.all()}
    assert scoring.run_chunk(chunk.pk) == "skipped"
    assert {row.pk: row.updated_at for row in ConversationSummary.objects.all()} == before
    assert stored() == recomputed()


def test_a_chunk_that_fails_writes_neither_scores_nor_summaries(monkeypatch):
    version = config_version("en", scored=False)
    job = scoring.create_job(Job.Kind.SCORE, "en", version, unscored_conversations())
    refresh = ConversationSummary.objects.refresh

    def refresh_then_fail(*args, **kwargs):
        refresh(*args, **kwargs)
        assert ConversationSummary.objects.exists()  # written, inside the transaction
        raise RuntimeError("worker lost after the summaries")

    monkeypatch.setattr(ConversationSummary.objects, "refresh", refresh_then_fail)
    with pytest.raises(RuntimeError):
        scoring.run_chunk(job.chunks.get().pk)
    assert not Score.objects.exists()
    assert not ConversationSummary.objects.exists()
    assert JobChunk.objects.get().status == JobChunk.Status.PENDING


def test_a_score_saved_alone_refreshes_its_summary():
    conversation = scored_conversation(PAIRS[:2])
    assert stored() == recomputed()
    score = Score.objects.filter(turn__conversation=conversation).first()
    Score.objects.filter(pk=score.pk).delete()
    score.pk = None
    score.errors, score.ref_len = 9, 10  # written again, with other numbers
    score.save()
    assert stored() == recomputed()


def test_refresh_removes_the_summary_of_a_conversation_left_without_scores():
    conversation = scored_conversation(PAIRS[:1])
    version = Language.objects.get(code="en").scored_version_id
    Score.objects.filter(turn__conversation=conversation).delete()
    assert ConversationSummary.objects.refresh(version, [conversation.pk]) == 0
    assert not ConversationSummary.objects.exists()


def test_the_migration_and_the_command_compute_what_the_scoring_job_computes():
    for _ in range(3):
        scored_conversation(PAIRS)
    expected = stored()
    assert expected == recomputed() and len(expected) == 3
    migration = importlib.import_module(
        "reviewapp.migrations.0002_conversation_summaries_pair_counts"
    )
    ConversationSummary.objects.all().delete()
    migration.fill_summaries(None, type("Editor", (), {"connection": connection})())
    assert stored() == expected
    # the command: a wrong row is corrected, a row without scores removed
    row = ConversationSummary.objects.first()
    ConversationSummary.objects.filter(pk=row.pk).update(errors=999, rate=99.0)
    orphan = ConversationFactory()
    ConversationSummary.objects.create(
        conversation=orphan,
        version=row.version,
        language="en",
        scored_turns=1,
        errors=1,
        ref_len=1,
        substitutions=1,
        deletions=0,
        insertions=0,
        rate=1.0,
        updated_at=timezone.now(),
    )
    out = _call("rebuild_summaries", "--skip-counts")
    assert "1 conversation summaries written (the others were right), 1 without" in out
    assert stored() == expected
    # run again: nothing to write, and no row looks freshly written (the queue's counts
    # compare with `updated_at`)
    before = dict(ConversationSummary.objects.values_list("pk", "updated_at"))
    assert "0 conversation summaries written" in _call("rebuild_summaries", "--skip-counts")
    assert dict(ConversationSummary.objects.values_list("pk", "updated_at")) == before


def _call(*args) -> str:
    import io

    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_list_shows_the_scored_versions_summary_not_a_newer_ones(client_for, reviewer):
    conversation = scored_conversation([("a b c d", "a b c x")])  # 1 error in 4 words
    old = ConfigVersion.objects.get(language="en")
    new = create_version("en", copy.deepcopy(old.content), message="next")
    Language.objects.filter(code="en").update(active_version=new)  # a rescore is running
    mid_rescore = ConversationSummary.objects.get(conversation=conversation)
    ConversationSummary.objects.create(
        **{f: getattr(mid_rescore, f) for f in ("conversation", "language", *FIELDS)},
        version=new,
        rate=0.75,
        updated_at=timezone.now(),
    )
    html = client_for(reviewer).get(reverse("reviewapp:conversations")).content.decode()
    row = html[html.index(f'id="conversation-{conversation.pk}"') :][:1500]
    assert "25.0%" in row and "(1/4)" in row
    Language.objects.filter(code="en").update(scored_version=new)
    html = client_for(reviewer).get(reverse("reviewapp:conversations")).content.decode()
    assert "75.0%" in html[html.index(f'id="conversation-{conversation.pk}"') :][:1500]


def test_the_flagged_filter_follows_flags_as_they_change(client_for, reviewer):
    conversation = scored_conversation([("the seat", "the seed")])
    client = client_for(reviewer)

    def flagged(value: str) -> bool:
        response = client.get(reverse("reviewapp:conversations"), {"flagged": value})
        return f'id="conversation-{conversation.pk}"' in response.content.decode()

    assert (flagged("yes"), flagged("no")) == (False, True)
    flag = do_create_flag(reviewer, Score.objects.get(), 0, category="real_error")
    assert (flagged("yes"), flagged("no")) == (True, False)
    do_withdraw_flag(reviewer, flag)
    assert (flagged("yes"), flagged("no")) == (False, True)


def test_the_list_reads_no_score_row(client_for, reviewer, django_assert_num_queries):
    scored_conversation(PAIRS)
    client = client_for(reviewer)
    client.get(reverse("reviewapp:conversations"))
    with django_assert_num_queries(10) as queries:  # one: the content stamp of the ETag
        client.get(reverse("reviewapp:conversations"), {"sort": "rate_asc", "kinds": "S"})
    assert not any("reviewapp_score" in q["sql"] for q in queries.captured_queries)


# --- the flag queue's corpus counts ----------------------------------------------------------


def queue_rows(client, **params) -> list[tuple[str, str, str, bool]]:
    """(ref span, hyp span, corpus-turns cell, counting?) per group row of the queue."""
    html = client.get(reverse("reviewapp:flag_queue"), params).content.decode()
    rows = re.findall(
        r'<tr class="flag-group" data-corpus-turns="(\d*)"( data-counting="true")?>.*?'
        r"<q>(.*?)</q>.*?<q>(.*?)</q>.*?"
        r'<td class="num corpus-turns">(.*?)</td>',
        html,
        flags=re.S,
    )
    return [
        (ref, hyp, re.sub(r"<[^>]+>", "", cell), bool(counting))
        for _, counting, ref, hyp, cell in rows
    ]


def test_a_flag_has_its_pair_counted(client_for, reviewer):
    scored_conversation([("my seat", "my seed")] * 2)
    score = Score.objects.first()
    do_create_flag(reviewer, score, 0, category="real_error")
    count = PairCount.objects.get()
    assert (count.ref_span, count.hyp_span, count.turns) == ("seat", "seed", 2)
    assert queue_rows(client_for(reviewer)) == [("seat", "seed", "2", False)]


def test_a_score_written_after_the_count_shows_counting_until_recounted(client_for, reviewer):
    scored_conversation([("my seat", "my seed")])
    do_create_flag(reviewer, Score.objects.get(), 0, category="real_error")
    client = client_for(reviewer)
    assert queue_rows(client) == [("seat", "seed", "1", False)]
    scored_conversation([("the seat", "the seed")])  # one more turn with the pair
    assert queue_rows(client) == [("seat", "seed", "counting… (last count 1)", True)]
    assert refresh_pair_counts(language="en") == 1
    assert queue_rows(client) == [("seat", "seed", "2", False)]
    assert refresh_pair_counts(language="en") == 0  # current: nothing to count


def test_a_new_scored_version_counts_again_when_its_job_finishes(
    client_for, reviewer, django_capture_on_commit_callbacks
):
    conversation = scored_conversation([("my seat", "my seed")])
    do_create_flag(reviewer, Score.objects.get(), 0, category="real_error")
    old = ConfigVersion.objects.get(language="en")
    new = create_version("en", copy.deepcopy(old.content), message="next")
    Language.objects.filter(code="en").update(active_version=new)
    job = scoring.create_job(
        Job.Kind.RESCORE, "en", new, list(conversation.turns.values_list("pk", flat=True))
    )
    Language.objects.filter(code="en").update(scored_version=new)  # as if it were done
    client = client_for(reviewer)
    assert queue_rows(client) == [("seat", "seed", "counting…", True)]  # none under v2
    Language.objects.filter(code="en").update(scored_version=old)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert scoring.run_chunk(job.chunks.get().pk) == "done"
    assert len(callbacks) == 1  # the recount, sent once the job's last chunk commits
    assert Language.objects.get(code="en").scored_version_id == new.pk
    assert PairCount.objects.filter(version=new).get().turns == 1
    assert queue_rows(client) == [("seat", "seed", "1", False)]


def test_the_queue_reads_no_score_row(client_for, reviewer, django_assert_num_queries):
    scored_conversation([("my seat", "my seed"), ("my flight", "my fight")])
    for score in Score.objects.all():
        do_create_flag(reviewer, score, 0, category="real_error")
    client = client_for(reviewer)
    client.get(reverse("reviewapp:flag_queue"))
    with django_assert_num_queries(8) as queries:  # one: the content stamp of the ETag
        client.get(reverse("reviewapp:flag_queue"))
    assert not any("reviewapp_score" in q["sql"] for q in queries.captured_queries)


def test_a_broker_that_is_down_does_not_refuse_a_flag(client_for, reviewer, monkeypatch):
    from kombu.exceptions import OperationalError

    from reviewapp import tasks

    def down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to localhost:6379. Connection refused.")

    monkeypatch.setattr(tasks.refresh_pair_counts, "apply_async", down)
    scored_conversation([("my seat", "my seed")])
    flag = do_create_flag(reviewer, Score.objects.get(), 0, category="real_error")
    assert Flag.objects.filter(pk=flag.pk).exists() and not PairCount.objects.exists()
    assert queue_rows(client_for(reviewer)) == [("seat", "seed", "counting…", True)]


def test_counts_rank_the_queue(client_for, reviewer):
    scored_conversation([("the seat", "the seed")] * 3 + [("my flight", "my fight")])
    scores = list(Score.objects.order_by("turn__index"))
    do_create_flag(reviewer, scores[-1], 0, category="false_error")
    do_create_flag(reviewer, scores[0], 0, category="real_error")
    assert queue_rows(client_for(reviewer)) == [
        ("seat", "seed", "3", False),
        ("flight", "fight", "1", False),
    ]


def test_long_and_non_ascii_spans_are_keyed_alike_in_python_and_the_database(client_for, reviewer):
    scored_conversation([("my seat", "my seed")])
    spans = ("größe 서울 ‘x’ %_\\", "")
    in_database = (
        Language.objects.annotate(key=PairCount.key_expression(Value(spans[0]), Value(spans[1])))
        .values_list("key", flat=True)
        .first()
    )
    assert in_database == PairCount.key_for(*spans)
    long_span = "lang " * 2000  # longer than a B-tree index row may be
    Flag.objects.create(
        turn=Score.objects.get().turn,
        version=Language.objects.get(code="en").scored_version,
        language="en",
        author=reviewer,
        category="real_error",
        ref_start=0,
        ref_end=2000,
        hyp_start=0,
        hyp_end=1,
        ref_span=long_span,
        hyp_span="서울",
    )
    assert refresh_pair_counts(language="en") == 1
    [(ref, hyp, cell, counting)] = queue_rows(client_for(reviewer))
    assert (ref == long_span, hyp, cell, counting) == (True, "서울", "0", False)


def test_the_refresh_task_counts_what_the_service_counts():
    from reviewapp import tasks

    scored_conversation([("my seat", "my seed")])
    assert tasks.refresh_pair_counts.delay(language="en", pairs=[["seat", "seed"]]).get() == 1
    assert PairCount.objects.get().turns == 1
    assert flag_service.refresh_pair_counts(force=True) == 0  # no open flag: nothing to count


def test_conversation_model_is_untouched_by_summaries():
    """Deleting a conversation deletes its summaries (they are derived rows)."""
    conversation = scored_conversation(PAIRS[:1])
    assert ConversationSummary.objects.filter(conversation=conversation).exists()
    Conversation.objects.filter(pk=conversation.pk).delete()
    assert not ConversationSummary.objects.exists()
