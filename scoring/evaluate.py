"""Score the records a reader returned: each with the alignment its format calls for,
skipped ones listed with their reason, as `scoring.corpus` does for pairs.

`align="sclite"` aligns every pair through `scoring.network` with sclite's weights (and
reads trn alternations); `align="levenshtein"` scores with the usual scorer (rapidfuzz,
every weight 1, with profiles and code-switch views), except a reference with
alternations, which goes through the network with equal weights. The CLI picks sclite
for trn files and levenshtein for the rest, so each format counts as its own tools do.

>>> from scoring import load_scorer
>>> from scoring.formats import Record
>>> run = evaluate(load_scorer("plain"), [Record("u1", "a { b / @ } c", "a c", alternations=True)],
...                align="sclite")
>>> run.corpus.counts.errors, [u.counts.ref_len for u in run.utterances]
(0, [2])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .corpus import CorpusScore, iter_scores, new_corpus
from .formats import Record
from .metrics import Counts
from .network import LEVENSHTEIN, SCLITE, Costs
from .scorer import PairScore, Scorer
from .transcript import score_transcript

__all__ = ["ALIGNMENTS", "Evaluation", "Utterance", "evaluate", "record_scorer"]

ALIGNMENTS: dict[str, Costs] = {"sclite": SCLITE, "levenshtein": LEVENSHTEIN}


@dataclass(frozen=True)
class Utterance:
    """A scored record and its counts."""

    record: Record
    counts: Counts


@dataclass(frozen=True)
class Evaluation:
    """Every record's outcome, in input order, and the corpus totals."""

    corpus: CorpusScore
    results: tuple[tuple[Record, PairScore | None, str | None], ...]
    align: str

    @property
    def utterances(self) -> list[Utterance]:
        return [Utterance(r, score.counts) for r, score, _ in self.results if score is not None]


def record_scorer(scorer: Scorer, align: str) -> Callable[[Record], PairScore]:
    """The function that scores one record under the named alignment."""
    costs = ALIGNMENTS[align]

    def score(record: Record) -> PairScore:
        if costs is LEVENSHTEIN and not record.alternations:
            return scorer.score(record.reference, record.hypothesis)
        return score_transcript(
            scorer, record.reference, record.hypothesis,
            costs=costs, alternations=record.alternations,
        )  # fmt: skip

    return score


def evaluate(scorer: Scorer, records: Sequence[Record], *, align: str) -> Evaluation:
    corpus = new_corpus(scorer)
    results = tuple(iter_scores(scorer, records, corpus, record_scorer(scorer, align)))
    return Evaluation(corpus, results, align)
