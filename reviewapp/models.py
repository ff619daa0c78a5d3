"""Data of the review app.

Scores are rows per (turn, config version, reference version): old versions' scores are
kept, so any two versions can be compared, and a rescore writes new rows instead of
changing old ones. A turn's reference is versioned too (`TurnReference`): a correction
is a new version, and a score names the reference version it used. Config versions,
reference versions and audit events are immutable once written.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import Count, Exists, F, OuterRef, Sum
from django.db.models.functions import MD5, Concat
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from .formats import percent_done


class ImmutableQuerySet(models.QuerySet):
    """Bulk writes skip `save()` and `delete()`: refuse them too."""

    def update(self, **kwargs):
        raise ValidationError(f"{self.model.__name__} rows are immutable")

    def delete(self):
        raise ValidationError(f"{self.model.__name__} rows are never deleted")


class ImmutableModel(models.Model):
    """Rows that are written once: an update or a delete is a bug, refused loudly."""

    objects = ImmutableQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise ValidationError(f"{type(self).__name__} rows are immutable")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError(f"{type(self).__name__} rows are never deleted")


class MaintainerLanguage(models.Model):
    """A maintainer answers for one language; a user may hold several of these."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="maintained_languages"
    )
    language = models.CharField(
        max_length=16, help_text="A language code of configs/ (reviewapp.languages)."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "language"], name="unique_maintainer_language")
        ]

    def __str__(self) -> str:
        return f"{self.user} maintains {self.language}"


