"""Re-pair a shifted run, and restore the original pairing: maintainer actions, audited.

`do_repair` moves each hypothesis of a run found shifted (a `DataFinding` of kind shift)
to the turn it transcribes (`scoring.dataquality.repaired_hypotheses`). The turns' old
hypotheses are kept on the `RePairing` row, and `do_restore` puts them back. Either way:

- the changed turns' summed score before (their scores under the language's scored
  version) and after (what that version's scorer gives the new pairs, the numbers the
  rescore will write) go on the row and in the audit event;
- the changed turns' scores are deleted (they scored the other pairing; a score is never
  rewritten in place) and a scoring job for them is queued once the change commits, under
  the active version and, while a rescore runs, the scored one;
- the conversation is checked again (`refresh_findings`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from scoring.dataquality import repaired_hypotheses
from scoring.errors import ScoringError
from scoring.metrics import rate

from ..enqueue import enqueue_job
from ..models import (
    Conversation,
    ConversationSummary,
    DataFinding,
    Job,
    Language,
    RePairing,
    Score,
    Turn,
)
from . import audit
from .configs import scorer_for
from .dataquality import refresh_findings
from .scoring import create_job, score_text

__all__ = ["STALE", "RepairError", "do_repair", "do_restore"]

STALE = "The conversation was checked again since: reload the page."


class RepairError(Exception):
    """A re-pairing that cannot be done now; the message says why, to the user."""


def do_repair(user, finding: DataFinding) -> RePairing:
    """Re-pair the run of a shift finding; returns the RePairing row."""
    with transaction.atomic():
        conversation = Conversation.objects.select_for_update().get(pk=finding.conversation_id)
        finding = DataFinding.objects.filter(pk=finding.pk, kind=DataFinding.Kind.SHIFT).first()
        if finding is None:
            raise RepairError(STALE)
        users = list(conversation.turns.filter(scored=True).order_by("index"))
        first, last = _positions(users, finding)
        new = repaired_hypotheses([t.hypothesis for t in users], first, last, finding.shift)
        changes = [
            {"turn": t.pk, "index": t.index, "before": t.hypothesis, "after": h}
            for t, h in zip(users, new, strict=True)
            if t.hypothesis != h
        ]
        repairing = RePairing(
            conversation=conversation,
            first_turn=finding.first_turn,
            last_turn=finding.last_turn,
            shift=finding.shift,
            changes=changes,
            created_by=user,
        )
        repairing.before, repairing.after = _apply(conversation, changes, "after", user)
        repairing.save()
        audit.record(
            user,
            audit.Action.PAIRING_REPAIRED,
            repairing,
            language=conversation.language,
            conversation=conversation.pk,
            turns=[repairing.first_turn, repairing.last_turn],
            shift=repairing.shift,
            changed=[change["index"] for change in changes],
            before=repairing.before,
            after=repairing.after,
        )
    return repairing


def do_restore(user, repairing: RePairing) -> RePairing:
    """Put back the hypotheses a re-pairing replaced; returns the row, marked restored."""
    with transaction.atomic():
        conversation = Conversation.objects.select_for_update().get(pk=repairing.conversation_id)
        repairing = RePairing.objects.get(pk=repairing.pk)
        if repairing.restored_at is not None:
            raise RepairError("This re-pairing was already undone.")
        before, after = _apply(conversation, repairing.changes, "before", user)
        repairing.restored_by, repairing.restored_at = user, timezone.now()
        repairing.save(update_fields=["restored_by", "restored_at"])
        audit.record(
            user,
            audit.Action.PAIRING_RESTORED,
            repairing,
            language=conversation.language,
            conversation=conversation.pk,
            changed=[change["index"] for change in repairing.changes],
            before=before,
            after=after,
        )
    return repairing


def _positions(users: list[Turn], finding: DataFinding) -> tuple[int, int]:
    """The run's place among the user turns, as found; RepairError if the turns moved."""
    positions = finding.detail.get("positions") if isinstance(finding.detail, dict) else None
    if not (isinstance(positions, list) and len(positions) == 2):
        raise RepairError("This finding does not say where its run is: check the data again.")
    first, last = positions
    indices = [t.index for t in users]
    if not (0 <= first <= last < len(users)) or (indices[first], indices[last]) != (
        finding.first_turn,
        finding.last_turn,
    ):
        raise RepairError("The conversation's turns changed since it was checked.")
    return first, last


def _apply(conversation: Conversation, changes: Sequence[dict], side: str, user) -> tuple:
    """Give each changed turn its `side` hypothesis ("after": re-pair, "before": restore),
    after checking every turn still holds the other; then rescore and check again.
    Returns the changed turns' score (before, after)."""
    other = "before" if side == "after" else "after"
    turns = {
        t.pk: t
        for t in Turn.objects.select_for_update().filter(pk__in=[c["turn"] for c in changes])
    }
    if any(c["turn"] not in turns or turns[c["turn"]].hypothesis != c[other] for c in changes):
        raise RepairError("These turns' hypotheses changed since: nothing was re-paired.")
    language = (
        Language.objects.select_related("active_version", "scored_version")
        .filter(code=conversation.language)
        .first()
    )
    shown = language and (language.scored_version or language.active_version)
    before = _stored_score(list(turns), shown)
    for change in changes:
        turns[change["turn"]].hypothesis = change[side]
    after = _expected_score(list(turns.values()), shown)
    Turn.objects.bulk_update(list(turns.values()), ["hypothesis"])
    _rescore(conversation, language, sorted(turns), user)
    refresh_findings([conversation.pk])
    return before, after


def _stored_score(turn_ids: list[int], version) -> dict:
    if version is None:
        return {}
    sums = Score.objects.filter(turn_id__in=turn_ids, version=version).aggregate(
        errors=Sum("errors"), ref_len=Sum("ref_len")
    )
    if sums["errors"] is None:
        return {"version": version.number, "scored": False}
    return _score(version, sums["errors"], sums["ref_len"])


def _expected_score(turns: list[Turn], version) -> dict:
    """What the version's scorer gives the turns as they are now (the rescore's numbers)."""
    if version is None:
        return {}
    try:
        scorer = scorer_for(version)
        results = [
            score_text(scorer, t.reference, t.hypothesis, alternations=t.alternations).counts
            for t in turns
        ]
    except ScoringError as exc:
        return {"version": version.number, "error": str(exc)}
    return _score(version, sum(c.errors for c in results), sum(c.ref_len for c in results))


def _score(version, errors: int, ref_len: int) -> dict:
    return {
        "version": version.number,
        "errors": errors,
        "ref_len": ref_len,
        "rate": rate(errors, ref_len),
    }


def _rescore(conversation: Conversation, language, turn_ids: list[int], user) -> None:
    """Drop the turns' scores (they scored the other pairing) and queue their scoring once
    this commits, under the active version and the scored one (while a rescore runs)."""
    stale = Score.objects.filter(turn_id__in=turn_ids)
    versions = set(stale.values_list("version_id", flat=True))
    stale.delete()
    for version_id in sorted(versions):  # the sums without the dropped scores
        ConversationSummary.objects.refresh(version_id, [conversation.pk])
    if language is None:
        return
    targets = {v.pk: v for v in (language.active_version, language.scored_version) if v}
    for version in targets.values():
        job = create_job(Job.Kind.SCORE, version.language, version, turn_ids, user=user)
        enqueue_job(job)
