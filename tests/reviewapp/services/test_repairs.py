"""Re-pairing a shifted run: the hypotheses move to their turns, the original pairing is
kept and can be restored, both are audited with before/after scores, and the rescore
gives the expected scores."""

from __future__ import annotations

import pytest
from django.db.models import Sum

from reviewapp.models import AuditEvent, DataFinding, Job, RePairing, Score, Turn
from reviewapp.services.repairs import RepairError, do_repair, do_restore
from reviewapp.services.scoring import run_chunk
from scoring import load_scorer
from tests.reviewapp.services.test_dataquality import SHIFTED, conversation, import_rows
from tests.scoring.dataquality.test_shift import REFERENCES, TRANSCRIPTS

pytestmark = pytest.mark.django_db


def run_jobs(jobs) -> None:
    for job in jobs:
        for chunk_id in job.chunks.values_list("pk", flat=True):
            run_chunk(chunk_id)


@pytest.fixture
def shifted(maintainer_de):
    """A scored English conversation whose user turns 1-9 hold the transcripts of 2-10."""
    result = import_rows(conversation("shifted", SHIFTED))
    run_jobs(result.jobs)
    return result.batch.conversation_set.get()


def hypotheses(conv) -> list[str]:
    users = conv.turns.filter(scored=True).order_by("index")
    return list(users.values_list("hypothesis", flat=True))


def errors(conv) -> tuple[int, int]:
    sums = Score.objects.filter(turn__conversation=conv).aggregate(Sum("errors"), Sum("ref_len"))
    return sums["errors__sum"], sums["ref_len__sum"]


def expected_errors(pairs) -> int:
    scorer = load_scorer("en")
    return sum(scorer.score(ref, hyp).counts.errors for ref, hyp in pairs)


def test_repairing_moves_each_hypothesis_to_its_turn_and_rescores(
    shifted, maintainer_de, django_capture_on_commit_callbacks
):
    finding = DataFinding.objects.get(kind="shift")
    with django_capture_on_commit_callbacks() as sent:
        repairing = do_repair(maintainer_de, finding)
    assert hypotheses(shifted) == [""] + TRANSCRIPTS[1:]
    # the changed turns' scores are gone, a scoring job for them is sent on commit
    changed = [c["turn"] for c in repairing.changes]
    assert not Score.objects.filter(turn_id__in=changed).exists()
    job = Job.objects.filter(kind=Job.Kind.SCORE).latest("pk")
    assert (job.total, len(sent)) == (10, 1)
    run_jobs([job])
    # the rescore gives the scores the re-pairing announced
    assert errors(shifted) == (
        expected_errors(zip(REFERENCES, [""] + TRANSCRIPTS[1:], strict=True)),
        repairing.after["ref_len"],
    )
    assert repairing.after["errors"] == errors(shifted)[0]
    assert repairing.before["errors"] == expected_errors(zip(REFERENCES, SHIFTED, strict=True))
    assert repairing.before["errors"] > 3 * repairing.after["errors"]


def test_the_original_pairing_is_kept_and_the_conversation_checked_again(shifted, maintainer_de):
    repairing = do_repair(maintainer_de, DataFinding.objects.get(kind="shift"))
    assert [(c["index"], c["before"], c["after"]) for c in repairing.changes] == [
        (i + 1, before, after)
        for i, (before, after) in enumerate(zip(SHIFTED, [""] + TRANSCRIPTS[1:], strict=True))
    ]
    assert (repairing.first_turn, repairing.last_turn, repairing.shift) == (1, 9, 1)
    # the shift is gone; turn 1 has no transcript in the data, and says so
    kinds = list(DataFinding.objects.values_list("kind", "first_turn"))
    assert kinds == [("empty", 1)]


def test_repairing_is_audited_with_before_and_after(shifted, maintainer_de):
    repairing = do_repair(maintainer_de, DataFinding.objects.get(kind="shift"))
    event = AuditEvent.objects.get(action=AuditEvent.Action.PAIRING_REPAIRED)
    assert (event.actor, event.object_type, event.object_id, event.language) == (
        maintainer_de,
        "repairing",
        str(repairing.pk),
        "en",
    )
    assert event.data["turns"] == [1, 9] and event.data["shift"] == 1
    assert event.data["before"] == repairing.before and event.data["after"] == repairing.after
    assert event.data["before"]["version"] == 1


def test_restoring_puts_the_original_pairing_and_scores_back(shifted, maintainer_de):
    original = errors(shifted)
    repairing = do_repair(maintainer_de, DataFinding.objects.get(kind="shift"))
    run_jobs([Job.objects.latest("pk")])
    do_restore(maintainer_de, repairing)
    assert hypotheses(shifted) == SHIFTED
    run_jobs([Job.objects.latest("pk")])
    assert errors(shifted) == original
    repairing.refresh_from_db()
    assert repairing.restored_by == maintainer_de and repairing.restored_at is not None
    event = AuditEvent.objects.get(action=AuditEvent.Action.PAIRING_RESTORED)
    assert event.data["after"]["errors"] == original[0]
    assert event.data["before"]["errors"] == repairing.after["errors"]
    # the shift is found again, and can be re-paired again
    assert DataFinding.objects.filter(kind="shift").count() == 1


def test_a_restored_repairing_cannot_be_restored_twice(shifted, maintainer_de):
    repairing = do_repair(maintainer_de, DataFinding.objects.get(kind="shift"))
    do_restore(maintainer_de, repairing)
    with pytest.raises(RepairError, match="already undone"):
        do_restore(maintainer_de, repairing)


def test_a_finding_checked_away_cannot_be_repaired(shifted, maintainer_de):
    finding = DataFinding.objects.get(kind="shift")
    do_repair(maintainer_de, finding)
    with pytest.raises(RepairError, match="checked again"):
        do_repair(maintainer_de, finding)
    assert RePairing.objects.count() == 1


def test_turns_changed_since_the_check_are_not_repaired(shifted, maintainer_de):
    finding = DataFinding.objects.get(kind="shift")
    Turn.objects.filter(conversation=shifted, index=1).delete()
    with pytest.raises(RepairError, match="changed since"):
        do_repair(maintainer_de, finding)
    assert not RePairing.objects.exists()


def test_a_restore_refuses_hypotheses_changed_since(shifted, maintainer_de):
    repairing = do_repair(maintainer_de, DataFinding.objects.get(kind="shift"))
    Turn.objects.filter(conversation=shifted, index=2).update(hypothesis="edited by hand")
    with pytest.raises(RepairError, match="changed since"):
        do_restore(maintainer_de, repairing)
    repairing.refresh_from_db()
    assert repairing.restored_at is None