class ConfigVersion(ImmutableModel):
    """One immutable version of a language's normalizer config (the bundle as data)."""

    language = models.CharField(max_length=16, db_index=True)
    number = models.PositiveIntegerField()
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT)
    content = models.JSONField()
    content_hash = models.CharField(max_length=64)
    normalizer_name = models.CharField(max_length=64)
    normalizer_version = models.CharField(max_length=32)
    normalizer_hash = models.CharField(max_length=64)
    #: The versions of the languages it code-switches with that it was built with, as
    #: {language: version number} (Hindi: {"en": 3}). A scorer is built from these, never
    #: from whichever version of English is active, so a version scores the same in every
    #: process. A number, not a foreign key: it is part of the row's immutable identity,
    #: written in the same INSERT, and versions are never deleted.
    companions = models.JSONField(default=dict, blank=True)
    message = models.TextField(blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    approver = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    proposal = models.ForeignKey(
        "Proposal", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["language", "number"]
        constraints = [
            models.UniqueConstraint(fields=["language", "number"], name="unique_version_number")
        ]

    def __str__(self) -> str:
        return f"{self.language} v{self.number}"

    #: the columns `number` and `label` read (`LanguageQuerySet.with_version_labels`)
    LABEL_FIELDS = ("number", "normalizer_name", "normalizer_version", "normalizer_hash")

    @property
    def label(self) -> str:
        return f"{self.normalizer_name}@{self.normalizer_version}+{self.normalizer_hash[:6]}"

    @property
    def companions_label(self) -> str:
        """`en v3`, the companion versions it is pinned to ("" when none)."""
        return ", ".join(f"{lang} v{number}" for lang, number in sorted(self.companions.items()))


class LanguageQuerySet(models.QuerySet):
    def scored_by(self, config_language: str) -> LanguageQuerySet:
        """The languages one config scores: fr's scores fr and fr-CA."""
        return self.filter(config_language=config_language)

    def codes_for(self, config_language: str) -> models.QuerySet:
        """Their codes, lazily: a subquery inside another filter, or a list once read."""
        return self.scored_by(config_language).values_list("code", flat=True)

    def with_version_labels(self) -> LanguageQuerySet:
        """With the number and label of their active and scored versions, and no other
        column of them (a version's content is a whole config bundle)."""
        return self.select_related("active_version", "scored_version").only(
            "code",
            "config_language",
            *(
                f"{version}__{field}"
                for version in ("active_version", "scored_version")
                for field in ConfigVersion.LABEL_FIELDS
            ),
        )


class Language(models.Model):
    """Per-language pointers: the active config, and the version whose scores are complete.

    While a rescore runs, `active_version` is the new version and `scored_version` the one
    pages still show, so a page never mixes scores of two versions.
    """

    code = models.CharField(
        max_length=16,
        primary_key=True,
        help_text="A language code of configs/ (reviewapp.languages).",
    )
    config_language = models.CharField(
        max_length=16, help_text="Whose config scores it (fr-CA is scored by fr's config)."
    )
    active_version = models.ForeignKey(
        ConfigVersion, null=True, on_delete=models.PROTECT, related_name="+"
    )
    scored_version = models.ForeignKey(
        ConfigVersion, null=True, on_delete=models.PROTECT, related_name="+"
    )

    objects = LanguageQuerySet.as_manager()

    def __str__(self) -> str:
        return self.code


class Dataset(models.Model):
    name = models.CharField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class ImportBatch(models.Model):
    """One imported file: its content hash refuses a second import of the same bytes."""

    content_hash = models.CharField(max_length=64, unique=True)
    source_name = models.CharField(max_length=255)
    format = models.CharField(max_length=16)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    conversations = models.PositiveIntegerField(default=0)
    turns = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.source_name} ({self.content_hash[:8]})"


class Conversation(models.Model):
    dataset = models.ForeignKey(Dataset, on_delete=models.PROTECT, related_name="conversations")
    external_id = models.CharField(max_length=200)
    language = models.CharField(max_length=16, db_index=True)
    model = models.CharField(max_length=100, blank=True, db_index=True)
    metadata = models.JSONField(default=dict, blank=True)
    #: The recording of the whole conversation: an http(s) URL, a path on this site, or a
    #: path under AUDIO_ROOT. A turn plays its start_time..end_time of it, unless the turn
    #: has a recording of its own.
    audio_url = models.URLField(max_length=500, blank=True)
    batch = models.ForeignKey(ImportBatch, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["language", "external_id"]
        # The same conversation transcribed by two models is two rows: two hypothesis sets
        # of the same references, which the compare page pairs by external_id.
        constraints = [
            models.UniqueConstraint(
                fields=["dataset", "model", "external_id"],
                name="unique_conversation_per_dataset_model",
            )
        ]

    def __str__(self) -> str:
        return self.external_id


class Turn(models.Model):
    """A user turn: reference = what was meant, hypothesis = what the STT wrote.

    `reference` is the turn's current reference, version `reference_version`: what a new
    score uses. Only an accepted correction changes them (`do_accept_reference`), both in
    one write, after keeping every version as a `TurnReference` row.
    """

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="turns")
    language = models.CharField(max_length=16, db_index=True)  # copied for fast filters
    index = models.PositiveIntegerField()
    speaker = models.CharField(max_length=50, blank=True)
    reference = models.TextField()
    reference_version = models.PositiveIntegerField(
        default=1, help_text="The version of `reference`: 1 as imported, then one per correction."
    )
    hypothesis = models.TextField()
    audio_url = models.URLField(max_length=500, blank=True)
    start_time = models.FloatField(null=True, blank=True)
    end_time = models.FloatField(null=True, blank=True)
    labels = models.JSONField(default=list, blank=True)
    scored = models.BooleanField(default=True, help_text="Assistant turns are context only.")
    alternations = models.BooleanField(
        default=False,
        help_text=(
            "The reference is in sclite's transcript syntax ({ a / b }, @ for no word, "
            "(word) optional), as trn files are: scored as the CLI scores trn files."
        ),
    )

    class Meta:
        ordering = ["conversation", "index"]
        constraints = [
            models.UniqueConstraint(fields=["conversation", "index"], name="unique_turn_index")
        ]

    def __str__(self) -> str:
        return f"{self.conversation} #{self.index}"


class TurnReference(ImmutableModel):
    """One version of a turn's reference text, never changed once written.

    Version 1 is the text as imported. A turn that was never corrected has no rows: its
    reference is version 1, and `Turn.reference` holds it. The first accepted correction
    writes version 1 (the imported text) and version 2 together; each later one writes
    the next number. `Turn.reference` and `Turn.reference_version` always copy the
    highest version here.
    """

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="references")
    number = models.PositiveIntegerField()
    text = models.TextField()
    #: who proposed the text (the flag's author); None for the imported text
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: the reference-error flag the correction answers; None for the imported text
    flag = models.ForeignKey(
        "Flag", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["turn", "number"]
        constraints = [
            models.UniqueConstraint(fields=["turn", "number"], name="unique_reference_number")
        ]

    def __str__(self) -> str:
        return f"reference v{self.number} of turn {self.turn_id}"


class ScoreQuerySet(models.QuerySet):
    def current(self) -> ScoreQuerySet:
        """The scores pages count: per turn and config version, the one on the latest
        reference version scored under it. A score on an earlier reference of the same
        turn and version is kept (both are reported where they differ) but not counted.

        Almost every turn has one score per version; a NOT EXISTS on the unique index
        (turn, version, reference version) finds the few that have a newer one.
        """
        newer = Score.objects.filter(
            turn_id=OuterRef("turn_id"),
            version_id=OuterRef("version_id"),
            reference_version__gt=OuterRef("reference_version"),
        )
        return self.filter(~Exists(newer))

    def count_sums(self, **more) -> ScoreQuerySet:
        """Each group's summed counts (after `.values(...)`), under the fields' own names:
        errors, ref_len, hyp_len, substitutions, deletions, insertions; `more` are further
        annotations. A group's rate is its summed errors over its summed ref_len."""
        return self.annotate(**{name: Sum(name) for name in SUMMED_COUNTS}, **more)


#: The Score counts that add up over a corpus (a rate does not: it is recomputed).
SUMMED_COUNTS = ("errors", "ref_len", "hyp_len", "substitutions", "deletions", "insertions")


class Score(models.Model):
    """The score of one turn under one config version, on one version of its reference
    (written once, by a worker). A corrected turn has a score on its current reference
    and one on its original reference (version 1) under each version that scored it."""

    # Neither key is checked by the database, nor has an index of its own. A score is
    # derived data (its turn under its version, which are never deleted), and an approval
    # copies every score its rule cannot change (`services.carry`): PostgreSQL's check
    # locks each referenced row, about 1 s per 100,000 copied scores for each key
    # (`bench/notes`). Django still cascades and protects (`on_delete`); the indexes that
    # begin with each key (the unique constraint, score_version_rate) serve its lookups.
    turn = models.ForeignKey(
        Turn, on_delete=models.CASCADE, related_name="scores", db_constraint=False, db_index=False
    )
    version = models.ForeignKey(
        ConfigVersion,
        on_delete=models.PROTECT,
        related_name="scores",
        db_constraint=False,
        db_index=False,
    )
    reference_version = models.PositiveIntegerField(default=1)
    language = models.CharField(max_length=16)
    unit = models.CharField(max_length=8)
    rate = models.FloatField(null=True)
    errors = models.PositiveIntegerField()
    ref_len = models.PositiveIntegerField()
    hyp_len = models.PositiveIntegerField()
    substitutions = models.PositiveIntegerField()
    deletions = models.PositiveIntegerField()
    insertions = models.PositiveIntegerField()
    reference_normalized = models.TextField()
    hypothesis_normalized = models.TextField()
    alignment = models.JSONField(default=list)
    details = models.JSONField(default=dict, help_text="Profiles, raw, strict, code-switch.")
    normalizer = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ScoreQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["turn", "version", "reference_version"], name="unique_score_per_reference"
            )
        ]
        indexes = [models.Index(fields=["version", "rate"], name="score_version_rate")]

    def __str__(self) -> str:
        return (
            f"score of turn {self.turn_id} under version {self.version_id}, "
            f"reference v{self.reference_version}"
        )


