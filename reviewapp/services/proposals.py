"""Config proposals: create, check, preview, approve, reject, rebase.

Approval is the write that fans out: in one transaction a new immutable config version,
the active pointer, the linked flags, an audit event and a rescore job queued on commit.
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from scoring import ConfigError, bundle_from_data
from scoring.config.diff import Change, Conflict, apply_changes, diff_bundles

from ..models import ConfigVersion, Flag, Language, Proposal
from ..roles import is_maintainer_of
from . import audit
from .configs import companion_bundles, create_version
from .versions import activate, bump_dependents


class ProposalError(ValueError):
    """A proposal that cannot be saved or approved as it is, with the reason."""


@dataclass(frozen=True)
class Problem:
    """A blocking error or an overridable warning about a proposal's content."""

    level: str  # "error" or "warning"
    field: str
    message: str


# --- checks -----------------------------------------------------------------------------

_MARKUP = re.compile(r"<[^>]+>|&[a-z]+;")


def check_content(content: dict, *, sample_texts: list[str] = ()) -> list[Problem]:
    """Schema errors (blocking) from the scoring package, then lint warnings."""
    try:
        bundle = bundle_from_data(content, source="proposal")
    except ConfigError as exc:
        return [Problem("error", exc.field or "config", exc.problem)]
    problems = list(_lint_values(content))
    problems += _idempotence(bundle, sample_texts)
    return problems


def _lint_values(content: dict):
    for path, value in _strings(content):
        if value != value.strip() or "  " in value:
            yield Problem("warning", path, f"stray whitespace in {value!r}")
        if _MARKUP.search(value):
            yield Problem("warning", path, f"markup in {value!r}")
        if unicodedata.normalize("NFC", value) != value:
            yield Problem("error", path, f"{value!r} is not NFC")


def _strings(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            child = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and path.startswith(("config.", "lexicons.")):
                yield child + " (key)", key
            yield from _strings(value, child)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, f"{path}[{i}]")
    elif isinstance(node, str) and not path.endswith(("description", "display_name")):
        yield path, node


def _idempotence(bundle, texts: list[str]) -> list[Problem]:
    """A rule that changes its own output breaks normalize(normalize(x)) == normalize(x)."""
    from scoring import get_scorer

    normalizer = get_scorer(bundle, companion_bundles(bundle.config)).normalizer
    for text in texts:
        once = normalizer(text)
        if normalizer(once) != once:
            return [
                Problem(
                    "error",
                    "config",
                    f"not idempotent on {text[:60]!r}: a second pass changes {once[:60]!r}",
                )
            ]
    return []


def rule_diff(base: ConfigVersion, content: dict) -> list[Change]:
    return diff_bundles(base.content, content)


def flag_checks(proposal: Proposal) -> list[dict]:
    """For each linked flag: both sides under the base and the proposed config."""
    return flag_results(proposal.flags.all(), proposal.base_version.content, proposal.content)


def flag_results(flags, base_content: dict, content: dict) -> list[dict]:
    """Does the proposal remove each flagged false error (and keep each real error)?"""
    base = scorer_for_content(base_content)
    proposed = scorer_for_content(content)
    rows = []
    for flag in flags.select_related("turn"):
        before = base.score(flag.turn.reference, flag.turn.hypothesis)
        after = proposed.score(flag.turn.reference, flag.turn.hypothesis)
        rows.append(
            {
                "flag": flag,
                "before": before,
                "after": after,
                "fixed": after.counts.errors < before.counts.errors,
            }
        )
    return rows


def scorer_for_content(content: dict):
    """The scorer of a config that is not (yet) a version, with the active versions of
    the languages it code-switches with."""
    from scoring import get_scorer

    bundle = bundle_from_data(content, source="proposal")
    return get_scorer(bundle, companion_bundles(bundle.config))


# --- writes -----------------------------------------------------------------------------


@transaction.atomic
def do_create_proposal(
    user, language: str, content: dict, *, title: str, description: str = "", flags=()
) -> Proposal:
    row = Language.objects.select_related("active_version").get(code=language)
    base = row.active_version
    errors = [p for p in check_content(content) if p.level == "error"]
    if errors:
        raise ProposalError(f"{errors[0].field}: {errors[0].message}")
    _refuse_no_op(base, content)
    proposal = Proposal.objects.create(
        language=base.language,
        base_version=base,
        content=content,
        title=title,
        description=description,
        author=user,
    )
    proposal.flags.set(flags)
    audit.record(
        user,
        audit.Action.PROPOSAL_CREATED,
        proposal,
        language=base.language,
        base_version=base.number,
        changes=[c.describe() for c in rule_diff(base, content)],
    )
    return proposal


def _refuse_no_op(base: ConfigVersion, content: dict) -> None:
    """A proposal must change its base: approving the same config again would only make
    a new version with the same rules and rescore every turn for nothing."""
    if content_json(content) == content_json(base.content):
        raise ProposalError(f"it changes nothing: the config is the same as v{base.number}")


