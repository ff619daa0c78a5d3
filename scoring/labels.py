"""Measure a config against labelled differences: how many false errors it still leaves,
and how many real errors it hides (which must stay zero).

Input: conversations whose turns carry `labels`, each `{kind, ref_span, hyp_span,
real_error}` (the demo set has them). A label is checked on its own spans, scored with the
language's scorer: a false error is *left* when the spans still differ, a real error is
*hidden* when they no longer do.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .config import ConfigBundle, bundle_from_data, load_bundle
from .errors import ConfigError
from .scorer import Scorer, get_scorer

__all__ = ["LabelTally", "format_comparison", "format_report", "measure", "without_fields"]


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
    conversations: Iterable[dict],
    config_dir=None,
    languages: set[str] | None = None,
    without: Sequence[str] = (),
) -> dict[str, dict[str, LabelTally]]:
    """{language: {kind: tally}} over every labelled difference (annotations excluded).

    `without`: config fields to leave out (dotted paths such as "emails" or
    "hindi.fractional_times"), to see what a rule contributes; a language that sets none
    of them is left out of the result."""
    scorers: dict[str, Scorer | None] = {}
    out: dict[str, dict[str, LabelTally]] = defaultdict(lambda: defaultdict(LabelTally))
    for record in conversations:
        language = record["language"]
        if languages and language not in languages:
            continue
        scorer = _scorer(scorers, language, config_dir, tuple(without))
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


def _scorer(cache: dict, language: str, config_dir, without: tuple[str, ...]) -> Scorer | None:
    if language not in cache:
        try:
            bundle = load_bundle(language, config_dir)
        except ConfigError:  # a language with no config is not measured
            cache[language] = None
            return None
        if without:
            bundle = without_fields(bundle, without)
        if bundle is None:
            cache[language] = None
            return None
        others = bundle.config.code_switch_languages
        companions = {other: load_bundle(other, config_dir) for other in others}
        cache[language] = get_scorer(bundle, companions)
    return cache[language]


def without_fields(bundle: ConfigBundle, paths: Sequence[str]) -> ConfigBundle | None:
    """The bundle with the config fields at these dotted paths removed, or None when it
    sets none of them. The result is validated like any config: removing a field that
    another one needs is a ConfigError naming both."""
    raw = copy.deepcopy(bundle.data["config"])
    removed = False
    for path in paths:
        *parents, name = path.split(".")
        node = raw
        for key in parents:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict) and name in node:
            del node[name]
            removed = True
    if not removed:
        return None
    source = f"{bundle.source} without {', '.join(paths)}"
    return bundle_from_data({"config": raw, "lexicons": bundle.data["lexicons"]}, source=source)


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


def format_comparison(
    as_is: dict[str, dict[str, LabelTally]], ablated: dict[str, dict[str, LabelTally]], label: str
) -> str:
    """Per language, the totals with the configs as they are and without the fields: the
    false errors the fields remove and the real errors they hide."""
    header = ("language", "left as is", "left without", "removed", "hidden as is", "hidden without")
    lines = [f"without {label}: false errors left, removed; real errors hidden", _columns(header)]
    for language in sorted(ablated):
        base, off = _total(as_is[language]), _total(ablated[language])
        removed = off.false_errors_left - base.false_errors_left
        lines.append(
            _columns(
                (
                    language,
                    _share(base.false_errors_left, base.false_errors),
                    _share(off.false_errors_left, off.false_errors),
                    str(removed),
                    _share(base.real_errors_hidden, base.real_errors),
                    _share(off.real_errors_hidden, off.real_errors),
                )
            )  # fmt: skip
        )
    if not ablated:
        lines.append(f"(no language sets {label})")
    return "\n".join(lines)


def _total(kinds: dict[str, LabelTally]) -> LabelTally:
    total = LabelTally()
    for tally in kinds.values():
        total.false_errors += tally.false_errors
        total.false_errors_left += tally.false_errors_left
        total.real_errors += tally.real_errors
        total.real_errors_hidden += tally.real_errors_hidden
    return total


def _columns(cells: tuple[str, ...]) -> str:
    return f"{cells[0]:<8}" + "".join(f" {cell:>14}" for cell in cells[1:])


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole}" if whole else "-"


def _row(language: str, kind: str, tally: LabelTally) -> str:
    left = f"{tally.false_errors_left}/{tally.false_errors}" if tally.false_errors else "-"
    hidden = f"{tally.real_errors_hidden}/{tally.real_errors}" if tally.real_errors else "-"
    return f"{language:<8} {kind:<20} {left:>18} {hidden:>19}"
