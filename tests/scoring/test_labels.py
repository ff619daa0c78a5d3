"""`python -m scoring labels`: false errors a config leaves, real errors it hides."""

import json
import subprocess
import sys
from pathlib import Path

from scoring.labels import measure

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "reviewapp" / "demo" / "demo_conversations.jsonl"


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
