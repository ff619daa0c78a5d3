"""English scoring cost of several commits in machine instructions per pair (valgrind).

    python -m bench.instructions 7bed254 HEAD

`bench.commits` measures pairs per CPU-second, which other work on the same cores still
moves by 10-30% (a busy cache, a slower clock); a change worth 10% is lost in that. The
number of instructions a process executes does not depend on the load: valgrind's
cachegrind counts them. Each commit's `scoring/` and `configs/` (exported as in
`bench.commits`) score the same distinct English pairs in a fresh process under
cachegrind, once with the pairs and once with none (the import and the scorer's build);
the difference, divided by the pairs, is the figure. The hash seed is fixed, so a rerun
prints the same counts. Valgrind runs Python about 50 times slower: a commit takes a
minute or two.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import support
from .commits import export
from .data import english_distinct

PAIRS = 1_000

_SCORE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import scoring
scorer = scoring.load_scorer("en")
for reference, hypothesis in json.load(open(sys.argv[2])):
    scorer.score(reference, hypothesis)
"""
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(root: Path, pairs_file: Path) -> int:
    """Instructions of one fresh process scoring the pairs of `pairs_file`."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        + [sys.executable, "-c", _SCORE, str(root), str(pairs_file)],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    found = _REFS.search(out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def run(commits: list[str]) -> str:
    if shutil.which("valgrind") is None:
        return "skipped: valgrind is not installed (apt-get install valgrind)"
    corpus = english_distinct(PAIRS, seed=23)
    with tempfile.TemporaryDirectory() as tmp:
        into = Path(tmp)
        pairs_file, no_pairs = into / "pairs.json", into / "none.json"
        pairs_file.write_text(json.dumps(corpus.pairs))
        no_pairs.write_text("[]")
        per_pair = {}
        for commit in commits:
            support.log(f"instructions: {commit}")
            root = export(commit, into)
            scored = instructions(root, pairs_file) - instructions(root, no_pairs)
            per_pair[commit] = scored / len(corpus.pairs)
    first = per_pair[commits[0]]
    lines = [
        "English full pipeline by commit, instructions per pair (valgrind cachegrind, one "
        f"fresh process each, the import and scorer build subtracted) [{support.load_average()}]",
        f"corpus: {corpus.describe()}",
        f"{'commit':<12}{'instructions':>14}{f'vs {commits[0]}':>16}",
    ]
    for commit in commits:
        ratio = per_pair[commit] / first
        lines.append(f"{commit:<12}{per_pair[commit]:>14,.0f}{ratio:>16.2f}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    print(run(argv or ["HEAD"]))


if __name__ == "__main__":
    main(sys.argv[1:])
