"""`manage.py check_data`: the checks again over the database, findings replaced."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from reviewapp.models import DataFinding, Turn
from tests.reviewapp.factories import GERMAN_TURNS, scored_conversation

pytestmark = pytest.mark.django_db

NEXT = GERMAN_TURNS[1:] + [("", "")]
SHIFTED = [(ref, hyp) for (ref, _), (_, hyp) in zip(GERMAN_TURNS, NEXT, strict=True)]


def check_data(*args) -> str:
    out = io.StringIO()
    call_command("check_data", *args, stdout=out)
    return out.getvalue()


def test_it_finds_what_was_imported_before_the_checks_and_says_how_much():
    shifted = scored_conversation(SHIFTED, language="de", external_id="de-1")
    scored_conversation(GERMAN_TURNS, language="de")
    assert not DataFinding.objects.exists()  # the factories do not run the checks
    out = check_data("--list")
    assert "de-1: turns 0–2: each hypothesis is the transcript of the user turn 1 later" in out
    assert out.splitlines()[-1] == (
        "Checked 2 conversation(s): 2 finding(s) in 1 (shifted hypotheses 1, empty hypothesis 1)"
    )
    assert set(shifted.findings.values_list("kind", flat=True)) == {"shift", "empty"}


def test_a_second_run_replaces_the_findings_with_the_data_as_it_is():
    shifted = scored_conversation(SHIFTED, language="de")
    check_data()
    first = set(DataFinding.objects.values_list("pk", flat=True))
    for turn, (_, hyp) in zip(shifted.turns.order_by("index"), GERMAN_TURNS, strict=True):
        Turn.objects.filter(pk=turn.pk).update(hypothesis=hyp)
    assert check_data().strip() == "Checked 1 conversation(s): 0 finding(s) in 0"
    assert not DataFinding.objects.filter(pk__in=first).exists()


def test_it_checks_only_the_conversations_asked_for():
    scored_conversation(SHIFTED, language="de")
    english = scored_conversation([("Yes, please.", "")], language="en")
    assert check_data("--language", "en").strip().startswith("Checked 1 conversation(s): 1")
    assert list(DataFinding.objects.values_list("conversation", flat=True)) == [english.pk]
    assert check_data("--dataset", "nothing-here").startswith("Checked 0 conversation(s)")
    assert check_data("--batch", "999").startswith("Checked 0 conversation(s)")