class SummaryManager(models.Manager):
    def refresh(
        self, version_id: int, conversation_ids: Iterable[int], *, only_changed: bool = False
    ) -> int:
        """Recompute the summaries of these conversations under one version from their
        current scores (`ScoreQuerySet.current`: a corrected turn counts once, on its
        latest reference scored), in one grouped query; returns how many rows were written.

        Runs inside the caller's transaction (the scoring chunk's, so a chunk's scores and
        its summaries commit together). The conversations are locked first, in id order:
        two chunks scoring turns of the same conversation then take turns, and the later
        one's aggregate (a new statement, so a new snapshot) sees the earlier one's scores.

        `updated_at` says when a conversation's scores last changed (the flag queue
        compares its counts with it). A scoring job writes scores, so its rows are always
        written; `only_changed` (a rebuild) leaves a row whose sums are already right as
        it is, `updated_at` included.
        """
        ids = sorted(set(conversation_ids))
        if not ids:
            return 0
        with transaction.atomic(savepoint=False):
            languages = dict(
                Conversation.objects.select_for_update(no_key=True)
                .filter(pk__in=ids)
                .order_by("pk")
                .values_list("pk", "language")
            )
            # `version_id + 0`: no index on the version may drive this query. During a
            # rescore the statistics have not seen the new version's rows yet; the planner
            # then scans all of them through the version's index for every chunk (a
            # quadratic rescore, as in bench/RESULTS.md, 3). Reached from the chunk's
            # conversations' turns instead, it reads each turn's few scores.
            sums = (
                Score.objects.current()
                .alias(version_unindexed=F("version_id") + 0)
                .filter(version_unindexed=version_id, turn__conversation_id__in=ids)
                .values("turn__conversation_id")
                .count_sums(scored=Count("pk"))
                .order_by("turn__conversation_id")
            )
            now = timezone.now()
            rows = [
                ConversationSummary(
                    conversation_id=row["turn__conversation_id"],
                    version_id=version_id,
                    language=languages[row["turn__conversation_id"]],
                    scored_turns=row["scored"],
                    errors=row["errors"],
                    ref_len=row["ref_len"],
                    substitutions=row["substitutions"],
                    deletions=row["deletions"],
                    insertions=row["insertions"],
                    rate=row["errors"] / row["ref_len"] if row["ref_len"] else None,
                    updated_at=now,
                )
                for row in sums
            ]
            found = [row.conversation_id for row in rows]
            if only_changed:
                current = {
                    row.conversation_id: _summary_values(row)
                    for row in self.filter(version_id=version_id, conversation_id__in=ids)
                }
                rows = [r for r in rows if current.get(r.conversation_id) != _summary_values(r)]
            if rows:
                self.bulk_create(
                    rows,
                    update_conflicts=True,
                    unique_fields=["conversation", "version"],
                    update_fields=[*SUMMARY_FIELDS, "updated_at"],
                )
            if len(found) < len(ids):  # a conversation left without scores under the version
                self.filter(version_id=version_id, conversation_id__in=ids).exclude(
                    conversation_id__in=found
                ).delete()
        return len(rows)


