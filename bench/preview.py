"""Benchmark 4: the impact preview of a one-rule proposal on 100,000 English turns.

The rule adds a spelling for a word found in about 1% of the turns (chosen from the corpus,
so the share holds whatever the texts are). `run_preview` is timed in this process, as the
worker's task runs it, three times (a new preview job each time; the best and the median
are reported), then its phases are timed alone: selecting the touched turns, the corpus
totals under the base version, and scoring the touched turns under both configs. Every
memo of `scoring` is emptied before each round and before the scoring phase (untimed):
the scorers are cached by content, so a second round would otherwise time memo lookups.
"""

from __future__ import annotations

import copy
import re
import statistics
import time
from collections import Counter

from scoring import clear_caches

from . import support

TARGET = 5.0  # seconds
SHARE = 0.01  # of the turns the rule should touch
ROUNDS = 3
SPELLINGS = "en_spellings.json"


def pick_word(texts: list[tuple[str, str]], share: float = SHARE) -> tuple[str, float]:
    """A word contained (case-insensitively, as the preview's filter matches) in the share
    of turns closest to `share`; returns it with the share it has."""
    n = len(texts)
    seen = Counter()
    for reference, hypothesis in texts:
        seen.update(set(re.findall(r"[a-z]{5,}", f"{reference} {hypothesis}".lower())))
    candidates = sorted(seen, key=lambda w: (abs(seen[w] / n - share), w))[:20]
    lowered = [f"{r}\n{h}".lower() for r, h in texts]
    best = min(
        candidates,
        key=lambda w: (abs(sum(w in t for t in lowered) / n - share), w),
    )
    return best, sum(best in t for t in lowered) / n


def proposal_content(base: dict, word: str) -> dict:
    content = copy.deepcopy(base)
    content["lexicons"][SPELLINGS][word] = word[:-1] if word.endswith("s") else word + "s"
    return content


def run() -> str:
    support.require_services()
    from django.db import transaction

    from reviewapp.models import Proposal, Turn
    from reviewapp.services.preview import create_preview_job, run_preview
    from reviewapp.services.proposals import do_create_proposal

    corpus = support.corpus()
    texts = list(Turn.objects.filter(language="en").values_list("reference", "hypothesis"))
    word, share = pick_word(texts)
    content = proposal_content(corpus.version.content, word)
    rule = f'{SPELLINGS}["{word}"] = "{content["lexicons"][SPELLINGS][word]}"'
    support.log(f"preview: rule {rule}, in {share:.2%} of {len(texts):,} turns")
    load = support.load_average()
    proposal = do_create_proposal(corpus.user, "en", content, title=f"bench: {rule}")
    try:
        seconds, result, total = [], {}, 0
        for _ in range(ROUNDS):
            with transaction.atomic():  # as the view calls it: it locks the user's row
                job = create_preview_job(proposal, corpus.user)
            clear_caches()
            start = time.perf_counter()
            result = run_preview(job.pk)
            seconds.append(time.perf_counter() - start)
            job.refresh_from_db()
            total = job.total
        phases = _phases(proposal)
    finally:
        Proposal.objects.filter(pk=proposal.pk).delete()
    best, median = min(seconds), statistics.median(seconds)
    verdict = "met" if median < TARGET else f"missed by {median - TARGET:.1f} s"
    lines = [
        f"Impact preview, one rule touching ~{SHARE:.0%} of {len(texts):,} English turns "
        f"(target < {TARGET:.0f} s: {verdict}) [{load}]",
        support.describe_corpus(),
        f"rule: {rule}; turns containing it: {total:,} ({total / len(texts):.2%}); "
        f"score changed: {result.get('changed_turns', 0):,}",
        f"{'step':<44} {'seconds':>8}",
        f"{'run_preview, best of ' + str(ROUNDS):<44} {best:>8.2f}",
        f"{'run_preview, median of ' + str(ROUNDS):<44} {median:>8.2f}",
    ]
    lines += [f"{'  ' + name:<44} {value:>8.2f}" for name, value in phases]
    return "\n".join(lines)


def _phases(proposal) -> list[tuple[str, float]]:
    """The parts of a preview, each timed alone (same queries and scorers as run_preview)."""
    from reviewapp.models import Turn
    from reviewapp.services import preview
    from reviewapp.services.proposals import scorer_for_content
    from scoring.config.reach import reach

    base = proposal.base_version
    all_turns = Turn.objects.filter(language="en", scored=True)
    start = time.perf_counter()
    found = reach(base.content, proposal.content)
    selected = all_turns if found is None else preview.touched_turns(all_turns, found)
    touched = list(selected.values_list("reference", "hypothesis"))
    select = time.perf_counter() - start
    start = time.perf_counter()
    preview._totals(base, all_turns)
    totals = time.perf_counter() - start
    before, after = scorer_for_content(base.content), scorer_for_content(proposal.content)
    clear_caches()  # the rounds above normalized these texts: time the work, not the memo
    start = time.perf_counter()
    for reference, hypothesis in touched:
        before.score(reference, hypothesis)
        after.score(reference, hypothesis)
    scoring = time.perf_counter() - start
    return [
        ("select the touched turns (reach filter)", select),
        ("corpus totals under the base version", totals),
        (f"score {len(touched):,} turns under both configs, cold", scoring),
    ]


def main() -> None:
    print(run())


if __name__ == "__main__":
    main()
