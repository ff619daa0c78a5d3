"""The languages the product scores, read from the config files in `settings.CONFIGS_DIR`.

A language is data: each `<lang>.json` config is one language (its `display_name`,
`direction` and `scripts`), and each of its `regional_variants` (fr-CA in fr.json) is one
more, scored by that file. Adding `xx.json` adds the language; no Python edit, no
migration. The table is read again when a config file changes, so a test may point
CONFIGS_DIR elsewhere.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from scoring.config.loader import config_languages, load_bundle

__all__ = [
    "LanguageInfo",
    "configs_stamp",
    "is_language",
    "is_rtl",
    "language_choices",
    "language_filter_choices",
    "language_name",
    "language_scripts",
    "languages",
]


@dataclass(frozen=True)
class LanguageInfo:
    code: str
    name: str
    direction: str  # "ltr" or "rtl"
    config_language: str  # whose file scores it (fr for fr-CA)
    scripts: tuple[str, ...] = ()  # what it is written in, for the data-quality check


def languages() -> dict[str, str]:
    """Code -> display name of every language, each variant right after its base."""
    return {code: info.name for code, info in _table().items()}


def is_language(code: str) -> bool:
    return code in _table()


def language_name(code: str) -> str:
    """The display name; the code itself for a language with no config."""
    info = _table().get(code)
    return info.name if info else code


def is_rtl(code: str) -> bool:
    info = _table().get(code)
    return info is not None and info.direction == "rtl"


def language_scripts(code: str) -> tuple[str, ...]:
    """The scripts its config lists; () for a language with no config or none listed."""
    info = _table().get(code)
    return info.scripts if info else ()


def language_choices() -> list[tuple[str, str]]:
    """(code, name) pairs for a form's ChoiceField (pass the function: read when shown)."""
    return list(languages().items())


def configs_stamp() -> tuple[str, tuple]:
    """The config folder and its files' names and change times: what the table is read
    again for, and what a page that shows it depends on."""
    folder = Path(settings.CONFIGS_DIR)
    # read for every page (the language table, the ETag): one listing, no Path per file
    with os.scandir(folder) as entries:
        stamps = [(e.name, e.stat().st_mtime_ns) for e in entries if e.name.endswith(".json")]
    return str(folder), tuple(sorted(stamps))


def _table() -> dict[str, LanguageInfo]:
    # Keyed by the files' names and change times: an edited or added config is read again.
    return _read_table(*configs_stamp())


@functools.lru_cache(maxsize=8)
def _read_table(folder: str, stamps: tuple) -> dict[str, LanguageInfo]:
    table = {}
    for code in config_languages(folder):
        config = load_bundle(code, folder).config
        scripts = tuple(config.scripts)
        name = config.display_name or code
        table[code] = LanguageInfo(code, name, config.direction, code, scripts)
        for variant, variant_name in config.regional_variants.items():
            table[variant] = LanguageInfo(variant, variant_name, config.direction, code, scripts)
    return table


def language_filter_choices() -> list[tuple[str, str]]:
    """The choices of a list page's language filter: every language, or all of them."""
    return [("", "All languages"), *language_choices()]