SUMMARY_FIELDS = (
    "language",
    "scored_turns",
    "errors",
    "ref_len",
    "substitutions",
    "deletions",
    "insertions",
    "rate",
)


def _summary_values(row) -> tuple:
    return tuple(getattr(row, name) for name in SUMMARY_FIELDS)


class ConversationSummary(models.Model):
    """A conversation's scores under one config version, summed: what the conversations
    list shows and sorts by, without joining turns and scores on every request.

    Derived data, never incremented: a row is recomputed from its scores
    (`ConversationSummary.objects.refresh`). The scoring job does it in the transaction
    that writes a chunk's scores; a score saved one at a time does it on save (below);
    `manage.py rebuild_summaries` recomputes every row. The rate is errors over reference
    length, as everywhere (None when the reference is empty).
    """

    # no index of their own: the unique constraint and the index below start with them
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="summaries", db_index=False
    )
    version = models.ForeignKey(
        ConfigVersion, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    language = models.CharField(max_length=16)  # the conversation's, copied for filters
    scored_turns = models.PositiveIntegerField()
    errors = models.PositiveIntegerField()
    ref_len = models.PositiveIntegerField()
    substitutions = models.PositiveIntegerField()
    deletions = models.PositiveIntegerField()
    insertions = models.PositiveIntegerField()
    rate = models.FloatField(null=True)
    updated_at = models.DateTimeField(help_text="When its scores last changed.")

    objects = SummaryManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["conversation", "version"], name="unique_summary_per_version"
            )
        ]
        indexes = [
            models.Index(fields=["version", "rate"], name="summary_version_rate"),
            models.Index(fields=["version", "language", "updated_at"], name="summary_last_write"),
        ]

    def __str__(self) -> str:
        return f"summary of conversation {self.conversation_id} under version {self.version_id}"


@receiver(post_save, sender=Score, dispatch_uid="reviewapp.summarize_saved_score")
def summarize_saved_score(sender, instance: Score, raw: bool = False, **kwargs) -> None:
    """A score saved one at a time (a factory, the admin, a shell) refreshes its
    conversation's summary. The scoring job writes scores in bulk (no signal) and
    refreshes the summaries of each chunk itself."""
    if raw:
        return
    ConversationSummary.objects.refresh(instance.version_id, [instance.turn.conversation_id])


