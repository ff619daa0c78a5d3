"""Notifications: a decision on your proposal, a proposal waiting for your language.

Written in the transaction of the change they tell about (so a rolled-back approval
notifies no one); mailed once that transaction commits, to recipients with an address.
A mail server that is down loses the mail, never the change or the in-app notice.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from ..models import Notification, Proposal
from ..roles import MAINTAINER

log = logging.getLogger(__name__)
Kind = Notification.Kind


def proposal_waiting(proposal: Proposal) -> list[Notification]:
    """Tell the maintainers of the proposal's language (but not its author) it waits."""
    maintainers = get_user_model().objects.filter(
        Q(groups__name=MAINTAINER, maintained_languages__language=proposal.language),
        is_active=True,
    )
    text = f"{proposal.author} proposes “{proposal.title}” for {proposal.language}."
    return _send(
        maintainers.exclude(pk=proposal.author_id).distinct(), Kind.PROPOSAL_WAITING, proposal, text
    )


def proposal_decided(proposal: Proposal) -> list[Notification]:
    """Tell the author that a maintainer approved or rejected their proposal."""
    if proposal.reviewer_id == proposal.author_id:
        return []  # a maintainer deciding on their own proposal knows
    if proposal.status == Proposal.Status.APPROVED:
        kind, text = Kind.PROPOSAL_APPROVED, f"{proposal.reviewer} approved “{proposal.title}”."
    else:
        kind = Kind.PROPOSAL_REJECTED
        text = f"{proposal.reviewer} rejected “{proposal.title}”: {proposal.review_note}"
    recipients = get_user_model().objects.filter(pk=proposal.author_id, is_active=True)
    return _send(recipients, kind, proposal, text)


def proposal_commented(comment) -> list[Notification]:
    """Tell the proposal's author and everyone who commented before, except the writer."""
    proposal = comment.proposal
    earlier = proposal.comments.exclude(pk=comment.pk).values_list("author_id", flat=True)
    people = {proposal.author_id, *earlier} - {comment.author_id}
    recipients = get_user_model().objects.filter(pk__in=people, is_active=True)
    text = f"{comment.author} on “{proposal.title}”: {comment.text[:200]}"
    return _send(recipients, Kind.PROPOSAL_COMMENTED, proposal, text)


def _send(recipients, kind: str, proposal: Proposal, text: str) -> list[Notification]:
    notes = Notification.objects.bulk_create(
        Notification(recipient=user, kind=kind, proposal=proposal, text=text) for user in recipients
    )
    addresses = [n.recipient.email for n in notes if n.recipient.email]
    if addresses:
        link = reverse("reviewapp:proposal", args=[proposal.pk])
        subject = f"[Lexicheck] {Notification.Kind(kind).label}"
        body = f"{text}\n\n{settings.SITE_URL}{link}\n"
        transaction.on_commit(lambda: _mail(subject, body, addresses), robust=True)
    return notes


def _mail(subject: str, body: str, addresses: list[str]) -> None:
    # One message per recipient: no one sees who else was told.
    for address in addresses:
        try:
            send_mail(subject, body, None, [address])
        except OSError as exc:  # an SMTP server that is down or refuses
            log.warning("notification mail to %s not sent: %s", address, exc)


def unread(user):
    return Notification.objects.filter(recipient=user, read_at=None)


def do_mark_read(user, pk: int | None = None) -> int:
    """Mark one of the user's notifications (or all of them) read; returns how many."""
    notes = unread(user)
    if pk is not None:
        notes = notes.filter(pk=pk)
    return notes.update(read_at=timezone.now())
