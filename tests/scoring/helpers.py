"""Shared helpers for the scoring tests."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from scoring import build_normalizer, clear_caches, load_bundle, load_scorer
from scoring.normalize.chain import Normalizer
from scoring.scorer import Scorer

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "reviewapp" / "demo" / "demo_conversations.jsonl"  # the labelled demo set


_SCORERS: dict[str, Scorer] = {}


def scorer(language: str) -> Scorer:
    """`load_scorer(language)` from the shipped configs, read once per test process.
    `load_scorer` reads and validates the config and its lexicons on every call before it
    finds its built scorer (6 ms for Korean): the property tests call this a few times an
    example, and no test changes the shipped configs while the process runs."""
    found = _SCORERS.get(language)
    if found is None:
        found = _SCORERS[language] = load_scorer(language)
    return found


def normalized(language: str, text: str) -> str:
    return scorer(language).normalizer(text)


def errors(language: str, reference: str, hypothesis: str) -> int:
    return scorer(language).score(reference, hypothesis).counts.errors


def fresh_normalizer(language: str) -> Normalizer:
    """A normalizer built after every memo is emptied: nothing read before answers for it."""
    # the code stamp kept: computing it again costs half a second a call, and no test
    # that calls this changes the package's source
    clear_caches(code_stamp=False)
    return build_normalizer(load_bundle(language))


_SHARED: dict[str, Normalizer] = {}


def shared_normalizer(language: str) -> Normalizer:
    """One normalizer per language for the whole test process, built on first use (the
    property tests draw a language per example; building all of them at import made even
    collecting their modules pay for it). A test that patches a step or `Normalizer` must
    do it in a context that ends with the example, and clear the normalizer's own memo
    (`clear_memo`) where it calls the normalizer rather than tracing."""
    normalizer = _SHARED.get(language)
    if normalizer is None:
        normalizer = _SHARED[language] = build_normalizer(load_bundle(language))
    return normalizer


def run_cli(*args: str) -> str:
    """`python -m scoring ARGS` as a real subprocess; its stdout (it must succeed)."""
    result = subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def cli_score(language: str, reference: str, hypothesis: str) -> dict:
    """The CLI's JSON score of one pair (without the alignment)."""
    out = run_cli("score", "--lang", language, "--ref", reference, "--hyp", hypothesis,
                  "--json", "--no-alignment")  # fmt: skip
    return json.loads(out)


def cli_score_table(language: str, pairs: list[tuple[str, str]]) -> list[dict]:
    """The CLI's JSON score of each pair, from ONE process reading them as a JSONL file
    (a process per pair costs a quarter of a second each)."""
    lines = [
        json.dumps({"id": str(i), "reference": ref, "hypothesis": hyp}, ensure_ascii=False)
        for i, (ref, hyp) in enumerate(pairs)
    ]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pairs.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        out = run_cli("score", "--lang", language, "--input", str(path), "--json",
                      "--no-alignment")  # fmt: skip
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    rows = [row for row in rows if "summary" not in row]  # the corpus line comes last
    assert [row["id"] for row in rows] == [str(i) for i in range(len(pairs))], out[:300]
    return rows


def cli_scores(language: str, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], dict]:
    """`cli_score_table` by pair: a module scores every pair its CLI tests read in one
    process, and each test looks up its own (a pair listed twice is scored once)."""
    unique = list(dict.fromkeys(pairs))
    return dict(zip(unique, cli_score_table(language, unique), strict=True))


def count_calls(normalize, text: str) -> int:
    """Python and C function calls made while `normalize` reads `text`: a count of work
    that the machine's load does not change (the linear-time tests compare two)."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        count += event in ("call", "c_call")

    sys.setprofile(profile)
    try:
        normalize(text)
    finally:
        sys.setprofile(None)
    return count
