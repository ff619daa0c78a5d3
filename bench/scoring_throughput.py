"""Benchmark 1: scoring throughput in one process; benchmark 2: building a scorer.

Every row is the best of `timing.REPEAT` runs over the same pairs, ours and the peers'
alike, and names its corpus beside the figure (pairs, distinct references, distinct
texts). "Cold" means distinct references never scored before in the process, with
`scoring.clear_caches()` (every memo of the library: normalizer memos, number and
code-switch readings, built scorers) called before each run, outside the clock.

Variants: our full pipeline (normalize both sides + align + counts), normalization alone,
alignment alone (rapidfuzz opcodes on pre-tokenized lists), jiwer's `process_words` with
its default transform, and a Whisper-normalizer + jiwer pipeline when installed. The
realistic-repetition row scores each reference for five models, with the memo on (what a
corpus scored for several STT models gets), and is labelled as such.
"""

from __future__ import annotations

import subprocess
import sys
import time

from scoring import clear_caches, load_scorer
from scoring.align import align

from . import support
from .data import Corpus, demo_pairs, english_distinct, english_repeated, language_distinct
from .timing import REPEAT, rate, table

TARGET_EN = 20_000
TARGET_OTHER = 15_000
TARGET_WHISPER = 5.0  # times the Whisper normalizer + jiwer
LANGUAGES = ("de", "nl", "fr", "fr-CA", "es", "it", "hi", "ko", "ja", "ha", "fa")
COLD = "lexicheck full pipeline, cold"


def _header(corpora: list[Corpus]) -> list[str]:
    return [f"corpus: {c.describe()}" for c in corpora] + [
        f"every row: best of {REPEAT} runs; cold = scoring.clear_caches() before each run "
        f"(untimed) [{support.load_average()}]"
    ]


def _score_all(scorer):
    def run(items):
        for r, h in items:
            scorer.score(r, h)

    return run


def english() -> str:
    distinct, repeated = english_distinct(), english_repeated()
    scorer = load_scorer("en")
    normalize = scorer.normalizer
    tokens = [(normalize(r).split(), normalize(h).split()) for r, h in distinct.pairs]

    def normalize_only(items):
        for r, h in items:
            normalize(r)
            normalize(h)

    def align_only(items):
        for r, h in items:
            align(r, h)

    rows = [
        (COLD, rate(_score_all(scorer), distinct.pairs, before=clear_caches), distinct.short()),
        (
            "lexicheck full, 5 models per reference",
            rate(_score_all(scorer), repeated.pairs, before=clear_caches),
            repeated.short() + " (memo on)",
        ),
        (
            "lexicheck normalize only, cold",
            rate(normalize_only, distinct.pairs, before=clear_caches),
            distinct.short(),
        ),
        ("rapidfuzz alignment only", rate(align_only, tokens), distinct.short() + " (tokens)"),
    ]
    rows += _jiwer_rows(distinct)
    title = (
        f"Scoring throughput, English (target: cold >= {TARGET_EN:,}/s and "
        f">= {TARGET_WHISPER:.0f}x Whisper normalizer + jiwer)"
    )
    return "\n".join(
        [title, *_header([distinct, repeated]), *table(rows)] + [_english_verdict(rows)]
    )


def _english_verdict(rows) -> str:
    values = {name: value for name, value, _ in rows}
    ours = values[COLD]
    verdict = f"verdict: cold {ours:,.0f}/s is {'met' if ours >= TARGET_EN else 'missed'}"
    whisper = values.get("whisper-normalizer + jiwer")
    if whisper:
        ratio = ours / whisper
        verdict += (
            f"; {ratio:.1f}x Whisper + jiwer: "
            f"{'met' if ratio >= TARGET_WHISPER else 'missed'} (target {TARGET_WHISPER:.0f}x)"
        )
    return verdict


def _jiwer_rows(corpus: Corpus) -> list[tuple[str, float, str]]:
    try:
        import jiwer
    except ImportError:
        return []

    def jiwer_default(items):
        for r, h in items:
            jiwer.process_words(r, h)

    rows = [("jiwer process_words (default)", rate(jiwer_default, corpus.pairs), corpus.short())]
    try:
        from whisper_normalizer.english import EnglishTextNormalizer
    except ImportError:
        return rows
    whisper = EnglishTextNormalizer()

    def whisper_jiwer(items):
        for r, h in items:
            jiwer.process_words(whisper(r) or "empty", whisper(h) or "empty")

    rows.append(("whisper-normalizer + jiwer", rate(whisper_jiwer, corpus.pairs), corpus.short()))
    return rows