class PairCount(models.Model):
    """How many turns of a language contain a flagged (reference span, hypothesis span)
    pair, under one config version: the flag queue's "turns in the corpus", counted by a
    Celery task (`services.flags.refresh_pair_counts`), never while a page is served.

    A count is current while no score of its language and version was written after
    `counted_at` (see `queries.flag_groups`); the queue says "counting…" otherwise.
    """

    language = models.CharField(max_length=16)
    version = models.ForeignKey(
        ConfigVersion, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    #: md5(ref_span) + md5(hyp_span): spans can be longer than a B-tree index row allows.
    key = models.CharField(max_length=64)
    ref_span = models.TextField(blank=True)
    hyp_span = models.TextField(blank=True)
    turns = models.PositiveIntegerField()
    counted_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["language", "version", "key"], name="unique_pair_count")
        ]

    def __str__(self) -> str:
        return f"{self.language} v{self.version_id}: {self.ref_span!r} -> {self.hyp_span!r}"

    @staticmethod
    def key_for(ref_span: str, hyp_span: str) -> str:
        """The key in Python; `key_expression` computes the same one in the database.
        Readers match the spans too, so even two pairs with one md5 are never confused."""
        ref = hashlib.md5(ref_span.encode(), usedforsecurity=False).hexdigest()
        return ref + hashlib.md5(hyp_span.encode(), usedforsecurity=False).hexdigest()

    @staticmethod
    def key_expression(ref_span, hyp_span):
        return Concat(MD5(ref_span), MD5(hyp_span), output_field=models.CharField())


class Flag(models.Model):
    class Category(models.TextChoices):
        FALSE_ERROR = "false_error", "Normalization false error"
        REAL_ERROR = "real_error", "Real STT error"
        REFERENCE_ERROR = "reference_error", "Reference error"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ADDRESSED = "addressed", "Addressed by a config version"
        WITHDRAWN = "withdrawn", "Withdrawn"
        CORRECTED = "corrected", "Resolved: reference corrected"
        REJECTED = "rejected", "Correction rejected"
        WONT_FIX = "wont_fix", "Won't fix"
        DUPLICATE = "duplicate", "Duplicate"

    #: What a maintainer of the flag's language closes a flag as (and may reopen).
    CLOSED = (Status.WONT_FIX, Status.DUPLICATE)

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="flags")
    version = models.ForeignKey(ConfigVersion, on_delete=models.PROTECT, related_name="flags")
    #: the reference version of the flagged score: the spans index its normalized text
    reference_version = models.PositiveIntegerField(default=1)
    language = models.CharField(max_length=16, db_index=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    category = models.CharField(max_length=20, choices=Category.choices)
    note = models.TextField(blank=True)
    ref_start = models.PositiveIntegerField()
    ref_end = models.PositiveIntegerField()
    hyp_start = models.PositiveIntegerField()
    hyp_end = models.PositiveIntegerField()
    ref_span = models.TextField(blank=True)
    hyp_span = models.TextField(blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    addressed_by = models.ForeignKey(
        ConfigVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="addressed"
    )
    #: a reference error's corrected text, as its author proposes it (the whole turn)
    proposed_reference = models.TextField(blank=True)
    #: the maintainer who accepted or rejected the proposed correction, and why (a rejection)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    resolution_note = models.TextField(blank=True)
    #: Why a maintainer closed it: required for won't fix, optional for a duplicate.
    close_reason = models.TextField(blank=True)
    #: The flag this one repeats (status duplicate only); not a duplicate itself when chosen.
    duplicate_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="duplicates"
    )
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["language", "status"], name="flag_language_status")]
        constraints = [
            # a duplicate names the flag it repeats, and only a duplicate does
            models.CheckConstraint(
                condition=(models.Q(status="duplicate") & models.Q(duplicate_of__isnull=False))
                | (~models.Q(status="duplicate") & models.Q(duplicate_of__isnull=True)),
                name="flag_duplicate_names_its_original",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="wont_fix") | ~models.Q(close_reason=""),
                name="flag_wont_fix_has_a_reason",
            ),
            models.CheckConstraint(
                condition=~models.Q(duplicate_of=F("pk")), name="flag_not_its_own_duplicate"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_category_display()} on turn {self.turn_id}"


