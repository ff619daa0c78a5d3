"""The benchmark corpus loader's COPY: the columns it leaves out get the model's defaults."""

import pytest

from bench.support import SCORE_FIELDS, copy_rows, score_values
from reviewapp.models import Score, Turn
from reviewapp.services.configs import scorer_for
from reviewapp.services.scoring import score_row
from tests.reviewapp.factories import ConversationFactory, TurnFactory, config_version
from tests.support.services import require_postgresql

pytestmark = pytest.mark.postgres


@pytest.mark.django_db
def test_a_column_the_rows_leave_out_gets_its_model_default():
    require_postgresql()  # COPY is PostgreSQL's
    conversation = ConversationFactory()
    fields = ["conversation_id", "language", "index", "speaker", "reference", "hypothesis"]
    copy_rows(Turn, fields, [(conversation.pk, "en", 0, "user", "a b", "a c")])
    turn = Turn.objects.get(conversation=conversation)
    assert (turn.alternations, turn.labels, turn.scored, turn.reference_version) == (
        False,
        [],
        True,
        1,
    )


@pytest.mark.django_db
def test_a_copied_score_row_is_the_row_the_worker_writes():
    require_postgresql()
    version = config_version("en")
    turn = TurnFactory(reference="book it for seven", hypothesis="look it for 7")
    scorer = scorer_for(version)
    copy_rows(Score, SCORE_FIELDS, [score_values(turn, version, scorer)])
    copied = Score.objects.get(turn=turn, version=version)
    expected = score_row(turn, version, scorer)
    fields = ("errors", "ref_len", "reference_normalized", "alignment", "reference_version")
    assert [getattr(copied, f) for f in fields] == [getattr(expected, f) for f in fields]
