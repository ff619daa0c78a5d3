"""Checks across fields that a schema cannot express: mappings must be idempotent.

A normalizer applied twice must give the same text as applied once, or a reference that
was already normalized would score differently from a raw one. A word map whose output
contains one of its own keys (a -> b, b -> c), or a cycle (a -> b, b -> a), breaks that.
"""

from __future__ import annotations

from ..errors import ConfigError
from .models import LanguageConfig

__all__ = ["check_rules", "word_map_problem", "char_fold_problem"]


def check_rules(config: LanguageConfig, source: str) -> None:
    for name in (
        "contractions",
        "spellings",
        "spoken_symbols",
        "spoken_symbols_code_only",
        "number_words",
    ):
        problem = word_map_problem(getattr(config, name))
        if problem:
            raise ConfigError(source, f"{name}.{problem[0]}", problem[1])
    folds = {"char_folds": config.char_folds} | {
        f"profiles.{name}.char_folds": profile.char_folds
        for name, profile in config.profiles.items()
    }
    for field, mapping in folds.items():
        problem = char_fold_problem(mapping)
        if problem:
            raise ConfigError(source, f"{field}.{problem[0]}", problem[1])
    for variant in config.regional_variants:
        # A variant is scored by its base's file (fr-CA -> fr.json), so only that file
        # may name it.
        if variant.split("-", 1)[0] != config.language:
            raise ConfigError(
                source,
                f"regional_variants.{variant}",
                f"a variant of {config.language!r} starts with {config.language}-",
            )


def word_map_problem(mapping: dict[str, str]) -> tuple[str, str] | None:
    """The first key whose replacement is itself rewritten by the same map, if any."""
    keys = {key.lower() for key in mapping}
    for key, value in mapping.items():
        for word in value.lower().split():
            if word in keys and value.lower() != key.lower():
                target = mapping.get(word) or next(
                    v for k, v in mapping.items() if k.lower() == word
                )
                kind = "cycle" if key.lower() in target.lower().split() else "chain"
                return key, f"{kind}: {key!r} -> {value!r}, and {word!r} -> {target!r}"
    return None


def char_fold_problem(mapping: dict[str, str]) -> tuple[str, str] | None:
    """The first fold whose output still contains a character the map folds."""
    for source, target in mapping.items():
        for other in mapping:
            if other in target:
                kind = "cycle" if source in mapping.get(other, "") else "chain"
                return source, f"{kind}: {source!r} -> {target!r} contains {other!r}"
    return None
