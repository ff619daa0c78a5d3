"""Benchmark 1: scoring throughput in one process, all variants on the same pairs.

Variants: our full pipeline (normalize both sides + align + counts), normalization alone,
alignment alone (rapidfuzz opcodes on pre-tokenized lists), jiwer's `process_words` with
its default transform, and a Whisper-normalizer + jiwer pipeline when installable.
"""

from __future__ import annotations

from scoring import load_scorer
from scoring.align import align

from .data import demo_pairs, english_pairs
from .timing import rate, table

TARGET_EN = 20_000
TARGET_OTHER = 10_000


def english() -> str:
    pairs = english_pairs()
    scorer = load_scorer("en")
    normalize = scorer.normalizer
    tokens = [(normalize(r).split(), normalize(h).split()) for r, h in pairs]

    # The headline is cold: the normalizer's memo is emptied before every pair, so every
    # text is normalized from scratch. The pairs hold each reference five times (five
    # transcripts of one intended turn, as a corpus scored for several STT models does);
    # the "memo" row shows what remembering normalized texts saves on such a corpus.
    def full(items):
        for r, h in items:
            normalize.clear_memo()
            scorer.score(r, h)

    def full_memo(items):
        normalize.clear_memo()
        for r, h in items:
            scorer.score(r, h)

    def normalize_only(items):
        for r, h in items:
            normalize.clear_memo()
            normalize(r)
            normalize(h)

    def align_only(items):
        for r, h in items:
            align(r, h)

    rows = [
        ("lexicheck full pipeline", rate(full, pairs)),
        ("lexicheck full, with the memo", rate(full_memo, pairs)),
        ("lexicheck normalize only", rate(normalize_only, pairs)),
        ("rapidfuzz alignment only", rate(align_only, tokens)),
    ]
    rows += _jiwer_rows(pairs)
    title = f"Scoring throughput, English, {len(pairs):,} pairs (target: full >= {TARGET_EN:,}/s)"
    return table(title, rows, baseline="lexicheck full pipeline")


def _jiwer_rows(pairs) -> list[tuple[str, float]]:
    try:
        import jiwer
    except ImportError:
        return []
    refs = [r for r, _ in pairs]
    hyps = [h for _, h in pairs]

    def jiwer_default(items):
        for r, h in items:
            jiwer.process_words(r, h)

    rows = [
        ("jiwer process_words (default)", rate(jiwer_default, list(zip(refs, hyps, strict=True))))
    ]
    try:
        from whisper_normalizer.english import EnglishTextNormalizer
    except ImportError:
        return rows
    whisper = EnglishTextNormalizer()

    def whisper_jiwer(items):
        for r, h in items:
            jiwer.process_words(whisper(r) or "empty", whisper(h) or "empty")

    rows.append(("whisper-normalizer + jiwer", rate(whisper_jiwer, pairs, repeat=1)))
    return rows


def other_languages() -> str:
    rows = []
    for language in ("de", "nl", "fr", "fr-CA", "es", "it", "hi", "ko", "ja", "ha", "fa"):
        pairs = demo_pairs(language)
        try:
            scorer = load_scorer(language)
        except Exception as exc:  # a language whose config is not there yet
            print(f"  ({language}: skipped, {exc})")
            continue

        def full(items, scorer=scorer):
            for r, h in items:
                scorer.normalizer.clear_memo()  # cold: the demo pairs repeat
                scorer.score(r, h)

        rows.append((f"{language} full pipeline", rate(full, pairs)))
    return table(
        f"Scoring throughput, other languages, 2,000 demo pairs each "
        f"(target >= {TARGET_OTHER:,}/s)",
        rows,
        baseline=rows[0][0],
    )


LONG_LANGUAGES = ("en", "de", "nl", "fr", "es", "it", "hi", "ko", "ja", "ha", "fa")


def long_text(language: str, length: int) -> str:
    """The language's first demo references (1,000 characters) repeated to `length`, so
    the 2k and 20k texts hold the same mix (as tests/scoring/test_linear_work.py builds)."""
    block = " ".join(reference for reference, _ in demo_pairs(language, 200))[:1_000] + " "
    return (block * (length // len(block) + 1))[:length]


def long_texts() -> str:
    """Normalizing one long text, cold (memo emptied), at 2,000 and 20,000 characters: the
    work must grow with the length, not with its square (a quadratic step shows at 20,000)."""
    import time

    lines = [
        "Long texts, cold, best of 3: seconds to normalize one text of 2k and 20k characters",
        f"{'language':<10}{'2k s':>10}{'20k s':>10}{'20k / 2k':>10}",
    ]
    for language in LONG_LANGUAGES:
        normalize = load_scorer(language).normalizer
        seconds = []
        for length in (2_000, 20_000):
            text, best = long_text(language, length), float("inf")
            for _ in range(3):
                normalize.clear_memo()
                start = time.perf_counter()
                normalize(text)
                best = min(best, time.perf_counter() - start)
            seconds.append(best)
        ratio = seconds[1] / seconds[0]
        lines.append(f"{language:<10}{seconds[0]:>10.4f}{seconds[1]:>10.4f}{ratio:>10.1f}")
    return "\n".join(lines)


def cold_vs_cached() -> str:
    """Benchmark 2: building a normalizer for a config is done once per content hash."""
    import time

    from scoring import get_scorer, load_bundle
    from scoring.normalize import build_normalizer

    bundle = load_bundle("en")
    start = time.perf_counter()
    n = 50
    for _ in range(n):
        build_normalizer(bundle)
    cold = (time.perf_counter() - start) / n
    start = time.perf_counter()
    for _ in range(10_000):
        get_scorer(bundle)
    cached = (time.perf_counter() - start) / 10_000
    return (
        f"Config compile/load, en: cold build {cold * 1e3:.2f} ms, cached lookup "
        f"{cached * 1e6:.2f} µs ({cold / cached:,.0f}x)"
    )


def main() -> None:
    print(english())
    print()
    print(other_languages())
    print()
    print(cold_vs_cached())


if __name__ == "__main__":
    main()