class Proposal(models.Model):
    """A suggested config change: drafted, checked, then approved into a new version or
    rejected (services/proposals.py)."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PENDING = "pending", "Pending review"
        APPROVED = "approved", "Approved"
        REJECTED = "rejected", "Rejected"

    language = models.CharField(max_length=16, db_index=True)
    base_version = models.ForeignKey(ConfigVersion, on_delete=models.PROTECT, related_name="+")
    content = models.JSONField()
    title = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    flags = models.ManyToManyField(Flag, blank=True, related_name="proposals")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    review_note = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.language}: {self.title}"


class Job(models.Model):
    """Background work with progress the pages can poll (scoring an import, a rescore)."""

    class Kind(models.TextChoices):
        SCORE = "score", "Score new turns"
        RESCORE = "rescore", "Rescore a language"
        PREVIEW = "preview", "Impact preview"

    class Status(models.TextChoices):
        # a rescore whose turns and chunks are still to be found (`versions.plan_rescore`)
        PLANNING = "planning", "Planning"
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    kind = models.CharField(max_length=12, choices=Kind.choices)
    language = models.CharField(max_length=16, db_index=True)
    version = models.ForeignKey(ConfigVersion, null=True, on_delete=models.PROTECT)
    proposal = models.ForeignKey(
        Proposal, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    result = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True)
    finished_at = models.DateTimeField(null=True)
    cancel_requested = models.BooleanField(default=False)
    covers_all_turns = models.BooleanField(
        default=False,
        help_text=(
            "Its turns were every scored turn of its languages without a score under its "
            "version when it was planned (a version's rescore, carried or full, or a retry)."
        ),
    )

    def __str__(self) -> str:
        return f"{self.kind} job {self.pk} ({self.language})"

    @property
    def is_finished(self) -> bool:
        return self.status in {self.Status.DONE, self.Status.FAILED, self.Status.CANCELLED}

    @property
    def percent(self) -> int:
        return percent_done(self.done + self.failed, self.total)

    def pending_chunks(self) -> int:
        return self.chunks.filter(status=JobChunk.Status.PENDING).count()

    def can_be_cancelled(self) -> bool:
        """Work is left: the job is planning, queued or running, or, whatever its status
        says, a chunk of it is pending (code before chunks were split failed a job at its
        first failed chunk while the others ran on)."""
        if self.cancel_requested:
            return False
        unfinished = {self.Status.PLANNING, self.Status.QUEUED, self.Status.RUNNING}
        return self.status in unfinished or bool(self.pending_chunks())

    @property
    def can_be_retried(self) -> bool:
        """A scoring job that is over and left turns without a score."""
        if self.kind == self.Kind.PREVIEW or not self.is_finished:
            return False
        return self.status != self.Status.DONE or self.failed > 0

    def failed_turn_lines(self, limit: int = 100) -> list[str]:
        """Why each turn left without a score has none (`turn 12: …`), as its chunk says,
        in chunk order; the first `limit` lines."""
        lines = []
        chunks = self.chunks.filter(status__in=[JobChunk.Status.DONE, JobChunk.Status.FAILED])
        for error in chunks.exclude(error="").order_by("index").values_list("error", flat=True):
            lines.extend(error.splitlines())
            if len(lines) >= limit:
                break
        return lines[:limit]


class JobChunk(models.Model):
    """A slice of a job's turns. A chunk is marked done in the same transaction that writes
    its scores, so a redelivered or retried chunk never counts twice. A chunk that fails
    as a whole is split: its halves are new chunks of the same job (`parent` is the chunk
    they came from), down to one turn, which fails alone and is named."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        SPLIT = "split", "Split in halves"
        FAILED = "failed", "Failed"

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="chunks")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="parts"
    )
    index = models.PositiveIntegerField()
    turn_ids = models.JSONField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["job", "index"], name="unique_chunk_index")]

    def __str__(self) -> str:
        return f"chunk {self.index} of job {self.job_id}"


