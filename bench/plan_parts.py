"""The parts of a planned rescore (benchmark 7's plan), timed one by one on the bench corpus.

    python -m bench.plan_parts

For the one-rule edit `bench.incremental` approves (the filler nearest 1% of the English
turns), in one transaction that is rolled back: the edit's reach, the scan of every turn
for the turns it can change (and its match alone, `Reach.touching` on the texts already
fetched, a batch at a time as the scan does), the plan as a whole, and the INSERT ...
SELECT that carries the other scores over. Wall clock, best of REPEAT; the load is printed
beside it.
"""

from __future__ import annotations

import time

from . import support
from .incremental import pick_filler, require_same_code

REPEAT = 3


class _RolledBack(Exception):
    pass


def _once(corpus, content) -> dict[str, float]:
    from django.db import transaction

    from reviewapp.models import Turn
    from reviewapp.services.carry import (
        carry_scores,
        plan_carry,
        reached_turn_ids,
        scan_batches,
    )
    from reviewapp.services.configs import create_version
    from scoring.config.reach import reach

    seconds: dict[str, float] = {}

    def timed(name, call):
        started = time.perf_counter()
        result = call()
        seconds[name] = time.perf_counter() - started
        return result

    try:
        with transaction.atomic():
            version = create_version("en", content, parent=corpus.version, message="bench")
            found = timed("reach of the edit", lambda: reach(corpus.version.content, content))
            turns = Turn.objects.filter(language="en", scored=True)
            timed("scan of every turn", lambda: reached_turn_ids(turns, found))
            batches = [texts for texts, _ in scan_batches(turns)]
            timed("match of the fetched texts", lambda: [found.touching(b) for b in batches])
            plan = timed("plan as a whole", lambda: plan_carry(version, ["en"]))
            timed("carry (INSERT ... SELECT)", lambda: carry_scores(plan, version, ["en"]))
            raise _RolledBack
    except _RolledBack:
        return seconds


def run() -> str:
    support.require_services()
    corpus = support.corpus()
    require_same_code(corpus)
    load = support.load_average()
    word, content = pick_filler(corpus.version)
    runs = [_once(corpus, content) for _ in range(REPEAT)]
    lines = [
        f"Planned rescore, part by part (filler {word!r}), {corpus.turns:,} English turns, "
        f"best of {REPEAT}, rolled back [{load} before, {support.load_average()} after]"
    ]
    for name in runs[0]:
        lines.append(f"{name:<28} {min(run[name] for run in runs):8.2f} s")
    return "\n".join(lines)


def main() -> None:
    print(run())


if __name__ == "__main__":
    main()
