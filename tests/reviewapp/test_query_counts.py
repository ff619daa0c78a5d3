"""The number of queries of each page is fixed: more rows never mean more queries (N+1).

Each test requests a page on a small review corpus (several conversations, flags of three
categories by two reviewers, a proposal linked to flags, a second config version, a
running job), asserts the exact count, then adds rows of the kinds the page lists and
asserts the same count again. The conversation list and the conversation page are
covered in views/test_conversations.py (growing rows and turns); the dashboard and the
flag queue also have growth tests there (languages, groups), these grow other rows.
"""

from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from reviewapp.models import ConfigVersion, Job, Score
from reviewapp.services.comments import do_comment
from reviewapp.services.configs import create_version
from reviewapp.services.flags import do_create_flag
from reviewapp.services.proposals import do_create_proposal
from reviewapp.services.scoring import create_job
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

PAIRS = [
    ("my flight is at seven", "my fight is at 7"),
    ("the booking code is A B C", "the looking code is ABC"),
    ("I need a window seat", "I need a window sit please"),
]


def flag_errors(author, conversation, category: str = "false_error") -> list:
    """Flag the first error region of every turn of a conversation."""
    return [
        do_create_flag(author, score, 0, category=category)
        for score in Score.objects.filter(turn__conversation=conversation, errors__gt=0)
    ]


@pytest.fixture
def corpus(reviewer, make_user):
    """Three scored English conversations, flags by two reviewers, a pending proposal
    linked to two flags, a second config version and a running rescore job."""
    other = make_user("otto-reviewer")
    conversations = [scored_conversation(PAIRS) for _ in range(3)]
    flags = flag_errors(reviewer, conversations[0])
    flags += flag_errors(other, conversations[1], "real_error")
    version = ConfigVersion.objects.get(language="en", number=1)
    add_proposal(reviewer, flags[:2])
    add_version(version, reviewer)
    create_job(Job.Kind.RESCORE, "en", version, [1, 2, 3])
    return {"conversations": conversations, "flags": flags, "version": version}


def add_proposal(author, flags, filler: str = "erm"):
    base = ConfigVersion.objects.filter(language="en").order_by("number").first()
    content = copy.deepcopy(base.content)
    content["config"]["fillers"] = [*content["config"]["fillers"], filler]
    return do_create_proposal(author, "en", content, title=f"{filler} is a filler", flags=flags)


def add_version(parent: ConfigVersion, author) -> ConfigVersion:
    content = copy.deepcopy(parent.content)
    content["config"]["description"] += " (next)"
    return create_version("en", content, author=author, approver=author, message="next")


def get(client, name: str, *args, **params):
    response = client.get(reverse(f"reviewapp:{name}", args=args), params)
    assert response.status_code == 200
    return response


def test_dashboard_queries_do_not_grow_with_flags_proposals_or_jobs(
    client_for, reviewer, corpus, django_assert_num_queries
):
    client = client_for(reviewer)
    get(client, "dashboard")
    # 12: one of them finds no review pass, one counts the data-quality findings
    with django_assert_num_queries(12):
        get(client, "dashboard")
    for _ in range(3):
        conversation = scored_conversation(PAIRS)
        flag_errors(reviewer, conversation, "reference_error")
        add_proposal(reviewer, [])
        create_job(Job.Kind.SCORE, "en", corpus["version"], [1])
    with django_assert_num_queries(12):
        get(client, "dashboard")


def test_flag_queue_queries_do_not_grow_with_flags_per_group(
    client_for, reviewer, make_user, corpus, django_assert_num_queries
):
    client = client_for(reviewer)
    get(client, "flag_queue")
    with django_assert_num_queries(8):  # one: the content stamp of the page's ETag
        get(client, "flag_queue")
    # the same error regions again, in new conversations and by new reviewers: the groups
    # stay, each lists more flags (with their authors and conversations)
    for n in range(3):
        flag_errors(make_user(f"reviewer-{n}"), scored_conversation(PAIRS))
    with django_assert_num_queries(8):
        get(client, "flag_queue")
    with django_assert_num_queries(8):
        get(client, "flag_queue", language="en")


def test_proposal_page_queries_do_not_grow_with_linked_flags_or_previews(
    client_for, reviewer, corpus, django_assert_num_queries
):
    client = client_for(reviewer)
    few = add_proposal(reviewer, corpus["flags"][:1], filler="hmm")
    many = add_proposal(reviewer, corpus["flags"], filler="uhm")
    for proposal in (few, many):
        for _ in range(2):
            Job.objects.create(kind=Job.Kind.PREVIEW, language="en", proposal=proposal)
    for proposal in (few, many):  # the discussion's comments, with their authors
        for n in range(len(corpus["flags"]) if proposal is many else 1):
            do_comment(reviewer, proposal, f"comment {n}")
    get(client, "proposal", few.pk)
    # 12: one reads the check sample, one the discussion, one names the linked flags'
    # turns (conversation id · turn index)
    with django_assert_num_queries(12) as small:
        get(client, "proposal", few.pk)
    assert len(corpus["flags"]) > 1
    with django_assert_num_queries(len(small.captured_queries)):
        get(client, "proposal", many.pk)


def test_config_history_queries_do_not_grow_with_versions(
    client_for, reviewer, corpus, django_assert_num_queries
):
    client = client_for(reviewer)
    get(client, "config_history", "en")
    with django_assert_num_queries(7) as few:
        get(client, "config_history", "en")
    parent = ConfigVersion.objects.filter(language="en").order_by("-number").first()
    for _ in range(3):
        parent = add_version(parent, reviewer)
    with django_assert_num_queries(len(few.captured_queries)):
        get(client, "config_history", "en")
    with django_assert_num_queries(len(few.captured_queries)):
        get(client, "config_history", "en", a="1", b="2")
