"""A score's turn and version are not checked by the database (an approval copies scores
by the hundred thousand, see `Score`); Django still enforces what the keys mean."""

from __future__ import annotations

import pytest
from django.db.models.deletion import Collector, ProtectedError

from reviewapp.models import Score, Turn

from .factories import scored_conversation

pytestmark = pytest.mark.django_db


def test_a_deleted_conversation_takes_its_turns_scores_with_it():
    kept = scored_conversation([("the cat sat", "the cat sat")])
    gone = scored_conversation([("a dog ran", "a dog run"), ("hello", "hello")])
    assert Score.objects.filter(turn__conversation=gone).count() == 2
    gone.delete()
    assert not Score.objects.exclude(turn__in=Turn.objects.all()).exists()  # no orphan
    assert Score.objects.filter(turn__conversation=kept).count() == 1


def test_a_version_with_scores_is_protected():
    conversation = scored_conversation([("the cat sat", "the cat sat")])
    version = Score.objects.get(turn__conversation=conversation).version
    with pytest.raises(ProtectedError):
        Collector(using="default").collect([version])
