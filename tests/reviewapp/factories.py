"""Factories for review-app rows (factory_boy), and helpers that build scored data."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import factory
from django.conf import settings

from reviewapp.models import ConfigVersion, Conversation, Dataset, Flag, Language, Turn
from reviewapp.services.configs import create_version, scorer_for
from reviewapp.services.scoring import score_row
from scoring import load_bundle


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


class FlagFactory(factory.django.DjangoModelFactory):
    """A flag on the first reference word of a turn (pass `turn`, `version`, `author`)."""

    class Meta:
        model = Flag

    language = factory.SelfAttribute("turn.language")
    category = Flag.Category.FALSE_ERROR
    ref_start, ref_end, hyp_start, hyp_end = 0, 1, 0, 0
    ref_span = factory.LazyAttribute(lambda flag: flag.turn.reference.split()[0])


def config_version(language: str, *, scored: bool = True) -> ConfigVersion:
    """Version 1 of a language's config from configs/, active (and scored) for it."""
    source = load_bundle(language, settings.CONFIGS_DIR)
    source_language = source.config.language
    version = ConfigVersion.objects.filter(language=source_language).first()
    if version is None:
        version = create_version(source_language, source.data)
    Language.objects.update_or_create(
        code=language,
        defaults={
            "config_language": source_language,
            "active_version": version,
            "scored_version": version if scored else None,
        },
    )
    return version


def scored_conversation(
    pairs,
    *,
    language: str = "en",
    speakers=None,
    score: bool = True,
    alternations: bool = False,
    **fields,
) -> Conversation:
    """A conversation whose user turns are scored as the worker scores them
    (`alternations`: the references are in sclite's transcript syntax, as trn turns')."""
    conversation = ConversationFactory(language=language, **fields)
    version = config_version(language) if score else None
    for index, (reference, hypothesis) in enumerate(pairs):
        speaker = speakers[index] if speakers else "user"
        turn = TurnFactory(
            conversation=conversation,
            index=index,
            reference=reference,
            hypothesis=hypothesis,
            speaker=speaker,
            scored=speaker != "assistant",
            alternations=alternations,
        )
        if version is not None and turn.scored:
            score_row(turn, version, scorer_for(version)).save()
    return conversation


def cli_score(language: str, reference: str, hypothesis: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "--lang", language]
        + ["--ref", reference, "--hyp", hypothesis, "--json"],
        check=True,
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
    )
    return json.loads(out.stdout)


def htmx(target: str = "") -> dict:
    return {"HX-Request": "true", "HX-Target": target} if target else {"HX-Request": "true"}


def with_fillers(version: ConfigVersion, *words: str) -> dict:
    """The version's config bundle with more fillers: the smallest real proposal."""
    content = copy.deepcopy(version.content)
    content["config"]["fillers"] = content["config"]["fillers"] + list(words)
    return content


def with_rules(version: ConfigVersion, *rules: tuple[str, str]) -> dict:
    """The version's config bundle with more `replacements` (pattern, replacement)."""
    content = copy.deepcopy(version.content)
    added = [{"pattern": p, "replacement": r} for p, r in rules]
    content["config"]["replacements"] = content["config"].get("replacements", []) + added
    return content


def scored_under_new_rules(conversation: Conversation, *rules: tuple[str, str]) -> ConfigVersion:
    """English version 2 (version 1 with more `replacements`) whose scores of the
    conversation's turns are written in place and are the scored ones, with no job: the
    pages must show them whatever path wrote them."""
    old = ConfigVersion.objects.get(language="en", number=1)
    new = create_version("en", with_rules(old, *rules), message="more rules")
    scorer = scorer_for(new)
    for turn in conversation.turns.all():
        score_row(turn, new, scorer).save()
    Language.objects.filter(code="en").update(active_version=new, scored_version=new)
    return new


GERMAN_TURNS = [
    ("Mein Konto ist seit heute Morgen gesperrt.", "Mein Konto ist seit heute morgen gesperrt."),
    ("Ich habe mein Passwort dreimal falsch eingegeben.", "Ich habe mein Passwort 3 mal falsch"),
    ("Können Sie mir einen neuen Code schicken?", "Können Sie mir einen neuen Kot schicken"),
    ("Meine Handynummer endet auf vier sieben.", "Meine Handynummer endet auf 47."),
]


def shifted_conversation(language: str = "de", **fields) -> Conversation:
    """A scored conversation whose user turns 0-2 hold the transcripts of turns 1-3 (turn
    3's is empty), with its data-quality findings: a shift, and an empty hypothesis."""
    from reviewapp.services.dataquality import refresh_findings

    hypotheses = [hyp for _, hyp in GERMAN_TURNS[1:]] + [""]
    pairs = [(ref, hyp) for (ref, _), hyp in zip(GERMAN_TURNS, hypotheses, strict=True)]
    conversation = scored_conversation(pairs, language=language, **fields)
    refresh_findings([conversation.pk])
    return conversation
