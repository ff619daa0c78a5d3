"""Measure a config against labelled differences: how many false errors it still leaves,
and how many real errors it hides (which must stay zero).

Input: conversations whose turns carry `labels`, each `{kind, ref_span, hyp_span,
real_error}` (the demo set has them). A label is checked on its own spans, scored with the
language's scorer: a false error is *left* when the spans still differ, a real error is
*hidden* when they no longer do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import ConfigError
from .scorer import Scorer, load_scorer

__all__ = ["LabelTally", "measure", "format_report"]


@dataclass
class LabelTally:
    false_errors: int = 0
    false_errors_left: int = 0
    real_errors: int = 0
    real_errors_hidden: int = 0
    examples_left: list[tuple[str, str]] = field(default_factory=list)
    examples_hidden: list[tuple[str, str]] = field(default_factory=list)

    def add(self, real: bool, matched: bool, ref: str, hyp: str) -> None:
        if real:
            self.real_errors += 1
            if matched:
                self.real_errors_hidden += 1
                self.examples_hidden.append((ref, hyp))
        else:
            self.false_errors += 1
            if not matched:
                self.false_errors_left += 1
                self.examples_left.append((ref, hyp))


def measure(
    conversations: Iterable[dict], config_dir=None, languages: set[str] | None = None
) -> dict[str, dict[str, LabelTally]]:
    """{language: {kind: tally}} over every labelled difference (annotations excluded)."""
    scorers: dict[str, Scorer | None] = {}
    out: dict[str, dict[str, LabelTally]] = defaultdict(lambda: defaultdict(LabelTally))
    for record in conversations:
        language = record["language"]
        if languages and language not in languages:
            continue
        scorer = _scorer(scorers, language, config_dir)
        if scorer is None:
            continue
        for turn in record.get("turns", []):
            for label in turn.get("labels", []):
                if label.get("kind") == "annotation":
                    continue
                ref, hyp = label.get("ref_span", ""), label.get("hyp_span", "")
                matched = scorer.score(ref, hyp).counts.errors == 0
                out[language][label["kind"]].add(bool(label.get("real_error")), matched, ref, hyp)
    return out


def _scorer(cache: dict, language: str, config_dir) -> Scorer | None:
    if language not in cache:
        try:
            cache[language] = load_scorer(language, config_dir)
        except ConfigError:
            cache[language] = None
    return cache[language]


def format_report(results: dict[str, dict[str, LabelTally]], *, examples: int = 0) -> str:
    lines = [f"{'language':<8} {'kind':<20} {'false errors left':>18} {'real errors hidden':>19}"]
    for language in sorted(results):
        total = LabelTally()
        for kind in sorted(results[language]):
            tally = results[language][kind]
            lines.append(_row(language, kind, tally))
            for ref, hyp in tally.examples_left[:examples]:
                lines.append(f"{'':<8}   left:   {ref!r} / {hyp!r}")
            for ref, hyp in tally.examples_hidden[:examples]:
                lines.append(f"{'':<8}   HIDDEN: {ref!r} / {hyp!r}")
            total.false_errors += tally.false_errors
            total.false_errors_left += tally.false_errors_left
            total.real_errors += tally.real_errors
            total.real_errors_hidden += tally.real_errors_hidden
        lines.append(_row(language, "(all)", total))
    return "\n".join(lines)


def _row(language: str, kind: str, tally: LabelTally) -> str:
    left = f"{tally.false_errors_left}/{tally.false_errors}" if tally.false_errors else "-"
    hidden = f"{tally.real_errors_hidden}/{tally.real_errors}" if tally.real_errors else "-"
    return f"{language:<8} {kind:<20} {left:>18} {hidden:>19}"
