"""cProfile of a language's full pipeline on distinct unseen pairs, top functions.

    python -m bench.profile en > bench/notes/profile-en.txt

Every cache is cleared first (`scoring.clear_caches()`), then each pair of the language's
distinct corpus (bench/data.py) is scored once under cProfile. The top `TOP` functions by
own time are printed, with the corpus and the load average. cProfile slows Python calls
down unevenly, so the shares guide where to look; throughput comes from benchmark 1.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import sys

from scoring import clear_caches, load_scorer

from . import support
from .steps import corpus_for

TOP = 25


def profile(language: str, sort: str = "tottime") -> str:
    corpus = corpus_for(language)
    scorer = load_scorer(language)
    clear_caches()
    scorer = load_scorer(language)
    profiler = cProfile.Profile()
    profiler.enable()
    for reference, hypothesis in corpus.pairs:
        scorer.score(reference, hypothesis)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats(sort).print_stats(TOP)
    body = out.getvalue().strip()
    return "\n".join(
        [
            f"cProfile, {language} full pipeline, caches cleared first, top {TOP} by {sort} "
            f"[{support.load_average()}]",
            f"command: python -m bench.profile {language}",
            f"corpus: {corpus.describe()}",
            "",
            body,
        ]
    )


def main(argv: list[str]) -> None:
    print(profile(argv[0] if argv else "en", *argv[1:2]))


if __name__ == "__main__":
    main(sys.argv[1:])
