"""The benchmark's COPY loader writes what the app writes: every column a turn needs, and
scores from turns read with every field `score_row` uses (a deferred field would cost a
query per turn, a hundred thousand of them)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import support
from reviewapp.models import Turn
from reviewapp.services.configs import scorer_for
from tests.reviewapp.factories import TurnFactory, config_version


def test_turn_copy_names_every_column_without_a_default():
    required = {
        field.column
        for field in Turn._meta.concrete_fields
        if not field.null and not field.primary_key and not field.has_default()
    }
    assert required <= set(support.TURN_FIELDS)
    defaulted = {f.column for f in Turn._meta.concrete_fields if f.has_default()}
    # the database has no defaults (Django keeps them in Python): COPY must name them too
    assert defaulted <= set(support.TURN_FIELDS)


@pytest.mark.django_db
def test_turns_read_for_scoring_need_no_further_query():
    version = config_version("en")
    TurnFactory(language="en", reference="hello world", hypothesis="hello word")
    scorer = scorer_for(version)
    turns = list(support.turns_to_score())
    with CaptureQueriesContext(connection) as queries:
        values = [support.score_values(turn, version, scorer) for turn in turns]
    assert len(values) == 1
    assert queries.captured_queries == []
