"""Every committed reviewed fixture holds under the current configs: a false error fixed
by an approved proposal stays fixed, and a real STT error stays counted."""

import json
import os
from pathlib import Path

import pytest

from scoring import load_scorer
from scoring.evaluate import record_scorer
from scoring.formats import Record

# Another folder of fixtures and configs can be checked the same way (the review loop's
# end-to-end test exports both and runs this module on them).
FOLDER = Path(
    os.environ.get("LEXICHECK_REVIEWED_DIR")
    or Path(__file__).resolve().parents[1] / "fixtures" / "reviewed"
)
CONFIG_DIR = os.environ.get("LEXICHECK_CONFIGS_DIR")


def case_id(case: dict) -> str:
    """A case comes from a flag or from an adjudication in a review pass."""
    if "adjudication_id" in case:
        return f"adjudication{case['adjudication_id']}"
    return f"flag{case['flag_id']}"


CASES = [
    pytest.param(case, id=f"{path.stem}-{case_id(case)}")
    for path in sorted(FOLDER.glob("*.json"))
    for case in json.loads(path.read_text("utf-8"))["cases"]
    if case["expect"] != "open"
]


def test_there_are_reviewed_fixtures():
    assert CASES, f"no reviewed fixtures in {FOLDER}"


def case_scorer(scorer, case: dict):
    """A case of a reference in sclite's transcript syntax (`alternations`, a trn turn's)
    is scored as the CLI scores trn files, as the app's worker scored it."""
    if not case.get("alternations"):
        return scorer.score
    trn = record_scorer(scorer, "sclite")
    return lambda reference, hypothesis: trn(Record("", reference, hypothesis, alternations=True))


@pytest.mark.parametrize("case", CASES)
def test_reviewed_case_still_holds(case):
    scorer = load_scorer(case["language"], CONFIG_DIR)
    errors = case_scorer(scorer, case)(case["reference"], case["hypothesis"]).counts
    if case["expect"] == "stays_fixed":
        assert errors.errors <= case["errors_after_fix"], case["note"]
    else:
        assert errors.errors > 0, case["note"]


def test_a_case_with_alternations_is_scored_through_them():
    scorer = load_scorer("plain")
    assert case_scorer(scorer, {"alternations": True})("a { b / @ } c", "a c").counts.errors == 0
    assert case_scorer(scorer, {})("a { b / @ } c", "a c").counts.errors > 0