def other_languages() -> str:
    rows, missed = [], []
    for language in LANGUAGES:
        corpus = language_distinct(language)
        try:
            scorer = load_scorer(language)
        except Exception as exc:  # a language whose config is not there yet
            support.log(f"  ({language}: skipped, {exc})")
            continue
        value = rate(_score_all(scorer), corpus.pairs, before=clear_caches)
        rows.append((f"{language} full pipeline, cold", value, corpus.short()))
        if value < TARGET_OTHER:
            missed.append(f"{language} {value:,.0f}")
    title = f"Scoring throughput, other languages (target: cold >= {TARGET_OTHER:,}/s each)"
    header = [
        "corpus: per language, 2,000 distinct references varied from its demo pairs "
        "(reviewapp/demo; splices of two pairs, digits replaced alike on both sides)",
        *_header([])[-1:],
    ]
    verdict = "verdict: " + (
        "met for every language" if not missed else "missed: " + ", ".join(missed)
    )
    return "\n".join([title, *header, *table(rows), verdict])


LONG_LANGUAGES = ("en", "de", "nl", "fr", "es", "it", "hi", "ko", "ja", "ha", "fa")


def long_text(language: str, length: int) -> str:
    """The language's first demo references (1,000 characters) repeated to `length`, so
    the 2k and 20k texts hold the same mix (as tests/scoring/test_linear_work.py builds)."""
    block = " ".join(reference for reference, _ in demo_pairs(language)[:200])[:1_000] + " "
    return (block * (length // len(block) + 1))[:length]


def long_texts() -> str:
    """Normalizing one long text, cold (every cache cleared), at 2,000 and 20,000
    characters: the work must grow with the length, not with its square."""
    lines = [
        f"Long texts, cold (scoring.clear_caches() before each), best of {REPEAT}: seconds "
        "to normalize one text of 2k and 20k characters",
        "corpus: per language, its first demo references (1,000 characters) repeated",
        f"{'language':<10}{'2k s':>10}{'20k s':>10}{'20k / 2k':>10}",
    ]
    for language in LONG_LANGUAGES:
        normalize = load_scorer(language).normalizer
        seconds = []
        for length in (2_000, 20_000):
            text, best = long_text(language, length), float("inf")
            for _ in range(REPEAT):
                clear_caches()
                start = time.perf_counter()
                normalize(text)
                best = min(best, time.perf_counter() - start)
            seconds.append(best)
        ratio = seconds[1] / seconds[0]
        lines.append(f"{language:<10}{seconds[0]:>10.4f}{seconds[1]:>10.4f}{ratio:>10.1f}")
    return "\n".join(lines)


_FIRST_LOAD = """
import time
start = time.perf_counter()
import scoring
imported = time.perf_counter()
scoring.load_scorer("en")
print(imported - start, time.perf_counter() - imported)
"""


def cold_vs_cached() -> str:
    """Benchmark 2: a scorer is built once per config content hash. Three figures: the
    first load in a fresh process (read the config, build, fingerprint the code), a load
    after `clear_caches()` in a warm process (Python's own caches warm), and the cached
    lookup every later call makes."""
    from scoring import get_scorer, load_bundle

    fresh = []
    for _ in range(REPEAT):
        out = subprocess.run(
            [sys.executable, "-c", _FIRST_LOAD], capture_output=True, text=True, check=True
        )
        fresh.append(tuple(float(x) for x in out.stdout.split()))
    imported, first = min(fresh, key=lambda pair: pair[1])
    warm = []
    for _ in range(20):
        clear_caches()
        start = time.perf_counter()
        load_scorer("en")
        warm.append(time.perf_counter() - start)
    bundle = load_bundle("en")
    get_scorer(bundle)
    start = time.perf_counter()
    for _ in range(10_000):
        get_scorer(bundle)
    cached = (time.perf_counter() - start) / 10_000
    return "\n".join(
        [
            f"Config load, en (best of {REPEAT} fresh processes; 20 warm loads) "
            f"[{support.load_average()}]",
            f"first load_scorer('en') in a fresh process  {first * 1e3:8.2f} ms "
            f"(after `import scoring`: {imported * 1e3:.0f} ms)",
            f"load_scorer('en') after clear_caches(), warm {min(warm) * 1e3:8.2f} ms (best), "
            f"{sorted(warm)[len(warm) // 2] * 1e3:.2f} ms (median)",
            f"get_scorer(bundle), cached                   {cached * 1e6:8.2f} µs "
            f"({first / cached:,.0f}x less than the first load)",
        ]
    )


def main() -> None:
    print(english())
    print()
    print(other_languages())
    print()
    print(cold_vs_cached())


if __name__ == "__main__":
    main()
