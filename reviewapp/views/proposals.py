"""Config proposals: write one (structured edits or raw JSON), check it live, preview its
impact, and decide on it (maintainers of the language)."""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring import ScoringError

from ..enqueue import enqueue_preview
from ..forms import EditForm, ProposalForm, RejectForm
from ..models import Flag, Job, Language, Proposal
from ..roles import is_maintainer_of
from ..services import proposals as service
from ..services.comments import CommentError, do_comment
from ..services.edits import EditError, apply_edit
from ..services.preview import PreviewLimitError, create_preview_job
from ..sorting import Column, sort_table
from .access import require_reviewer

PAGE = "reviewapp/proposal_form.html"
logger = logging.getLogger(__name__)


def _get_proposal_for_user(request: HttpRequest, pk: int) -> Proposal:
    require_reviewer(request)
    return get_object_or_404(Proposal.objects.select_related("base_version", "author"), pk=pk)


def _get_language(code: str) -> Language:
    language = Language.objects.select_related("active_version").filter(code=code).first()
    if language is None or language.active_version is None:
        raise Http404(f"No config for language {code!r}")
    return language


PROPOSALS_PER_PAGE = 50
PROPOSAL_COLUMNS = [
    Column("id", "#", ("pk",), first="desc"),
    Column("language", "Language", ("language",)),
    Column("title", "Title", ("title",)),
    Column("author", "Author", ("author__username",)),
    Column("status", "Status", ("status",)),
    Column("created", "Created", ("created_at",), first="desc"),
]


