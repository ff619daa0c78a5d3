"""`score` and `compare` on every format, with counts worked out by hand.

The trn set is built from sclite's documentation: its example utterances
(`cmh_sa01`, `i've { um / uh / @ } as far as i'm concerned`, `I am a (farmer)`), an
optional `{ @ / the }`, an empty hypothesis, and speakers read from the ids (`-i rm`).
The other formats hold the same three utterances:

    u1  turn the lights off in the kitchen / turn the light off in kitchen   S=1 D=1
    u2  what is the weather like tomorrow  (correct)
    u3  call mom on her mobile / call mom on her mobile phone                I=1
"""

import csv
import io
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scoring.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "scoring" / "formats"
TRN = ["--ref-file", str(FIXTURES / "ref.trn"), "--hyp-file", str(FIXTURES / "hyp.trn")]


def cli(capsys, *args: str) -> str:
    code = main([*args])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def failure(capsys, *args: str) -> str:
    """A run that must fail as the CLI promises: status 2, nothing on stdout, one line."""
    code = main([*args])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert len(out.err.strip().splitlines()) == 1
    return out.err


def sclite_row(row: dict) -> tuple:
    keys = ("group", "sentences", "words", "correct", "substitutions", "deletions",
            "insertions", "errors", "sentence_errors")  # fmt: skip
    return tuple(row[k] for k in keys)


def test_trn_counts_agree_with_sclite_by_hand(capsys):
    out = cli(capsys, "score", "--lang", "plain", *TRN, "--format", "trn",
              "--id-style", "rm", "--group-by", "speaker", "--report", "json")  # fmt: skip
    report = json.loads(out)
    # cmh_sa01 all correct (11 words); cmh_sa02 "ah" for { um / uh / @ }: @ and one
    # insertion (3) beat a substitution (4), so 6 words, I=1. dlw_sx03 has an empty
    # hypothesis: "I am a (farmer)" takes the path without farmer, D=3 of 3 words;
    # dlw_sx04 "the cat sat on the hat" takes "the" from { @ / the }: C=5, S=1 of 6.
    assert [sclite_row(row) for row in report["groups"]] == [
        ("cmh", 2, 17, 17, 0, 0, 1, 1, 1),
        ("dlw", 2, 9, 5, 1, 3, 0, 4, 2),
    ]
    assert sclite_row(report["total"]) == ("Sum", 4, 26, 22, 1, 3, 1, 5, 3)
    assert (report["align"], report["scored"], report["manifest"]) == ("sclite", 4, 4)
    by_id = {u["id"]: u for u in report["utterances"]}
    assert (by_id["cmh_sa02"]["ref_words"], by_id["dlw_sx03"]["deletions"]) == (6, 3)


def test_trn_table_ends_with_the_honest_line(capsys):
    out = cli(capsys, "score", "--lang", "plain", *TRN, "--format", "trn",
              "--id-style", "rm", "--group-by", "speaker")  # fmt: skip
    lines = out.splitlines()
    assert lines[0].split() == ["speaker", "Snt", "Wrd", "Corr", "Sub", "Del", "Ins", "Err",
                                "S.Err", "WER"]  # fmt: skip
    assert lines[1].split() == ["cmh", "2", "17", "17", "0", "0", "1", "1", "1", "5.88%"]
    assert lines[3].split() == ["Sum", "4", "26", "22", "1", "3", "1", "5", "3", "19.23%"]
    assert lines[-1].startswith("wer word 0.1923 plain@1.0.0+") and lines[-1].endswith(" 4/4")


def test_trn_in_sclites_layout(capsys):
    out = cli(capsys, "score", "--lang", "plain", *TRN, "--format", "trn",
              "--id-style", "rm", "--group-by", "speaker", "--report", "sclite")  # fmt: skip
    assert "| SPKR   | # Snt # Wrd | Corr    Sub    Del    Ins    Err  S.Err |" in out
    assert "| cmh    |    2     17 |100.0    0.0    0.0    5.9    5.9   50.0 |" in out
    assert "| Sum/Avg|    4     26 | 84.6    3.8   11.5    3.8   19.2   75.0 |" in out


