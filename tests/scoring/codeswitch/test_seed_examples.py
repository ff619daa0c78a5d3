"""The two Before/After tables of Hindi with English words, through the CLI as a
subprocess: `strict_wer` is the Hindi-only WER (Before), `wer` the code-switch-aware WER
(After). The table is scored by one process reading it as a JSONL file (a process costs
a second); the one-pair command line (`--ref`, `--hyp`) is checked to give the same line."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tests.scoring.helpers import run_cli as run

ROOT = Path(__file__).resolve().parents[3]


def score(reference: str, hypothesis: str) -> dict:
    return json.loads(
        run("score", "--lang", "hi", "--ref", reference, "--hyp", hypothesis, "--json")
    )


# (intended, transcript, before, after, seed's before %, seed's after %)
TABLE = [
    # Hindi code-switching: English views.
    ("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है",
     Fraction(1, 5), Fraction(0), "20%", "0%"),
    ("मुझे twenty five मार्च की booking चाहिए", "मुझे 25 मार्च की बुकिंग चाहिए",
     Fraction(2, 7), Fraction(0), "29%", "0%"),
    ("I'm not sure, क्या आप check कर सकते हैं", "I am not sure क्या आप check कर सकते हैं",
     Fraction(1, 10), Fraction(0), "10%", "0%"),
    ("मुझे 7 बजे की फ़्लाइट चाहिए", "मुझे seven बजे की फ़्लाइट चाहिए",
     Fraction(1, 6), Fraction(1, 6), "17%", "17%"),
    ("मेरी flight कल है", "मेरी fight कल है",
     Fraction(1, 4), Fraction(1, 4), "25%", "25%"),
    # Phonetic matcher.
    ("मेरे लैपटॉप में नेटवर्क प्रॉब्लम है", "मेरे लैपटॉप में network problem है",
     Fraction(2, 6), Fraction(0), "33%", "0%"),
    ("कृपया मेरा अपॉइंटमेंट कन्फर्म कीजिए", "कृपया मेरा appointment confirm कीजिए",
     Fraction(2, 5), Fraction(0), "40%", "0%"),
    ("मैं कल आऊँगा", "मैं call आऊँगा",
     Fraction(1, 3), Fraction(1, 3), "33%", "33%"),
    ("मैं बस से आऊँगा", "मैं bus से आऊँगा",
     Fraction(1, 4), Fraction(1, 4), "25%", "25%"),
]  # fmt: skip


@pytest.fixture(scope="module")
def table_source(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("seed") / "pairs.jsonl"
    rows = [{"id": str(i), "reference": r, "hypothesis": h} for i, (r, h, *_) in enumerate(TABLE)]
    source.write_text("\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n")
    return source


@pytest.fixture(scope="module")
def table_scores(table_source) -> tuple[dict[tuple[str, str], dict], dict]:
    """Each row's JSON line, by (reference, hypothesis), and the corpus summary line."""
    lines = run("score", "--lang", "hi", "--input", str(table_source), "--json").splitlines()
    pairs, summary = [json.loads(line) for line in lines[:-1]], json.loads(lines[-1])
    assert [pair["id"] for pair in pairs] == [str(i) for i in range(len(TABLE))]
    by_pair = {(r, h): pair for (r, h, *_), pair in zip(TABLE, pairs, strict=True)}
    assert len(by_pair) == len(TABLE)  # no row repeats a pair
    return by_pair, summary


@pytest.mark.parametrize("reference, hypothesis, before, after, seed_before, seed_after", TABLE)
def test_seed_table_row(
    table_scores, reference, hypothesis, before, after, seed_before, seed_after
):
    out = table_scores[0][(reference, hypothesis)]
    strict = out["strict"]
    assert Fraction(strict["errors"], strict["ref_words"]) == before
    assert Fraction(out["errors"], out["ref_words"]) == after
    assert out["strict_wer"] == pytest.approx(float(before))
    assert out["wer"] == pytest.approx(float(after))
    assert f"{out['strict_wer']:.0%}" == seed_before
    assert f"{out['wer']:.0%}" == seed_after
    # Errors only go down, and the rescue is listed pair by pair.
    rescued = strict["errors"] - out["errors"]
    assert out["code_switch"]["rescued_errors"] == rescued
    assert sum(r["errors"] for r in out["code_switch"]["rescues"]) == rescued


