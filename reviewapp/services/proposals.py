"""Config proposals: create, check, preview, approve, reject, rebase.

Approval is the write that fans out: in one transaction a new immutable config version,
the active pointer, the linked flags, an audit event and a rescore job queued on commit.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import time
import unicodedata
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from scoring import (
    ConfigError,
    Normalizer,
    PairScore,
    Scorer,
    ScoringError,
    build_normalizer,
    bundle_from_data,
    get_scorer,
)
from scoring.config.diff import Change, Conflict, apply_changes, diff_bundles

from ..models import ConfigVersion, Flag, Job, Language, Proposal
from ..roles import is_maintainer_of
from . import audit, notifications
from .configs import companion_bundles, create_version
from .samples import turn_sample
from .scoring import score_text
from .versions import activate, bump_dependents, reopen_undone_flags


class ProposalError(ValueError):
    """A proposal that cannot be saved or approved as it is, with the reason."""


# --- checks -----------------------------------------------------------------------------

#: A proposal is scored on this many of its language's turns when it is checked, saved,
#: shown or approved: the first scored turns by id, so the same proposal gets the same
#: verdict every time, and a request never scores more than this (docs/guarantees.md).
SAMPLE_TURNS = 200
#: The most the proposal's config may spend on that sample, in seconds. Shipped configs
#: score 200 turns in well under a second; one that needs ten would need hours for a
#: language's corpus, and the check runs while someone waits for a page.
SAMPLE_SECONDS = 10.0

# Guards: a config can be valid, fast and idempotent and still make a language look
# perfect by erasing what it compares. Below these lines a proposal needs a maintainer
# who approves it anyway and says why (a change of unit, a language whose references
# really were full of markup). Ratios on fewer turns or errors than the minimums say
# nothing, so a small language is not guarded until it has them.
#: Turns the sample must have (scored under both configs) for any guard to apply.
GUARD_MIN_TURNS = 10
#: The proposal's normalized references and hypotheses keep at least half the base's
#: tokens: fillers, punctuation and spellings remove a few percent; a rule that takes
#: half of every text is erasing words, not normalizing them.
GUARD_TOKENS_KEPT = 0.5
#: At most a fifth of the texts that have tokens under the base become empty: a text of
#: fillers alone is rare, a rule like `.+` -> "" empties them all.
GUARD_EMPTIED = 0.2
#: At most half of the errors the base finds on the sample disappear: a real fix forgives
#: one kind of false error, and the STT's real mistakes must still count. Only applied
#: from GUARD_MIN_ERRORS errors on.
GUARD_ERRORS_HIDDEN = 0.5
GUARD_MIN_ERRORS = 10


@dataclass(frozen=True)
class Problem:
    """Something the checks found in a proposal's content.

    `level` is "error" (blocks saving and approval; nothing overrides it), "guard"
    (blocks approval unless a maintainer overrides it with a reason) or "warning"."""

    level: str
    field: str
    message: str


@dataclass(frozen=True)
class Checks:
    """What `check_proposal` found, and on how many of the language's turns."""

    problems: tuple[Problem, ...]
    #: turns of the sample scored under both configs, and the language's scored turns
    sample: int = 0
    total: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "error"]

    @property
    def guards(self) -> list[Problem]:
        return [p for p in self.problems if p.level == "guard"]

    @property
    def guarded(self) -> bool:
        """Whether the sample was large enough for the guards to mean anything."""
        return self.sample >= GUARD_MIN_TURNS

    @property
    def limit(self) -> int:
        return SAMPLE_TURNS

    @property
    def min_turns(self) -> int:
        return GUARD_MIN_TURNS


_MARKUP = re.compile(r"<[^>]+>|&[a-z]+;")