def test_trn_with_equal_weights_takes_the_substitution(capsys):
    out = cli(capsys, "score", "--lang", "plain", *TRN, "--format", "trn",
              "--align", "levenshtein", "--report", "json")  # fmt: skip
    by_id = {u["id"]: u for u in json.loads(out)["utterances"]}
    assert (by_id["cmh_sa02"]["substitutions"], by_id["cmh_sa02"]["ref_words"]) == (1, 7)


SAME_THREE = ("Sum", 3, 18, 16, 1, 1, 1, 3, 2)
CSV_COLUMNS = "id=utt,reference=ref,hypothesis=hyp"


@pytest.mark.parametrize(
    "args",
    [
        ["--ref-file", "ref.text", "--hyp-file", "hyp.text", "--format", "kaldi"],
        ["--ref-file", "ref.txt", "--hyp-file", "hyp.txt", "--format", "text"],
        ["--input", "manifest.json", "--format", "nemo"],
        [
            "--input",
            "runs.csv",
            "--format",
            "csv",
            "--columns",
            "id=utt,reference=ref,hypothesis=hyp",
        ],
        ["--input", "runs.tsv", "--format", "tsv"],
        ["--input", "pairs.jsonl"],
    ],
)
def test_every_format_counts_the_same_three_utterances(capsys, args):
    paths = [str(FIXTURES / a) if (FIXTURES / a).is_file() else a for a in args]
    report = json.loads(cli(capsys, "score", "--lang", "plain", *paths, "--report", "json"))
    assert sclite_row(report["total"]) == SAME_THREE
    assert report["align"] == "levenshtein"


@pytest.mark.parametrize(
    ("args", "groups"),
    [
        (["--input", "manifest.json", "--format", "nemo", "--group-by", "speaker"],
         [("spk1", 2, 13, 11, 1, 1, 0, 2, 1), ("spk2", 1, 5, 5, 0, 0, 1, 1, 1)]),
        (["--ref-file", "ref.text", "--hyp-file", "hyp.text", "--format", "kaldi",
          "--id-style", "spu_id", "--group-by", "speaker"],
         [("spk1", 2, 13, 11, 1, 1, 0, 2, 1), ("spk2", 1, 5, 5, 0, 0, 1, 1, 1)]),
        (["--input", "runs.csv", "--format", "csv", "--columns",
          CSV_COLUMNS, "--group-by", "dataset"],
         [("home", 2, 13, 11, 1, 1, 0, 2, 1), ("phone", 1, 5, 5, 0, 0, 1, 1, 1)]),
        (["--input", "pairs.jsonl", "--group-by", "model"], [("m1", 3, 18, 16, 1, 1, 1, 3, 2)]),
    ],
)  # fmt: skip
def test_group_by_speaker_dataset_model(capsys, args, groups):
    paths = [str(FIXTURES / a) if (FIXTURES / a).is_file() else a for a in args]
    report = json.loads(cli(capsys, "score", "--lang", "plain", *paths, "--report", "json"))
    assert [sclite_row(row) for row in report["groups"]] == groups


def test_bootstrap_is_seeded_and_can_resample_conversations(capsys):
    args = ["score", "--lang", "plain", "--input", str(FIXTURES / "pairs.jsonl"),
            "--bootstrap", "400", "--seed", "5", "--report", "json"]  # fmt: skip
    first = json.loads(cli(capsys, *args))["total"]["interval"]
    assert first == json.loads(cli(capsys, *args))["total"]["interval"]
    assert (first["replicates"], first["seed"], first["level"]) == (400, 5, 0.95)
    assert 0 <= first["low"] <= 3 / 18 <= first["high"]
    by_call = json.loads(cli(capsys, *args, "--resample", "conversation"))
    assert by_call["bootstrap"]["unit"] == "conversation"
    # two conversations, c1 (2 errors in 13 words) and c2 (1 in 5): a resample is c1 twice
    # (2/13), one of each (3/18) or c2 twice (1/5); the ends are the two extremes
    interval = by_call["total"]["interval"]
    assert (interval["low"], interval["high"]) == (pytest.approx(2 / 13), pytest.approx(1 / 5))