def test_the_rescues_name_their_rule(table_scores):
    scores = table_scores[0]
    out = scores["मेरे लैपटॉप में नेटवर्क प्रॉब्लम है", "मेरे लैपटॉप में network problem है"]
    (rescue,) = out["code_switch"]["rescues"]
    assert rescue["rule"] == "phonetic"
    assert rescue["reference"] == "नेटवर्क प्रॉब्लम"
    assert rescue["hypothesis"] == "network problem"
    assert [(p["reference"], p["hypothesis"], p["key"]) for p in rescue["phonetic"]] == [
        ("नेटवर्क", "network", "ntvrk"),
        ("प्रॉब्लम", "problem", "prblm"),
    ]
    out = scores["मुझे twenty five मार्च की booking चाहिए", "मुझे 25 मार्च की बुकिंग चाहिए"]
    (rescue,) = out["code_switch"]["rescues"]
    assert (rescue["rule"], rescue["reference"], rescue["hypothesis"]) == (
        "english_rules", "twenty five", "25",
    )  # fmt: skip
    assert rescue["view"] == "25"


def test_the_json_output_shape(table_scores):
    out = score("मेरी flight कल है", "मेरी fight कल है")
    # one pair on the command line writes what the same pair's line of a file writes
    line = dict(table_scores[0]["मेरी flight कल है", "मेरी fight कल है"])
    assert line.pop("id") == "4" and out == line
    assert out["metric"] == "wer"
    assert out["normalizer"]["name"] == "hi-norm"
    assert out["normalizer"]["version"] == "1.3.1"
    assert set(out["strict"]) == {
        "wer", "errors", "ref_words", "hyp_len", "substitutions", "deletions", "insertions",
        "hits",
    }  # fmt: skip
    assert set(out["code_switch"]) == {
        "languages", "english_words", "rescued_errors", "code_switch_word_rate",
        "code_switch_rescue_rate", "wer_hi", "wer_en", "romanized_hindi_words", "per_language",
        "rescues",
    }  # fmt: skip
    assert out["code_switch"]["languages"] == ["hi", "en"]
    assert set(out["code_switch"]["per_language"]) == {"hi", "en"}


def test_corpus_summary_sums_the_languages(table_source, table_scores):
    pairs, summary = list(table_scores[0].values()), table_scores[1]
    assert summary["summary"] is True and summary["scored"] == len(TABLE)
    block = summary["code_switch"]
    for language in ("hi", "en"):
        for key in ("errors", "ref_words", "substitutions", "deletions", "insertions"):
            total = sum(p["code_switch"]["per_language"][language][key] for p in pairs)
            assert block["per_language"][language][key] == total
    assert block["english_words"] == sum(p["code_switch"]["english_words"] for p in pairs)
    assert block["rescued_errors"] == summary["strict"]["errors"] - summary["counts"]["errors"]
    assert block["rescues"] == sum(len(p["code_switch"]["rescues"]) for p in pairs)
    assert block["code_switch_rescue_rate"] == pytest.approx(
        block["rescued_errors"] / summary["strict"]["errors"]
    )
    assert block["wer_en"] == pytest.approx(
        block["per_language"]["en"]["errors"] / block["per_language"]["en"]["ref_words"]
    )
    line = run("score", "--lang", "hi", "--input", str(table_source)).strip()
    assert line.startswith("wer word ") and line.endswith(f" {len(TABLE)}/{len(TABLE)}")