@transaction.atomic
def do_edit_proposal(user, proposal: Proposal, content: dict, *, title: str, description: str):
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.author_id != user.pk:
        raise PermissionDenied("Only the author can edit this proposal.")
    if proposal.status != Proposal.Status.PENDING:
        raise ProposalError(f"the proposal is {proposal.get_status_display().lower()}")
    errors = [p for p in check_content(content) if p.level == "error"]
    if errors:
        raise ProposalError(f"{errors[0].field}: {errors[0].message}")
    _refuse_no_op(proposal.base_version, content)
    proposal.content, proposal.title, proposal.description = content, title, description
    proposal.save(update_fields=["content", "title", "description"])
    audit.record(user, audit.Action.PROPOSAL_EDITED, proposal, language=proposal.language)
    return proposal


def _require_maintainer(user, proposal: Proposal) -> None:
    if not is_maintainer_of(user, proposal.language):
        raise PermissionDenied(f"Only a maintainer of {proposal.language} can decide.")


def do_approve(user, proposal: Proposal, *, message: str = "") -> ConfigVersion:
    """New version, active pointer, flags addressed, audit, rescore queued on commit; and
    a new version of each language that code-switches with this one, pinned to it."""
    _require_maintainer(user, proposal)
    with transaction.atomic():
        # Lock the language rows first: two approvals of the same language serialize here,
        # and the second sees the first's version as active and is told to rebase.
        languages = list(
            Language.objects.select_for_update().filter(config_language=proposal.language)
        )
        proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if proposal.status != Proposal.Status.PENDING:
            raise ProposalError(f"the proposal is already {proposal.status}")
        active = languages[0].active_version if languages else None
        if active is None or not _same_rules(active, proposal.base_version):
            raise ProposalError(
                f"the proposal is based on v{proposal.base_version.number} but "
                f"v{active.number if active else '?'} is active now: rebase it first"
            )
        content = _bump_patch(proposal.content, active.content)
        version = create_version(
            proposal.language,
            content,
            parent=active,
            author=proposal.author,
            approver=user,
            proposal=proposal,
            message=message or proposal.title,
        )
        now = timezone.now()
        Proposal.objects.filter(pk=proposal.pk).update(
            status=Proposal.Status.APPROVED, reviewer=user, reviewed_at=now
        )
        proposal.flags.filter(status=Flag.Status.OPEN).update(
            status=Flag.Status.ADDRESSED, addressed_by=version
        )
        audit.record(
            user,
            audit.Action.PROPOSAL_APPROVED,
            proposal,
            language=proposal.language,
            version=version.number,
        )
        activate(version, user=user)
        bump_dependents(version, user=user)
    return version


def _same_rules(active: ConfigVersion, base: ConfigVersion) -> bool:
    """A dependency bump since the proposal was written changed only the pinned
    companions, not the rules it edits: the proposal applies to it as it is."""
    return active.pk == base.pk or active.content_hash == base.content_hash


def _bump_patch(content: dict, base: dict) -> dict:
    """An approved change is a new normalizer version: bump the patch number unless the
    proposal already changed the version itself."""
    if content["config"].get("version") != base["config"].get("version"):
        return content
    bumped = copy.deepcopy(content)
    major, minor, patch = (int(x) for x in base["config"]["version"].split("."))
    bumped["config"]["version"] = f"{major}.{minor}.{patch + 1}"
    return bumped


@transaction.atomic
def do_reject(user, proposal: Proposal, reason: str) -> Proposal:
    _require_maintainer(user, proposal)
    if not reason.strip():
        raise ProposalError("a rejection needs a reason the author can read")
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.status != Proposal.Status.PENDING:
        raise ProposalError(f"the proposal is already {proposal.status}")
    proposal.status = Proposal.Status.REJECTED
    proposal.reviewer = user
    proposal.review_note = reason.strip()
    proposal.reviewed_at = timezone.now()
    proposal.save(update_fields=["status", "reviewer", "review_note", "reviewed_at"])
    audit.record(
        user,
        audit.Action.PROPOSAL_REJECTED,
        proposal,
        language=proposal.language,
        reason=proposal.review_note,
    )
    return proposal


@transaction.atomic
def do_rebase(user, proposal: Proposal) -> Proposal:
    """Re-apply the proposal's rule changes onto the active version."""
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    active = Language.objects.filter(config_language=proposal.language).first().active_version
    if active.pk == proposal.base_version_id:
        return proposal
    changes = rule_diff(proposal.base_version, proposal.content)
    changes = [c for c in changes if c.path != ("config", "version")]
    try:
        content = apply_changes(active.content, changes)
    except Conflict as exc:
        raise ProposalError(f"cannot rebase: {exc}") from None
    proposal.content, proposal.base_version = content, active
    proposal.save(update_fields=["content", "base_version"])
    audit.record(
        user,
        audit.Action.PROPOSAL_EDITED,
        proposal,
        language=proposal.language,
        rebased_onto=active.number,
    )
    return proposal


def do_revert_proposal(user, version: ConfigVersion) -> Proposal:
    """ "Revert to vN" is itself a proposal, reviewed like any other."""
    return do_create_proposal(
        user,
        _language_code(version.language),
        copy.deepcopy(version.content),
        title=f"Revert {version.language} to v{version.number}",
    )


def _language_code(config_language: str) -> str:
    return Language.objects.filter(config_language=config_language).order_by("code").first().code


def content_json(content: dict) -> str:
    return json.dumps(content, ensure_ascii=False, indent=2, sort_keys=True)
