"""Review passes: a maintainer sends a sample of turns to several reviewers, each turn to
`overlap` of them, so their labels can be compared (`reviewapp.pass_queries`).

Choosing the turns. The candidates are the language's user turns with at least one
error region under its scored version (the regions are what reviewers label), narrowed
by dataset, model and rate range. A sample of N keeps the N candidates with the smallest
sha256 of (seed, dataset name, conversation id, turn index): the same seed over the same
corpus picks the same turns, in any database and any Python, and a turn imported later
can join a sample but never reshuffles it. Without N, every candidate is in the pass.

Sharing them out. Turns are dealt in queue order (dataset, conversation, turn index);
each goes to the `overlap` reviewers with the fewest turns so far, ties broken by a
generator seeded with the pass's seed. So each turn reaches exactly `overlap` distinct
reviewers, nobody gets a turn twice, the reviewers' loads differ by at most one, and
pairs of reviewers mix (each pair shares some turns when there are enough of them).

Every write is one `do_*` function with its audit event in the same transaction.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone

from scoring.align import Region

from ..alignment import regions, tokens
from ..formats import percent_done
from ..models import (
    Adjudication,
    Assignment,
    Language,
    RegionLabel,
    ReviewPass,
    Score,
    Turn,
)
from ..pass_queries import labels_of
from ..roles import is_maintainer_of, is_reviewer
from . import audit

__all__ = [
    "MAX_PASS_TURNS",
    "PassError",
    "PassProgress",
    "distribute",
    "do_adjudicate",
    "do_create_pass",
    "do_label",
    "do_mark_reviewed",
    "next_turn",
    "progress",
    "sample_keys",
]

#: A pass larger than this must be a sample: a queue of thousands of turns per reviewer
#: is never finished, and the agreement figures need far fewer.
MAX_PASS_TURNS = 5000
MAX_NOTE_CHARS = 2000


class PassError(ValueError):
    """A pass, label or adjudication that cannot be written as asked."""


@dataclass(frozen=True)
class Candidate:
    turn: int
    identity: tuple[str, str, int]  # dataset name, conversation external id, turn index


def candidates(
    language: str,
    version_id: int,
    *,
    dataset: int | None = None,
    model: str = "",
    rate_min: float | None = None,
    rate_max: float | None = None,
) -> list[Candidate]:
    """User turns of the language with an error under the version, matching the filters."""
    scores = Score.objects.filter(
        language=language, version_id=version_id, errors__gt=0, turn__scored=True
    )
    if dataset is not None:
        scores = scores.filter(turn__conversation__dataset_id=dataset)
    if model:
        scores = scores.filter(turn__conversation__model=model)
    if rate_min is not None:
        scores = scores.filter(rate__gte=rate_min)
    if rate_max is not None:
        scores = scores.filter(rate__lte=rate_max)
    rows = scores.values_list(
        "turn",
        "turn__conversation__dataset__name",
        "turn__conversation__external_id",
        "turn__index",
    )
    return [Candidate(turn, (name, external, index)) for turn, name, external, index in rows]


def sample_keys(seed: int, found: Iterable[Candidate]) -> list[Candidate]:
    """The candidates in the order a sample takes them: by sha256 of seed and identity.

    >>> a, b = Candidate(1, ("set", "c1", 0)), Candidate(2, ("set", "c1", 1))
    >>> [c.turn for c in sample_keys(7, [a, b])] == [c.turn for c in sample_keys(7, [b, a])]
    True
    """

    def key(candidate: Candidate) -> str:
        dataset, conversation, index = candidate.identity
        text = f"{seed}\x1f{dataset}\x1f{conversation}\x1f{index}"
        return hashlib.sha256(text.encode()).hexdigest()

    return sorted(found, key=key)


def distribute(turns: Sequence[int], reviewers: Sequence[int], overlap: int, seed: int) -> dict:
    """{turn: [reviewers]}: each turn to `overlap` distinct reviewers, least loaded first.

    >>> shares = distribute([1, 2, 3], [10, 20], 2, seed=1)
    >>> sorted(shares[1]), sorted(shares[3])
    ([10, 20], [10, 20])
    """
    if not 1 <= overlap <= len(reviewers):
        raise PassError(
            f"each turn goes to {overlap} reviewers: choose at least {overlap} reviewers "
            f"({len(reviewers)} chosen)"
        )
    rng = random.Random(seed)
    load = dict.fromkeys(reviewers, 0)
    shares = {}
    for turn in turns:
        order = sorted((load[r], rng.random(), r) for r in reviewers)
        shares[turn] = [r for _, _, r in order[:overlap]]
        for reviewer in shares[turn]:
            load[reviewer] += 1
    return shares


@transaction.atomic
def do_create_pass(
    user,
    *,
    name: str,
    language: str,
    reviewers: Iterable,
    overlap: int,
    seed: int | None = None,
    dataset=None,
    model: str = "",
    rate_min: float | None = None,
    rate_max: float | None = None,
    sample_size: int | None = None,
) -> ReviewPass:
    """Create a pass over the language's turns and fill the reviewers' queues."""
    if not is_maintainer_of(user, language):
        raise PermissionDenied("Maintainers of this language only.")
    name = name.strip()
    if not name:
        raise PassError("a pass needs a name")
    people = sorted({r.pk: r for r in reviewers}.values(), key=lambda r: r.username)
    refused = [r.username for r in people if not is_reviewer(r)]
    if refused:
        raise PassError(f"not reviewers: {', '.join(refused)}")
    if sample_size is not None and sample_size < 1:
        raise PassError("a sample has at least one turn")
    if rate_min is not None and rate_max is not None and rate_min > rate_max:
        raise PassError("the lowest rate is above the highest")
    version_id = (
        Language.objects.filter(code=language).values_list("scored_version", flat=True).first()
    )
    if version_id is None:
        raise PassError(f"{language} is not scored yet: there are no error regions to review")
    seed = secrets.randbelow(2**31) if seed is None else seed
    filters = {"model": model, "rate_min": rate_min, "rate_max": rate_max}
    found = candidates(language, version_id, dataset=dataset.pk if dataset else None, **filters)
    chosen = sample_keys(seed, found)[:sample_size] if sample_size else found
    if not chosen:
        raise PassError("no turn with an error matches these filters")
    if len(chosen) > MAX_PASS_TURNS:
        raise PassError(f"{len(chosen)} turns match: take a sample of at most {MAX_PASS_TURNS}")
    chosen.sort(key=lambda c: c.identity)
    turns = [c.turn for c in chosen]
    shares = distribute(turns, [r.pk for r in people], overlap, seed)
    review_pass = ReviewPass.objects.create(
        name=name[:200],
        language=language,
        version_id=version_id,
        seed=seed,
        overlap=overlap,
        sample_size=sample_size,
        dataset=dataset,
        created_by=user,
        **filters,
    )
    review_pass.reviewers.set(people)
    Assignment.objects.bulk_create(
        Assignment(review_pass=review_pass, turn_id=turn, reviewer_id=reviewer, position=position)
        for position, turn in enumerate(turns)
        for reviewer in shares[turn]
    )
    audit.record(
        user,
        audit.Action.PASS_CREATED,
        review_pass,
        language=language,
        name=review_pass.name,
        version=version_id,
        turns=len(turns),
        reviewers=[r.username for r in people],
        overlap=overlap,
        seed=seed,
        sample_size=sample_size,
        dataset=dataset.name if dataset else None,
        model=model,
        rate_min=rate_min,
        rate_max=rate_max,
    )
    return review_pass


def next_turn(review_pass: ReviewPass, reviewer, *, after: int | None = None) -> Turn | None:
    """The reviewer's next pending turn in queue order: the first one, or the first after
    turn `after` (wrapping round to the start), so a turn can be skipped and come back."""
    pending = Assignment.objects.filter(
        review_pass=review_pass, reviewer=reviewer, state=Assignment.State.PENDING
    ).select_related("turn")
    if after is not None:
        position = (
            Assignment.objects.filter(review_pass=review_pass, reviewer=reviewer, turn=after)
            .values_list("position", flat=True)
            .first()
        )
        if position is not None:
            later = pending.filter(position__gt=position).order_by("position").first()
            if later is not None:
                return later.turn
    first = pending.order_by("position").first()
    return first.turn if first is not None else None


def _assignment(review_pass: ReviewPass, turn: Turn, reviewer, *, lock: bool = False):
    rows = Assignment.objects.filter(review_pass=review_pass, turn=turn, reviewer=reviewer)
    assignment = (rows.select_for_update() if lock else rows).first()
    if assignment is None:
        raise PermissionDenied("This turn is not in your queue for this pass.")
    return assignment


def _regions(review_pass: ReviewPass, turn: Turn) -> tuple[Score | None, list[Region]]:
    score = Score.objects.filter(turn=turn, version_id=review_pass.version_id).first()
    return score, (regions(score.alignment) if score is not None else [])


def _region(review_pass: ReviewPass, turn: Turn, number: int) -> tuple[Score, Region]:
    score, found = _regions(review_pass, turn)
    if score is None or not 0 <= number < len(found):
        raise PassError(f"turn {turn.pk} has no error region {number} in this pass")
    return score, found[number]


def _spans(score: Score, region: Region) -> dict:
    ref_tokens = tokens(score.reference_normalized, score.unit)
    hyp_tokens = tokens(score.hypothesis_normalized, score.unit)
    return {
        "region": region.index,
        "ref_start": region.ref_start,
        "ref_end": region.ref_end,
        "hyp_start": region.hyp_start,
        "hyp_end": region.hyp_end,
        "ref_span": region.ref_span(ref_tokens, score.unit),
        "hyp_span": region.hyp_span(hyp_tokens, score.unit),
    }


def _key(region: Region) -> tuple[int, int, int, int]:
    return (region.ref_start, region.ref_end, region.hyp_start, region.hyp_end)


@transaction.atomic
def do_mark_reviewed(reviewer, review_pass: ReviewPass, turn: Turn) -> Assignment:
    """ "Reviewed, no (other) flag": the reviewer has looked at the whole turn. Each region
    they have neither flagged nor labelled is labelled "none", so silence (a turn not
    reviewed) and agreement that nothing is wrong stay apart. Marking it again changes
    nothing."""
    assignment = _assignment(review_pass, turn, reviewer, lock=True)
    if assignment.state == Assignment.State.REVIEWED:
        return assignment
    score, found = _regions(review_pass, turn)
    given = labels_of(review_pass, turn.pk, reviewer.pk)
    blank = [region for region in found if _key(region) not in given]
    RegionLabel.objects.bulk_create(
        RegionLabel(
            review_pass=review_pass,
            turn=turn,
            reviewer=reviewer,
            label=RegionLabel.Label.NONE,
            **_spans(score, region),
        )
        for region in blank
    )
    assignment.state, assignment.reviewed_at = Assignment.State.REVIEWED, timezone.now()
    assignment.save(update_fields=["state", "reviewed_at"])
    audit.record(
        reviewer,
        audit.Action.PASS_REVIEWED,
        review_pass,
        language=review_pass.language,
        turn=turn.pk,
        none_regions=[region.index for region in blank],
    )
    return assignment


@transaction.atomic
def do_label(
    reviewer, review_pass: ReviewPass, turn: Turn, region: int, label: str
) -> RegionLabel | None:
    """Label one region of a turn in the reviewer's queue; a label equal to the one that
    counts now writes nothing (None)."""
    if label not in RegionLabel.Label.values:
        raise PassError(f"unknown label {label!r}")
    _assignment(review_pass, turn, reviewer)
    score, chosen = _region(review_pass, turn, region)
    if labels_of(review_pass, turn.pk, reviewer.pk).get(_key(chosen)) == label:
        return None
    row = RegionLabel.objects.create(
        review_pass=review_pass, turn=turn, reviewer=reviewer, label=label, **_spans(score, chosen)
    )
    audit.record(
        reviewer,
        audit.Action.PASS_LABELED,
        review_pass,
        language=review_pass.language,
        turn=turn.pk,
        region=region,
        label=label,
    )
    return row


@transaction.atomic
def do_adjudicate(
    maintainer, review_pass: ReviewPass, turn: Turn, region: int, label: str, note: str = ""
) -> Adjudication:
    """A maintainer of the pass's language decides a region's label. The reviewers' labels
    are left as they are; a later adjudication of the same region replaces this one."""
    if not is_maintainer_of(maintainer, review_pass.language):
        raise PermissionDenied("Maintainers of this language only.")
    if label not in RegionLabel.Label.values:
        raise PassError(f"unknown label {label!r}")
    if len(note) > MAX_NOTE_CHARS:
        raise PassError(f"a note is at most {MAX_NOTE_CHARS} characters")
    if not Assignment.objects.filter(review_pass=review_pass, turn=turn).exists():
        raise PassError(f"turn {turn.pk} is not in this pass")
    score, chosen = _region(review_pass, turn, region)
    decision = Adjudication.objects.create(
        review_pass=review_pass,
        turn=turn,
        maintainer=maintainer,
        label=label,
        note=note.strip(),
        **_spans(score, chosen),
    )
    audit.record(
        maintainer,
        audit.Action.PASS_ADJUDICATED,
        review_pass,
        language=review_pass.language,
        turn=turn.pk,
        region=region,
        label=label,
        note=decision.note,
    )
    return decision


# --- progress ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReviewerProgress:
    reviewer: int
    username: str
    assigned: int
    reviewed: int

    @property
    def percent(self) -> int:
        return percent_done(self.reviewed, self.assigned)


@dataclass
class PassProgress:
    """`turns` in the pass, `complete`: reviewed by all of their reviewers."""

    turns: int = 0
    complete: int = 0
    reviewers: list[ReviewerProgress] = field(default_factory=list)

    @property
    def assigned(self) -> int:
        return sum(r.assigned for r in self.reviewers)

    @property
    def reviewed(self) -> int:
        return sum(r.reviewed for r in self.reviewers)

    @property
    def percent(self) -> int:
        """Reviews done out of reviews asked for (turns times overlap)."""
        return percent_done(self.reviewed, self.assigned)


def progress(passes: Sequence[ReviewPass]) -> dict[int, PassProgress]:
    """{pass id: progress} for any number of passes, in two grouped queries."""
    ids = [p.pk for p in passes]
    result = {pk: PassProgress() for pk in ids}
    if not ids:
        return result
    rows = Assignment.objects.filter(review_pass__in=ids)
    pending = Assignment.objects.filter(
        review_pass=OuterRef("review_pass"), turn=OuterRef("turn"), state=Assignment.State.PENDING
    )
    for row in (
        rows.values("review_pass")
        .annotate(
            turns=Count("turn", distinct=True),
            complete=Count("turn", distinct=True, filter=~Q(Exists(pending))),
        )
        .order_by()
    ):
        result[row["review_pass"]].turns = row["turns"]
        result[row["review_pass"]].complete = row["complete"]
    for row in (
        rows.values("review_pass", "reviewer", "reviewer__username")
        .annotate(
            assigned=Count("pk"), reviewed=Count("pk", filter=Q(state=Assignment.State.REVIEWED))
        )
        .order_by("review_pass", "reviewer__username")
    ):
        result[row["review_pass"]].reviewers.append(
            ReviewerProgress(
                row["reviewer"], row["reviewer__username"], row["assigned"], row["reviewed"]
            )
        )
    return result
