"""Make a new config version the active one, and the versions that follow from it.

Three writes create versions and fan out the same way (active pointer, audit event,
rescore queued on commit), always inside the caller's transaction (an approval's rescore is
planned later, by a worker: `plan_rescore`):

- an approved proposal (`proposals.do_approve`);
- a dependency bump: a language that code-switches with another (Hindi with English)
  pins the version of it it was built with, so when English gets a new version each
  dependent language gets one too, with the same rules, pinned to the new English;
- a restamp (`do_restamp`, `manage.py restamp_versions`): after an upgrade of the
  scoring code or its libraries, a version whose recorded stamp this code no longer
  computes gets a successor stamped by this code (workers refuse to score under a
  version whose stamp they do not compute).
"""

from __future__ import annotations

from django.db import transaction

from ..enqueue import enqueue_job, enqueue_pair_counts, enqueue_plan
from ..models import ConfigVersion, Flag, Job, Language, Turn
from . import audit
from .carry import CarryPlan, carry_scores, plan_carry
from .configs import create_version, identity_for, pinned_companions, stamp_mismatch
from .scoring import create_job, create_planning_job, queue_planned


def activate(version: ConfigVersion, *, user=None, incremental: bool = False, **event) -> Job:
    """Point the languages the version's language scores at it, record its creation, and
    queue their rescore on commit. Call it in the transaction that created the version.

    `incremental` (an approved rule edit): rescore only the turns the edit can change and
    carry the other scores over (`carry.py`). Finding those turns reads every turn of the
    languages, so it is left to a worker (`plan_rescore`): the job is "planning" until then.
    A restamp or a dependency bump, where the code or a companion changed, rescores every
    turn, and its chunks are created here (no turn is read but its id)."""
    Language.objects.filter(config_language=version.language).update(active_version=version)
    audit.record(
        user,
        audit.Action.VERSION_CREATED,
        version,
        language=version.language,
        parent=version.parent.number if version.parent else None,
        hash=version.normalizer_hash,
        **event,
    )
    if incremental:
        job = create_planning_job(version.language, version, user=user)
        enqueue_plan(job.pk)
        return job
    job = start_rescore(version, user=user)
    enqueue_job(job)
    return job


def start_rescore(version: ConfigVersion, *, user=None) -> Job:
    """A rescore job of every scored turn of the languages the version scores (an edit
    whose turns can be bounded is planned by `plan_rescore` instead)."""
    codes = list(Language.objects.codes_for(version.language))
    turn_ids, carried = _carry_or_all(version, codes, None)
    job = create_job(
        Job.Kind.RESCORE, version.language, version, turn_ids, user=user, covers_all_turns=True
    )
    _record_queued(job, None, carried, user=user)
    return job


def plan_rescore(job_id: int) -> str:
    """Plan a "planning" rescore job (see `activate`), in one transaction with its row
    locked: carry the scores the edit cannot change, give the job the other turns as
    chunks, and send them once this commits. Returns "planned", "skipped" (planned
    already, or cancelled) or "missing". A crash leaves nothing written and the job
    planning: a worker that starts sends its plan again (`scoring.requeue_pending`)."""
    with transaction.atomic():
        job = (
            Job.objects.select_for_update(of=("self",))
            .select_related("version", "created_by")
            .filter(pk=job_id)
            .first()
        )
        if job is None:
            return "missing"
        if job.status != Job.Status.PLANNING or job.cancel_requested:
            return "skipped"
        codes = list(Language.objects.codes_for(job.version.language))
        plan = plan_carry(job.version, codes)
        turn_ids, carried = _carry_or_all(job.version, codes, plan)
        job = queue_planned(job, turn_ids)
        _record_queued(job, plan, carried, user=job.created_by)
        enqueue_job(job)
    return "planned"


