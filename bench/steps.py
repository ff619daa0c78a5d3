"""Where a normalizer's time goes, step by step, on distinct unseen texts.

    python -m bench --only steps                 # English
    python -m bench.steps de hi                  # any languages

Every text (both sides of the language's distinct corpus, see bench/data.py) goes through
the chain's first pass one text at a time, as the chain runs it, with the clock read
around each step. The whole call (`normalizer(text)`, caches cleared first) is timed over
the same texts in a second run; what it costs beyond the steps' first pass is the "again"
passes (a text with digits or joined codes runs the chain until it stops changing), the
memo and the output check. Best of `REPEAT` runs each, in µs per text.

    python -m bench.steps --isolated en ja      # each step alone, over what it is given

`--isolated` records what each step is given in every pass as the chain runs (the
normalizer's own steps, wrapped), then times each step alone over those texts: the
figure a change to one step moves, without the other steps' noise. The sum is less than
`normalizer(text)`: a step run over and over keeps the processor's caches warm, and its
own memos (a word's reading) are warm from the recording run, not cleared.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import NamedTuple

from scoring import clear_caches, load_scorer
from scoring.normalize.chain import Normalizer, Step

from . import support
from .data import Corpus, english_distinct, language_distinct
from .timing import REPEAT

TOP = 25  # steps listed; the rest are summed on one line


def corpus_for(language: str) -> Corpus:
    return english_distinct() if language == "en" else language_distinct(language)


@dataclass
class StepTime:
    """One step over the texts, first pass: seconds on the texts it changed and on those
    it gave back as they were, and how many it changed."""

    changing: float = 0.0
    unchanged: float = 0.0
    changed: int = 0

    @property
    def seconds(self) -> float:
        return self.changing + self.unchanged


def step_times(normalizer, texts: list[str]) -> dict[str, StepTime]:
    """Each step over `texts`, first pass only, one text at a time."""
    plan = [(step.name, step.apply, step.budgeted) for step in normalizer.steps]
    spent = {name: StepTime() for name, _, _ in plan}
    clock = time.perf_counter
    for text in texts:
        budget = normalizer.limits.start(text)
        for name, apply, budgeted in plan:
            start = clock()
            out = apply(text, budget) if budgeted else apply(text)
            took = clock() - start
            row = spent[name]
            if out == text:
                row.unchanged += took
            else:
                row.changing += took
                row.changed += 1
            text = out
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


def _texts(corpus: Corpus) -> list[str]:
    return [text for pair in corpus.pairs for text in pair]


def profile(language: str) -> str:
    corpus = corpus_for(language)
    texts = _texts(corpus)
    normalizer = load_scorer(language).normalizer
    best: dict[str, StepTime] = {}
    whole = float("inf")
    for _ in range(REPEAT):
        clear_caches()
        for name, row in step_times(normalizer, texts).items():
            if name not in best or row.seconds < best[name].seconds:
                best[name] = row
        clear_caches()
        whole = min(whole, whole_calls(normalizer, texts))
    overhead = clock_cost() * 1e6
    n = len(texts)

    def per_text(seconds: float, calls: int) -> float:
        """µs per text of the corpus, the clock reads of `calls` calls taken off."""
        return max(0.0, (seconds * 1e6 - overhead * calls) / n)

    rows = {
        name: Row(
            per_text(row.seconds, n), per_text(row.unchanged, n - row.changed), row.changed / n
        )
        for name, row in best.items()
    }
    head = [
        f"Normalization step by step, {language}: µs per text, best of {REPEAT} "
        f"[{support.load_average()}]",
        f"corpus: {corpus.describe()}; {n:,} texts (both sides)",
        f"clock reads: {overhead:.3f} µs a step, subtracted from each step",
    ]
    return "\n".join(head + table(rows, whole / n * 1e6))


class Row(NamedTuple):
    """One step's line: µs per text, of which on texts it left unchanged; share changed."""

    us: float
    unchanged_us: float
    changed: float


