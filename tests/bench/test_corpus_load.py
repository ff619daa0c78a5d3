"""The benchmark's COPY loader writes what the app writes: every column a turn needs, and
scores from turns read with every field `score_row` uses (a deferred field would cost a
query per turn, a hundred thousand of them)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import support
from reviewapp.models import Score, Turn
from reviewapp.services.configs import scorer_for
from tests.reviewapp.factories import TurnFactory, config_version


@pytest.mark.parametrize(
    ("model", "columns"), [(Turn, support.TURN_FIELDS), (Score, support.SCORE_FIELDS)]
)
def test_copy_names_every_column_once(model, columns):
    # the tables have no defaults (Django keeps them in Python): COPY must name them all
    wanted = {field.column for field in model._meta.concrete_fields if not field.primary_key}
    assert set(columns) == wanted
    assert len(columns) == len(set(columns))


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
