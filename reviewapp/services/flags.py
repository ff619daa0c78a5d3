"""Flags: a reviewer marks an error region as a normalization false error, a real STT
error, or a reference error. One write function per change; each writes its audit event
in the same transaction, so a flag never changes without a trace.

The flag queue ranks groups of identical (reference span, hypothesis span) flags by how
many turns of the corpus contain the same pair. Counting that is a substring scan over
every score of the language (about 0.1 s per pair at 100k turns), so it is stored
(`PairCount`) and counted in the background (`refresh_pair_counts`, a Celery task): when
a flag names a pair, and when a scoring job finishes. The queue says "counting…" for a
pair whose count is missing or older than the last score written for its language.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from kombu.exceptions import OperationalError

from scoring.align import Region

from ..alignment import overlaps, part_of, regions, tokens
from ..enqueue import request_pair_counts
from ..models import ConversationSummary, Flag, Language, PairCount, Score, Turn
from . import audit
from .imports import MAX_TEXT_CHARS

MAX_NOTE_CHARS = 2000
MAX_REFERENCE_CHARS = MAX_TEXT_CHARS  # a corrected reference is as long as an imported one

__all__ = [
    "DuplicateFlagError",
    "FlagError",
    "checked_note",
    "do_create_flag",
    "do_edit_flag",
    "do_withdraw_flag",
    "free_tokens",
    "open_flag_of",
    "own_open_flags",
    "refresh_pair_counts",
    "request_pair_count",
]

log = logging.getLogger(__name__)


class FlagError(ValueError):
    """A flag that cannot be written as asked (bad category, no such region, not open)."""


class DuplicateFlagError(FlagError):
    """The author already has an open flag on a token of this error region (or of the
    part of it asked for): `flag` is that flag.

    One reviewer's second flag on the same tokens would count twice in the queue and the
    export, so it is refused rather than merged: its category or note may differ from
    the first, and only the author knows which one stands (they edit the open flag).
    Flags on disjoint parts of a region are not duplicates: a region that mixes a false
    error with a real one carries one flag of each, on their own tokens."""

    def __init__(self, flag: Flag) -> None:
        super().__init__(
            f"you already flagged these tokens of the region (flag {flag.pk}): edit that flag"
        )
        self.flag = flag


def checked_note(category: str, note: str) -> str:
    """The note, stripped; FlagError for an unknown category or a note too long."""
    if category not in Flag.Category.values:
        raise FlagError(f"unknown category {category!r}")
    if len(note) > MAX_NOTE_CHARS:
        raise FlagError(f"a note is at most {MAX_NOTE_CHARS} characters")
    return note.strip()


def _proposed(category: str, text: str, current: str) -> str:
    """A reference error's corrected text: kept only for a reference error, and only when
    it differs from the turn's current reference (a form shows that text to start from)."""
    text = text.strip()
    if category != Flag.Category.REFERENCE_ERROR or text == current.strip():
        return ""
    if len(text) > MAX_REFERENCE_CHARS:
        raise FlagError(f"a corrected reference is at most {MAX_REFERENCE_CHARS} characters")
    return text


def own_open_flags(author, score: Score) -> list[Flag]:
    """The author's open flags on the score's turn under the score's version and the
    reference version it was scored on."""
    return list(
        Flag.objects.filter(
            turn_id=score.turn_id,
            version_id=score.version_id,
            reference_version=score.reference_version,
            author=author,
            status=Flag.Status.OPEN,
        ).order_by("pk")
    )


def open_flag_of(author, score: Score, chosen: Region) -> Flag | None:
    """The author's first open flag that shares a token with `chosen` (an error region of
    the score, or a part of one) on the score's turn and version."""
    return next((f for f in own_open_flags(author, score) if overlaps(f, chosen)), None)


def free_tokens(author, score: Score, chosen: Region) -> tuple[list[int], list[int]]:
    """The region's reference and hypothesis tokens that no open flag of the author
    covers: what a next flag of theirs on the region can cover."""
    mine = [f for f in own_open_flags(author, score) if overlaps(f, chosen)]
    ref = [
        i
        for i in range(chosen.ref_start, chosen.ref_end)
        if not any(f.ref_start <= i < f.ref_end for f in mine)
    ]
    hyp = [
        i
        for i in range(chosen.hyp_start, chosen.hyp_end)
        if not any(f.hyp_start <= i < f.hyp_end for f in mine)
    ]
    return ref, hyp


