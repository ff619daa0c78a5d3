"""One access helper per object type, called first in every view (healthchecks' habit).

A reviewer may read everything and flag; a maintainer may, for the languages they
maintain, import and approve. A user with neither role sees nothing (403).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from ..alignment import regions
from ..models import (
    Assignment,
    Conversation,
    DataFinding,
    Flag,
    ImportBatch,
    RePairing,
    ReviewPass,
    Turn,
)
from ..queries import shown_score
from ..roles import is_maintainer_of, is_reviewer, maintained_languages
from ..services.flag_states import may_close


def require_reviewer(request: HttpRequest) -> None:
    if not is_reviewer(request.user):
        raise PermissionDenied("Reviewers and maintainers only.")


def require_maintainer(request: HttpRequest, language: str | None = None) -> set[str]:
    """The languages the user maintains; PermissionDenied if none (or not `language`)."""
    languages = maintained_languages(request.user)
    if not languages or (language is not None and language not in languages):
        raise PermissionDenied("Maintainers of this language only.")
    return languages


def get_conversation_for_user(request: HttpRequest, pk: int) -> Conversation:
    require_reviewer(request)
    return get_object_or_404(Conversation.objects.select_related("dataset"), pk=pk)


def get_turn_for_user(request: HttpRequest, pk: int) -> Turn:
    require_reviewer(request)
    return get_object_or_404(Turn.objects.select_related("conversation"), pk=pk)


def get_flag_for_author(request: HttpRequest, pk: int) -> Flag:
    """Flags are edited and withdrawn by their author only."""
    require_reviewer(request)
    flag = get_object_or_404(Flag, pk=pk)
    if flag.author_id != request.user.pk:
        raise PermissionDenied("Only the author can change this flag.")
    return flag


def can_maintain(request: HttpRequest, language: str) -> bool:
    return is_maintainer_of(request.user, language)


def get_flag_for_closer(request: HttpRequest, pk: int) -> Flag:
    """Flags are closed and reopened by maintainers of their language (or of the config
    that scores it): anyone else who reviews gets 403."""
    require_reviewer(request)
    flag = get_object_or_404(Flag, pk=pk)
    if not may_close(request.user, flag.language):
        raise PermissionDenied("Maintainers of the flag's language only.")
    return flag


def can_close_flags(request: HttpRequest, language: str, config_language: str = "") -> bool:
    """May the user close flags of `language`? Without a query when its config language
    is known (a page that has its Language row), or when the user maintains nothing."""
    maintained = maintained_languages(request.user)
    if not maintained:
        return False
    if config_language:
        return bool({language, config_language} & maintained)
    return may_close(request.user, language)


def get_region_for_user(request: HttpRequest, pk: int, region: int):
    """(turn, score, region) for an error region of a turn's shown score; 404 when the
    turn is not scored under its language's scored version or has no such region."""
    turn = get_turn_for_user(request, pk)
    score = shown_score(turn)
    if score is None:
        raise Http404("This turn has no score under its language's scored version.")
    found = regions(score.alignment)
    if not 0 <= region < len(found):
        raise Http404("No such error region.")
    return turn, score, found[region]


def get_pass_for_user(request: HttpRequest, pk: int) -> ReviewPass:
    """Reviewers see every pass (its progress and agreement, never who is behind)."""
    require_reviewer(request)
    return get_object_or_404(
        ReviewPass.objects.select_related("version", "dataset", "created_by").defer(
            "version__content"
        ),
        pk=pk,
    )


def get_pass_for_maintainer(request: HttpRequest, pk: int) -> ReviewPass:
    """Adjudication is for maintainers of the pass's language."""
    review_pass = get_pass_for_user(request, pk)
    require_maintainer(request, review_pass.language)
    return review_pass


def get_assignment_for_reviewer(
    request: HttpRequest, pk: int, turn: int
) -> tuple[ReviewPass, Assignment]:
    """A turn of a pass in the user's own queue (its assignment, with the turn); 404 when
    the pass does not have the turn, PermissionDenied when it is in others' queues only."""
    review_pass = get_pass_for_user(request, pk)
    rows = Assignment.objects.filter(review_pass=review_pass, turn=turn).select_related(
        "turn__conversation"
    )
    mine = rows.filter(reviewer=request.user).first()
    if mine is None:
        if not rows.exists():
            raise Http404("This turn is not in this pass.")
        raise PermissionDenied("This turn is in other reviewers' queues.")
    return review_pass, mine


def get_reference_flag_for_user(request: HttpRequest, pk: int) -> Flag:
    """A reference-error flag (404 for another flag), for reviewers to read."""
    require_reviewer(request)
    flags = Flag.objects.select_related(
        "turn__conversation", "author", "resolved_by", "version"
    ).defer("version__content")
    return get_object_or_404(flags, pk=pk, category=Flag.Category.REFERENCE_ERROR)


def get_reference_flag_for_maintainer(request: HttpRequest, pk: int) -> Flag:
    """A reference-error flag its language's maintainers decide on; PermissionDenied for
    anyone else."""
    flag = get_reference_flag_for_user(request, pk)
    require_maintainer(request, flag.language)
    return flag


def get_batch_for_user(request: HttpRequest, pk: int) -> ImportBatch:
    """An import's result: for everyone who reads the conversations it brought."""
    require_reviewer(request)
    return get_object_or_404(ImportBatch.objects.select_related("created_by"), pk=pk)


def get_finding_for_maintainer(
    request: HttpRequest, pk: int, finding: int
) -> tuple[Conversation, DataFinding | None]:
    """A conversation's data-quality finding, to act on: maintainers of its language. The
    finding is None when the conversation was checked again since (its findings are new
    rows): the page that offered it is stale, not the URL wrong."""
    conversation = get_conversation_for_user(request, pk)
    require_maintainer(request, conversation.language)
    return conversation, DataFinding.objects.filter(pk=finding, conversation=conversation).first()


def get_repairing_for_maintainer(request: HttpRequest, pk: int) -> RePairing:
    """A re-pairing, to undo: maintainers of its conversation's language."""
    require_reviewer(request)
    repairing = get_object_or_404(RePairing.objects.select_related("conversation"), pk=pk)
    require_maintainer(request, repairing.conversation.language)
    return repairing