@require_GET
def proposal_list(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    table = sort_table(request, PROPOSAL_COLUMNS, default="-created")
    rows = Proposal.objects.select_related("base_version", "author", "reviewer")
    status = request.GET.get("status")
    if status in Proposal.Status.values:
        rows = rows.filter(status=status)
    if request.GET.get("language"):
        rows = rows.filter(language=request.GET["language"])
    search = request.GET.get("q", "").strip()
    if search:
        rows = rows.filter(Q(title__icontains=search) | Q(description__icontains=search))
    page = Paginator(rows.order_by(*table.order_by), PROPOSALS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "reviewapp/proposals.html",
        {
            "page": page,
            "table": table,
            "query": query.urlencode(),
            "statuses": Proposal.Status.choices,
        },
    )


@require_http_methods(["GET", "POST"])
def proposal_new(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    code = request.GET.get("language") or request.POST.get("language", "")
    if not code:
        languages = Language.objects.exclude(active_version=None).select_related("active_version")
        return render(request, "reviewapp/proposal_language.html", {"languages": languages})
    language = _get_language(code)
    base = language.active_version
    flags = _flags(request, base.language)
    if request.method == "GET":
        form = ProposalForm(
            initial={"content": service.content_json(base.content), "title": _default_title(flags)}
        )
        return _editor(request, form, language, base, flags)
    return _post_editor(request, language, base, flags, proposal=None)


@require_http_methods(["GET", "POST"])
def proposal_edit(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    if proposal.author_id != request.user.pk or proposal.status != Proposal.Status.PENDING:
        raise PermissionDenied("Only the author can edit a pending proposal.")
    language = _get_language(proposal.language)
    flags = proposal.flags.all()
    if request.method == "GET":
        form = ProposalForm(
            initial={
                "content": service.content_json(proposal.content),
                "title": proposal.title,
                "description": proposal.description,
            }
        )
        return _editor(request, form, language, proposal.base_version, flags, proposal)
    return _post_editor(request, language, proposal.base_version, flags, proposal=proposal)


def _post_editor(request, language, base, flags, proposal):
    action = request.POST.get("action", "save")
    form = ProposalForm(request.POST)
    if action == "edit":
        return _apply_structured_edit(request, form, language, base, flags, proposal)
    valid = form.is_valid()
    if action == "check":
        # The live check answers every keystroke with the checks of what is there now: a
        # config that is not JSON yet replaces the last results with why, never keeps them.
        return render(request, f"{PAGE}#checks", _checks_of_form(form, base, flags))
    if not valid:
        return _editor(request, form, language, base, flags, proposal, status=400)
    content = form.cleaned_data["content"]
    try:
        if proposal is None:
            proposal = service.do_create_proposal(
                request.user,
                language.code,
                content,
                title=form.cleaned_data["title"],
                description=form.cleaned_data["description"],
                flags=flags,
            )
        else:
            service.do_edit_proposal(
                request.user,
                proposal,
                content,
                title=form.cleaned_data["title"],
                description=form.cleaned_data["description"],
            )
    except service.ProposalError as exc:
        form.add_error("content", str(exc))
        return _editor(request, form, language, base, flags, proposal, status=400)
    messages.success(request, "Proposal saved.")
    return redirect("reviewapp:proposal", pk=proposal.pk)


def _apply_structured_edit(request, form, language, base, flags, proposal):
    """Add one rule to the config in the editor. Only the config must be valid for that:
    a title is asked for when the proposal is saved, not while it is being written."""
    edit = EditForm(request.POST, prefix="edit")
    form.is_valid()
    content = form.cleaned_data.get("content")
    if content is None:
        edit.add_error(None, "The config below is not valid JSON: fix it first (see Checks).")
    elif edit.is_valid():
        try:
            content = apply_edit(content, **edit.cleaned_data)
        except EditError as exc:
            edit.add_error("key", str(exc))
        else:
            data = request.POST.copy()
            data["content"] = service.content_json(content)
            form = ProposalForm(data)
            form.is_valid()
    form.errors.pop("title", None)
    return _editor(request, form, language, base, flags, proposal, edit_form=edit)


def _editor(request, form, language, base, flags, proposal=None, *, status=200, edit_form=None):
    if form.is_bound:
        checks = _checks_of_form(form, base, flags)
    else:
        checks = _checks(json.loads(form.initial["content"]), base, flags)
    context = {
        "form": form,
        "edit_form": edit_form or EditForm(prefix="edit"),
        "language": language,
        "base": base,
        "flags": flags,
        "proposal": proposal,
        **checks,
    }
    if request.htmx and request.POST.get("action") == "edit":
        # the editor, and the checks of the config it now holds, swapped out of band
        return render(request, f"{PAGE}#edited", context, status=status)
    return render(request, PAGE, context, status=status)


def _checks_of_form(form, base, flags) -> dict:
    """The checks of a bound editor's config, or, when it is not a JSON bundle, that
    problem alone (blocking)."""
    form.is_valid()
    content = form.cleaned_data.get("content")
    if content is None:
        errors = form.errors.get("content") or ["the config is missing"]
        problem = service.Problem("error", "content", errors[0])
        return {"problems": [problem], "blocking": True}
    return _checks(content, base, flags)


def _checks(content: dict, base, flags) -> dict:
    """What the Check button, the editor and the proposal's page show: the service's
    checks on the language's sample (the same ones save and approval apply), the rule
    changes and the linked flags under both configs."""
    checks = service.check_proposal(content, base)
    context = {
        "checks": checks,
        "problems": checks.problems,
        "blocking": bool(checks.errors),
        "flag_results": _flag_results(flags, base.content, content),
    }
    if not checks.errors:
        context["changes"] = service.rule_diff(base, content)
    return context


def _flag_results(flags, base_content: dict, content: dict):
    try:
        return service.flag_results(flags, base_content, content)
    except ScoringError:  # the config cannot be used at all: the checks say why
        return None


def _flags(request, config_language: str):
    ids = [
        int(x) for x in request.GET.getlist("flag") + request.POST.getlist("flag") if x.isdigit()
    ]
    codes = Language.objects.codes_for(config_language)
    return Flag.objects.filter(pk__in=ids, language__in=list(codes))


def _default_title(flags) -> str:
    first = flags.first()
    return f"Normalize {first.ref_span!r} = {first.hyp_span!r}" if first else ""


@require_GET
def proposal_detail(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    active = Language.objects.scored_by(proposal.language).first().active_version
    preview = proposal.jobs.filter(kind=Job.Kind.PREVIEW).order_by("-pk").first()
    rescore = (
        Job.objects.filter(kind=Job.Kind.RESCORE, version__proposal=proposal)
        .order_by("-pk")
        .first()
    )
    context = {
        "proposal": proposal,
        "changes": service.rule_diff(proposal.base_version, proposal.content),
        **_detail_checks(proposal),
        "stale": active.pk != proposal.base_version_id,
        "active": active,
        "preview": preview,
        "rescore": rescore,
        "can_decide": is_maintainer_of(request.user, proposal.language),
        "is_author": proposal.author_id == request.user.pk,
        "reject_form": RejectForm(),
        "needs_preview": settings.APPROVAL_NEEDS_PREVIEW
        and not service.has_fresh_preview(proposal),
        **_discussion(proposal),
    }
    return render(request, "reviewapp/proposal_detail.html", context)


def _discussion(proposal: Proposal, *, error: str = "", draft: str = "") -> dict:
    comments = proposal.comments.select_related("author")
    return {"comments": comments, "comment_error": error, "comment_draft": draft}


@require_POST
def proposal_comment(request: HttpRequest, pk: int) -> HttpResponse:
    """Add to the proposal's discussion; with htmx the answer is the discussion itself."""
    proposal = _get_proposal_for_user(request, pk)
    text = request.POST.get("text", "")
    try:
        do_comment(request.user, proposal, text)
    except CommentError as exc:
        if request.htmx:
            context = {"proposal": proposal, **_discussion(proposal, error=str(exc), draft=text)}
            return render(request, "reviewapp/proposal_detail.html#discussion", context, status=400)
        messages.error(request, f"Not posted: {exc}")
    if request.htmx:
        context = {"proposal": proposal, **_discussion(proposal)}
        return render(request, "reviewapp/proposal_detail.html#discussion", context)
    return redirect(reverse("reviewapp:proposal", args=[proposal.pk]) + "#discussion")


def _detail_checks(proposal: Proposal) -> dict:
    """A pending proposal's page runs the checks its approval will run; a decided one
    shows its linked flags only."""
    if proposal.status == Proposal.Status.PENDING:
        return _checks(proposal.content, proposal.base_version, proposal.flags.all())
    base = proposal.base_version
    return {"flag_results": _flag_results(proposal.flags.all(), base.content, proposal.content)}


@require_POST
def proposal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    try:
        with transaction.atomic():
            job = create_preview_job(proposal, request.user)
            enqueue_preview(job.pk)
    except PreviewLimitError as exc:
        if request.htmx:  # htmx swaps no 4xx: say it in the preview's place
            return render(request, "reviewapp/proposal_detail.html#preview-refused", {"error": exc})
        messages.error(request, str(exc))
        return redirect("reviewapp:proposal", pk=proposal.pk)
    if request.htmx:
        context = {"job": job, "poll_from": "proposal"}
        return render(request, "reviewapp/job.html#progress", context)
    return redirect("reviewapp:proposal", pk=proposal.pk)


@require_POST
def proposal_approve(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    reason = request.POST.get("message", "").strip()
    if not reason and is_maintainer_of(request.user, proposal.language):
        # Why a config changed is what its history is read for: the reason becomes the
        # version's message and is kept in the approval's audit event.
        messages.error(request, "Not approved: say why (the reason becomes the version's message).")
        return redirect("reviewapp:proposal", pk=proposal.pk)
    try:
        version = service.do_approve(
            request.user,
            proposal,
            message=reason,
            override_reason=request.POST.get("override_reason", ""),
        )
    except service.ProposalError as exc:
        messages.error(request, f"Not approved: {exc}")
    except (OperationalError, InterfaceError):
        # The database went away mid-approval: the transaction rolled back on the server.
        logger.exception("approval of proposal %s: the database did not answer", pk)
        messages.error(
            request,
            "Not approved: the database did not answer, so nothing was changed. Try again.",
        )
    else:
        messages.success(request, f"Approved as {version}: rescoring in the background.")
    return redirect("reviewapp:proposal", pk=proposal.pk)


@require_POST
def proposal_reject(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    form = RejectForm(request.POST)
    if not is_maintainer_of(request.user, proposal.language):
        raise PermissionDenied("Only a maintainer of this language can reject.")
    if not form.is_valid():
        messages.error(request, "A rejection needs a reason the author can read.")
        return redirect("reviewapp:proposal", pk=proposal.pk)
    try:
        service.do_reject(request.user, proposal, form.cleaned_data["reason"])
    except service.ProposalError as exc:
        messages.error(request, str(exc))
    return redirect("reviewapp:proposal", pk=proposal.pk)


@require_POST
def proposal_rebase(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = _get_proposal_for_user(request, pk)
    if proposal.author_id != request.user.pk and not is_maintainer_of(
        request.user, proposal.language
    ):
        raise PermissionDenied("Only the author or a maintainer can rebase.")
    try:
        service.do_rebase(request.user, proposal)
    except service.ProposalError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Rebased onto the active version.")
    return redirect("reviewapp:proposal", pk=proposal.pk)


@require_GET
def turn_link(request: HttpRequest, pk: int) -> HttpResponse:
    """A stable link to a turn: its place on its conversation's page."""
    from django.urls import reverse

    from .access import get_turn_for_user

    turn = get_turn_for_user(request, pk)
    url = reverse("reviewapp:conversation", args=[turn.conversation_id])
    return redirect(f"{url}#turn-{turn.pk}")