@transaction.atomic
def do_create_flag(
    author,
    score: Score,
    region: int,
    *,
    category: str,
    note: str = "",
    ref_indices: Collection[int] | None = None,
    hyp_indices: Collection[int] | None = None,
    proposed_reference: str = "",
) -> Flag:
    """Flag error region number `region` of `score` (regions are numbered from 0), or
    the part of it made of the reference tokens `ref_indices` and the hypothesis tokens
    `hyp_indices` (indices in the score's normalized tokens, neighbours on each side; one
    side may be empty: `alignment.part_of`). Neither given: the whole region.

    The spans are computed here from the stored score, never taken from the request.
    An author's open flags share no token: a flag on a token the author flagged already
    is refused with `DuplicateFlagError`, which carries the open one; disjoint parts of
    one region take a flag each. A reference error may carry the corrected reference its
    author proposes (`proposed_reference`, the whole turn).
    """
    note = checked_note(category, note)
    found = regions(score.alignment)
    if not 0 <= region < len(found):
        raise FlagError(f"score {score.pk} has no error region {region}")
    chosen = whole = found[region]
    if ref_indices is not None or hyp_indices is not None:
        try:
            chosen = part_of(
                score.alignment, chosen, ref_indices or (), hyp_indices or (), score.unit
            )
        except ValueError as exc:
            raise FlagError(str(exc)) from None
    # Lock the turn's row: two saves of the same form at once are checked one after the
    # other, so the second sees the first flag (a no-op on SQLite, which writes one at a time).
    turn = Turn.objects.select_for_update().filter(pk=score.turn_id).first()
    proposed = _proposed(category, proposed_reference, turn.reference if turn else "")
    existing = open_flag_of(author, score, chosen)
    if existing is not None:
        raise DuplicateFlagError(existing)
    ref_tokens = tokens(score.reference_normalized, score.unit)
    hyp_tokens = tokens(score.hypothesis_normalized, score.unit)
    flag = Flag.objects.create(
        turn_id=score.turn_id,
        version_id=score.version_id,
        reference_version=score.reference_version,
        language=score.language,
        author=author,
        category=category,
        note=note,
        proposed_reference=proposed,
        ref_start=chosen.ref_start,
        ref_end=chosen.ref_end,
        hyp_start=chosen.hyp_start,
        hyp_end=chosen.hyp_end,
        ref_span=chosen.ref_span(ref_tokens, score.unit),
        hyp_span=chosen.hyp_span(hyp_tokens, score.unit),
    )
    audit.record(
        author,
        audit.Action.FLAG_CREATED,
        flag,
        language=flag.language,
        turn=flag.turn_id,
        version=flag.version_id,
        reference_version=flag.reference_version,
        category=category,
        note=note,
        ref_span=flag.ref_span,
        hyp_span=flag.hyp_span,
        **({"proposed_reference": proposed} if proposed else {}),
        **({} if chosen == whole else {"part_of_region": region}),
    )
    request_pair_count(flag.language, flag.ref_span, flag.hyp_span)
    return flag


def request_pair_count(language: str, ref_span: str, hyp_span: str) -> None:
    """Ask a worker to count the flag's pair (and any other pair of the language whose
    count is missing or out of date).

    Sent now, not on commit: the count depends on the pair and the scores only, never on
    the flag row, so a worker that runs before the commit counts the same number, and a
    flag rolled back leaves a true count that no group shows. (With tasks run eagerly,
    as in the tests, the count is there when this returns.) A broker that is down must
    not refuse the flag: the queue then says "counting…" until the next refresh (another
    flag of the language, a scoring job that finishes, or `manage.py rebuild_summaries`).
    """
    try:
        request_pair_counts(language, [[ref_span, hyp_span]])
    except (OperationalError, OSError) as exc:
        log.warning("pair count of a %s flag not requested (broker: %s)", language, exc)


def _locked_for_author(actor, flag: Flag) -> Flag:
    if flag.author_id != actor.pk:
        raise PermissionDenied("Only the author can change this flag.")
    locked = Flag.objects.select_for_update().get(pk=flag.pk)
    return locked


