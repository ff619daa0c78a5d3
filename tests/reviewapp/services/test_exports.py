"""Fixture export of adjudicated labels only (`--adjudicated`): the newest decision per
region, with its label, whatever the reviewers flagged."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from reviewapp.models import Flag, Score
from reviewapp.services.exports import fixture_cases, write_fixtures
from reviewapp.services.flags import do_create_flag
from reviewapp.services.passes import do_adjudicate, do_create_pass, do_mark_reviewed
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db

TWO_REGIONS = ("the red car is blue today", "the rad car is blew today")


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


@pytest.fixture
def decided(maintainer_en, reviewer, make_user):
    """One turn, two reviewers who flag region 0 differently; the maintainer decides it
    is a real error, then (newest) a false error; region 1 is decided "none"."""
    other = make_user("otto-reviewer")
    turn = scored_conversation([TWO_REGIONS]).turns.get()
    review_pass = do_create_pass(
        maintainer_en, name="p", language="en", reviewers=[reviewer, other], overlap=2
    )
    score = Score.objects.get(turn=turn)
    flags = [
        do_create_flag(reviewer, score, 0, category="real_error"),
        do_create_flag(other, score, 0, category="false_error"),
    ]
    for user in (reviewer, other):
        do_mark_reviewed(user, review_pass, turn)
    first = do_adjudicate(maintainer_en, review_pass, turn, 0, "real_error")
    newest = do_adjudicate(maintainer_en, review_pass, turn, 0, "false_error", note="variant")
    do_adjudicate(maintainer_en, review_pass, turn, 1, "none")
    return {"turn": turn, "flags": flags, "first": first, "newest": newest}


def test_only_the_newest_adjudication_of_each_region_is_a_case(decided):
    (case,) = fixture_cases("en", adjudicated=True)
    assert case["adjudication_id"] == decided["newest"].pk and "flag_id" not in case
    assert (case["category"], case["note"], case["status"]) == (
        "false_error",
        "variant",
        "adjudicated",
    )
    assert (case["ref_span"], case["hyp_span"]) == ("red", "rad")
    assert case["adjudicated_by"] == "erin-maintainer-en"
    assert case["expect"] == "open"  # no config version has fixed it
    assert case["errors_when_flagged"] == 2


def test_a_false_error_fixed_by_a_version_must_stay_fixed(decided):
    fixer = decided["flags"][1].version  # any version: a stand-in for the fixing one
    Flag.objects.filter(pk=decided["flags"][1].pk).update(
        status=Flag.Status.ADDRESSED, addressed_by=fixer
    )
    (case,) = fixture_cases("en", adjudicated=True)
    assert case["expect"] == "stays_fixed" and case["fixed_by"] == fixer.label


def test_flags_are_still_exported_without_the_option(decided):
    cases = fixture_cases("en")
    assert sorted(c["flag_id"] for c in cases) == sorted(f.pk for f in decided["flags"])


def test_the_command_writes_adjudicated_cases_beside_flag_cases(decided, tmp_path):
    write_fixtures(tmp_path, "en", fixture_cases("en"))
    call_command("export_fixtures", "--adjudicated", "--out", str(tmp_path))
    cases = json.loads((tmp_path / "en.json").read_text("utf-8"))["cases"]
    assert [("flag_id" in c, "adjudication_id" in c) for c in cases] == [
        (True, False),
        (True, False),
        (False, True),
    ]
    # written again, nothing doubles
    call_command("export_fixtures", "--adjudicated", "--out", str(tmp_path))
    assert len(json.loads((tmp_path / "en.json").read_text("utf-8"))["cases"]) == 3


def test_the_download_takes_adjudicated_too(client_for, reviewer, decided):
    response = client_for(reviewer).get(
        reverse("reviewapp:fixtures", args=["en"]), {"adjudicated": "1"}
    )
    (case,) = response.json()["cases"]
    assert case["adjudication_id"] == decided["newest"].pk


def test_a_case_of_a_turn_with_alternations_says_so_and_counts_as_the_worker(reviewer):
    pair = ("the cat sat on { @ / the } big mat", "the cat sat on a mat")
    turn = scored_conversation([pair], alternations=True).turns.get()
    score = Score.objects.get(turn=turn)
    do_create_flag(reviewer, score, 0, category="real_error")
    (case,) = fixture_cases("en")
    assert case["alternations"] is True
    assert case["errors_when_flagged"] == score.errors == 1
    assert case["reference"] == pair[0]


def test_a_case_of_a_plain_turn_has_no_alternations_field(decided):
    assert all("alternations" not in case for case in fixture_cases("en", adjudicated=True))
