"""Reference corrections: a reviewer flags a reference error (and may propose the
corrected text with it); a maintainer of the turn's language accepts the correction, or
rejects it with a reason.

An accepted correction is a new version of the turn's reference: a `TurnReference` row,
never an edit of an old one. `Turn.reference` and `Turn.reference_version` then name it,
and the turn is rescored under its language's active config version, on the corrected
reference and on the original one, so that both scores can be reported where they differ
(a reference found wrong after scoring is fixed in a new version, and both scores are
reported; it is never edited out silently).

Each write is one transaction: the versions, the flag, the audit events and the rescore
job commit together or not at all; the job's chunks are sent once it has committed.

>>> do_accept_reference(maintainer, flag, "my flight is at noon")  # doctest: +SKIP
<TurnReference: reference v2 of turn 12>
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction

from ..enqueue import enqueue_job
from ..models import Flag, Job, Language, Score, Turn, TurnReference
from ..roles import is_maintainer_of
from . import audit
from .flags import MAX_REFERENCE_CHARS
from .scoring import create_job

__all__ = [
    "CorrectionError",
    "ScorePair",
    "do_accept_reference",
    "do_reject_reference",
    "reference_history",
    "score_pair",
]

MAX_REASON_CHARS = 2000


class CorrectionError(ValueError):
    """A decision that cannot be made as asked; the message says why, to the user."""


def _require_maintainer(user, flag: Flag) -> None:
    if not is_maintainer_of(user, flag.language):
        raise PermissionDenied(f"Only a maintainer of {flag.language} decides on its references.")


def _lock_open(flag: Flag) -> tuple[Turn, Flag]:
    """Lock the turn, then the flag (the order `do_create_flag` takes), and check the flag
    still waits for a decision: two maintainers deciding at once take turns here."""
    turn = (
        Turn.objects.select_for_update(of=("self",))
        .select_related("conversation")
        .get(pk=flag.turn_id)
    )
    flag = Flag.objects.select_for_update().get(pk=flag.pk)
    if flag.category != Flag.Category.REFERENCE_ERROR:
        raise CorrectionError("only a reference-error flag corrects a reference")
    if flag.status != Flag.Status.OPEN:
        raise CorrectionError(f"this flag is not open any more ({flag.get_status_display()})")
    return turn, flag


def do_accept_reference(user, flag: Flag, text: str) -> TurnReference:
    """Make `text` the next version of the flagged turn's reference (the maintainer's
    text: the reviewer's proposal as it is, or edited); the flag is resolved, and the
    turn is rescored under its language's active config version once this commits.

    The first correction of a turn also writes version 1, the text as imported: from
    then on every version of the turn's reference is a row.
    """
    _require_maintainer(user, flag)
    text = text.strip()
    if not text:
        raise CorrectionError("a corrected reference cannot be empty")
    if len(text) > MAX_REFERENCE_CHARS:
        raise CorrectionError(f"a reference is at most {MAX_REFERENCE_CHARS} characters")
    with transaction.atomic():
        turn, flag = _lock_open(flag)
        if text == turn.reference.strip():
            raise CorrectionError("this is the current reference: nothing to correct")
        if turn.reference_version == 1:
            TurnReference.objects.create(
                turn=turn, number=1, text=turn.reference, created_at=turn.conversation.created_at
            )
        version = TurnReference.objects.create(
            turn=turn,
            number=turn.reference_version + 1,
            text=text,
            author=flag.author,
            accepted_by=user,
            flag=flag,
        )
        Turn.objects.filter(pk=turn.pk).update(reference=text, reference_version=version.number)
        flag.status, flag.resolved_by = Flag.Status.CORRECTED, user
        flag.save(update_fields=["status", "resolved_by", "updated_at"])
        audit.record(
            user,
            audit.Action.REFERENCE_ACCEPTED,
            flag,
            language=flag.language,
            turn=turn.pk,
            reference_version=version.number,
            text=text,
            was=turn.reference,
            proposed=flag.proposed_reference,
        )
        _queue_rescore(user, turn)
    return version


def do_reject_reference(user, flag: Flag, reason: str) -> Flag:
    """Close a reference-error flag without a correction, saying why (the reference is
    right as it is, say): the reason stays on the flag and in the audit event."""
    _require_maintainer(user, flag)
    reason = reason.strip()
    if not reason:
        raise CorrectionError("say why the correction is rejected")
    if len(reason) > MAX_REASON_CHARS:
        raise CorrectionError(f"a reason is at most {MAX_REASON_CHARS} characters")
    with transaction.atomic():
        _, flag = _lock_open(flag)
        flag.status, flag.resolved_by, flag.resolution_note = Flag.Status.REJECTED, user, reason
        flag.save(update_fields=["status", "resolved_by", "resolution_note", "updated_at"])
        audit.record(
            user,
            audit.Action.REFERENCE_REJECTED,
            flag,
            language=flag.language,
            turn=flag.turn_id,
            reason=reason,
            proposed=flag.proposed_reference,
        )
    return flag


def _queue_rescore(user, turn: Turn) -> Job | None:
    """A job of one turn under its language's active version, sent on commit (None: the
    language has no config yet, and the turn is scored with the others when it gets one)."""
    language = Language.objects.select_related("active_version").filter(code=turn.language)
    version = getattr(language.first(), "active_version", None)
    if version is None:
        return None
    job = create_job(Job.Kind.RESCORE, version.language, version, [turn.pk], user=user)
    audit.record(
        user,
        audit.Action.RESCORE_QUEUED,
        job,
        language=version.language,
        version=version.number,
        turns=1,
        turn=turn.pk,
        reason="reference corrected",
    )
    enqueue_job(job)
    return job


# --- reading ---------------------------------------------------------------------------------


def reference_history(turn_ids) -> dict[int, list[TurnReference]]:
    """{turn id: its reference versions, oldest first} for the corrected turns among
    `turn_ids`, with who proposed and accepted each, in one query."""
    rows = (
        TurnReference.objects.filter(turn_id__in=list(turn_ids))
        .select_related("author", "accepted_by")
        .order_by("turn_id", "number")
    )
    history: dict[int, list[TurnReference]] = {}
    for row in rows:
        history.setdefault(row.turn_id, []).append(row)
    return history


@dataclass(frozen=True)
class ScorePair:
    """A turn's score shown under a config version (on its latest reference scored) and,
    for a corrected turn, its score on the original reference under the same version."""

    shown: Score
    original: Score | None

    @property
    def differ(self) -> bool:
        """Whether the two scores differ (in errors, length or rate): then both are shown."""
        if self.original is None or self.original.reference_version == self.shown.reference_version:
            return False
        keys = ("errors", "ref_len", "substitutions", "deletions", "insertions", "rate")
        return any(getattr(self.shown, k) != getattr(self.original, k) for k in keys)


def score_pair(scores) -> ScorePair | None:
    """The `ScorePair` of one turn's scores under one config version (any order)."""
    scores = sorted(scores, key=lambda score: score.reference_version)
    if not scores:
        return None
    original = scores[0] if scores[0].reference_version == 1 and len(scores) > 1 else None
    return ScorePair(scores[-1], original)
