"""The CLI contract (commands, options, JSON fields, exit codes).

Most tests call `scoring.cli.main(argv)` in this process: each real `python -m scoring`
spends about a second importing the library and building its scorer before it reads a
line, and that was nearly all of this file's time. One test per command family (normalize,
score, ablate, labels, check-data, codeswitch) still starts the real process, so the
module entry point, the exit status handed to the shell and the output encoding stay
covered.
"""

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from scoring.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "fixtures" / "scoring" / "en_pairs.jsonl"


def run_process(*args, check=True):
    """`python -m scoring ARGS` as a real subprocess."""
    result = subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture
def run(capsys):
    """`main(ARGS)` in this process, answered like `run_process` (returncode, stdout,
    stderr), so a test reads the same whichever way the CLI ran."""

    def run_main(*args, check=True):
        code = main([*args])
        out = capsys.readouterr()
        if check:
            assert code == 0, out.err
        return SimpleNamespace(returncode=code, stdout=out.out, stderr=out.err)

    return run_main


def test_normalize_prints_the_text():
    assert run_process("normalize", "--lang", "en", "I’m twenty five").stdout == "i am 25\n"


def test_normalize_jsonl(run, tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text('{"id": "a", "text": "Um, hello"}\n{"id": "b", "text": "Two"}\n')
    lines = run("normalize", "--lang", "en", "--input", str(source), "--json").stdout.splitlines()
    assert [json.loads(line) for line in lines] == [
        {"id": "a", "normalized": "hello"},
        {"id": "b", "normalized": "2"},
    ]


def test_score_json_has_the_contract_fields(run):
    out = json.loads(
        run(
            "score",
            "--lang",
            "en",
            "--ref",
            "my flight is at seven",
            "--hyp",
            "my fight is at 7",
            "--json",
        ).stdout
    )
    for key in (
        "wer",
        "errors",
        "ref_words",
        "substitutions",
        "deletions",
        "insertions",
        "unit",
        "normalizer",
        "alignment",
    ):
        assert key in out
    assert (out["errors"], out["ref_words"], out["unit"]) == (1, 5, "word")
    assert out["alignment"][1] == ["substitute", 1, 1]


def test_score_file_prints_one_line_per_input_and_a_summary(run):
    lines = [
        json.loads(x)
        for x in run("score", "--lang", "en", "--input", str(SAMPLE), "--json").stdout.splitlines()
    ]
    given = [json.loads(x) for x in SAMPLE.read_text().splitlines() if x.strip()]
    assert [line["id"] for line in lines[:-1]] == [row["id"] for row in given]
    summary = lines[-1]
    assert summary["summary"] is True
    assert summary["manifest"] == len(given)
    assert summary["scored"] + len(summary["skipped"]) == len(given)
    for key in ("metric", "unit", "value", "normalizer", "scored", "manifest", "skipped"):
        assert key in summary


def test_score_file_without_json_ends_with_the_report_line(run):
    last = run("score", "--lang", "en", "--input", str(SAMPLE)).stdout.splitlines()[-1]
    metric, unit, value, label, counts = last.split()
    assert (metric, unit) == ("wer", "word")
    assert label.startswith("en-norm@1.")
    scored, manifest = map(int, counts.split("/"))
    assert scored < manifest  # the sample holds an unscorable pair, and says so


def test_ablation_prints_a_row_per_step():
    out = run_process("ablate", "--lang", "en", "--input", str(SAMPLE)).stdout
    rows = [line for line in out.splitlines()[2:] if not line.startswith("skipped ")]
    steps = [line.split()[0] for line in rows]
    assert steps[0] == "input"
    assert {"numbers", "contractions", "fillers", "punctuation"} <= set(steps)


def test_ablation_counts_the_pairs_it_could_not_score(run, tmp_path):
    """It used to leave a pair without a text out of its table without a word."""
    rows = tmp_path / "pairs.jsonl"
    rows.write_text(
        '{"id": "a", "reference": "twenty five", "hypothesis": "25"}\n'
        '{"id": "b", "reference": null, "hypothesis": "x"}\n'
    )
    out = run("ablate", "--lang", "en", "--input", str(rows)).stdout.splitlines()
    assert out[0].endswith("1/2 pairs scored")
    assert "skipped b: missing reference" in out
    report = json.loads(run("ablate", "--lang", "en", "--input", str(rows), "--json").stdout)
    assert (report["scored"], report["manifest"]) == (1, 2)
    assert report["skipped"] == [{"id": "b", "reason": "missing reference"}]


def test_a_pair_past_its_budget_is_skipped_with_the_rule_named(run, tmp_path):
    """A rule that doubles a text with "boom" in it 24 times: that pair is skipped by
    score and ablate with the rule that passed the size limit, the others are scored."""
    doubling = {"pattern": "boom.*", "replacement": r"\g<0> \g<0>"}
    config = {"language": "en", "name": "tiny", "version": "0.1.0", "replacements": [doubling] * 24}
    (tmp_path / "en.json").write_text(json.dumps(config))
    rows = tmp_path / "pairs.jsonl"
    rows.write_text(
        '{"id": "a", "reference": "hello world", "hypothesis": "hello word"}\n'
        '{"id": "b", "reference": "it went boom", "hypothesis": "it went boom"}\n'
    )
    for command in ("score", "ablate"):
        out = run(command, "--lang", "en", "--config-dir", str(tmp_path), "--input", str(rows))
        skipped = [line for line in out.stdout.splitlines() if line.startswith("skipped ")]
        assert len(skipped) == 1
        assert re.match(
            r"skipped b: replacements\.\d+: made the text \d+ characters long", skipped[0]
        )


def test_config_dir_is_used(run, tmp_path):
    (tmp_path / "en.json").write_text(
        json.dumps({"language": "en", "name": "tiny", "version": "0.1.0", "fillers": ["hello"]})
    )
    assert (
        run("normalize", "--lang", "en", "--config-dir", str(tmp_path), "Hello world").stdout
        == "world\n"
    )


@pytest.mark.parametrize(
    ("args", "content", "message"),
    [
        (
            ["--lang", "zz"],
            '{"id": "1", "reference": "a", "hypothesis": "a"}\n',
            "no config for language 'zz'",
        ),
        (
            ["--lang", "en"],
            '{"id": "1", "reference": "a", "hypothesis": "a"}\nnot json\n',
            "line 2: invalid JSON",
        ),
        (["--lang", "en"], '["a list"]\n', "line 1: each line must be a JSON object"),
        (["--lang", "en"], '{"reference": "a"}\n', 'line 1: field "id" is missing'),
    ],
)
def test_bad_input_exits_2_with_one_line(run, tmp_path, args, content, message):
    source = tmp_path / "pairs.jsonl"
    source.write_text(content)
    result = run("score", *args, "--input", str(source), "--json", check=False)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_unreadable_file_exits_2(tmp_path):
    result = run_process(
        "score", "--lang", "en", "--input", str(tmp_path / "missing.jsonl"), check=False
    )
    assert result.returncode == 2
    assert "missing.jsonl: cannot be read" in result.stderr


def test_codeswitch_command_is_wired(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(
        json.dumps(
            {
                "id": "p1",
                "category": "rapid_switch",
                "reference": "این PR را merge کن",
                "hypothesis": "این PR را merge کن",
            },
            ensure_ascii=False,
        )
        + "\n"
    )
    out = tmp_path / "agg.json"
    run_process("codeswitch", str(rows), "--split", "all", "--out", str(out))
    assert json.loads(out.read_text())["overall"]["mer"] == 0.0


def test_a_lone_surrogate_skips_its_pair_with_the_reason_and_scores_the_rest(run, tmp_path):
    rows = tmp_path / "pairs.jsonl"
    rows.write_text(
        '{"id": "a", "reference": "hello world", "hypothesis": "hello word"}\n'
        '{"id": "b", "reference": "bad \\ud800 text", "hypothesis": "bad text"}\n'
        '{"id": "c", "reference": "nul \\u0000 here", "hypothesis": "nul here"}\n'
    )
    result = run("score", "--lang", "en", "--input", str(rows))
    lines = result.stdout.splitlines()
    assert "skipped b: reference: character 5 is a lone surrogate (U+D800): not Unicode text" in (
        lines
    )
    assert lines[-1].split()[-1] == "2/3"
    out = run("score", "--lang", "en", "--input", str(rows), "--json").stdout.splitlines()
    by_id = {row["id"]: row for row in map(json.loads, out[:-1])}
    assert by_id["b"]["skipped"] is True
    assert by_id["c"]["errors"] == 0  # NUL is a space, not a word
    assert (json.loads(out[-1])["scored"], json.loads(out[-1])["manifest"]) == (2, 3)
    ablation = run("ablate", "--lang", "en", "--input", str(rows)).stdout.splitlines()
    assert ablation[0].endswith("2/3 pairs scored")


def test_labels_names_the_line_without_a_language(tmp_path):
    rows = tmp_path / "conversations.jsonl"
    rows.write_text('{"turns": []}\n')
    result = run_process("labels", "--input", str(rows), check=False)
    assert result.returncode == 2
    assert 'line 1: field "language" is missing or not a string' in result.stderr


# --- check-data ------------------------------------------------------------------------------

CHECKED_PAIRS = [
    ("Hi, I'm locked out of my account again.", "Hi, I am locked out of my account again"),
    ("My username is dev slash ops nine.", "My user name is dev/ops9."),
    ("I can't open the reset link you sent me.", "I cannot open the reset link you sent me."),
    ("It says my password expired three days ago.", "It says my pass word expired 3 days ago."),
]


def conversations_file(tmp_path, hypotheses) -> Path:
    rows = tmp_path / "conversations.jsonl"
    good = [{"reference": r, "hypothesis": h} for r, h in CHECKED_PAIRS]
    pairs = zip(CHECKED_PAIRS, hypotheses, strict=True)
    bad = [{"reference": r, "hypothesis": h} for (r, _), h in pairs]
    rows.write_text(
        json.dumps({"id": "good", "language": "en", "turns": good})
        + "\n\n"
        + json.dumps({"id": "bad", "language": "en", "turns": bad})
        + "\n"
    )
    return rows


def test_check_data_prints_findings_with_line_numbers_and_exits_1(run, tmp_path):
    shifted = [h for _, h in CHECKED_PAIRS[1:]] + [""]
    rows = conversations_file(tmp_path, shifted)
    # The family's real process: exit status 1 must reach the shell, and the en dash
    # below must survive stdout's encoding.
    result = run_process("check-data", str(rows), check=False)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{rows}:3: bad: turns 0–2: each hypothesis is the transcript")
    assert lines[1] == f"{rows}:3: bad: turn 3: the hypothesis is empty (the reference is not)"
    assert lines[-1] == "2 finding(s) in 1 of 2 conversation(s): shift 1, empty 1"
    as_json = run("check-data", str(rows), "--json", check=False).stdout.splitlines()
    assert [json.loads(line)["kind"] for line in as_json[:-1]] == ["shift", "empty"]
    assert json.loads(as_json[-1]) == {
        "summary": True,
        "conversations": 2,
        "with_findings": 1,
        "findings": {"shift": 1, "empty": 1},
    }


def test_check_data_exits_0_when_nothing_is_found(run, tmp_path):
    rows = conversations_file(tmp_path, [h for _, h in CHECKED_PAIRS])
    result = run("check-data", str(rows), "--lang", "de")
    assert result.stdout == "0 finding(s) in 0 of 0 conversation(s)\n"
    rows.write_text(rows.read_text().split("\n")[0] + "\n")  # the good conversation alone
    result = run("check-data", str(rows), "--lang", "en")
    assert result.stdout == "0 finding(s) in 0 of 1 conversation(s)\n"


def test_check_data_names_a_bad_line_and_exits_2(run, tmp_path):
    rows = tmp_path / "bad.jsonl"
    rows.write_text('{"id": "a", "language": "en", "turns": []}\n{"id": "b"}\n')
    result = run("check-data", str(rows), check=False)
    assert result.returncode == 2
    assert 'line 2: field "language" is missing or not a string' in result.stderr
