"""Score many pairs honestly: sum counts, and count what was scored against what was given.

A pair that cannot be scored (a missing text, a rule that timed out) is listed as skipped
with its reason; it is never dropped silently, and the report says `scored/manifest`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from .codeswitch import CodeSwitchTotals
from .errors import ScoringError, text_problem
from .metrics import Counts
from .scorer import PairScore, Scorer

__all__ = ["CorpusScore", "PairInput", "Skipped", "iter_scores", "new_corpus", "score_corpus"]


@dataclass(frozen=True)
class PairInput:
    id: str
    reference: object
    hypothesis: object


@dataclass(frozen=True)
class Skipped:
    id: str
    reason: str

    def as_dict(self) -> dict:
        return {"id": self.id, "reason": self.reason}


@dataclass
class CorpusScore:
    """Running totals; `add` one result at a time so a stream never sits in memory."""

    metric: str
    unit: str
    normalizer: dict
    counts: Counts = field(default_factory=Counts)
    profile_counts: dict[str, Counts] = field(default_factory=dict)
    raw_counts: Counts | None = None
    strict_counts: Counts | None = None
    code_switch: CodeSwitchTotals | None = None
    scored: int = 0
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def manifest(self) -> int:
        return self.scored + len(self.skipped)

    @property
    def value(self) -> float | None:
        return self.counts.rate

    def add(self, score: PairScore) -> None:
        self.scored += 1
        self.counts += score.counts
        for name, profile in score.profiles.items():
            self.profile_counts[name] = self.profile_counts.get(name, Counts()) + profile.counts
        if score.raw is not None:
            self.raw_counts = (self.raw_counts or Counts()) + score.raw
        if score.strict is not None:
            self.strict_counts = (self.strict_counts or Counts()) + score.strict
        if score.code_switch is not None:
            totals = CodeSwitchTotals.of(score.code_switch, score.strict.errors)
            self.code_switch = totals if self.code_switch is None else self.code_switch + totals

    def skip(self, pair_id: str, reason: str) -> None:
        self.skipped.append(Skipped(pair_id, reason))

    def as_dict(self) -> dict:
        out = {
            "summary": True,
            "metric": self.metric,
            "unit": self.unit,
            "value": self.value,
            "normalizer": self.normalizer,
            "scored": self.scored,
            "manifest": self.manifest,
            "skipped": [s.as_dict() for s in self.skipped],
            "counts": self.counts.as_dict(self.metric),
        }
        for name, counts in self.profile_counts.items():
            out[name] = counts.as_dict(self.metric)
        if self.raw_counts is not None:
            out["raw"] = self.raw_counts.as_dict(self.metric)
        if self.strict_counts is not None and "strict" not in self.profile_counts:
            out["strict"] = self.strict_counts.as_dict(self.metric)
        if self.code_switch is not None:
            out["code_switch"] = self.code_switch.as_dict()
        return out

    def report_line(self) -> str:
        """`wer word 0.2500 en-norm@1.0.0+3f2a9c 2/3`: the five fields of the honest line."""
        value = "n/a" if self.value is None else f"{self.value:.4f}"
        label = (
            f"{self.normalizer['name']}@{self.normalizer['version']}+{self.normalizer['hash'][:6]}"
        )
        return f"{self.metric} {self.unit} {value} {label} {self.scored}/{self.manifest}"


def iter_scores(
    scorer: Scorer,
    pairs: Iterable[PairInput],
    corpus: CorpusScore,
    score_pair: Callable[[PairInput], PairScore] | None = None,
) -> Iterator[tuple[PairInput, PairScore | None, str | None]]:
    """Yield (pair, score or None, skip reason or None), adding each to `corpus`.
    `score_pair` replaces `scorer.score` (sclite's alignment scores trn pairs)."""
    for pair in pairs:
        reason = unusable_reason(pair)
        score = None
        if reason is None:
            try:
                if score_pair is None:
                    score = scorer.score(pair.reference, pair.hypothesis)
                else:
                    score = score_pair(pair)
            except ScoringError as exc:
                reason = str(exc)
        if score is None:
            corpus.skip(pair.id, reason)
        else:
            corpus.add(score)
        yield pair, score, reason


def new_corpus(scorer: Scorer) -> CorpusScore:
    metric = "cer" if scorer.unit == "char" else "wer"
    return CorpusScore(metric, scorer.unit, scorer.identity.as_dict())


def score_corpus(scorer: Scorer, pairs: Iterable[PairInput]) -> CorpusScore:
    corpus = new_corpus(scorer)
    for _ in iter_scores(scorer, pairs, corpus):
        pass
    return corpus


def unusable_reason(pair: PairInput) -> str | None:
    """Why a pair cannot be scored at all (a text missing or not a string), or None."""
    for name in ("reference", "hypothesis"):
        value = getattr(pair, name)
        if value is None:
            return f"missing {name}"
        if not isinstance(value, str):
            return f"{name} is not a string"
        problem = text_problem(value)
        if problem:
            return f"{name}: {problem}"
    return None