def table(rows: dict[str, Row], whole_us: float) -> list[str]:
    """The `TOP` costliest steps, the rest summed on one line, then the totals."""
    ranked = sorted(rows.items(), key=lambda item: -item[1].us)
    first_pass = sum(row.us for row in rows.values())
    lines = [
        "changed: the share of texts the step changed; on unchanged: its µs per text of the "
        "corpus spent on the texts it gave back as they were",
        f"{'step':<34}{'µs':>8}{'share':>8}{'changed':>9}{'on unchanged':>14}",
    ]
    lines += [
        f"{name:<34}{row.us:>8.2f}{row.us / first_pass:>8.0%}{row.changed:>9.1%}"
        f"{row.unchanged_us:>14.2f}"
        for name, row in ranked[:TOP]
        if row.us > 0
    ]
    rest = [row for _, row in ranked[TOP:]]
    if rest:
        us, still = sum(r.us for r in rest), sum(r.unchanged_us for r in rest)
        label = f"{len(rest)} other steps"
        lines.append(f"{label:<34}{us:>8.2f}{us / first_pass:>8.0%}{'':>9}{still:>14.2f}")
    idle = sum(row.unchanged_us for row in rows.values())
    return lines + [
        f"{'first pass, all steps':<34}{first_pass:>8.2f}",
        f"{'  of which on texts left unchanged':<34}{idle:>8.2f}",
        f"{'normalizer(text), caches cleared':<34}{whole_us:>8.2f}",
        f"{'  of which again passes, memo, checks':<34}{whole_us - first_pass:>8.2f}",
    ]


def inputs_by_step(normalizer: Normalizer, texts: list[str]) -> dict[str, list[str]]:
    """What each step is given, in every pass, when `normalizer` runs on `texts`."""
    given: dict[str, list[str]] = {step.name: [] for step in normalizer.steps}

    def recording(step: Step) -> Step:
        def apply(text: str, *budget):
            given[step.name].append(text)
            return step.apply(text, *budget)

        return Step(step.name, apply, step.budgeted)

    recorder = Normalizer(
        normalizer.config,
        tuple(map(recording, normalizer.steps)),
        normalizer.profile_steps,
        normalizer.identity,
        normalizer.limits,
    )
    for text in texts:
        recorder(text)
    return given


def isolated(language: str) -> str:
    corpus = corpus_for(language)
    texts = _texts(corpus)
    clear_caches()
    normalizer = load_scorer(language).normalizer
    given = inputs_by_step(normalizer, texts)
    budget = normalizer.limits.start("")
    spent = {}
    for step in normalizer.steps:
        inputs, best = given[step.name], float("inf")
        for _ in range(REPEAT):
            start = time.perf_counter()
            for text in inputs:
                step.apply(text, budget) if step.budgeted else step.apply(text)
            best = min(best, time.perf_counter() - start)
        spent[step.name] = best
    n = len(texts)
    lines = [
        f"Each step alone over what the chain gives it (every pass), {language}: µs per text "
        f"of the corpus, best of {REPEAT}, the steps' memos warm [{support.load_average()}]",
        f"corpus: {corpus.describe()}; {n:,} texts (both sides)",
        f"{'step':<34}{'µs':>8}{'calls':>9}",
    ]
    ranked = sorted(spent.items(), key=lambda item: -item[1])
    lines += [f"{name:<34}{s / n * 1e6:>8.2f}{len(given[name]):>9,}" for name, s in ranked]
    return "\n".join([*lines, f"{'all steps':<34}{sum(spent.values()) / n * 1e6:>8.2f}"])


def run() -> str:
    return profile("en")


def main(argv: list[str]) -> None:
    alone = "--isolated" in argv
    languages = [arg for arg in argv if arg != "--isolated"] or ["en"]
    print("\n\n".join((isolated if alone else profile)(language) for language in languages))


if __name__ == "__main__":
    main(sys.argv[1:])
