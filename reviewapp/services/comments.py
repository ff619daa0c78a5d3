"""A proposal's discussion: a comment is kept as written, with its audit event, and tells
the people already in the conversation (the author and earlier commenters)."""

from __future__ import annotations

from django.db import transaction

from ..models import Proposal, ProposalComment
from . import audit, notifications

MAX_COMMENT_CHARS = 5_000


class CommentError(ValueError):
    """A comment that cannot be saved as it is, with the reason."""


@transaction.atomic
def do_comment(user, proposal: Proposal, text: str) -> ProposalComment:
    text = text.strip()
    if not text:
        raise CommentError("a comment needs some text")
    if len(text) > MAX_COMMENT_CHARS:
        raise CommentError(f"a comment is at most {MAX_COMMENT_CHARS} characters")
    comment = ProposalComment.objects.create(proposal=proposal, author=user, text=text)
    audit.record(
        user,
        audit.Action.PROPOSAL_COMMENTED,
        proposal,
        language=proposal.language,
        comment=comment.pk,
    )
    notifications.proposal_commented(comment)
    return comment
