"""`python -m scoring labels`: false errors a config leaves, real errors it hides."""

import json
import subprocess
import sys

import pytest

from scoring import load_bundle
from scoring.labels import measure, without_fields
from tests.scoring.helpers import DEMO, ROOT


def test_a_label_is_checked_on_its_spans():
    records = [{"language": "en", "turns": [{"labels": [
        {"kind": "contraction", "ref_span": "I'm", "hyp_span": "I am", "real_error": False},
        {"kind": "spoken_symbol", "ref_span": "dev slash ops", "hyp_span": "dev/ops",
         "real_error": False},
        {"kind": "substitution", "ref_span": "flight", "hyp_span": "fight", "real_error": True},
        {"kind": "deletion", "ref_span": "um", "hyp_span": "", "real_error": True},
        {"kind": "annotation", "ref_span": "[slow]", "hyp_span": "", "real_error": False},
    ]}]}]  # fmt: skip
    tallies = measure(records)["en"]
    assert (tallies["contraction"].false_errors, tallies["contraction"].false_errors_left) == (1, 0)
    assert tallies["spoken_symbol"].false_errors_left == 1
    assert tallies["substitution"].real_errors_hidden == 0
    assert tallies["deletion"].real_errors_hidden == 1  # a filler hides a real deletion
    assert "annotation" not in tallies


def test_no_shipped_config_hides_a_real_error_of_the_demo_set():
    records = [json.loads(line) for line in DEMO.read_text("utf-8").splitlines()]
    for language, kinds in measure(records).items():
        hidden = {k: t.examples_hidden for k, t in kinds.items() if t.real_errors_hidden}
        assert not hidden, (language, hidden)


def test_the_cli_prints_a_row_per_language():
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "labels", "--input", str(DEMO), "--lang", "de"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "de       (all)" in out


def records_of_demo() -> list[dict]:
    return [json.loads(line) for line in DEMO.read_text("utf-8").splitlines()]


def totals(tallies) -> tuple[int, int]:
    kinds = tallies.values()
    return sum(t.false_errors_left for t in kinds), sum(t.real_errors_hidden for t in kinds)


# The optional rules, each measured on the demo set's labelled differences: leaving
# the rule out must leave more false errors in every language that turns it on, and with
# the rule no real error may be hidden.
ISSUE_11_RULES = [
    (("codes",), {"en", "de", "nl", "fr", "fr-CA", "es", "it", "ha", "ko"}),
    (("emails",), {"en", "de", "nl", "fr", "fr-CA", "es", "it"}),
    (("hindi.fractional_times",), {"hi"}),
    (("hindi.spelling_variants", "hindi.anusvara_same_class"), {"hi"}),
    (("codes.letter_names", "codes.ordinary_letter_names"), {"ko"}),
    (
        ("code_switch_languages", "code_switch_same_script", "code_switch_phonetic"),
        {"de", "nl", "fr", "fr-CA", "es", "it", "hi", "ja", "ko"},
    ),
]


# The class rules (numbers, times, money, measures, dates, codes), measured the same way.
CLASS_RULES = [
    (("times",), {"en", "de", "nl"}),
    (("money",), {"en", "de"}),
    (("dates",), {"en"}),
    (("measures",), {"en"}),
    (("codes.per_character",), {"en"}),
    (("initialisms",), {"en"}),
]
RULES = ISSUE_11_RULES + CLASS_RULES


@pytest.mark.parametrize(("fields", "languages"), RULES, ids=["+".join(f) for f, _ in RULES])
def test_each_rule_removes_false_errors_and_hides_no_real_one(fields, languages):
    records = records_of_demo()
    as_is = measure(records, languages=languages)
    ablated = measure(records, languages=languages, without=fields)
    assert set(ablated) == languages
    for language in languages:
        left, hidden = totals(as_is[language])
        left_without, _ = totals(ablated[language])
        assert hidden == 0, language
        assert left_without > left, (language, fields)


def test_without_fields_removes_a_nested_field_or_says_none_is_set():
    bundle = load_bundle("hi")
    assert bundle.config.hindi.fractional_times is not None
    assert without_fields(bundle, ["hindi.fractional_times"]).config.hindi.fractional_times is None
    assert without_fields(bundle, ["contractions"]) is None  # hi has no contractions
    assert without_fields(bundle, ["hindi.nothing.here"]) is None


def test_the_cli_compares_with_and_without_a_rule():
    out = run_cli("--without", "emails", "--lang", "en", "--lang", "ja")
    assert out.returncode == 0, out.stderr
    header, en = out.stdout.splitlines()[1:3]
    assert header.split()[:2] == ["language", "left"]
    assert en.split()[0] == "en" and en.split()[3] == "1"  # one spoken address in en
    assert "ja " not in out.stdout  # ja does not set emails


def test_the_cli_names_the_field_a_removal_breaks():
    out = run_cli("--without", "codes.letter_names", "--lang", "ko")
    assert out.returncode == 2
    assert "ko.json without codes.letter_names: codes: ordinary_letter_names" in out.stderr


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "labels", "--input", str(DEMO), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
