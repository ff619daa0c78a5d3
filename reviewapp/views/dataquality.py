"""Data quality: an import's result with its findings, the conversation page's banner,
and the maintainer actions on a shifted run (re-pair it, restore the original pairing)."""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from ..models import Conversation, DataFinding, RePairing
from ..services.repairs import STALE, RepairError, do_repair, do_restore
from .access import (
    can_maintain,
    get_batch_for_user,
    get_finding_for_maintainer,
    get_repairing_for_maintainer,
)

DUPLICATES = {DataFinding.Kind.DUPLICATE_TURN, DataFinding.Kind.DUPLICATE_CONVERSATION}


class Banner:
    """What the conversation page says about its data: the findings, the re-pairings, and
    whether the user may re-pair (a maintainer of the language). Read when the page draws
    it (two queries), not for a fragment of the page that does not show it."""

    def __init__(self, conversation: Conversation, can_repair: bool) -> None:
        self.conversation = conversation
        self.can_repair = can_repair

    @cached_property
    def findings(self) -> list[DataFinding]:
        # by pk: the model's order starts with the conversation, whose own order (language,
        # external id) the ORM would join the conversation table to sort one conversation by
        findings = DataFinding.objects.filter(conversation=self.conversation).order_by("pk")
        return _with_links(findings)

    @cached_property
    def repairings(self) -> list[RePairing]:
        rows = list(
            RePairing.objects.filter(conversation=self.conversation).select_related(
                "created_by", "restored_by"
            )
        )
        for repairing in rows:
            repairing.score_change = score_change(repairing.before, repairing.after)
        return rows

    @property
    def shown(self) -> bool:
        return bool(self.findings or self.repairings)


def conversation_banner(request: HttpRequest, conversation: Conversation) -> Banner:
    return Banner(conversation, can_maintain(request, conversation.language))


def _with_links(findings) -> list[DataFinding]:
    """The findings, a duplicate's with the URL of the conversation it copies."""
    rows = list(findings)
    for finding in rows:
        other = finding.detail.get("conversation") if isinstance(finding.detail, dict) else None
        finding.other_url = (
            reverse("reviewapp:conversation", args=[int(other)])
            if finding.kind in DUPLICATES and str(other or "").isdigit()
            else ""
        )
    return rows


def score_change(before: dict, after: dict) -> str:
    """`52/61 errors (v3) → 4/61 errors (v3)`: the changed turns' summed score."""
    return f"{_score(before)} → {_score(after)}"


def _score(score: dict) -> str:
    if not score:
        return "not scored"
    if "errors" not in score:
        return f"not scored under v{score.get('version', '?')}"
    return f"{score['errors']}/{score['ref_len']} errors (v{score['version']})"


@require_GET
def import_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """An import's result: what it brought, and what the data-quality checks found."""
    batch = get_batch_for_user(request, pk)
    findings = _with_links(
        batch.findings.select_related("conversation").order_by("conversation_id", "pk")
    )
    groups: dict[int, tuple[Conversation, list[DataFinding]]] = {}
    for finding in findings:
        groups.setdefault(finding.conversation_id, (finding.conversation, []))[1].append(finding)
    counts = Counter(finding.kind for finding in findings)
    context = {
        "batch": batch,
        "groups": list(groups.values()),
        "counts": [(label, counts[kind]) for kind, label in DataFinding.Kind.choices],
        "total": len(findings),
    }
    return render(request, "reviewapp/import_detail.html", context)


@require_POST
def finding_repair(request: HttpRequest, pk: int, finding: int) -> HttpResponse:
    """Re-pair the run of a shift finding (one click; the original stays restorable)."""
    conversation, found = get_finding_for_maintainer(request, pk, finding)
    try:
        if found is None:
            raise RepairError(STALE)
        repairing = do_repair(request.user, found)
    except RepairError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Re-paired turns {repairing.first_turn}–{repairing.last_turn} (shift "
            f"{repairing.shift:+d}): {score_change(repairing.before, repairing.after)} on the "
            f"{len(repairing.changes)} changed turns (expected); their rescore is queued.",
        )
    return _back_to(conversation.pk)


@require_POST
def repairing_restore(request: HttpRequest, pk: int) -> HttpResponse:
    """Put back the hypotheses a re-pairing replaced."""
    repairing = get_repairing_for_maintainer(request, pk)
    try:
        do_restore(request.user, repairing)
    except RepairError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Restored the original pairing of turns {repairing.first_turn}–"
            f"{repairing.last_turn}; their rescore is queued.",
        )
    return _back_to(repairing.conversation_id)


def _back_to(conversation_id: int) -> HttpResponse:
    return redirect(reverse("reviewapp:conversation", args=[conversation_id]) + "#data-quality")
