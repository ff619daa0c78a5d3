"""The fixture export says which reference version each case holds, and a flag made
before its turn's reference was corrected carries the text it was made on."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from reviewapp.services.exports import fixture_cases, write_fixtures
from reviewapp.services.flags import do_create_flag
from reviewapp.services.references import do_accept_reference
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

BEFORE = "the cat sat on the mat at noone"
AFTER = "the cat sat on the mat at noon"


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


@pytest.fixture
def flags(reviewer, maintainer_en):
    """A real error (cat → bat) flagged on reference v1, then the reference corrected."""
    turn = scored_conversation([(BEFORE, "the bat sat on the mat at noon")]).turns.get()
    score = turn.scores.get()
    real = do_create_flag(reviewer, score, 0, category="real_error", note="bat")
    typo = do_create_flag(reviewer, score, 1, category="reference_error", proposed_reference=AFTER)
    return real, typo


def test_a_case_names_its_reference_version(flags):
    (case,) = fixture_cases("en")
    assert (case["reference"], case["reference_version"]) == (BEFORE, 1)
    assert case["flagged_on_reference_version"] == 1
    assert "flagged_reference" not in case
    assert case["errors_when_flagged"] == 2


def test_a_case_flagged_before_a_correction_keeps_the_text_it_was_flagged_on(
    flags, maintainer_en, tmp_path
):
    real, typo = flags
    do_accept_reference(maintainer_en, typo, AFTER)
    (case,) = fixture_cases("en")  # reference errors are not normalizer fixtures
    assert case["flag_id"] == real.pk
    assert (case["reference"], case["reference_version"]) == (AFTER, 2)
    assert (case["flagged_on_reference_version"], case["flagged_reference"]) == (1, BEFORE)
    assert case["errors_when_flagged"] == 2  # counted on what the reviewer saw
    written = json.loads(write_fixtures(tmp_path, "en", [case]).read_text("utf-8"))
    assert written["cases"][0]["reference_version"] == 2


def test_the_download_carries_the_reference_versions(client_for, reviewer, flags, maintainer_en):
    do_accept_reference(maintainer_en, flags[1], AFTER)
    response = client_for(reviewer).get(reverse("reviewapp:fixtures", args=["en"]))
    (case,) = json.loads(response.content)["cases"]
    assert (case["reference_version"], case["flagged_on_reference_version"]) == (2, 1)
