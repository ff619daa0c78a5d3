"""Impact preview: what a proposal would do to every turn of its language, without
writing a single score.

Only turns a changed rule can touch are rescored, by the filter approval uses too
(`scoring.config.reach`, through `carry.reached_turn_ids`): turns it leaves out keep their
score under the base version. A change it cannot bound (a number rule, a flag) rescores
every turn.
"""

from __future__ import annotations

import time
from collections import defaultdict

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring import Counts
from scoring.config.diff import diff_bundles
from scoring.config.reach import reach

from ..models import Flag, Job, Language, Proposal, Score, Turn
from .carry import reached_turn_ids
from .proposals import content_digest, scorer_for_content
from .scoring import score_text

MAX_LISTED = 100
PROGRESS_EVERY = 500


class PreviewLimitError(Exception):
    """The user already has as many previews waiting or running as one may."""


def unfinished_previews(user) -> int:
    """The user's previews queued or running, not counting one older than
    PREVIEW_STALE_AFTER (a preview whose worker was lost must not block anyone)."""
    since = timezone.now() - settings.PREVIEW_STALE_AFTER
    return Job.objects.filter(
        kind=Job.Kind.PREVIEW,
        created_by=user,
        status__in=[Job.Status.QUEUED, Job.Status.RUNNING],
        created_at__gte=since,
    ).count()


def create_preview_job(proposal: Proposal, user=None) -> Job:
    """Queue a preview; a user may have PREVIEWS_PER_USER unfinished at once, since each
    one scores every turn a rule can touch. Call it inside a transaction."""
    if user is not None:
        # Lock the user's row: two clicks at once are counted one after the other.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        limit = settings.PREVIEWS_PER_USER
        if unfinished_previews(user) >= limit:
            raise PreviewLimitError(
                f"You already have {limit} impact previews waiting or running: "
                "wait for one to finish, then run this one."
            )
    return Job.objects.create(
        kind=Job.Kind.PREVIEW,
        language=proposal.language,
        version=proposal.base_version,
        proposal=proposal,
        created_by=user,
    )


def run_preview(job_id: int) -> dict:
    job = Job.objects.select_related("proposal__base_version").get(pk=job_id)
    if job.is_finished:
        return job.result
    started = time.monotonic()
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING, started_at=timezone.now())
    proposal = job.proposal
    base = proposal.base_version
    codes = list(Language.objects.codes_for(base.language))
    all_turns = Turn.objects.filter(language__in=codes, scored=True)
    changes = diff_bundles(base.content, proposal.content)
    found = reach(base.content, proposal.content)
    touched = all_turns if found is None else touched_turns(all_turns, found)
    touched = touched.select_related("conversation__dataset").only(
        "id",
        "reference",
        "reference_version",
        "hypothesis",
        "alternations",
        "conversation__dataset__name",
    )
    Job.objects.filter(pk=job.pk).update(total=touched.count())
    result = _compare(job, base, proposal, all_turns, touched)
    result.update(
        changes=[c.describe() for c in changes],
        rescored_all=found is None,
        content_digest=content_digest(proposal),
        seconds=round(time.monotonic() - started, 3),
    )
    Job.objects.filter(pk=job.pk).update(
        status=Job.Status.DONE, result=result, finished_at=timezone.now()
    )
    return result


def touched_turns(all_turns, found):
    """The turns the edit can change, as a queryset (none for an edit no text can show)."""
    ids = reached_turn_ids(all_turns, found)
    return all_turns.filter(pk__in=ids) if ids else all_turns.none()


def mark_failed(job_id: int, exc: Exception) -> None:
    """The preview raised: its job says so, and the error, instead of running forever."""
    Job.objects.filter(pk=job_id).update(status=Job.Status.FAILED, error=str(exc)[:2000])


def _compare(job, base, proposal, all_turns, touched) -> dict:
    before_scorer = scorer_for_content(base.content)
    after_scorer = scorer_for_content(proposal.content)
    totals = _totals(base, all_turns)
    delta: dict[str, list[Counts]] = defaultdict(lambda: [Counts(), Counts()])
    fixed, broken = [], []
    real_error_turns = set(
        Flag.objects.filter(turn__in=all_turns, category=Flag.Category.REAL_ERROR)
        .exclude(status=Flag.Status.WITHDRAWN)
        .values_list("turn_id", flat=True)
    )
    warnings = []
    changed = n = 0
    for n, turn in enumerate(touched.iterator(chunk_size=2000), start=1):
        if n % PROGRESS_EVERY == 0:
            Job.objects.filter(pk=job.pk).update(done=n)
        texts = (turn.reference, turn.hypothesis)
        before = score_text(before_scorer, *texts, alternations=turn.alternations)
        after = score_text(after_scorer, *texts, alternations=turn.alternations)
        if before.counts == after.counts:
            continue
        changed += 1
        dataset = turn.conversation.dataset.name
        for key in ("__all__", dataset):
            delta[key][0] += before.counts
            delta[key][1] += after.counts
        row = _flip_row(turn, before, after)
        if before.counts.errors and not after.counts.errors:
            fixed.append(row)
        elif after.counts.errors > before.counts.errors:
            broken.append(row)
        if turn.pk in real_error_turns and after.counts.errors < before.counts.errors:
            warnings.append(row)
    # The turns just scanned: a second count() would select them again.
    Job.objects.filter(pk=job.pk).update(done=n)
    return {
        "overall": _rates(totals["__all__"], delta["__all__"]),
        "per_dataset": {
            name: _rates(t, delta[name]) for name, t in sorted(totals.items()) if name != "__all__"
        },
        "changed_turns": changed,
        "error_to_match": fixed[:MAX_LISTED],
        "match_to_error": broken[:MAX_LISTED],
        "error_to_match_count": len(fixed),
        "match_to_error_count": len(broken),
        "over_normalization": warnings[:MAX_LISTED],
        "over_normalization_count": len(warnings),
    }


def _totals(base, all_turns) -> dict[str, Counts]:
    """Corpus counts under the base version, overall and per dataset, summed in the DB."""
    rows = (
        Score.objects.current()
        .filter(version=base, turn__in=all_turns)
        .values("turn__conversation__dataset__name")
        .count_sums()
    )
    totals: dict[str, Counts] = {"__all__": Counts()}
    for row in rows:
        counts = Counts(*(row[name] for name in Counts._fields))
        totals[row["turn__conversation__dataset__name"]] = counts
        totals["__all__"] += counts
    return totals


def _rates(total: Counts, delta: list[Counts]) -> dict:
    before_delta, after_delta = delta
    after = Counts(
        total.substitutions - before_delta.substitutions + after_delta.substitutions,
        total.deletions - before_delta.deletions + after_delta.deletions,
        total.insertions - before_delta.insertions + after_delta.insertions,
        total.ref_len - before_delta.ref_len + after_delta.ref_len,
        total.hyp_len - before_delta.hyp_len + after_delta.hyp_len,
    )
    return {
        "before": total.rate,
        "after": after.rate,
        "errors_before": total.errors,
        "errors_after": after.errors,
        "ref_len": total.ref_len,
    }


def _flip_row(turn, before, after) -> dict:
    return {
        "turn": turn.pk,
        "reference_version": turn.reference_version,  # the current one: what both scored
        "before": {
            "reference": before.reference,
            "hypothesis": before.hypothesis,
            "errors": before.counts.errors,
            "ops": [op.as_list() for op in before.alignment.ops],
        },
        "after": {
            "reference": after.reference,
            "hypothesis": after.hypothesis,
            "errors": after.counts.errors,
            "ops": [op.as_list() for op in after.alignment.ops],
        },
    }
