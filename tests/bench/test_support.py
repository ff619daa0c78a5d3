"""The benchmark corpus loader's COPY: the columns it leaves out get the model's defaults."""

import pytest

from bench.support import copy_rows
from reviewapp.models import Turn
from tests.reviewapp.factories import ConversationFactory
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