def check_proposal(content: dict, base: ConfigVersion) -> Checks:
    """Every check a proposal gets, wherever it is run (the Check button, its page, save
    and approval): schema and lint, then the sample of the language's turns scored under
    the base and under the proposal. A rule that times out or grows a text past its
    limit, or a config that is not idempotent, is an error naming what it can; a config
    that erases text or hides errors trips a guard."""
    problems = check_content(content)
    if any(p.level == "error" for p in problems):
        return Checks(tuple(problems))
    sample = turn_sample(base.language, SAMPLE_TURNS)
    found, tally = _score_sample(scorer_for_content(base.content), content, sample.pairs)
    if not any(p.level == "error" for p in found):
        found += _guards(tally, base)
    return Checks(tuple(problems + found), tally.turns, sample.total)


def check_content(content: dict) -> list[Problem]:
    """Schema errors from the scoring package (they stop the checks), then lint."""
    try:
        bundle_from_data(content, source="proposal")
    except ConfigError as exc:
        return [Problem("error", exc.field or "config", exc.problem)]
    return list(_lint_values(content))


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


@dataclass
class _Tally:
    """Sums over the sample's turns, under the base (`_before`) and the proposal."""

    turns: int = 0
    tokens_before: int = 0
    tokens_after: int = 0
    texts_before: int = 0  # references and hypotheses with a token under the base
    emptied: int = 0  # ... of them, those the proposal leaves without one
    errors_before: int = 0
    errors_after: int = 0

    def add(self, before: PairScore, after: PairScore) -> None:
        self.turns += 1
        b, a = before.counts, after.counts
        self.tokens_before += b.ref_len + b.hyp_len
        self.tokens_after += a.ref_len + a.hyp_len
        for had, has in ((b.ref_len, a.ref_len), (b.hyp_len, a.hyp_len)):
            self.texts_before += had > 0
            self.emptied += had > 0 and has == 0
        self.errors_before += b.errors
        self.errors_after += a.errors


def _score_sample(base: Scorer, content: dict, pairs) -> tuple[list[Problem], _Tally]:
    """Score each pair under the base and the proposal, and normalize the proposal's
    output once more; stop at the first error. A turn the base cannot score either is
    left out: the proposal did not make it worse."""
    tally, spent = _Tally(), [0.0, 0.0]  # seconds spent by the base, by the proposal
    try:  # what the schema cannot see (a code-switch language without a config)
        bundle = bundle_from_data(content, source="proposal")
        scorer = get_scorer(bundle, companion_bundles(bundle.config))
        # A normalizer remembers each output as final (what idempotence promises), so
        # the second pass runs on a fresh one that has not seen the first pass's outputs.
        again = build_normalizer(bundle)
    except ScoringError as exc:
        return [_scoring_problem(exc)], tally
    for reference, hypothesis in pairs:
        try:
            before = _timed(spent, 0, base.score, reference, hypothesis)
        except ScoringError:
            continue
        try:
            after = _timed(spent, 1, scorer.score, reference, hypothesis)
            problem = _timed(spent, 1, _idempotence, scorer.normalizer, again, reference)
            problem = problem or _timed(
                spent, 1, _idempotence, scorer.normalizer, again, hypothesis
            )
        except ScoringError as exc:
            return [_scoring_problem(exc, reference)], tally
        if problem is not None:
            return [problem], tally
        tally.add(before, after)
        if spent[1] > SAMPLE_SECONDS:
            return [_too_slow(tally.turns, len(pairs), spent)], tally
        if spent[0] > SAMPLE_SECONDS:  # the base itself is that slow: guard what was scored
            return [_base_too_slow(tally.turns, len(pairs), spent)], tally
    return [], tally


def _timed(spent: list[float], side: int, fn, *args):
    started = time.monotonic()
    try:
        return fn(*args)
    finally:
        spent[side] += time.monotonic() - started


