"""The conversation list sorted by rate reads scored conversations (by rate) and the rest
(by id) apart, so the top of a long list is an index walk; every page of it is the page
one query ordering everything gives, ties and rates without a value included."""

from __future__ import annotations

import pytest

from reviewapp.models import Conversation, ConversationSummary
from reviewapp.queries import (
    ConversationFilters,
    conversation_models,
    conversation_rows,
    scored_versions,
)
from tests.reviewapp.factories import ConversationFactory, scored_conversation

pytestmark = pytest.mark.django_db

PAIRS = [
    [("my flight is at seven", "my fight is at 7")],
    [("book a window seat", "book a window sit")],
    [("book a window seat", "book a window seat")],  # rate 0
    [("my flight is at seven", "my fight is at 7")],  # a tie with the first
    [("the code is A B C", "the looking code is ABC")],
]


@pytest.fixture
def conversations():
    made = [scored_conversation(pairs, model="stt-beta") for pairs in PAIRS * 2]
    made += [scored_conversation(PAIRS[0], model="stt-beta", score=False) for _ in range(3)]
    made += [scored_conversation(PAIRS[1], model="stt-alpha")]
    # a summary without a rate (no reference words): sorted with the unscored
    ConversationSummary.objects.filter(conversation=made[4]).update(rate=None)
    return made


def one_query(filters: ConversationFilters):
    """The list's rows as one query ordering everything (what the split must equal)."""
    return conversation_rows(filters, scored_versions(), split=False)


@pytest.mark.parametrize("sort", ["rate_desc", "rate_asc"])
@pytest.mark.parametrize("model", ["", "stt-beta"])
def test_every_page_is_the_page_of_one_query(conversations, sort, model):
    filters = ConversationFilters(language="en", model=model, sort=sort)
    split, whole = conversation_rows(filters, scored_versions()), one_query(filters)
    expected = [row.pk for row in whole]
    assert split.count() == len(expected)
    for size in (1, 2, 3, 5, 7, 50):
        for start in range(0, len(expected) + size, size):
            page = [row.pk for row in split[start : start + size]]
            assert page == expected[start : start + size], (size, start)


def test_the_rows_keep_their_sums(conversations):
    filters = ConversationFilters(language="en")
    split = conversation_rows(filters, scored_versions())
    whole = list(one_query(filters))
    fields = ("pk", "rate", "errors", "ref_len", "scored_turns", "substitutions")
    assert [tuple(getattr(row, f) for f in fields) for row in split[0:50]] == [
        tuple(getattr(row, f) for f in fields) for row in whole
    ]
    assert [row.dataset.name for row in split[0:50]] == [row.dataset.name for row in whole]


@pytest.mark.parametrize(
    "names", [[], ["b"], ["stt-beta", "", "stt-alpha", "stt-beta", "B", "a b", "é", "Z", "-x"]]
)
def test_the_models_are_those_a_distinct_query_finds(names):
    """`conversation_models` probes the index model by model: the same list, in the same
    order, as SELECT DISTINCT reads (on SQLite here, on PostgreSQL in CI)."""
    for name in names:
        ConversationFactory(model=name)
    distinct = Conversation.objects.exclude(model="").order_by("model").values_list("model")
    assert conversation_models() == [name for (name,) in distinct.distinct()]
