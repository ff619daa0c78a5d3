"""The normalizer: an ordered chain of named steps built from a language config."""

from .chain import STEP_ORDER, Normalizer, build_normalizer

__all__ = ["STEP_ORDER", "Normalizer", "build_normalizer"]