def _idempotence(normalizer: Normalizer, again: Normalizer, text: str) -> Problem | None:
    """A config whose second pass changes its own output scores a text differently
    depending on whether it was seen before: normalize(normalize(x)) == normalize(x)."""
    once = normalizer(text)
    twice = again(once)
    if twice == once:
        return None
    return Problem(
        "error",
        "config",
        f"not idempotent on {text[:60]!r}: a second pass changes {once[:60]!r} into {twice[:60]!r}",
    )


def _scoring_problem(exc: ScoringError, text: str = "") -> Problem:
    """A rule past a text's time budget or size limit: an error naming the rule (and the
    sample text it failed on)."""
    field = getattr(exc, "field", "") or "config"
    reason = str(exc).removeprefix(f"{field}: ")
    where = f" on the turn {text[:60]!r}" if text else ""
    return Problem("error", field, f"cannot score the sample{where}: {reason}")


def _too_slow(done: int, size: int, spent: list[float]) -> Problem:
    return Problem(
        "error",
        "config",
        f"too slow: it spent {spent[1]:.1f} s on {done} of the {size} sample turns (the "
        f"base config {spent[0]:.1f} s); at most {SAMPLE_SECONDS:.0f} s are allowed for all",
    )


def _base_too_slow(done: int, size: int, spent: list[float]) -> Problem:
    return Problem(
        "warning",
        "sample",
        f"the base config spent {spent[0]:.1f} s on {done} of the {size} sample turns: "
        f"the proposal was compared on those {done} only",
    )


def _guards(tally: _Tally, base: ConfigVersion) -> list[Problem]:
    if tally.turns < GUARD_MIN_TURNS:
        return []
    out = []
    base_name = f"v{base.number}"
    if tally.tokens_after < GUARD_TOKENS_KEPT * tally.tokens_before:
        out.append(
            f"it erases text: the sample's normalized references and hypotheses have "
            f"{tally.tokens_after} tokens, against {tally.tokens_before} under {base_name} "
            f"(less than {GUARD_TOKENS_KEPT:.0%} of them)"
        )
    if tally.emptied > GUARD_EMPTIED * tally.texts_before:
        out.append(
            f"it empties texts: {tally.emptied} of the {tally.texts_before} sample texts "
            f"that have words under {base_name} become empty (more than {GUARD_EMPTIED:.0%})"
        )
    hidden = tally.errors_before - tally.errors_after
    if (
        tally.errors_before >= GUARD_MIN_ERRORS
        and hidden > GUARD_ERRORS_HIDDEN * tally.errors_before
    ):
        out.append(
            f"it hides errors: {hidden} of the {tally.errors_before} errors {base_name} finds "
            f"on the sample disappear (more than {GUARD_ERRORS_HIDDEN:.0%})"
        )
    return [Problem("guard", "sample", message) for message in out]


def rule_diff(base: ConfigVersion, content: dict) -> list[Change]:
    return diff_bundles(base.content, content)


#: Linked flags scored on a proposal's pages: the first ones by id (a proposal linked to
#: hundreds of flags would otherwise score them all while the page loads).
FLAGS_SHOWN = 50


@dataclass(frozen=True)
class FlagResults:
    rows: list[dict]
    total: int  # linked flags, shown or not

    @property
    def more(self) -> int:
        return self.total - len(self.rows)


def flag_results(flags, base_content: dict, content: dict) -> FlagResults:
    """Does the proposal remove each flagged false error (and keep each real error)? For
    the first FLAGS_SHOWN flags; a flag whose turn a config cannot score says why."""
    base = scorer_for_content(base_content)
    proposed = scorer_for_content(content)
    shown = list(flags.select_related("turn").order_by("pk")[:FLAGS_SHOWN])
    total = len(shown) if len(shown) < FLAGS_SHOWN else flags.count()
    rows = []
    for flag in shown:
        try:
            turn = flag.turn
            texts = (turn.reference, turn.hypothesis)
            before = score_text(base, *texts, alternations=turn.alternations)
            after = score_text(proposed, *texts, alternations=turn.alternations)
        except ScoringError as exc:
            rows.append({"flag": flag, "error": str(exc)})
            continue
        rows.append(
            {
                "flag": flag,
                "before": before,
                "after": after,
                "fixed": after.counts.errors < before.counts.errors,
            }
        )
    return FlagResults(rows, total)


