"""Flag every identical error region of a language at once: the six `a m` → `am` regions
of a corpus are one decision of the reviewer, not six.

"Identical" is the normalized pair: an error region of a turn's score under the
language's scored version whose reference span and hypothesis span are exactly the
pair's (as the flag queue groups flags). A region inside a larger one, or a part of one,
is not the pair. The scores are narrowed in the database (both texts contain the spans,
as the queue's corpus counts are made) and the regions computed from each score's
stored alignment, as for a single flag.

    plan = plan_flag_all(reviewer, SpanPair("en", "a m", "am"))
    do_flag_all(reviewer, SpanPair("en", "a m", "am"), category="false_error", note="…")
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from scoring.align import Region

from ..alignment import overlaps, regions, tokens
from ..models import Flag, Language, Score, Turn
from . import audit
from .flags import FlagError, checked_note, request_pair_count

__all__ = [
    "MAX_FLAGGED_AT_ONCE",
    "FlagAllPlan",
    "RegionMatch",
    "SpanPair",
    "TooManyRegionsError",
    "do_flag_all",
    "plan_flag_all",
]

#: How many regions one request flags at most. A pair found more often than this is
#: refused as a whole, not cut at an arbitrary thousand: one flag of it, ranked by its
#: corpus count in the queue, and a config proposal are the way for a pair that common.
MAX_FLAGGED_AT_ONCE = 1000


@dataclass(frozen=True)
class SpanPair:
    """A normalized (reference span, hypothesis span) pair of one language."""

    language: str
    ref_span: str
    hyp_span: str


@dataclass(frozen=True)
class RegionMatch:
    score_id: int
    turn_id: int
    region: Region


@dataclass
class FlagAllPlan:
    """What `do_flag_all` would do now: the regions that read as the pair (`matched`),
    and those it flags (`todo`: the others the user has an open flag on a token of)."""

    pair: SpanPair
    version_id: int
    version_number: int
    matched: list[RegionMatch]
    todo: list[RegionMatch] = field(default_factory=list)
    created: list[Flag] = field(default_factory=list)  # by `do_flag_all`

    @property
    def turns(self) -> int:
        return len({match.turn_id for match in self.matched})

    @property
    def skipped(self) -> int:
        return len(self.matched) - len(self.todo)


class TooManyRegionsError(FlagError):
    """More regions read as the pair than one request flags (`MAX_FLAGGED_AT_ONCE`)."""


def _describe(pair: SpanPair) -> str:
    return f"{pair.language}: “{pair.ref_span or '∅'}” → “{pair.hyp_span or '∅'}”"


def identical_regions(pair: SpanPair, *, limit: int | None = None) -> FlagAllPlan:
    """The error regions that read exactly as the pair under the language's scored
    version, in turn order (`matched`; `todo` is left empty). TooManyRegionsError past
    `limit` (`MAX_FLAGGED_AT_ONCE`; the scan stops there); FlagError when the language
    is not scored."""
    limit = MAX_FLAGGED_AT_ONCE if limit is None else limit
    language = (
        Language.objects.filter(code=pair.language, scored_version__isnull=False)
        .values_list("scored_version_id", "scored_version__number")
        .first()
    )
    if language is None:
        raise FlagError(f"{pair.language} has no scores to flag")
    rows = (
        Score.objects.filter(
            language=pair.language,
            version_id=language[0],
            reference_normalized__contains=pair.ref_span,
            hypothesis_normalized__contains=pair.hyp_span,
        )
        .order_by("turn_id", "pk")
        .values_list(
            "pk", "turn_id", "alignment", "reference_normalized", "hypothesis_normalized", "unit"
        )
    )
    found: list[RegionMatch] = []
    for score_id, turn_id, ops, ref_text, hyp_text, unit in rows.iterator(chunk_size=500):
        ref_tokens, hyp_tokens = tokens(ref_text, unit), tokens(hyp_text, unit)
        for region in regions(ops):
            if (
                region.ref_span(ref_tokens, unit) == pair.ref_span
                and region.hyp_span(hyp_tokens, unit) == pair.hyp_span
            ):
                found.append(RegionMatch(score_id, turn_id, region))
        if len(found) > limit:
            raise TooManyRegionsError(
                f"more than {limit:,} error regions read {_describe(pair)}: at most "
                f"{limit:,} are flagged at once. For a pair this common, flag one region "
                "(the queue ranks it by how often it occurs) and propose a config fix."
            )
    return FlagAllPlan(pair, language[0], language[1], found)


def _not_flagged_by(user, version_id: int, matches: list[RegionMatch]) -> list[RegionMatch]:
    """The matches on which the user has no open flag sharing a token (the rule of
    `services.flags.do_create_flag`)."""
    mine: dict[int, list[Flag]] = {}
    turn_ids = sorted({match.turn_id for match in matches})
    for flag in Flag.objects.filter(
        author=user, status=Flag.Status.OPEN, version_id=version_id, turn_id__in=turn_ids
    ).only("turn_id", "ref_start", "ref_end", "hyp_start", "hyp_end"):
        mine.setdefault(flag.turn_id, []).append(flag)
    return [
        match
        for match in matches
        if not any(overlaps(flag, match.region) for flag in mine.get(match.turn_id, ()))
    ]


def plan_flag_all(user, pair: SpanPair) -> FlagAllPlan:
    """What flagging every region of the pair would do now (nothing is written)."""
    plan = identical_regions(pair)
    plan.todo = _not_flagged_by(user, plan.version_id, plan.matched)
    return plan


@transaction.atomic
def do_flag_all(user, pair: SpanPair, *, category: str, note: str = "") -> FlagAllPlan:
    """Flag every error region that reads as the pair, in one transaction: the regions
    on which the user has an open flag already (on any of their tokens) are left as they
    are. Returns the plan it carried out, with the flags it wrote as `created`.

    Refused as a whole (FlagError, nothing written) when no region reads as the pair or
    more than `MAX_FLAGGED_AT_ONCE` do. Each flag gets its own `flag:created` audit event
    (with `flagged_together`, the number written by the same request): a flag's history
    is then found as every flag's is, by its id, and the log's count of created flags is
    the number of flags; one event listing a thousand ids would hide them from both.
    """
    note = checked_note(category, note)
    plan = identical_regions(pair)
    if not plan.matched:
        raise FlagError(f"no error region reads {_describe(pair)} now: nothing to flag")
    # lock the turns, in id order (as a single flag locks its turn): a flag saved on one
    # of them meanwhile is seen by the check below, or waits for this one
    turn_ids = sorted({match.turn_id for match in plan.matched})
    list(Turn.objects.select_for_update().filter(pk__in=turn_ids).order_by("pk").values("pk"))
    plan.todo = _not_flagged_by(user, plan.version_id, plan.matched)
    plan.created = Flag.objects.bulk_create(
        Flag(
            turn_id=match.turn_id,
            version_id=plan.version_id,
            language=pair.language,
            author=user,
            category=category,
            note=note,
            ref_start=match.region.ref_start,
            ref_end=match.region.ref_end,
            hyp_start=match.region.hyp_start,
            hyp_end=match.region.hyp_end,
            ref_span=pair.ref_span,
            hyp_span=pair.hyp_span,
        )
        for match in plan.todo
    )
    data = {
        "category": category,
        "note": note,
        "ref_span": pair.ref_span,
        "hyp_span": pair.hyp_span,
        "version": plan.version_id,
        "flagged_together": len(plan.created),
    }
    audit.record_each(
        user,
        audit.Action.FLAG_CREATED,
        [(flag, flag.language, {"turn": flag.turn_id, **data}) for flag in plan.created],
    )
    if plan.created:
        request_pair_count(pair.language, pair.ref_span, pair.hyp_span)
    return plan
