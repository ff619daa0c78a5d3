"""Read side of team review: the label each reviewer gave each error region of a pass,
the regions they disagree on, agreement figures and coverage.

Which label counts. A region of a pass is an error region of a turn's score under the
pass's version, named by its token spans (ref_start, ref_end, hyp_start, hyp_end). A
reviewer labels it in two ways:

- a flag (`Flag`, from the conversation page): the reviewer's own flag on the turn,
  under the pass's version, with exactly the region's spans, open or addressed (not
  withdrawn), whenever it was made, before the pass too: its category is the label;
- a `RegionLabel` row of the pass: a label given on the pass's pages, or the "none"
  written for each region neither flagged nor labelled when the reviewer marks the turn
  reviewed.

The newest of these counts (a flag's time is its last edit by its author). A reviewer's
labels count only once they have marked the turn reviewed; a region of a reviewed turn
that none of them covers (its flag was withdrawn since) is "none": the reviewer looked
at the turn and left no flag there. The regions of a turn are found from the labels and
flags themselves (marking a turn reviewed writes a row for every region no flag
covers), so no score is read to list them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Exists, OuterRef, Q, Sum

from .agreement import BOOTSTRAP_SAMPLES, Agreement, bootstrap
from .alignment import regions
from .models import Adjudication, Assignment, Flag, RegionLabel, ReviewPass, Score

__all__ = [
    "AGREEMENT_SEED",
    "Key",
    "Unit",
    "agreement_of",
    "coverage",
    "fill_regions",
    "labels_of",
    "units",
]

Key = tuple[int, int, int, int]  # ref_start, ref_end, hyp_start, hyp_end
NONE = RegionLabel.Label.NONE
#: The bootstrap's seed for a language's figures (a pass's own figures use its seed).
AGREEMENT_SEED = 0
SPAN_FIELDS = ("ref_start", "ref_end", "hyp_start", "hyp_end")
ROW_FIELDS = ("turn", "region", "ref_span", "hyp_span", *SPAN_FIELDS)


@dataclass(frozen=True)
class Decision:
    label: str
    note: str
    maintainer: str
    at: datetime


@dataclass
class Unit:
    """One error region of one turn of a pass, with the labels of the reviewers who have
    reviewed the turn ({reviewer id: label}) and the newest adjudication, if any."""

    review_pass: int
    turn: int
    key: Key
    ref_span: str = ""
    hyp_span: str = ""
    region: int | None = None  # its number in the score, when known (see fill_regions)
    labels: dict[int, str] = field(default_factory=dict)
    adjudication: Decision | None = None

    @property
    def disagrees(self) -> bool:
        return len(set(self.labels.values())) > 1

    @property
    def is_open(self) -> bool:
        """A disagreement nobody has adjudicated yet."""
        return self.disagrees and self.adjudication is None


def _key(row: dict) -> Key:
    return tuple(row[name] for name in SPAN_FIELDS)


Source = tuple[datetime, int, str]  # when, rank (a pass label wins a tie with a flag), label


class _Collector:
    """The units met while the rows are read, and each reviewer's newest label source."""

    def __init__(self) -> None:
        self.found: dict[tuple[int, int, Key], Unit] = {}
        self.newest: dict[tuple[int, int, Key, int], Source] = {}

    def add(self, pass_id: int, row: dict, reviewer: int | None = None, source=None) -> Unit:
        key = _key(row)
        unit = self.found.setdefault((pass_id, row["turn"], key), Unit(pass_id, row["turn"], key))
        unit.ref_span = unit.ref_span or row["ref_span"]
        unit.hyp_span = unit.hyp_span or row["hyp_span"]
        if unit.region is None and row.get("region") is not None:
            unit.region = row["region"]
        if source is not None:
            slot = (pass_id, row["turn"], key, reviewer)
            if slot not in self.newest or source > self.newest[slot]:
                self.newest[slot] = source
        return unit

    def units(self, reviewed_by: dict[tuple[int, int], list[int]]) -> list[Unit]:
        for (pass_id, turn, key), unit in self.found.items():
            for reviewer in reviewed_by.get((pass_id, turn), ()):
                source = self.newest.get((pass_id, turn, key, reviewer))
                unit.labels[reviewer] = source[2] if source else NONE
        return [self.found[k] for k in sorted(self.found)]


def units(passes: Iterable[ReviewPass]) -> list[Unit]:
    """Every region of these passes that anyone labelled, flagged or adjudicated, in four
    queries whatever the number of passes and labels; ordered by pass, turn and region."""
    versions = {p.pk: p.version_id for p in passes}
    if not versions:
        return []
    reviewed_by: dict[tuple[int, int], list[int]] = defaultdict(list)
    passes_of: dict[tuple[int, int, int], list[int]] = defaultdict(list)  # a flag's passes
    assigned = Assignment.objects.filter(review_pass__in=versions)
    for pass_id, turn, reviewer, state in assigned.values_list(
        "review_pass", "turn", "reviewer", "state"
    ):
        passes_of[versions[pass_id], turn, reviewer].append(pass_id)
        if state == Assignment.State.REVIEWED:
            reviewed_by[pass_id, turn].append(reviewer)
    collected = _Collector()
    labels = RegionLabel.objects.filter(review_pass__in=versions)
    for row in labels.values("review_pass", "reviewer", "label", "created_at", *ROW_FIELDS):
        source = (row["created_at"], 1, row["label"])
        collected.add(row["review_pass"], row, row["reviewer"], source)
    for row in _flags_of(versions):
        live = row["status"] != Flag.Status.WITHDRAWN  # a withdrawn flag still names a region
        source = (row["updated_at"], 0, row["category"]) if live else None
        for pass_id in passes_of[row["version"], row["turn"], row["author"]]:
            collected.add(pass_id, row, row["author"], source)
    decisions = Adjudication.objects.filter(review_pass__in=versions).order_by("created_at", "pk")
    for row in decisions.values(
        "review_pass", "label", "note", "maintainer__username", "created_at", *ROW_FIELDS
    ):
        collected.add(row["review_pass"], row).adjudication = Decision(
            row["label"], row["note"], row["maintainer__username"], row["created_at"]
        )
    return collected.units(reviewed_by)


