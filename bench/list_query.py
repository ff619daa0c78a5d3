"""The conversation list's SQL on the bench corpus, under EXPLAIN ANALYZE (PostgreSQL).

    python -m bench.list_query        # BENCH_TURNS / --turns: the corpus size

For the benchmark's list page (English, one model, highest rate first), the first page's
rows read as one query ordering every match (as before `queries.ScoredFirst`) and as the
scored part of the split (what the first page reads now); then the two other queries of
the list that read every match: the paginator's count, the filter form's model choices.
Each: the best execution time of REPEAT runs (the buffers and rows do not vary).
"""

from __future__ import annotations

import json

from . import support
from .pages import LIST_URL, prepare

REPEAT = 5


def _sql(query) -> tuple[str, tuple]:
    """A queryset's SQL, or (the count) the SQL a call runs, as the database got it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if hasattr(query, "query"):
        return query.query.sql_with_params()
    with CaptureQueriesContext(connection) as captured:
        query()
    return captured.captured_queries[-1]["sql"], ()


def _explain(query) -> dict:
    from django.db import connection

    sql, params = _sql(query)
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}", params)
        raw = cursor.fetchone()[0]
    return (json.loads(raw) if isinstance(raw, str) else raw)[0]


def _rows_read(node: dict) -> int:
    """Rows that scans (of tables and indexes) produced: actual rows times loops."""
    own = node["Actual Rows"] * node["Actual Loops"] if "Scan" in node["Node Type"] else 0
    return own + sum(_rows_read(child) for child in node.get("Plans", []))


def measure(query) -> tuple[float, int, int]:
    """(best ms, rows read by scans, shared buffers hit + read) of a queryset, or of
    the query a call runs."""
    plans = [_explain(query) for _ in range(REPEAT)]
    top = plans[-1]["Plan"]
    buffers = top.get("Shared Hit Blocks", 0) + top.get("Shared Read Blocks", 0)
    return min(p["Execution Time"] for p in plans), _rows_read(top), buffers


def run() -> str:
    support.require_services()
    from django.http import QueryDict

    from reviewapp.models import Conversation
    from reviewapp.queries import conversation_rows, scored_versions
    from reviewapp.views.conversations import PAGE_SIZE, ConversationFilterForm

    corpus = support.corpus()
    prepared = prepare(corpus)  # the summaries the list reads, and current statistics
    form = ConversationFilterForm(QueryDict(LIST_URL.split("?", 1)[1]))
    assert form.is_valid(), form.errors
    filters, versions = form.filters(), scored_versions()
    whole = conversation_rows(filters, versions, split=False)
    split = conversation_rows(filters, versions)
    models = Conversation.objects.exclude(model="").order_by("model").values_list("model")
    queries = [
        ("first page, one query ordering all matches", whole[:PAGE_SIZE]),
        ("first page, scored part of the split", split.scored[:PAGE_SIZE]),
        ("paginator count", split.count),
        ("model choices (SELECT DISTINCT model)", models.distinct()),
    ]
    load_before = support.load_average()
    rows = [(name, *measure(queryset)) for name, queryset in queries]
    load = f"{load_before} before, {support.load_average()} after"
    lines = [
        f"The list's SQL ({LIST_URL}), {corpus.turns:,} turns, {corpus.conversations:,} "
        f"conversations; EXPLAIN (ANALYZE, BUFFERS), best of {REPEAT} [{load}]",
        f"before: {prepared}",
        f"{'query':<46} {'ms':>7} {'rows read':>10} {'buffers':>8}",
    ]
    for name, ms, read, buffers in rows:
        lines.append(f"{name:<46} {ms:>7.2f} {read:>10,} {buffers:>8,}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    support.main_with_turns("bench.list_query", __doc__, run, argv)


if __name__ == "__main__":
    main()
