"""Two models on the same references: `scoring.compare` and `scoring.report` run on the
app's current scores, so the page and its downloads say what `compare A B` and `score
--report` say of the same counts.

A turn of model A and a turn of model B are the same utterance when their conversations
share an external id (in one language and dataset) and the turns share an index and a
reference text; turns without such a partner are left out and counted. The interval and
the sign test resample conversations, not turns: a conversation's turns are not
independent.

Scores are those of the language's scored config version, as every page shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.compare import Comparison, compare, format_comparison
from scoring.evaluate import Utterance
from scoring.formats import Record
from scoring.metrics import Counts
from scoring.report import Bootstrap, Summary, format_sclite, summarize, to_csv

from .models import Language, Score

__all__ = [
    "BOOTSTRAP",
    "ModelComparison",
    "TurnDifference",
    "compare_models",
    "report_csv",
    "report_json",
    "report_text",
]

BOOTSTRAP = Bootstrap(1000, seed=0, unit="conversation")
TOP = 10
NO_INTERVAL = Bootstrap(0)  # for the turn-level ranking only: no resampling


@dataclass(frozen=True)
class TurnDifference:
    """One turn's errors under both models, and each model's conversation (for links)."""

    external_id: str
    index: int
    errors_a: int
    errors_b: int
    conversation_a: int
    conversation_b: int
    turn_a: int
    turn_b: int


@dataclass(frozen=True)
class ModelComparison:
    language: str
    dataset: str
    model_a: str
    model_b: str
    comparison: Comparison  # per conversation
    summary: Summary  # a row per model
    turns: tuple[TurnDifference, ...]  # the turns that differ most, largest gap first
    paired: int  # turns compared
    left_out: int  # turns of either model without a partner of the same reference


@dataclass(frozen=True)
class _Scored:
    conversation: int
    turn: int
    reference: str
    counts: Counts


def compare_models(
    language: str,
    dataset: str,
    model_a: str,
    model_b: str,
    *,
    bootstrap: Bootstrap = BOOTSTRAP,
    top: int = TOP,
) -> ModelComparison | None:
    """The comparison of B against A, or None when the language has no scores yet."""
    version = Language.objects.filter(code=language).values_list("scored_version", flat=True)
    version_id = version.first()
    if version_id is None:
        return None
    scored, metric = _scores(version_id, language, dataset, (model_a, model_b))
    a, b = scored[model_a], scored[model_b]
    keys = sorted(k for k in a.keys() & b.keys() if a[k].reference == b[k].reference)
    utterances_a = [_utterance(key, a[key], model_a) for key in keys]
    utterances_b = [_utterance(key, b[key], model_b) for key in keys]
    comparison = compare(utterances_a, utterances_b, bootstrap=bootstrap, metric=metric)
    per_turn = compare(utterances_a, utterances_b, bootstrap=NO_INTERVAL, metric=metric)
    by_id = dict(zip((u.record.id for u in utterances_a), keys, strict=True))
    turns = tuple(_difference(by_id[pair.id], pair, a, b) for pair in per_turn.most_different(top))
    summary = summarize(
        utterances_a + utterances_b, metric=metric, group_by="model", bootstrap=bootstrap
    )
    left_out = len(a) + len(b) - 2 * len(keys)
    return ModelComparison(
        language, dataset, model_a, model_b, comparison, summary, turns, len(keys), left_out
    )


def _scores(version_id: int, language: str, dataset: str, models: tuple[str, str]):
    """{model: {(external id, turn index): _Scored}} of the scored turns, and the metric."""
    rows = (
        Score.objects.current()
        .filter(
            version_id=version_id,
            turn__scored=True,
            turn__conversation__language=language,
            turn__conversation__dataset__name=dataset,
            turn__conversation__model__in=models,
        )
        .values_list(
            "turn__conversation__model",
            "turn__conversation__external_id",
            "turn__index",
            "turn__conversation_id",
            "turn_id",
            "turn__reference",
            "unit",
            "substitutions",
            "deletions",
            "insertions",
            "ref_len",
            "hyp_len",
        )
    )
    scored: dict[str, dict[tuple[str, int], _Scored]] = {model: {} for model in models}
    units = set()
    for model, external_id, index, conversation, turn, reference, unit, *counts in rows:
        scored[model][(external_id, index)] = _Scored(
            conversation, turn, reference, Counts(*counts)
        )
        units.add(unit)
    return scored, "cer" if units == {"char"} else "wer"  # one config version: one unit


def _utterance(key: tuple[str, int], scored: _Scored, model: str) -> Utterance:
    external_id, index = key
    record = Record(
        f"{external_id} #{index}", "", "", metadata={"conversation": external_id, "model": model}
    )
    return Utterance(record, scored.counts)


def _difference(key: tuple[str, int], pair, a: dict, b: dict) -> TurnDifference:
    one, other = a[key], b[key]
    return TurnDifference(
        key[0], key[1], pair.a.errors, pair.b.errors,
        one.conversation, other.conversation, one.turn, other.turn,
    )  # fmt: skip


def report_json(result: ModelComparison) -> dict:
    """The summary per model, the comparison, and the turns that differ most."""
    return {
        "language": result.language,
        "dataset": result.dataset,
        "a": result.model_a,
        "b": result.model_b,
        "turns_compared": result.paired,
        "turns_left_out": result.left_out,
        "summary": result.summary.as_dict(),
        "comparison": result.comparison.as_dict(TOP),
        "turns_that_differ_most": [
            {
                "conversation": t.external_id,
                "turn": t.index,
                "errors_a": t.errors_a,
                "errors_b": t.errors_b,
            }  # fmt: skip
            for t in result.turns
        ],
    }


def report_csv(result: ModelComparison) -> str:
    """A row per model and the total, as `score --report csv` writes them."""
    return to_csv(result.summary)


def report_text(result: ModelComparison) -> str:
    """sclite's summary layout, a row per model, then the comparison as `compare` prints
    it."""
    title = f"{result.dataset} ({result.language}): {result.model_a} vs {result.model_b}"
    text = format_comparison(result.comparison, result.model_a, result.model_b, top=TOP)
    return f"{format_sclite(result.summary, title)}\n{text}\n"
