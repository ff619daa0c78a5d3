"""Factories for review-app rows (factory_boy)."""

from __future__ import annotations

import factory

from reviewapp.models import Conversation, Dataset, Turn


class DatasetFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Dataset
        django_get_or_create = ("name",)

    name = "test-set"


class ConversationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Conversation

    dataset = factory.SubFactory(DatasetFactory)
    external_id = factory.Sequence(lambda n: f"conv-{n}")
    language = "en"
    model = "stt-test"


class TurnFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Turn

    conversation = factory.SubFactory(ConversationFactory)
    language = factory.SelfAttribute("conversation.language")
    index = factory.Sequence(int)
    speaker = "user"
    reference = "my flight is at seven"
    hypothesis = "my fight is at 7"
