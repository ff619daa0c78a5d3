"""Read-side QuerySets for the pages: which scores a page shows, and aggregates in the DB.

Pages show, for each language, the scores of its `scored_version` (the version whose
scores are complete), so a page never mixes two versions while a rescore runs. Every
corpus rate is a sum of errors over a sum of reference lengths, never a mean of rates.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    FilteredRelation,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from .models import (
    Conversation,
    ConversationSummary,
    DataFinding,
    Flag,
    Job,
    Language,
    PairCount,
    Proposal,
    Score,
    Turn,
)

__all__ = [
    "conversation_models",
    "BUCKETS",
    "ConversationFilters",
    "ScoredFirst",
    "DatasetFindings",
    "dataset_findings",
    "conversation_rows",
    "page_counts",
    "flag_group_count",
    "flag_groups",
    "language_stats",
    "last_score_writes",
    "open_flags",
    "scored_q",
    "scored_versions",
]

VARIANTS = ("strict", "folded", "raw")  # details blocks with their own counts (ha, hi)

#: Per-turn rate histogram: (label, upper bound inclusive); rate 0 gets its own bar.
BUCKETS: tuple[tuple[str, float], ...] = (
    ("0", 0.0),
    *((f"{10 * k}–{10 * (k + 1)}%", (k + 1) / 10) for k in range(10)),
    (">100%", float("inf")),
)


def conversation_models() -> list[str]:
    """The STT models the conversations have (not ""), in the database's order of them.

    One probe of the model index per model (a loose index scan, in SQL a recursive
    query): SELECT DISTINCT reads every conversation's entry, which took PostgreSQL 14-24
    ms at a million turns (99,200 conversations) for three models, this query 0.09 ms
    (`python -m bench.page_profile`; bench/notes/growth-2026-12-05.txt)."""
    table = connection.ops.quote_name(Conversation._meta.db_table)
    model = connection.ops.quote_name(Conversation._meta.get_field("model").column)
    # (only the table's and the column's quoted names are put in: no input)
    sql = (
        f"WITH RECURSIVE models(name) AS ("  # noqa: S608
        f" SELECT MIN({model}) FROM {table} WHERE {model} <> ''"
        f" UNION ALL"
        f" SELECT (SELECT MIN({model}) FROM {table} WHERE {model} > models.name)"
        f" FROM models WHERE models.name IS NOT NULL"
        f") SELECT name FROM models WHERE name IS NOT NULL"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return [name for (name,) in cursor.fetchall()]


def scored_versions() -> dict[str, int]:
    """{language code: id of the version its pages show}, for languages scored at all."""
    return dict(
        Language.objects.filter(scored_version__isnull=False).values_list(
            "code", "scored_version_id"
        )
    )


def scored_q(versions: dict[str, int], prefix: str = "") -> Q:
    """Scores of each language's scored version; `prefix` reaches Score from another model.

    >>> scored_q({"en": 3}, "scores__")
    <Q: (AND: ('scores__language', 'en'), ('scores__version_id', 3))>
    """
    if not versions:
        return Q(**{f"{prefix}version_id": -1})  # matches nothing, on every backend
    q = Q()
    for code, version_id in sorted(versions.items()):
        q |= Q(**{f"{prefix}language": code, f"{prefix}version_id": version_id})
    return q


# --- dashboard -------------------------------------------------------------------------------


def _variant_sums() -> dict:
    sums = {}
    for name in VARIANTS:
        errors = Cast(KT(f"details__{name}__errors"), IntegerField())
        ref_len = Coalesce(
            Cast(KT(f"details__{name}__ref_words"), IntegerField()),
            Cast(KT(f"details__{name}__ref_chars"), IntegerField()),
        )
        sums[f"{name}_errors"] = Sum(errors)
        sums[f"{name}_ref_len"] = Sum(ref_len)
    return sums


def _bucket():
    whens = [When(rate__lte=upper, then=Value(i)) for i, (_, upper) in enumerate(BUCKETS[:-1])]
    return Case(*whens, When(rate__isnull=False, then=Value(len(BUCKETS) - 1)), default=None)


@dataclass
class LanguageStats:
    """The raw numbers of one language; the dashboard view turns them into rows."""

    language: Language
    totals: dict
    histogram: list[int]
    undefined: int
    user_turns: int
    open_flags: int
    pending_proposals: int
    jobs: list[Job]
    #: sums over the scores on the original references, when a reference was corrected
    original: dict = field(default_factory=dict)


def language_stats() -> list[LanguageStats]:
    """Every language's numbers in a fixed number of grouped queries (seven; eight when a
    reference was corrected: the rates on the original references)."""
    languages = list(Language.objects.select_related("active_version", "scored_version"))
    versions = {row.code: row.scored_version_id for row in languages if row.scored_version_id}
    shown = Score.objects.current().filter(scored_q(versions))
    totals = {
        row["language"]: row
        for row in shown.values("language").count_sums(
            scored=Count("pk"),
            corrected=Count("pk", filter=Q(reference_version__gt=1)),
            **_variant_sums(),
        )
    }
    histogram: dict[str, list[int]] = {}
    undefined: dict[str, int] = {}
    for row in (
        shown.annotate(bucket=_bucket()).values("language", "bucket").annotate(n=Count("pk"))
    ):
        if row["bucket"] is None:
            undefined[row["language"]] = row["n"]
        else:
            histogram.setdefault(row["language"], [0] * len(BUCKETS))[row["bucket"]] = row["n"]
    user_turns = _count_by_language(Turn.objects.filter(scored=True))
    flags = _count_by_language(Flag.objects.filter(status=Flag.Status.OPEN))
    proposals = _count_by_language(Proposal.objects.filter(status=Proposal.Status.PENDING))
    originals = _original_totals(
        versions, [code for code, row in totals.items() if row["corrected"]]
    )
    jobs: dict[str, list[Job]] = {}
    finished = [Job.Status.DONE, Job.Status.FAILED, Job.Status.CANCELLED]
    for job in Job.objects.exclude(status__in=finished).select_related("version"):
        jobs.setdefault(job.language, []).append(job)
    return [
        LanguageStats(
            language=row,
            totals=totals.get(row.code, {}),
            histogram=histogram.get(row.code, [0] * len(BUCKETS)),
            undefined=undefined.get(row.code, 0),
            user_turns=user_turns.get(row.code, 0),
            open_flags=flags.get(row.code, 0),
            pending_proposals=proposals.get(row.code, 0),
            original=originals.get(row.code, {}),
            # a job scores a config language (fr): show it on every language it scores
            jobs=jobs.get(row.config_language or row.code, []),
        )
        for row in languages
    ]


def _original_totals(versions: dict[str, int], languages: list[str]) -> dict[str, dict]:
    """{language: errors and reference length summed over its scores on the original
    references (version 1)}, for languages with a corrected reference: the rate before
    the corrections, reported beside the current one. No query when none was corrected.

    Every turn has a score on its original reference under the version: the only one of
    a turn never corrected, and the second one of a corrected turn (its scoring job
    scores both).
    """
    if not languages:
        return {}
    originals = Score.objects.filter(
        scored_q({code: versions[code] for code in languages}), reference_version=1
    )
    rows = originals.values("language").annotate(
        scored=Count("pk"), errors=Sum("errors"), ref_len=Sum("ref_len")
    )
    return {row["language"]: row for row in rows}


def _count_by_language(queryset: QuerySet) -> dict[str, int]:
    return dict(queryset.values("language").annotate(n=Count("pk")).values_list("language", "n"))


@dataclass
class DatasetFindings:
    """A dataset's data-quality findings: how many of each kind, and in how many of its
    conversations."""

    dataset_id: int
    name: str
    counts: dict[str, int]
    conversations: int

    @property
    def cells(self) -> list[tuple[str, int]]:
        """(kind, count) for every kind, in `DataFinding.Kind` order."""
        return [(kind, self.counts.get(kind, 0)) for kind in DataFinding.Kind.values]


def dataset_findings() -> list[DatasetFindings]:
    """Findings per dataset and kind, in one grouped query (datasets by name)."""
    rows = (
        DataFinding.objects.values("conversation__dataset_id", "conversation__dataset__name")
        .annotate(
            **{kind: Count("pk", filter=Q(kind=kind)) for kind in DataFinding.Kind.values},
            conversations=Count("conversation", distinct=True),
        )
        .order_by("conversation__dataset__name")
    )
    return [
        DatasetFindings(
            dataset_id=row["conversation__dataset_id"],
            name=row["conversation__dataset__name"],
            counts={kind: row[kind] for kind in DataFinding.Kind.values},
            conversations=row["conversations"],
        )
        for row in rows
    ]


# --- conversations list ----------------------------------------------------------------------


@dataclass(frozen=True)
class ConversationFilters:
    language: str = ""
    dataset: int | None = None
    model: str = ""
    rate_min: float | None = None  # ratios, 0.25 = 25 %
    rate_max: float | None = None
    kinds: tuple[str, ...] = ()  # any of "S", "D", "I" present
    flagged: str = ""  # "", "yes", "no"
    q: str = ""
    sort: str = "rate_desc"


SORTS = {
    "rate_desc": (F("rate").desc(nulls_last=True), "pk"),
    "rate_asc": (F("rate").asc(nulls_last=True), "pk"),
    "newest": ("-created_at", "-pk"),
    "id": ("external_id", "pk"),
}
_KIND_FIELDS = {"S": "substitutions", "D": "deletions", "I": "insertions"}


def conversation_rows(
    filters: ConversationFilters, versions: dict[str, int], *, split: bool = True
) -> QuerySet | ScoredFirst:
    """Conversations with the sums of their shown scores, read from their summaries.

    Each conversation joins at most one `ConversationSummary`: the one under its
    language's scored version (none: not scored, shown as such). The scoring job keeps
    the summaries in step with the scores (`ConversationSummary.objects.refresh`), so the
    page never groups turns and scores. Filters on turns and flags are EXISTS subqueries.
    User turns and open flags are counted for the shown page only (`page_counts`).
    Sorted by rate (and `split`), the rows are a `ScoredFirst`: the same rows, the same
    order, read in two parts.
    """
    rows = Conversation.objects.select_related("dataset").annotate(
        shown=FilteredRelation("summaries", condition=scored_q(versions, "summaries__")),
        scored_turns=Coalesce(F("shown__scored_turns"), 0),
        errors=F("shown__errors"),
        ref_len=F("shown__ref_len"),
        substitutions=Coalesce(F("shown__substitutions"), 0),
        deletions=Coalesce(F("shown__deletions"), 0),
        insertions=Coalesce(F("shown__insertions"), 0),
        rate=F("shown__rate"),
    )
    if filters.language:
        rows = rows.filter(language=filters.language)
    if filters.dataset:
        rows = rows.filter(dataset_id=filters.dataset)
    if filters.model:
        rows = rows.filter(model=filters.model)
    if filters.q:
        text = Q(reference__icontains=filters.q) | Q(hypothesis__icontains=filters.q)
        rows = rows.filter(Exists(Turn.objects.filter(text, conversation=OuterRef("pk"))))
    if filters.flagged:
        flagged = Exists(
            Flag.objects.filter(turn__conversation=OuterRef("pk"), status=Flag.Status.OPEN)
        )
        rows = rows.filter(flagged if filters.flagged == "yes" else ~flagged)
    if filters.rate_min is not None:
        rows = rows.filter(rate__gte=filters.rate_min)
    if filters.rate_max is not None:
        rows = rows.filter(rate__lte=filters.rate_max)
    if filters.kinds:
        present = Q()
        for kind in filters.kinds:
            present |= Q(**{f"{_KIND_FIELDS[kind]}__gt": 0})
        rows = rows.filter(present)
    sort = filters.sort if filters.sort in SORTS else "rate_desc"
    if split and sort in RATE_SORTS:
        return ScoredFirst(rows, RATE_SORTS[sort])
    return rows.order_by(*SORTS[sort])


RATE_SORTS = {
    "rate_desc": (F("rate").desc(), "pk"),
    "rate_asc": (F("rate").asc(), "pk"),
}


@dataclass(frozen=True)
class ScoredFirst:
    """The rows sorted by rate, rates without a value last, for a Paginator: those with a
    rate (by rate, then id), then the others (by id), each read as a query of its own.

    One query ordering them all joins every conversation of the filter to its summary and
    sorts them all for the 50 on a page, work that grows with the corpus. Apart, the
    first part is a walk of the summaries' (version, rate) index, stopped after the page
    (an inner join); the second is read only on the page where the first runs out.
    """

    rows: QuerySet
    order: tuple

    def count(self) -> int:
        return self.rows.count()

    @property
    def scored(self) -> QuerySet:
        return self.rows.filter(rate__isnull=False).order_by(*self.order)

    @property
    def others(self) -> QuerySet:
        return self.rows.filter(rate__isnull=True).order_by("pk")

    def __getitem__(self, index: slice) -> list:
        start, stop = index.start or 0, index.stop
        if index.step is not None or stop is None:
            raise TypeError("ScoredFirst takes slices with a stop and no step")
        head = list(self.scored[start:stop])
        missing = stop - start - len(head)
        if missing <= 0:
            return head
        # the scored rows end on this page (or before it): how many there are
        scored = start + len(head) if head else self.scored.count()
        offset = max(0, start - scored)
        return head + list(self.others[offset : offset + missing])


def page_counts(conversation_ids) -> dict[int, tuple[int, int, int]]:
    """{conversation id: (user turns, open flags, turns with a corrected reference)}, for
    the conversations of one page, in one grouped query (a conversation without turns is
    left out: (0, 0, 0))."""
    rows = (
        Turn.objects.filter(conversation__in=list(conversation_ids))
        .values("conversation")
        .annotate(
            user_turns=Count("pk", filter=Q(scored=True), distinct=True),
            open_flags=Count("flags", filter=Q(flags__status=Flag.Status.OPEN)),
            corrected=Count("pk", filter=Q(reference_version__gt=1), distinct=True),
        )
        .values_list("conversation", "user_turns", "open_flags", "corrected")
    )
    return {pk: tuple(counts) for pk, *counts in rows}


# --- flag queue ------------------------------------------------------------------------------


def last_score_writes() -> dict[str, tuple[int, object]]:
    """{language code: (id of its scored version, when a score of it last changed)}, in
    one query (the time is None when no summary records a write)."""
    last = (
        ConversationSummary.objects.filter(
            version_id=OuterRef("scored_version_id"), language=OuterRef("code")
        )
        .order_by("-updated_at")
        .values("updated_at")[:1]
    )
    rows = (
        Language.objects.filter(scored_version__isnull=False)
        .annotate(last_write=Subquery(last))
        .values_list("code", "scored_version_id", "last_write")
    )
    return {code: (version_id, last_write) for code, version_id, last_write in rows}


def open_flags(language: str = "", state: str = Flag.Status.OPEN) -> QuerySet:
    """Open flags (or flags in another `state`), of one language or all."""
    flags = Flag.objects.filter(status=state)
    return flags.filter(language=language) if language else flags


def flag_group_count(language: str = "", state: str = Flag.Status.OPEN) -> int:
    """How many groups `flag_groups` has: distinct pairs, without their counts."""
    return open_flags(language, state).values("language", "ref_span", "hyp_span").distinct().count()


def flag_groups(
    language: str = "", versions: dict[str, int] | None = None, state: str = Flag.Status.OPEN
) -> QuerySet:
    """Open flags (or flags in another `state`: the queue's filter) grouped by (language,
    reference span, hypothesis span), most frequent first.

    `corpus_turns` ("turns with the same error") is the stored count (`PairCount`) of the
    scores of the language's scored version whose normalized reference contains the
    reference span and whose normalized hypothesis contains the hypothesis span, with
    `counted_at`; None when not counted yet. A worker counts them
    (`services.flags.refresh_pair_counts`): a page never scans the scores.
    """
    versions = scored_versions() if versions is None else versions
    stored = PairCount.objects.filter(
        scored_q(versions),
        language=OuterRef("language"),
        key=PairCount.key_expression(OuterRef("ref_span"), OuterRef("hyp_span")),
        ref_span=OuterRef("ref_span"),
        hyp_span=OuterRef("hyp_span"),
    )
    return (
        open_flags(language, state)
        .values("language", "ref_span", "hyp_span")
        .annotate(
            flags=Count("pk"),
            flagged_turns=Count("turn", distinct=True),
            false_errors=Count("pk", filter=Q(category=Flag.Category.FALSE_ERROR)),
            real_errors=Count("pk", filter=Q(category=Flag.Category.REAL_ERROR)),
            reference_errors=Count("pk", filter=Q(category=Flag.Category.REFERENCE_ERROR)),
            corpus_turns=Subquery(stored.values("turns")[:1]),
            counted_at=Subquery(stored.values("counted_at")[:1]),
        )
        .order_by(
            F("corpus_turns").desc(nulls_last=True), "-flags", "language", "ref_span", "hyp_span"
        )
    )


def shown_score(turn: Turn) -> Score | None:
    """The turn's score under its language's scored version, on the latest version of its
    reference scored under it (None: not scored)."""
    version = Language.objects.filter(code=turn.language).values("scored_version_id")
    return (
        Score.objects.select_related("version")
        .filter(turn=turn, version_id=Subquery(version[:1]))
        .order_by("-reference_version")
        .first()
    )
