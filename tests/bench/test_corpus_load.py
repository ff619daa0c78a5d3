"""The benchmark's COPY loader writes what the app writes: every column a turn needs, and
scores from turns read with every field `score_row` uses (a deferred field would cost a
query per turn, a hundred thousand of them)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import support
from reviewapp.models import Score, Turn
from reviewapp.services.configs import scorer_for
from reviewapp.services.scoring import score_row
from tests.reviewapp.factories import TurnFactory, config_version
from tests.support.services import require_postgresql


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


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_copied_score_row_is_the_row_the_worker_writes():
    require_postgresql()  # COPY is PostgreSQL's
    version = config_version("en")
    turn = TurnFactory(reference="book it for seven", hypothesis="look it for 7")
    scorer = scorer_for(version)
    support.copy_rows(Score, support.SCORE_FIELDS, [support.score_values(turn, version, scorer)])
    copied = Score.objects.get(turn=turn, version=version)
    expected = score_row(turn, version, scorer)
    fields = ("errors", "ref_len", "reference_normalized", "alignment", "reference_version")
    assert [getattr(copied, f) for f in fields] == [getattr(expected, f) for f in fields]