def test_csv_report(capsys):
    out = cli(capsys, "score", "--lang", "plain", "--input", str(FIXTURES / "pairs.jsonl"),
              "--group-by", "dataset", "--report", "csv")  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["row"], r["group"], r["errors"], r["words"]) for r in rows] == [
        ("group", "home", "2", "13"), ("group", "phone", "1", "5"), ("total", "Sum", "3", "18"),
    ]  # fmt: skip


def test_json_lines_keep_their_shape_and_gain_the_breakdown(capsys):
    out = cli(capsys, "score", "--lang", "plain", "--input", str(FIXTURES / "pairs.jsonl"),
              "--json", "--group-by", "dataset")  # fmt: skip
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["id"] for line in lines[:-1]] == ["u1", "u2", "u3"]
    assert lines[-1]["summary"] is True
    assert [g["group"] for g in lines[-1]["breakdown"]["groups"]] == ["home", "phone"]


def test_compare_two_trn_hypotheses(capsys):
    out = cli(capsys, "compare", "--lang", "plain", "--format", "trn", "--ref-file",
              str(FIXTURES / "ref.trn"), str(FIXTURES / "hyp.trn"), str(FIXTURES / "hyp_b.trn"),
              "--json")  # fmt: skip
    result = json.loads(out)
    # A: 5 errors in 26 words; B drops "year" (1 in 27: "um" and "farmer" are on its path)
    assert (result["a"]["errors"], result["a"]["words"]) == (5, 26)
    assert (result["b"]["errors"], result["b"]["words"]) == (1, 27)
    assert result["difference"] == pytest.approx(1 / 27 - 5 / 26)
    # per utterance A 0 1 3 1, B 1 0 0 0: A better once, B three times, P = 2 * 5/16
    assert result["sign_test"] == {"a_better": 1, "b_better": 3, "ties": 0, "p_value": 0.625}
    assert result["verdict"] == "no significant difference at the 5% level"
    assert result["most_different"][0] == {
        "id": "dlw_sx03", "errors_a": 3, "errors_b": 0, "words_a": 3, "words_b": 4,
    }  # fmt: skip


def test_compare_two_files_of_pairs_as_text(capsys):
    out = cli(capsys, "compare", "--lang", "plain", str(FIXTURES / "pairs.jsonl"),
              str(FIXTURES / "pairs_b.jsonl"), "--bootstrap", "200")  # fmt: skip
    lines = out.splitlines()
    assert lines[0].startswith("A  WER 16.67% (3/18)")
    assert lines[1].startswith("B  WER 5.56% (1/18)")
    assert lines[2].startswith("B - A  -11.11 points, 95% paired bootstrap interval")
    assert "fewer errors in A on 0 utterances, in B on 1, 2 tied: two-sided p = 1" in lines[3]