def _carry_or_all(
    version: ConfigVersion, codes: list[str], plan: CarryPlan | None
) -> tuple[list[int], dict]:
    """The turns to rescore and what the audit says was carried: the plan's turns once the
    others' scores are carried, or (no plan) every scored turn of the languages."""
    if plan is None:
        turn_ids = list(
            Turn.objects.filter(language__in=codes, scored=True)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        return turn_ids, {"carried": 0}
    carry_scores(plan, version, codes)
    return plan.rescore, {"carried": plan.carried, "carried_from": plan.source.number}


def _record_queued(job: Job, plan: CarryPlan | None, carried: dict, *, user) -> None:
    # with every score carried the job is done at once: the flag queue's counts follow
    if plan is not None and not job.total:
        enqueue_pair_counts(job.version_id)
    audit.record(
        user,
        audit.Action.RESCORE_QUEUED,
        job,
        language=job.version.language,
        version=job.version.number,
        turns=job.total,
        rescored=job.total,
        **carried,
    )


def bump_dependents(companion: ConfigVersion, *, user=None) -> list[ConfigVersion]:
    """A new version of every language whose active version pins another version of
    `companion`'s language: the same rules, pinned to `companion`, activated and queued
    for rescore. Runs in the caller's transaction (the approval's): all or nothing."""
    # Locked in code order, after the caller locked the companion's own language rows;
    # an approval of a dependent language locks only its own rows, so no cycle.
    rows = (
        Language.objects.select_for_update(of=("self",))
        .filter(active_version__companions__has_key=companion.language)
        .exclude(config_language=companion.language)
        .select_related("active_version")
        .order_by("code")
    )
    actives: dict[str, ConfigVersion] = {}
    for row in rows:
        actives.setdefault(row.config_language, row.active_version)
    bumped = []
    for source, active in actives.items():
        if active.companions.get(companion.language) == companion.number:
            continue
        companions = pinned_companions(active) | {companion.language: companion}
        version = create_version(
            source,
            active.content,
            companions=companions,
            parent=active,
            approver=user,
            message=(
                f"Dependency bump to {companion} ({companion.label}): "
                f"the rules of v{active.number}, pinned to it"
            ),
        )
        activate(version, user=user, dependency_bump={companion.language: companion.number})
        bumped.append(version)
    return bumped


@transaction.atomic
def do_restamp(user=None) -> list[ConfigVersion]:
    """Give every active version whose recorded stamp this process does not compute a
    successor stamped by this code (same rules, the current companions), activated and
    rescored, and bump the languages that pin it. Returns the new versions; none when
    the code and libraries are the ones the active versions were stamped with.

    Companion languages go first (English before Hindi), so Hindi is bumped once, to
    the restamped English, and is then up to date."""
    rows = (
        Language.objects.select_for_update(of=("self",))
        .exclude(active_version=None)
        .select_related("active_version")
        .order_by("code")
    )
    sources: dict[str, bool] = {}
    for row in rows:
        sources.setdefault(row.config_language, bool(row.active_version.companions))
    created: list[ConfigVersion] = []
    for source in sorted(sources, key=lambda s: (sources[s], s)):
        active = Language.objects.filter(config_language=source).first().active_version
        reason = stamp_mismatch(active, identity_for(active))
        if not reason:
            continue
        version = create_version(
            source,
            active.content,
            parent=active,
            approver=user,
            message=(
                f"Restamp: the scoring code or libraries changed since v{active.number} "
                f"was stamped {active.label}"
            ),
        )
        activate(version, user=user, restamped_from=active.normalizer_hash)
        created += [version, *bump_dependents(version, user=user)]
    return created


def rules_of(content: dict) -> dict:
    """A version's rules: its content without the version string, which every new
    version changes."""
    config = {key: value for key, value in content["config"].items() if key != "version"}
    return {"config": config, "lexicons": content["lexicons"]}


def reopen_undone_flags(version: ConfigVersion, *, user=None) -> int:
    """A version whose rules are those of an ancestor (a revert to v2) undoes what every
    version after that ancestor fixed: their addressed flags are open again, so they come
    back to the queue and no longer export as fixed. Returns how many were reopened.
    Call it in the transaction that created `version`."""
    rules = rules_of(version.content)
    undone = []
    ancestor = version.parent
    while ancestor is not None and rules_of(ancestor.content) != rules:
        undone.append(ancestor)
        ancestor = ancestor.parent
    if ancestor is None:
        return 0  # no ancestor has these rules: nothing is undone
    flags = list(
        Flag.objects.select_for_update()
        .filter(status=Flag.Status.ADDRESSED, addressed_by__in=undone)
        .select_related("addressed_by")
    )
    for flag in flags:
        audit.record(
            user,
            audit.Action.FLAG_EDITED,
            flag,
            language=flag.language,
            status=Flag.Status.OPEN,
            reopened_by=version.number,
            was_addressed_by=flag.addressed_by.number,
            reverted_to=ancestor.number,
        )
    Flag.objects.filter(pk__in=[f.pk for f in flags]).update(
        status=Flag.Status.OPEN, addressed_by=None
    )
    return len(flags)