@transaction.atomic
def do_edit_flag(
    actor, flag: Flag, *, category: str, note: str = "", proposed_reference: str | None = None
) -> Flag:
    """Change an open flag's category, note or proposed reference (None: keep it; it is
    dropped when the category is no reference error); an edit that changes nothing
    writes nothing."""
    note = checked_note(category, note)
    flag = _locked_for_author(actor, flag)
    if flag.status != Flag.Status.OPEN:
        raise FlagError("only an open flag can be edited")
    current = Turn.objects.filter(pk=flag.turn_id).values_list("reference", flat=True).first()
    text = flag.proposed_reference if proposed_reference is None else proposed_reference
    proposed = _proposed(category, text, current or "")
    before = {"category": flag.category, "note": flag.note}
    after = {"category": category, "note": note}
    if proposed or flag.proposed_reference:  # said in the event only where there is one
        before["proposed_reference"] = flag.proposed_reference
        after["proposed_reference"] = proposed
    if before == after:
        return flag
    flag.category, flag.note, flag.proposed_reference = category, note, proposed
    flag.save(update_fields=["category", "note", "proposed_reference", "updated_at"])
    audit.record(
        actor, audit.Action.FLAG_EDITED, flag, language=flag.language, before=before, after=after
    )
    return flag


@transaction.atomic
def do_withdraw_flag(actor, flag: Flag) -> Flag:
    """Withdraw an open flag; withdrawing it again changes nothing."""
    flag = _locked_for_author(actor, flag)
    if flag.status == Flag.Status.WITHDRAWN:
        return flag
    if flag.status != Flag.Status.OPEN:
        raise FlagError("only an open flag can be withdrawn")
    flag.status = Flag.Status.WITHDRAWN
    flag.save(update_fields=["status", "updated_at"])
    audit.record(actor, audit.Action.FLAG_WITHDRAWN, flag, language=flag.language)
    return flag


# --- the flag queue's corpus counts ----------------------------------------------------------


def refresh_pair_counts(
    *,
    language: str | None = None,
    version_id: int | None = None,
    pairs: Iterable[Iterable[str]] = (),
    force: bool = False,
) -> int:
    """Count, for open flag groups, the turns of their language under its scored version
    whose normalized reference contains the reference span and whose normalized
    hypothesis contains the hypothesis span; store them (`PairCount`). Returns how many
    pairs were counted.

    Only counts that are missing or older than the language's last score write are
    counted, unless `force` (after a scoring job: every pair of its version, since a
    count made while its last chunk committed may have missed it). `language` and
    `version_id` narrow the languages (a language's scored version is this version);
    `pairs` are counted for `language` even when no committed flag names them yet.

    Each pair is one statement, committed on its own when run in a worker, so the queue
    fills in pair by pair. A stored count is replaced only by a count that started later.
    """
    extra = {(str(ref), str(hyp)) for ref, hyp in pairs}
    targets = Language.objects.filter(scored_version__isnull=False)
    if language:
        targets = targets.filter(code=language)
    if version_id is not None:
        targets = targets.filter(scored_version_id=version_id)
    counted = 0
    for code, scored_version in targets.values_list("code", "scored_version_id"):
        wanted = set(
            Flag.objects.filter(language=code, status=Flag.Status.OPEN)
            .values_list("ref_span", "hyp_span")
            .distinct()
        )
        if code == language:
            wanted |= extra
        if not force:
            wanted -= _current_pairs(code, scored_version)
        for ref_span, hyp_span in sorted(wanted):
            _count_pair(code, scored_version, ref_span, hyp_span)
            counted += 1
    return counted


def _current_pairs(language: str, version_id: int) -> set[tuple[str, str]]:
    """Pairs whose stored count started after the last score write of the language."""
    last_write = ConversationSummary.objects.filter(
        language=language, version_id=version_id
    ).aggregate(last=Max("updated_at"))["last"]
    rows = PairCount.objects.filter(language=language, version_id=version_id)
    if last_write is not None:
        rows = rows.filter(counted_at__gt=last_write)
    return set(rows.values_list("ref_span", "hyp_span"))


def _count_pair(language: str, version_id: int, ref_span: str, hyp_span: str) -> None:
    started = timezone.now()
    scores = Score.objects.current()  # a corrected turn counts once, on its latest reference
    turns = scores.filter(
        language=language,
        version_id=version_id,
        reference_normalized__contains=ref_span,
        hypothesis_normalized__contains=hyp_span,
    ).count()
    key = PairCount.key_for(ref_span, hyp_span)
    stored = PairCount.objects.filter(language=language, version_id=version_id, key=key)
    values = {"ref_span": ref_span, "hyp_span": hyp_span, "turns": turns, "counted_at": started}
    if not stored.filter(counted_at__lt=started).update(**values):
        PairCount.objects.bulk_create(
            [PairCount(language=language, version_id=version_id, key=key, **values)],
            ignore_conflicts=True,  # a row there already: its count started later
        )