class ApiToken(models.Model):
    """A per-user token for the JSON import endpoint; only its SHA-256 is stored."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    name = models.CharField(max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True)

    def __str__(self) -> str:
        return f"token {self.name} of {self.user}"


class AuditEvent(ImmutableModel):
    """Append-only: who did what to which object, when."""

    class Action(models.TextChoices):
        IMPORT = "import:created", "Import"
        FLAG_CREATED = "flag:created", "Flag created"
        FLAG_EDITED = "flag:edited", "Flag edited"
        FLAG_WITHDRAWN = "flag:withdrawn", "Flag withdrawn"
        FLAG_CLOSED = "flag:closed", "Flag closed (won't fix or duplicate)"
        FLAG_REOPENED = "flag:reopened", "Flag reopened"
        PROPOSAL_CREATED = "proposal:created", "Proposal created"
        PROPOSAL_EDITED = "proposal:edited", "Proposal edited"
        PROPOSAL_APPROVED = "proposal:approved", "Proposal approved"
        PROPOSAL_REJECTED = "proposal:rejected", "Proposal rejected"
        PROPOSAL_COMMENTED = "proposal:commented", "Proposal commented"
        REFERENCE_ACCEPTED = "reference:accepted", "Reference correction accepted"
        REFERENCE_REJECTED = "reference:rejected", "Reference correction rejected"
        VERSION_CREATED = "version:created", "Config version created"
        RESCORE_QUEUED = "rescore:queued", "Rescore queued"
        RESCORE_CANCELLED = "rescore:cancelled", "Rescore cancelled"
        ROLE_CHANGED = "role:changed", "Role changed"
        TOKEN_CREATED = "token:created", "API token created"
        PASS_CREATED = "pass:created", "Review pass created"
        PASS_REVIEWED = "pass:reviewed", "Turn reviewed in a pass"
        PASS_LABELED = "pass:labeled", "Region labelled in a pass"
        PASS_ADJUDICATED = "pass:adjudicated", "Region adjudicated"
        PAIRING_REPAIRED = "pairing:repaired", "Shifted hypotheses re-paired"
        PAIRING_RESTORED = "pairing:restored", "Original pairing restored"

    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT)
    action = models.CharField(max_length=32, choices=Action.choices, db_index=True)
    object_type = models.CharField(max_length=32)
    object_id = models.CharField(max_length=64)
    language = models.CharField(max_length=16, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.action} {self.object_type} {self.object_id}"


class Notification(models.Model):
    """Something a user should see: a decision on their proposal, or a proposal waiting
    for them as a maintainer of its language. Shown in the app; also mailed when the
    user has an address."""

    class Kind(models.TextChoices):
        PROPOSAL_WAITING = "proposal_waiting", "A proposal for your language waits"
        PROPOSAL_APPROVED = "proposal_approved", "Your proposal was approved"
        PROPOSAL_REJECTED = "proposal_rejected", "Your proposal was rejected"
        PROPOSAL_COMMENTED = "proposal_commented", "A comment on a proposal you follow"

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=24, choices=Kind.choices)
    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="+")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["recipient", "read_at"], name="notification_unread")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text}"


class ProposalComment(models.Model):
    """One message in a proposal's discussion: kept as written, never edited."""

    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="comments")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.author} on {self.proposal_id}: {self.text[:40]}"


# --- team review: passes, assignments, labels, adjudications ----------------------------------


class ReviewPass(models.Model):
    """A maintainer's review of a set of turns of one language by several reviewers, each
    turn by `overlap` of them (services.passes.do_create_pass builds it).

    The pass is pinned to the language's scored version when it was created: the error
    regions of that version's scores are the units reviewers label, so a rescore does not
    move them. How the turns were chosen is kept (the filters, or a sample of
    `sample_size` turns drawn with `seed`) so the same choice can be made again.
    """

    name = models.CharField(max_length=200)
    language = models.CharField(max_length=16, db_index=True)
    version = models.ForeignKey(ConfigVersion, on_delete=models.PROTECT, related_name="+")
    dataset = models.ForeignKey(
        Dataset, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    model = models.CharField(max_length=100, blank=True)
    rate_min = models.FloatField(null=True, blank=True)  # ratios, 0.25 = 25 %
    rate_max = models.FloatField(null=True, blank=True)
    sample_size = models.PositiveIntegerField(null=True, blank=True)  # None: every match
    seed = models.PositiveBigIntegerField()
    overlap = models.PositiveSmallIntegerField(help_text="Reviewers per turn.")
    reviewers = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="review_passes")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.language}: {self.name}"


class Assignment(models.Model):
    """One turn of a pass in one reviewer's queue. `position` orders the queue (the same
    for every reviewer of the turn). Pending until the reviewer marks it reviewed."""

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        REVIEWED = "reviewed", "Reviewed"

    review_pass = models.ForeignKey(
        ReviewPass, on_delete=models.CASCADE, related_name="assignments"
    )
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="assignments")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="assignments"
    )
    position = models.PositiveIntegerField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    assigned_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["review_pass", "position", "reviewer"]
        constraints = [
            models.UniqueConstraint(
                fields=["review_pass", "turn", "reviewer"], name="unique_assignment"
            )
        ]
        indexes = [
            models.Index(
                fields=["review_pass", "reviewer", "state", "position"], name="assignment_queue"
            )
        ]

    def __str__(self) -> str:
        return f"turn {self.turn_id} for {self.reviewer_id} in pass {self.review_pass_id}"