@pytest.mark.parametrize(
    ("files", "args", "message"),
    [
        ({"r.trn": "a b (s_1)\nc (s_2)\n", "h.trn": "a b (s_1)\n"}, ["--format", "trn"],
         "r.trn, line 2: utterance 's_2' has no hypothesis in"),
        ({"r.trn": "a { b (s_1)\n", "h.trn": "a (s_1)\n"}, ["--format", "trn"],
         "r.trn, line 1: column 3: '{' is never closed with '}'"),
        ({"r.trn": "a b (s1)\n", "h.trn": "a b (s1)\n"}, ["--format", "trn", "--id-style", "rm"],
         "r.trn, line 1: utterance id 's1' does not fit id style rm"),
        ({"r.trn": "a\nb\n", "h.trn": "a\n"}, ["--format", "text"],
         "r.trn, line 2: has no partner line in"),
        ({"r.trn": "u1 a\n", "h.trn": "u1 a\nu2 b\n"}, ["--format", "kaldi"],
         "h.trn, line 2: utterance 'u2' is not in"),
    ],
)  # fmt: skip
def test_bad_paired_files_exit_2_naming_file_and_line(capsys, tmp_path, files, args, message):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    err = failure(capsys, "score", "--lang", "plain", "--ref-file", str(tmp_path / "r.trn"),
                  "--hyp-file", str(tmp_path / "h.trn"), *args)  # fmt: skip
    assert message in err


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ('{"audio_filepath": "a", "duration": 1, "text": "x"}\n', ["--format", "nemo"],
         'line 1: field "pred_text" is missing or not a string'),
        ("id,reference,hypothesis\n1,a\n", ["--format", "csv"], "line 2: has 2 fields"),
        ("id\treference\n1\ta\n", ["--format", "tsv"], "line 1: no column 'hypothesis'"),
        ("id,r,h\n1,a,b\n", ["--format", "csv", "--columns", "reference=r,hyp=h"],
         "--columns: unknown role 'hyp'"),
    ],
)  # fmt: skip
def test_bad_single_files_exit_2_naming_the_line(capsys, tmp_path, content, args, message):
    (tmp_path / "in").write_text(content)
    err = failure(capsys, "score", "--lang", "plain", "--input", str(tmp_path / "in"), *args)
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--input", "pairs.jsonl", "--format", "trn"], "--format: trn reads a reference and a"),
        (["--ref-file", "ref.txt", "--hyp-file", "hyp.txt"], "--format: give trn, kaldi or text"),
        (["--ref-file", "ref.txt"], "give both --ref-file and --hyp-file"),
        (["--input", "pairs.jsonl", "--id-style", "rm"], "--id-style: reads trn and kaldi ids"),
        ([*TRN, "--format", "trn", "--group-by", "speaker"], "--group-by: no record has a speaker"),
        (["--input", "pairs.jsonl", "--resample", "conversation"], "--resample: needs --bootstrap"),
        (["--input", "pairs.jsonl", "--json", "--report", "csv"], "--report: give --report or"),
        (["--ref", "a", "--hyp", "b", "--group-by", "model"], "--group-by: reads files: give"),
        (["--input", "pairs.jsonl", "--bootstrap", "10", "--resample", "speaker"],
         "--resample, line 1: utterance 'u1' has no 'speaker' to resample by"),
    ],
)  # fmt: skip
def test_options_that_do_not_fit_are_named(capsys, args, message):
    paths = [str(FIXTURES / a) if (FIXTURES / a).is_file() else a for a in args]
    assert message in failure(capsys, "score", "--lang", "plain", *paths)


def test_compare_refuses_files_with_other_references(capsys, tmp_path):
    (tmp_path / "b.jsonl").write_text(
        '{"id": "u1", "reference": "turn the lights off in the kitchen", "hypothesis": "x"}\n'
        '{"id": "u2", "reference": "another text", "hypothesis": "x"}\n'
    )
    err = failure(capsys, "compare", "--lang", "plain", str(FIXTURES / "pairs.jsonl"),
                  str(tmp_path / "b.jsonl"))  # fmt: skip
    assert "b.jsonl, line 2: utterance 'u2' has another reference than in" in err


def test_the_lexicheck_console_script_is_the_cli():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    target = pyproject["project"]["scripts"]["lexicheck"]
    module, _, name = target.partition(":")
    assert getattr(__import__(module, fromlist=[name]), name) is main


def test_errors_name_the_program_the_user_ran():
    code = (
        "import sys; from scoring.cli import main; sys.argv[0] = '/venv/bin/lexicheck'; "
        "sys.exit(main(['score', '--lang', 'plain', '--input', 'missing.jsonl']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stderr.startswith("lexicheck score: error: missing.jsonl: cannot be read")


def test_python_m_scoring_reads_trn_files():
    result = subprocess.run(
        [sys.executable, "-m", "scoring", "score", "--lang", "plain", *TRN, "--format", "trn"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].endswith(" 4/4")
