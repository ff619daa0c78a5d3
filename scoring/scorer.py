"""Score a pair: normalize both sides with the same normalizer, align, count.

>>> from scoring import load_scorer
>>> result = load_scorer("en").score("I'm at twenty five", "I am at 25")
>>> result.counts.errors, result.normalizer.name
(0, 'en-norm')
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .align import Alignment, align
from .caches import ByContent
from .codeswitch import build_rescuer
from .config import ConfigBundle, load_bundle
from .metrics import Counts
from .normalize import Normalizer, build_normalizer
from .normalize.chain import NormalizerId, normalizer_identity
from .stamp import code_fingerprint

__all__ = ["PairScore", "Scorer", "get_scorer", "load_scorer", "scorer_identity"]


@dataclass(frozen=True)
class PairScore:
    counts: Counts
    unit: str
    normalizer: NormalizerId
    alignment: Alignment
    reference: str
    hypothesis: str
    profile: str | None = None
    profiles: Mapping[str, PairScore] = field(default_factory=dict)
    raw: Counts | None = None
    strict: Counts | None = None
    code_switch: Mapping | None = None

    @property
    def metric(self) -> str:
        return "cer" if self.unit == "char" else "wer"

    @property
    def rate(self) -> float | None:
        return self.counts.rate

    def as_dict(self, *, alignment: bool = True) -> dict:
        out = {"metric": self.metric, "unit": self.unit, **self.counts.as_dict(self.metric)}
        out["normalizer"] = self.normalizer.as_dict()
        out["reference_normalized"] = self.reference
        out["hypothesis_normalized"] = self.hypothesis
        if self.profile:
            out["profile"] = self.profile
        if alignment:
            out["alignment"] = [op.as_list() for op in self.alignment.ops]
        for name, score in self.profiles.items():
            out[name] = score.as_dict(alignment=alignment)
        if self.raw is not None:
            out["raw"] = self.raw.as_dict(self.metric)
        if self.strict is not None:
            out[f"strict_{self.metric}"] = self.strict.rate
            if "strict" not in self.profiles:  # a profile named strict (ko) keeps its block
                out["strict"] = self.strict.as_dict(self.metric)
        if self.code_switch is not None:
            out["code_switch"] = dict(self.code_switch)
        return out


class Scorer:
    """A normalizer plus alignment; one per config content, reused for every pair."""

    def __init__(self, normalizer: Normalizer, companions: Mapping[str, Normalizer] = {}):
        self.normalizer = normalizer
        self.config = normalizer.config
        self.unit = self.config.unit
        self.identity = _identity(
            normalizer.identity, {lang: n.identity for lang, n in companions.items()}
        )
        self._rescue = build_rescuer(normalizer, companions)

    def tokens(self, normalized: str) -> list[str]:
        return list(normalized) if self.unit == "char" else normalized.split()

    def score(self, reference: str, hypothesis: str) -> PairScore:
        ref_norm = self.normalizer(reference)
        hyp_norm = self.normalizer(hypothesis)
        if self.normalizer.profile_steps:
            return self._score_profiles(reference, hypothesis, ref_norm, hyp_norm)
        return self._score_normalized(reference, hypothesis, ref_norm, hyp_norm)

    def _score_normalized(self, reference, hypothesis, ref_norm, hyp_norm, profile=None):
        alignment = align(self.tokens(ref_norm), self.tokens(hyp_norm))
        counts = Counts.of(alignment)
        strict = code_switch = None
        if self._rescue is not None:
            strict = counts
            counts, code_switch = self._rescue(reference, hypothesis, alignment)
        return PairScore(
            counts, self.unit, self.identity, alignment, ref_norm, hyp_norm, profile,
            strict=strict, code_switch=code_switch,
        )  # fmt: skip

    def _score_profiles(self, reference, hypothesis, ref_norm, hyp_norm) -> PairScore:
        scores = {
            name: self._score_normalized(
                reference,
                hypothesis,
                self.normalizer.apply_profile(ref_norm, name),
                self.normalizer.apply_profile(hyp_norm, name),
                profile=name,
            )  # fmt: skip
            for name in self.normalizer.profiles
        }
        default = scores[self.config.default_profile]
        raw = None
        if self.config.raw_score:
            raw = Counts.of(align(reference.split(), hypothesis.split()))
        # the default profile's code-switch view is the pair's (ko: strict, with rescues)
        return PairScore(
            default.counts, self.unit, self.identity, default.alignment, default.reference,
            default.hypothesis, default.profile, profiles=scores, raw=raw,
            strict=default.strict, code_switch=default.code_switch,
        )  # fmt: skip


def _identity(own: NormalizerId, companions: Mapping[str, NormalizerId]) -> NormalizerId:
    if not companions:
        return own
    parts = [own.hash] + [companions[k].hash for k in sorted(companions)]
    parts.append(code_fingerprint())  # the rescue's code changes scores too
    digest = hashlib.sha256(":".join(parts).encode()).hexdigest()
    return NormalizerId(own.name, own.version, digest)


def scorer_identity(
    bundle: ConfigBundle, companions: Mapping[str, ConfigBundle] = {}
) -> NormalizerId:
    """The identity `get_scorer(bundle, companions)` gives its scorer, without building
    it (which compiles every rule): what a stamp check needs."""
    return _identity(
        normalizer_identity(bundle),
        {lang: normalizer_identity(b) for lang, b in companions.items()},
    )


# Scorers are immutable; building one compiles every rule, so keep them by content hash.
_SCORERS = ByContent(maxsize=64)


def get_scorer(bundle: ConfigBundle, companions: Mapping[str, ConfigBundle] = {}) -> Scorer:
    """The scorer for this exact content, built once per process."""
    key = ":".join([bundle.content_hash] + [companions[k].content_hash for k in sorted(companions)])
    scorer = _SCORERS.get(key)
    if scorer is None:
        normalizers = {lang: build_normalizer(b) for lang, b in companions.items()}
        scorer = _SCORERS.keep(key, Scorer(build_normalizer(bundle), normalizers))
    return scorer


def load_scorer(language: str, config_dir: Path | str | None = None) -> Scorer:
    """Read the language's config (and those it code-switches with) and get its scorer."""
    bundle = load_bundle(language, config_dir)
    companions = {
        other: load_bundle(other, config_dir) for other in bundle.config.code_switch_languages
    }
    return get_scorer(bundle, companions)