class PassRegion(ImmutableModel):
    """An error region of a turn in a pass, as its label or decision names it: the
    region's number and token spans under the pass's version, and the label. Appended,
    never changed: the newest counts."""

    class Label(models.TextChoices):
        FALSE_ERROR = "false_error", "Normalization false error"
        REAL_ERROR = "real_error", "Real STT error"
        REFERENCE_ERROR = "reference_error", "Reference error"
        NONE = "none", "No error to flag"

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="+")
    region = models.PositiveIntegerField()
    ref_start = models.PositiveIntegerField()
    ref_end = models.PositiveIntegerField()
    hyp_start = models.PositiveIntegerField()
    hyp_end = models.PositiveIntegerField()
    ref_span = models.TextField(blank=True)
    hyp_span = models.TextField(blank=True)
    label = models.CharField(max_length=20, choices=Label.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "pk"]


class RegionLabel(PassRegion):
    """A label a reviewer gave an error region within a pass. Flags count as labels too
    (see `reviewapp.pass_labels`); these rows are the labels given on the pass's pages,
    and the "none" written for every region neither flagged nor labelled when the
    reviewer marks the turn reviewed."""

    review_pass = models.ForeignKey(ReviewPass, on_delete=models.CASCADE, related_name="labels")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )

    class Meta(PassRegion.Meta):
        indexes = [models.Index(fields=["review_pass", "turn"], name="regionlabel_pass_turn")]

    def __str__(self) -> str:
        return f"{self.label} on region {self.region} of turn {self.turn_id}"


class Adjudication(PassRegion):
    """A maintainer's decision on a region of a pass, kept apart from the reviewers'
    labels (which stay as given)."""

    review_pass = models.ForeignKey(
        ReviewPass, on_delete=models.CASCADE, related_name="adjudications"
    )
    maintainer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    note = models.TextField(blank=True)

    class Meta(PassRegion.Meta):
        indexes = [models.Index(fields=["review_pass", "turn"], name="adjudication_pass_turn")]

    def __str__(self) -> str:
        return f"{self.label} adjudicated on region {self.region} of turn {self.turn_id}"


# --- data quality: what the import checks found, and re-pairings of shifted runs -------------


class DataFinding(models.Model):
    """A data-quality problem of an imported conversation, found by `scoring.dataquality`
    (`services.dataquality.refresh_findings`): at import, in the import's transaction, and
    on demand (`manage.py check_data`, and after a re-pairing). Derived data: each check
    replaces a conversation's findings whole; nobody edits one."""

    class Kind(models.TextChoices):
        SHIFT = "shift", "Shifted hypotheses"
        EMPTY = "empty", "Empty hypothesis"
        SHORT = "short", "Much shorter hypothesis"
        SCRIPT = "script", "Unexpected script"
        DUPLICATE_TURN = "duplicate_turn", "Duplicate turns"
        DUPLICATE_CONVERSATION = "duplicate_conversation", "Duplicate conversation"

    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="findings"
    )
    #: The import that brought the conversation: its result page lists these.
    batch = models.ForeignKey(
        ImportBatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="findings"
    )
    kind = models.CharField(max_length=24, choices=Kind.choices)
    #: Turn indices, as the conversation page numbers turns; None for the whole conversation.
    first_turn = models.PositiveIntegerField(null=True, blank=True)
    last_turn = models.PositiveIntegerField(null=True, blank=True)
    #: For a shift: the hypotheses of the run belong to the user turns this many later.
    shift = models.SmallIntegerField(default=0)
    message = models.TextField()
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["conversation", "pk"]  # written in turn order

    def __str__(self) -> str:
        return f"{self.kind} in conversation {self.conversation_id}: {self.message}"


class RePairing(models.Model):
    """A maintainer's re-pairing of a shifted run (`services.dataquality.do_repair`): each
    changed turn's hypothesis before and after, so `do_restore` can put the original
    pairing back, and the changed turns' summed score before and after."""

    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="repairings"
    )
    first_turn = models.PositiveIntegerField()
    last_turn = models.PositiveIntegerField()
    shift = models.SmallIntegerField()
    #: [{"turn": id, "index": turn index, "before": hypothesis, "after": hypothesis}]
    changes = models.JSONField()
    #: {"version", "errors", "ref_len", "rate"}: the changed turns' scores, summed
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    restored_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    restored_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"re-pairing of turns {self.first_turn}-{self.last_turn} of {self.conversation_id}"