def scorer_for_content(content: dict) -> Scorer:
    """The scorer of a config that is not (yet) a version, with the active versions of
    the languages it code-switches with."""
    bundle = bundle_from_data(content, source="proposal")
    return get_scorer(bundle, companion_bundles(bundle.config))


# --- writes -----------------------------------------------------------------------------


@transaction.atomic
def do_create_proposal(
    user, language: str, content: dict, *, title: str, description: str = "", flags=()
) -> Proposal:
    row = Language.objects.select_related("active_version").get(code=language)
    base = row.active_version
    _refuse_no_op(base, content)
    _refuse_errors(check_proposal(content, base))
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
    notifications.proposal_waiting(proposal)
    return proposal


def _refuse_no_op(base: ConfigVersion, content: dict) -> None:
    """A proposal must change its base: approving the same config again would only make
    a new version with the same rules and rescore every turn for nothing."""
    if content_json(content) == content_json(base.content):
        raise ProposalError(f"it changes nothing: the config is the same as v{base.number}")


def _refuse_errors(checks: Checks) -> None:
    """Errors block saving: a rule that times out, a text grown past its limit, a config
    that is not idempotent or not valid. Guards do not: the author may be mid-work, and
    the proposal's page shows them to the maintainer who decides."""
    if checks.errors:
        error = checks.errors[0]
        raise ProposalError(f"{error.field}: {error.message}")


@transaction.atomic
def do_edit_proposal(user, proposal: Proposal, content: dict, *, title: str, description: str):
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.author_id != user.pk:
        raise PermissionDenied("Only the author can edit this proposal.")
    if proposal.status != Proposal.Status.PENDING:
        raise ProposalError(f"the proposal is {proposal.get_status_display().lower()}")
    _refuse_no_op(proposal.base_version, content)
    _refuse_errors(check_proposal(content, proposal.base_version))
    proposal.content, proposal.title, proposal.description = content, title, description
    proposal.save(update_fields=["content", "title", "description"])
    audit.record(user, audit.Action.PROPOSAL_EDITED, proposal, language=proposal.language)
    return proposal


def _require_maintainer(user, proposal: Proposal) -> None:
    if not is_maintainer_of(user, proposal.language):
        raise PermissionDenied(f"Only a maintainer of {proposal.language} can decide.")


def do_approve(
    user, proposal: Proposal, *, message: str = "", override_reason: str = ""
) -> ConfigVersion:
    """New version, active pointer, flags addressed, audit, rescore queued on commit; and
    a new version of each language that code-switches with this one, pinned to it.

    Only a proposal that passes `check_proposal` is approved: never one with an error;
    one that trips a guard only with `override_reason`, kept in the approval's audit
    event with the guards it overrode."""
    _require_maintainer(user, proposal)
    proposal = Proposal.objects.select_related("base_version").get(pk=proposal.pk)
    if proposal.status != Proposal.Status.PENDING:
        raise ProposalError(f"the proposal is already {proposal.status}")
    # Checked before the transaction: scoring the sample takes a while, and the language
    # rows must not stay locked that long. What was checked must be what is approved.
    checked = (content_json(proposal.content), proposal.base_version_id)
    if settings.APPROVAL_NEEDS_PREVIEW and not has_fresh_preview(proposal):
        raise ProposalError(
            "approval needs an impact preview of the proposal as it is now: run the preview"
        )
    checks = check_proposal(proposal.content, proposal.base_version)
    override = _refuse_unchecked(checks, override_reason)
    with transaction.atomic():
        # Lock the language rows first: two approvals of the same language serialize here,
        # and the second sees the first's version as active and is told to rebase.
        languages = list(Language.objects.select_for_update().scored_by(proposal.language))
        proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if proposal.status != Proposal.Status.PENDING:
            raise ProposalError(f"the proposal is already {proposal.status}")
        if (content_json(proposal.content), proposal.base_version_id) != checked:
            raise ProposalError("the proposal changed while it was checked: look at it again")
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
        proposal.status, proposal.reviewer, proposal.reviewed_at = (
            Proposal.Status.APPROVED,
            user,
            timezone.now(),
        )
        proposal.save(update_fields=["status", "reviewer", "reviewed_at"])
        proposal.flags.filter(status=Flag.Status.OPEN).update(
            status=Flag.Status.ADDRESSED, addressed_by=version
        )
        audit.record(
            user,
            audit.Action.PROPOSAL_APPROVED,
            proposal,
            language=proposal.language,
            version=version.number,
            reason=message,
            checked_turns=checks.sample,
            **override,
        )
        notifications.proposal_decided(proposal)
        activate(version, user=user, incremental=True)
        reopen_undone_flags(version, user=user)
        bump_dependents(version, user=user)
    return version