def _flags_of(versions: dict[int, int]) -> Iterable[dict]:
    """Flags whose author has their turn in one of the passes, under the pass's version."""
    mine = Assignment.objects.filter(
        review_pass__in=versions,
        review_pass__version=OuterRef("version"),
        turn=OuterRef("turn"),
        reviewer=OuterRef("author"),
    )
    return (
        Flag.objects.filter(Exists(mine))
        .order_by()
        .values(
            "turn",
            "author",
            "version",
            "category",
            "status",
            "updated_at",
            "ref_span",
            "hyp_span",
            *SPAN_FIELDS,
        )
    )


def labels_of(review_pass: ReviewPass, turn_id: int, reviewer_id: int) -> dict[Key, str]:
    """The labels one reviewer has given the regions of one turn of a pass, reviewed or
    not ({key: label}; a region they have not labelled is left out)."""
    newest: dict[Key, tuple[datetime, int, str]] = {}

    def offer(key: Key, source: tuple[datetime, int, str]) -> None:
        if key not in newest or source > newest[key]:
            newest[key] = source

    rows = RegionLabel.objects.filter(review_pass=review_pass, turn=turn_id, reviewer=reviewer_id)
    for row in rows.values("label", "created_at", *SPAN_FIELDS):
        offer(_key(row), (row["created_at"], 1, row["label"]))
    flags = Flag.objects.filter(
        turn=turn_id, author=reviewer_id, version=review_pass.version_id
    ).exclude(status=Flag.Status.WITHDRAWN)
    for row in flags.values("category", "updated_at", *SPAN_FIELDS):
        offer(_key(row), (row["updated_at"], 0, row["category"]))
    return {key: source[2] for key, source in newest.items()}


def fill_regions(found: Sequence[Unit], versions: dict[int, int]) -> None:
    """Number the regions of units known only from flags, from their scores' alignments
    (one query for all of them); `versions` is {pass id: version id}."""
    missing = [u for u in found if u.region is None]
    if not missing:
        return
    turns = {u.turn for u in missing}
    scores = Score.objects.filter(turn__in=turns, version__in=set(versions.values()))
    numbers: dict[tuple[int, int, Key], int] = {}
    for turn, version, alignment in scores.values_list("turn", "version", "alignment"):
        for region in regions(alignment):
            key = (region.ref_start, region.ref_end, region.hyp_start, region.hyp_end)
            numbers[turn, version, key] = region.index
    for u in missing:
        u.region = numbers.get((u.turn, versions[u.review_pass], u.key))


def agreement_of(
    found: Iterable[Unit], *, seed: int = AGREEMENT_SEED, samples: int = BOOTSTRAP_SAMPLES
) -> Agreement:
    """Alpha and percent agreement over the units, with bootstrap intervals drawn over
    turns (a turn's regions are resampled together); `samples=0`: no intervals."""
    by_turn: dict[tuple[int, int], list[list[str]]] = defaultdict(list)
    for u in found:
        by_turn[u.review_pass, u.turn].append(list(u.labels.values()))
    return bootstrap([by_turn[k] for k in sorted(by_turn)], seed=seed, samples=samples)


@dataclass
class Coverage:
    """One language and dataset: its turns scored under the language's scored version,
    how many are in a pass and reviewed by at least one reviewer, and their errors."""

    language: str
    dataset: str
    scored: int
    in_passes: int
    reviewed: int
    errors: int
    reviewed_errors: int

    @property
    def errors_share(self) -> float | None:
        return self.reviewed_errors / self.errors if self.errors else None


def coverage(versions: dict[str, int], languages: Iterable[str]) -> list[Coverage]:
    """Per language and dataset, in one grouped query: scored turns, turns in a pass,
    turns reviewed, and the errors at the scored version in all of them and in the
    reviewed ones. `versions`: {language: scored version id}."""
    from .queries import scored_q

    versions = {code: v for code, v in versions.items() if code in set(languages)}
    if not versions:
        return []
    in_pass = Assignment.objects.filter(turn=OuterRef("turn"))
    reviewed = Exists(in_pass.filter(state=Assignment.State.REVIEWED))
    rows = (
        Score.objects.filter(scored_q(versions))
        .values("language", "turn__conversation__dataset__name")
        .annotate(
            scored=Count("pk"),
            in_passes=Count("pk", filter=Q(Exists(in_pass))),
            reviewed=Count("pk", filter=Q(reviewed)),
            errors_sum=Sum("errors"),
            reviewed_errors_sum=Sum("errors", filter=Q(reviewed)),
        )
        .order_by("language", "turn__conversation__dataset__name")
    )
    return [
        Coverage(
            language=row["language"],
            dataset=row["turn__conversation__dataset__name"],
            scored=row["scored"],
            in_passes=row["in_passes"],
            reviewed=row["reviewed"],
            errors=row["errors_sum"] or 0,
            reviewed_errors=row["reviewed_errors_sum"] or 0,
        )
        for row in rows
    ]
