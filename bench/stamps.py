"""What the content stamp costs writers (reviewapp/content_stamps.py), on PostgreSQL.

    python -m bench.stamps

1. Per transaction: transactions that update one row of a tracked table (a dataset's
   description, set to itself), with the table's stamp trigger enabled and disabled, in
   alternating rounds: the difference is what every writing transaction pays (a statement
   trigger, a row noted, the stamp bumped at commit).
2. Contention: two writers, each holding its transaction open for a while after its write
   (as a chunk's transaction does while it writes scores and summaries), on different
   rows. With the stamp bumped at commit they overlap; with the bump in the writing
   statement (the design not chosen, installed for this run on the same table) the second
   waits for the first's commit.

The bench database's `reviewapp_dataset` triggers are changed during the run and put back.
"""

from __future__ import annotations

import statistics
import threading
import time

from . import support

ROUNDS, TRANSACTIONS = 6, 500
WRITERS, HOLD, WRITES = 2, 0.02, 40  # seconds a writer holds its transaction open
TABLE = "reviewapp_dataset"

# The design not chosen: the stamp bumped by the writing statement itself.
IMMEDIATE = """
CREATE OR REPLACE FUNCTION bench_stamp_immediate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE reviewapp_contentstamp SET counter = counter + 1 WHERE key = 'content';
    RETURN NULL;
END $$
"""


def _execute(sql: str, params=None) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _use_trigger(kind: str) -> None:
    """kind: "deferred" (the app's), "immediate" (bump in the statement) or "none"."""
    _execute(f"DROP TRIGGER IF EXISTS bench_stamp ON {TABLE}")
    action = "ENABLE" if kind == "deferred" else "DISABLE"
    _execute(f"ALTER TABLE {TABLE} {action} TRIGGER reviewapp_stamp")
    if kind == "immediate":
        _execute(IMMEDIATE)
        _execute(
            f"CREATE TRIGGER bench_stamp AFTER UPDATE ON {TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION bench_stamp_immediate()"
        )


def _write(dataset_id: int, hold: float = 0.0) -> None:
    from django.db import transaction

    with transaction.atomic():
        _execute(
            "UPDATE reviewapp_dataset SET description = description WHERE id = %s", [dataset_id]
        )
        if hold:
            time.sleep(hold)


def per_transaction(dataset_id: int) -> dict[str, float]:
    """Median µs per one-row writing transaction, with and without the stamp trigger."""
    times: dict[str, list[float]] = {"deferred": [], "none": []}
    for _ in range(ROUNDS):
        for kind in times:
            _use_trigger(kind)
            start = time.perf_counter()
            for _ in range(TRANSACTIONS):
                _write(dataset_id)
            times[kind].append((time.perf_counter() - start) / TRANSACTIONS * 1e6)
    return {kind: statistics.median(values) for kind, values in times.items()}


def overlapping(kind: str, dataset_ids: list[int]) -> float:
    """Seconds for WRITERS threads to commit WRITES transactions each, every one holding
    its transaction HOLD seconds after its write."""
    from django.db import connections

    _use_trigger(kind)

    def writer(dataset_id: int) -> None:
        try:
            for _ in range(WRITES):
                _write(dataset_id, HOLD)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=writer, args=(pk,)) for pk in dataset_ids]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def run() -> str:
    support.require_services()
    from reviewapp.models import Dataset

    ids = [Dataset.objects.get_or_create(name=f"bench-stamps-{n}")[0].pk for n in range(WRITERS)]
    load_before = support.load_average()
    try:
        cost = per_transaction(ids[0])
        walls = {kind: overlapping(kind, ids) for kind in ("deferred", "immediate", "none")}
    finally:
        _use_trigger("deferred")
        _execute("DROP FUNCTION IF EXISTS bench_stamp_immediate()")
    load = f"{load_before} before, {support.load_average()} after"
    serial = WRITERS * WRITES * HOLD
    lines = [
        f"Content stamp, cost to writers (PostgreSQL) [{load}]",
        f"one-row writing transaction: {cost['deferred']:.0f} µs with the stamp, "
        f"{cost['none']:.0f} µs without (median of {ROUNDS} rounds of {TRANSACTIONS}, "
        f"alternating): {cost['deferred'] - cost['none']:+.0f} µs a transaction",
        f"{WRITERS} writers x {WRITES} transactions, each held open {HOLD * 1e3:.0f} ms after "
        f"its write (fully serialized: {serial:.1f} s, fully overlapped: "
        f"{serial / WRITERS:.1f} s):",
    ]
    for kind, label in [
        ("deferred", "stamp bumped at commit (the app's)"),
        ("immediate", "stamp bumped by the writing statement"),
        ("none", "no stamp"),
    ]:
        lines.append(f"  {label:<40} {walls[kind]:5.2f} s")
    return "\n".join(lines)


def main() -> None:
    print(run())


if __name__ == "__main__":
    main()
