"""Lexicheck scoring library: config-driven normalization, alignment, WER/CER.

Pure Python, no Django. The web app, the Celery workers and the CLI all call it, so the same
text always gets the same score.

>>> from scoring import load_scorer
>>> scorer = load_scorer("de")
>>> scorer.score("Mein Anmelde-Konto", "mein Anmeldekonto").counts.errors
0
"""

from .align import Alignment, Op, Region, align
from .caches import clear_caches
from .config import ConfigBundle, LanguageConfig, bundle_from_data, config_languages, load_bundle
from .corpus import CorpusScore, PairInput, score_corpus
from .errors import ConfigError, InputError, ScoringError
from .metrics import Counts
from .normalize import Normalizer, build_normalizer
from .scorer import PairScore, Scorer, get_scorer, load_scorer

__all__ = [
    "Alignment",
    "ConfigBundle",
    "ConfigError",
    "CorpusScore",
    "Counts",
    "InputError",
    "LanguageConfig",
    "Normalizer",
    "Op",
    "PairInput",
    "PairScore",
    "Region",
    "Scorer",
    "ScoringError",
    "align",
    "build_normalizer",
    "clear_caches",
    "bundle_from_data",
    "config_languages",
    "get_scorer",
    "load_bundle",
    "load_scorer",
    "score_corpus",
]
