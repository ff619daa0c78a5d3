"""Where a normalizer's time goes, step by step, on distinct unseen texts.

    python -m bench --only steps                 # English
    python -m bench.steps de hi                  # any languages

Every text (both sides of the language's distinct corpus, see bench/data.py) goes through
the chain's first pass one text at a time, as the chain runs it, with the clock read
around each step. The whole call (`normalizer(text)`, caches cleared first) is timed over
the same texts in a second run; what it costs beyond the steps' first pass is the "again"
passes (a text with digits or joined codes runs the chain until it stops changing), the
memo and the output check. Best of `REPEAT` runs each, in µs per text.
"""

from __future__ import annotations

import sys
import time

from scoring import clear_caches, load_scorer

from . import support
from .data import Corpus, english_distinct, language_distinct
from .timing import REPEAT

TOP = 25  # steps listed; the rest are summed on one line


def corpus_for(language: str) -> Corpus:
    return english_distinct() if language == "en" else language_distinct(language)


def step_times(normalizer, texts: list[str]) -> dict[str, float]:
    """Seconds per step over `texts`, first pass only, one text at a time."""
    plan = [(step.name, step.apply, step.budgeted) for step in normalizer.steps]
    spent = dict.fromkeys((name for name, _, _ in plan), 0.0)
    clock = time.perf_counter
    for text in texts:
        budget = normalizer.limits.start(text)
        for name, apply, budgeted in plan:
            start = clock()
            text = apply(text, budget) if budgeted else apply(text)
            spent[name] += clock() - start
    return spent


def clock_cost(rounds: int = 200_000) -> float:
    """Seconds one step's two clock reads add (subtracted from every step's time)."""
    clock = time.perf_counter
    spent = 0.0
    for _ in range(rounds):
        start = clock()
        spent += clock() - start
    return spent / rounds


def whole_calls(normalizer, texts: list[str]) -> float:
    start = time.perf_counter()
    for text in texts:
        normalizer(text)
    return time.perf_counter() - start


def profile(language: str) -> str:
    corpus = corpus_for(language)
    texts = [t for pair in corpus.pairs for t in pair]
    normalizer = load_scorer(language).normalizer
    best: dict[str, float] = {}
    whole = float("inf")
    for _ in range(REPEAT):
        clear_caches()
        for name, seconds in step_times(normalizer, texts).items():
            best[name] = min(best.get(name, seconds), seconds)
        clear_caches()
        whole = min(whole, whole_calls(normalizer, texts))
    overhead = clock_cost() * 1e6
    per_text = {
        name: max(0.0, seconds / len(texts) * 1e6 - overhead) for name, seconds in best.items()
    }
    ranked = sorted(per_text.items(), key=lambda item: -item[1])
    first_pass = sum(per_text.values())
    lines = [
        f"Normalization step by step, {language}: µs per text, best of {REPEAT} "
        f"[{support.load_average()}]",
        f"corpus: {corpus.describe()}; {len(texts):,} texts (both sides)",
        f"clock reads: {overhead:.3f} µs a step, subtracted from each step",
        f"{'step':<34}{'µs':>8}{'share':>8}",
    ]
    lines += [f"{name:<34}{us:>8.2f}{us / first_pass:>8.0%}" for name, us in ranked[:TOP] if us > 0]
    rest = sum(us for _, us in ranked[TOP:])
    if rest:
        lines.append(
            f"{f'{len(ranked) - TOP} other steps':<34}{rest:>8.2f}{rest / first_pass:>8.0%}"
        )
    whole_us = whole / len(texts) * 1e6
    lines += [
        f"{'first pass, all steps':<34}{first_pass:>8.2f}",
        f"{'normalizer(text), caches cleared':<34}{whole_us:>8.2f}",
        f"{'  of which again passes, memo, checks':<34}{whole_us - first_pass:>8.2f}",
    ]
    return "\n".join(lines)


def run() -> str:
    return profile("en")


def main(argv: list[str]) -> None:
    print("\n\n".join(profile(language) for language in argv or ["en"]))


if __name__ == "__main__":
    main(sys.argv[1:])