def content_digest(proposal: Proposal) -> str:
    """What a preview was run on: the proposal's content and its base."""
    data = f"{proposal.base_version_id}\n{content_json(proposal.content)}"
    return hashlib.sha256(data.encode()).hexdigest()


def has_fresh_preview(proposal: Proposal) -> bool:
    """Whether an impact preview finished on the proposal as it is now (not before its
    last edit or rebase)."""
    done = Job.objects.filter(proposal=proposal, kind=Job.Kind.PREVIEW, status=Job.Status.DONE)
    return done.filter(result__content_digest=content_digest(proposal)).exists()


def _refuse_unchecked(checks: Checks, override_reason: str) -> dict:
    """Refuse an approval the checks block. A guard is lifted by a maintainer's reason:
    the audit data that says so, or {} when no guard tripped."""
    _refuse_errors(checks)
    if not checks.guards:
        return {}
    reason = override_reason.strip()
    if not reason:
        guard = checks.guards[0]
        raise ProposalError(
            f"guard: {guard.message}. A maintainer may approve it anyway by overriding "
            "the guard with a reason"
        )
    return {"guard_override": {"reason": reason, "guards": [g.message for g in checks.guards]}}


def _same_rules(active: ConfigVersion, base: ConfigVersion) -> bool:
    """A dependency bump since the proposal was written changed only the pinned
    companions, not the rules it edits: the proposal applies to it as it is."""
    return active.pk == base.pk or active.content_hash == base.content_hash


def _bump_patch(content: dict, base: dict) -> dict:
    """An approved change is a new normalizer version, numbered after the active one: the
    proposal's own version string if it is higher, else the active patch number plus one
    (a revert to v1 carries v1's 1.1.0, and becomes 1.1.2 after 1.1.1, never 1.1.0)."""
    current = _semver(base["config"]["version"])
    if _semver(content["config"]["version"]) > current:
        return content
    bumped = copy.deepcopy(content)
    major, minor, patch = current
    bumped["config"]["version"] = f"{major}.{minor}.{patch + 1}"
    return bumped


def _semver(version: str) -> tuple[int, int, int]:
    major, minor, patch = (int(x) for x in version.split("."))
    return major, minor, patch


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
    notifications.proposal_decided(proposal)
    return proposal


@transaction.atomic
def do_rebase(user, proposal: Proposal) -> Proposal:
    """Re-apply the proposal's rule changes onto the active version."""
    proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
    active = Language.objects.scored_by(proposal.language).first().active_version
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
    return Language.objects.scored_by(config_language).order_by("code").first().code


def content_json(content: dict) -> str:
    return json.dumps(content, ensure_ascii=False, indent=2, sort_keys=True)
