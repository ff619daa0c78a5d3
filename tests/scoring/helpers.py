"""Shared helpers for the scoring tests."""

from __future__ import annotations

from scoring import load_scorer


def normalized(language: str, text: str) -> str:
    return load_scorer(language).normalizer(text)


def errors(language: str, reference: str, hypothesis: str) -> int:
    return load_scorer(language).score(reference, hypothesis).counts.errors
