"""Helpers of the fault tests: a language with many turns, a rescore of it, and checks that
a job's scores are whole (every chunk all or nothing, every turn scored once)."""

from __future__ import annotations

import base64
import copy
import json

from django.db.models import Count

from reviewapp.models import ConfigVersion, Job, JobChunk, Language, Score, Turn
from reviewapp.services import proposals, scoring, versions
from tests.reviewapp.factories import ConversationFactory, config_version

# Long enough turns that scoring, not messaging, takes most of a chunk's time: a kill
# lands inside a chunk's work, not between two chunks.
WORDS = (
    "my flight to Boston leaves at seven thirty on Monday the twenty first and I would "
    "like a window seat near the front please because my connection in Chicago is short"
).split()


def make_turns(count: int, language: str = "en", *, repeat: int = 3) -> list[int]:
    """`count` scored user turns of about 31 × `repeat` words in one conversation; ids."""
    conversation = ConversationFactory(language=language)
    rows = []
    for i in range(count):
        words = WORDS * repeat
        reference = " ".join(words[i % 7 :] + [f"seat {i}"])
        hypothesis = " ".join(w if (j + i) % 9 else w.upper()[:-1] for j, w in enumerate(words))
        rows.append(
            Turn(
                conversation=conversation,
                language=language,
                index=i,
                speaker="user",
                reference=reference,
                hypothesis=hypothesis,
            )
        )
    Turn.objects.bulk_create(rows, batch_size=1000)
    return list(Turn.objects.filter(conversation=conversation).values_list("pk", flat=True))


def approve_a_filler(maintainer, language: str = "en", word: str = "erm") -> ConfigVersion:
    """Approve a one-filler proposal the way a maintainer does: a new version, and its
    rescore job queued on commit (to whichever broker the test produces to)."""
    base = config_version(language)
    content = copy.deepcopy(base.content)
    content["config"]["fillers"] = [*content["config"].get("fillers", []), word]
    proposal = proposals.do_create_proposal(maintainer, language, content, title=f"filler {word}")
    return proposals.do_approve(maintainer, proposal)


def rescore_job(version: ConfigVersion) -> Job:
    return Job.objects.get(kind=Job.Kind.RESCORE, version=version)


def plan_here(version: ConfigVersion) -> Job:
    """Plan an approval's rescore in this process, as the plan task does, so its chunks
    have this test's CHUNK_SIZE (a worker's is its own). Call it before a worker starts:
    the plan message then finds the job planned, and does nothing."""
    job = rescore_job(version)
    assert versions.plan_rescore(job.pk) == "planned"
    job.refresh_from_db()
    return job


def chunk_scores(job: Job) -> dict[int, tuple[str, int, int]]:
    """chunk id -> (status, its turns, its turns with a score under the job's version)."""
    scored = set(Score.objects.filter(version=job.version).values_list("turn_id", flat=True))
    return {
        chunk.pk: (chunk.status, len(chunk.turn_ids), sum(t in scored for t in chunk.turn_ids))
        for chunk in JobChunk.objects.filter(job=job)
    }


def assert_no_partial_chunk(job: Job) -> dict[int, tuple[str, int, int]]:
    """A done chunk has all its scores; any other chunk has none."""
    chunks = chunk_scores(job)
    for chunk_id, (status, size, scored) in chunks.items():
        if status == JobChunk.Status.DONE:
            assert scored == size, f"chunk {chunk_id} is done with {scored}/{size} scores"
        else:
            assert scored == 0, f"chunk {chunk_id} is {status} but has {scored}/{size} scores"
    return chunks


def assert_job_complete(job: Job, turn_ids: list[int]) -> None:
    """Done; counts match; every turn exactly one score under the version; no chunk twice."""
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, (job.status, job.error)
    assert (job.done, job.failed, job.total) == (len(turn_ids), 0, len(turn_ids))
    per_turn = (
        Score.objects.filter(version=job.version)
        .values("turn_id")
        .annotate(n=Count("id"))
        .values_list("turn_id", "n")
    )
    counts = dict(per_turn)
    assert set(counts) == set(turn_ids)
    assert set(counts.values()) == {1}
    chunks = JobChunk.objects.filter(job=job)
    assert set(chunks.values_list("status", flat=True)) == {JobChunk.Status.DONE}
    # a chunk's scores were written once: its claim (attempts) happened once
    assert set(chunks.values_list("attempts", flat=True)) == {1}
    assert_no_partial_chunk(job)
    language = Language.objects.get(code=job.language)
    assert language.scored_version_id == job.version_id


def scores_match_a_fresh_scoring(job: Job, turn_ids: list[int]) -> None:
    """The stored scores are the scores the scorer gives now (nothing half written)."""
    scorer = scoring.scorer_for(job.version)
    for turn in Turn.objects.filter(pk__in=turn_ids):
        stored = Score.objects.get(turn=turn, version=job.version)
        fresh = scoring.score_row(turn, job.version, scorer)
        assert (stored.errors, stored.ref_len, stored.hyp_len, stored.alignment) == (
            fresh.errors,
            fresh.ref_len,
            fresh.hyp_len,
            fresh.alignment,
        )


def unacked_chunk_ids(client) -> list[int]:
    """The chunk ids of the messages a worker took from our Redis and never acknowledged."""
    ids = []
    for raw in client.hvals("unacked"):
        message = json.loads(raw)[0]
        body = message["body"]
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        args = json.loads(body)[0]
        ids.append(int(args[0]))
    return ids


def queued_chunk_ids(client, queue: str = "celery") -> list[int]:
    """The chunk ids of the messages waiting in our Redis queue."""
    ids = []
    for raw in client.lrange(queue, 0, -1):
        message = json.loads(raw)
        body = message["body"]
        if message.get("properties", {}).get("body_encoding") == "base64":
            body = base64.b64decode(body)
        ids.append(int(json.loads(body)[0][0]))
    return ids
