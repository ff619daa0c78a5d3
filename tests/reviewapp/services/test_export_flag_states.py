"""The fixture export: which flags become test cases, and what each expects. Won't-fix
and duplicate flags are never cases (nor fixed ones); two flags saying the same of one
turn are one case; a case whose flag was closed leaves the file an earlier export wrote."""

from __future__ import annotations

import json

import pytest

from reviewapp.models import Flag
from reviewapp.services.exports import dropped_flag_ids, fixture_cases, write_fixtures
from reviewapp.services.flag_states import do_close_flags, do_reopen_flag
from reviewapp.services.flags import do_create_flag, do_withdraw_flag
from tests.reviewapp.factories import scored_conversation

pytestmark = pytest.mark.django_db


@pytest.fixture
def scores():
    pairs = [("das Konto ist leer", "das Kondo ist lehr"), ("ein Hund", "ein Hunt")]
    return [t.scores.get() for t in scored_conversation(pairs, language="de").turns.all()]


def expectations(language: str = "de") -> list[tuple[int, str]]:
    return [(case["flag_id"], case["expect"]) for case in fixture_cases(language)]


def test_wont_fix_and_duplicate_flags_are_not_cases(reviewer, maintainer_de, scores):
    konto = do_create_flag(reviewer, scores[0], 0, category="false_error")
    leer = do_create_flag(reviewer, scores[0], 1, category="real_error")
    hund = do_create_flag(reviewer, scores[1], 0, category="false_error")
    gone = do_create_flag(maintainer_de, scores[1], 0, category="real_error")
    do_withdraw_flag(maintainer_de, gone)
    assert expectations() == [(konto.pk, "open"), (leer.pk, "stays_error"), (hund.pk, "open")]
    do_close_flags(maintainer_de, [konto.pk], status="wont_fix", reason="a brand name")
    do_close_flags(maintainer_de, [hund.pk], status="duplicate", duplicate_of=leer.pk)
    assert expectations() == [(leer.pk, "stays_error")]
    # asked for by id, still not
    assert fixture_cases("de", [konto.pk, hund.pk]) == []
    assert dropped_flag_ids("de") == {konto.pk, hund.pk, gone.pk}
    do_reopen_flag(maintainer_de, Flag.objects.get(pk=konto.pk))
    assert expectations() == [(konto.pk, "open"), (leer.pk, "stays_error")]


def test_a_wont_fix_flag_is_never_exported_as_fixed(reviewer, maintainer_de, scores):
    """Closed before a proposal was approved, it stays closed (approval addresses open
    flags only), so it cannot become a `stays_fixed` case."""
    flag = do_create_flag(reviewer, scores[0], 0, category="false_error")
    do_close_flags(maintainer_de, [flag.pk], status="wont_fix", reason="a brand name")
    Flag.objects.filter(pk=flag.pk).update(addressed_by=flag.version)  # even so
    assert "stays_fixed" not in {case["expect"] for case in fixture_cases("de")}
    assert fixture_cases("de") == []


def test_two_reviewers_flags_of_one_region_are_one_case(reviewer, maintainer_de, scores):
    first = do_create_flag(reviewer, scores[0], 1, category="real_error", note="mine")
    do_create_flag(maintainer_de, scores[0], 1, category="real_error", note="theirs")
    other = do_create_flag(maintainer_de, scores[0], 0, category="real_error")
    assert expectations() == [(first.pk, "stays_error"), (other.pk, "stays_error")]


def test_a_closed_flag_leaves_the_file_of_an_earlier_export(
    tmp_path, reviewer, maintainer_de, scores
):
    konto = do_create_flag(reviewer, scores[0], 0, category="real_error")
    leer = do_create_flag(reviewer, scores[0], 1, category="real_error")
    write_fixtures(tmp_path, "de", fixture_cases("de"))
    do_close_flags(maintainer_de, [konto.pk], status="wont_fix", reason="a brand name")
    path = write_fixtures(tmp_path, "de", fixture_cases("de"), drop=dropped_flag_ids("de"))
    cases = json.loads(path.read_text("utf-8"))["cases"]
    assert [case["flag_id"] for case in cases] == [leer.pk]


def test_the_command_takes_closed_flags_out_of_the_file(tmp_path, reviewer, maintainer_de, scores):
    from io import StringIO

    from django.core.management import call_command

    def exported() -> list[int]:
        call_command("export_fixtures", "--out", str(tmp_path), stdout=StringIO())
        return [
            c["flag_id"] for c in json.loads((tmp_path / "de.json").read_text("utf-8"))["cases"]
        ]

    first = do_create_flag(reviewer, scores[1], 0, category="real_error")
    again = do_create_flag(maintainer_de, scores[1], 0, category="real_error", note="x")
    assert exported() == [first.pk]  # one case of one region
    do_close_flags(maintainer_de, [first.pk], status="wont_fix", reason="a dialect form")
    assert exported() == [again.pk]
    do_close_flags(maintainer_de, [again.pk], status="wont_fix", reason="a dialect form")
    assert exported() == []
