"""Spoken/written equivalence, ours beside Whisper's normalizers, per language and category.

    python -m bench.fidelity ../shared/data/nemo/dev.jsonl            # every language
    python -m bench.fidelity ../shared/data/nemo/dev.jsonl --lang en  # one

The file holds pairs that are two correct spellings of the same speech, one JSON object a
line: {"lang", "category", "spoken", "written"} (NVIDIA NeMo-text-processing's test cases,
see ../shared/data/README.md; not part of this repository). For each pair and each
normalizer it counts the word errors between the two normalized forms:

- equivalent: the two forms give 0 errors (the more, the fewer false errors);
- near-miss kept: the written form with its last digit changed gives at least 1 error
  (a normalizer that merges too much hides real errors; it must stay 100%).

Normalizers: ours (`scoring`, the language's config), Whisper's English normalizer
(`whisper_normalizer.english.EnglishTextNormalizer`, for English) and Whisper's basic
normalizer (`BasicTextNormalizer`: lower case, symbols removed, any language). Errors are
the word-level Levenshtein distance for all three, as WER counts them.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from scoring import load_scorer

_DIGIT = re.compile(r"[0-9\u0966-\u096f\uff10-\uff19]")


def near_miss(text: str) -> str | None:
    """The text with its last digit changed (ASCII, Devanagari or full-width), or None."""
    found = list(_DIGIT.finditer(text))
    if not found:
        return None
    i = found[-1].start()
    for zero in ("0", "\u0966", "\uff10"):
        d = ord(text[i]) - ord(zero)
        if 0 <= d <= 9:
            return text[:i] + chr(ord(zero) + (d + 1) % 10) + text[i + 1 :]
    return None


def _word_errors(normalize: Callable[[str], str], unit: str = "word") -> Callable:
    def errors(a: str, b: str) -> int:
        x, y = normalize(a), normalize(b)
        if unit == "char":
            return Levenshtein.distance("".join(x.split()), "".join(y.split()))
        return Levenshtein.distance(x.split(), y.split())

    return errors


def normalizers(language: str) -> dict[str, Callable[[str, str], int]]:
    scorer = load_scorer(language)
    found = {"lexicheck": lambda a, b: scorer.score(a, b).counts.errors}
    try:
        from whisper_normalizer.basic import BasicTextNormalizer
        from whisper_normalizer.english import EnglishTextNormalizer
    except ImportError:  # the bench extra is not installed
        return found
    if language == "en":
        found["whisper-en"] = _word_errors(EnglishTextNormalizer())
    found["whisper-basic"] = _word_errors(BasicTextNormalizer(), scorer.unit)
    return found


def measure(cases: list[dict], language: str) -> dict[str, dict[str, list[int]]]:
    """{normalizer: {category: [equivalent, pairs, near-miss kept, near-miss tried]}}."""
    table: dict[str, dict[str, list[int]]] = {}
    for name, errors in normalizers(language).items():
        rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
        for case in cases:
            row = rows[case["category"]]
            row[1] += 1
            if errors(case["written"], case["spoken"]) == 0:
                row[0] += 1
                changed = near_miss(case["written"])
                if changed is not None:
                    row[3] += 1
                    row[2] += errors(changed, case["spoken"]) > 0
        table[name] = rows
    return table


def report(table: dict[str, dict[str, list[int]]], language: str) -> str:
    names = list(table)
    categories = sorted(next(iter(table.values())))
    lines = [f"{language}: {'category':22}" + "".join(f"{name:>18}" for name in names)]
    for category in [*categories, "ALL"]:
        cells = []
        for name in names:
            rows = table[name]
            picked = rows.values() if category == "ALL" else [rows[category]]
            eq, n = sum(r[0] for r in picked), sum(r[1] for r in picked)
            cells.append(f"{eq:>5}/{n:<4} {100 * eq / max(n, 1):5.1f}%")
        lines.append(f"    {category:22}" + "".join(f"{cell:>18}" for cell in cells))
    kept = []
    for name in names:
        rows = table[name].values()
        got, tried = sum(r[2] for r in rows), sum(r[3] for r in rows)
        kept.append(f"{got}/{tried}")
    lines.append(f"    {'near-miss kept':22}" + "".join(f"{k:>18}" for k in kept))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", type=Path)
    parser.add_argument("--lang", action="append", help="a language (repeat); default all")
    args = parser.parse_args(argv)
    cases = [json.loads(line) for line in args.cases.open(encoding="utf-8") if line.strip()]
    by_language: dict[str, list[dict]] = defaultdict(list)
    for case in cases:
        if not args.lang or case["lang"] in args.lang:
            by_language[case["lang"]].append(case)
    print(f"{args.cases}: {sum(map(len, by_language.values()))} pairs, each scored once")
    for language in sorted(by_language):
        print()
        print(report(measure(by_language[language], language), language))


if __name__ == "__main__":
    main()
