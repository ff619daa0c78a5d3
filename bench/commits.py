"""English scoring throughput of several commits, on the same distinct pairs, in turn.

    python -m bench.commits 91ea515 9de2441 HEAD

Each commit's `scoring/` and `configs/` are taken with `git archive` into a temporary
directory and scored in a fresh process: the same distinct English pairs (bench/data.py),
one run per process, best of `REPEAT` processes. The figure is pairs per CPU-second of
that process (`time.process_time`), which a busy machine disturbs less than the wall
clock; the commits run alternately, twice, so a change in load hits each of them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from . import support
from .data import english_distinct
from .timing import REPEAT

PAIRS = 2_000
ROUNDS = 2

# One run per process: a commit from before scoring.clear_caches() could not empty its
# caches between runs, and a fresh process is cold for every commit alike.
_MEASURE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import scoring
scorer = scoring.load_scorer("en")
pairs = json.load(open(sys.argv[2]))
start = time.process_time()
for reference, hypothesis in pairs:
    scorer.score(reference, hypothesis)
print(len(pairs) / (time.process_time() - start))
"""


def export(commit: str, into: Path) -> Path:
    root = into / commit
    root.mkdir()
    archive = subprocess.run(
        ["git", "archive", commit, "scoring", "configs"],
        cwd=support.ROOT,
        capture_output=True,
        check=True,
    )
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)
    return root


def measure(root: Path, pairs_file: Path) -> float:
    """The best of `REPEAT` fresh processes."""
    rates = []
    for _ in range(REPEAT):
        out = subprocess.run(
            [sys.executable, "-c", _MEASURE, str(root), str(pairs_file)],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        )
        rates.append(float(out.stdout.strip()))
    return max(rates)


def run(commits: list[str]) -> str:
    corpus = english_distinct(PAIRS, seed=23)
    with tempfile.TemporaryDirectory() as tmp:
        into = Path(tmp)
        pairs_file = into / "pairs.json"
        pairs_file.write_text(json.dumps(corpus.pairs))
        roots = {commit: export(commit, into) for commit in commits}
        rates: dict[str, list[float]] = {commit: [] for commit in commits}
        for _ in range(ROUNDS):
            for commit in commits:
                support.log(f"commits: {commit}")
                rates[commit].append(measure(roots[commit], pairs_file))
    lines = [
        f"English full pipeline by commit, pairs per CPU-second, best of {REPEAT} fresh "
        f"processes (one cold run each), {ROUNDS} rounds alternating [{support.load_average()}]",
        f"corpus: {corpus.describe()}",
        f"{'commit':<12}" + "".join(f"{f'round {n + 1}':>10}" for n in range(ROUNDS)),
    ]
    for commit in commits:
        lines.append(f"{commit:<12}" + "".join(f"{rate:>10,.0f}" for rate in rates[commit]))
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    print(run(argv or ["HEAD"]))


if __name__ == "__main__":
    main(sys.argv[1:])
