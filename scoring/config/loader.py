"""Load a language config from a folder or from data, validate it, and hash it.

A config is a JSON object; a mapping field may instead name a lexicon file in the same
folder (``"spellings": "en_spellings.json"``). The *bundle* is the config plus the lexicons
it names, as plain data: ``{"config": {...}, "lexicons": {"en_spellings.json": {...}}}``.
The review app stores bundles as config versions; `export` writes them back to files.

>>> bundle = bundle_from_data({"config": {"language": "xx", "name": "xx-norm",
...                                        "version": "1.0.0"}, "lexicons": {}})
>>> bundle.config.name, len(bundle.content_hash)
('xx-norm', 64)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..caches import ByContent
from ..errors import ConfigError
from .models import LEXICON_FIELDS, LanguageConfig
from .rules import check_rules

__all__ = [
    "ConfigBundle",
    "bundle_from_data",
    "canonical_json",
    "config_languages",
    "load_bundle",
    "resolve_language_file",
]

DEFAULT_CONFIG_DIR = Path(__file__).resolve().parents[2] / "configs"


@dataclass(frozen=True)
class ConfigBundle:
    """A validated config with its lexicons, as data and as typed objects."""

    config: LanguageConfig
    data: dict[str, Any] = field(repr=False, compare=False)
    content_hash: str
    source: str = "<data>"

    @property
    def language(self) -> str:
        return self.config.language


def canonical_json(data: Any) -> str:
    """One spelling per content: sorted keys, no spaces, UTF-8 text kept as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def bundle_from_data(data: dict[str, Any], *, source: str = "<data>") -> ConfigBundle:
    """Validate a bundle given as data (how a worker scores with a stored version)."""
    if not isinstance(data, dict) or set(data) != {"config", "lexicons"}:
        raise ConfigError(source, "", 'a bundle is {"config": {...}, "lexicons": {...}}')
    raw, lexicons = data["config"], data["lexicons"]
    if not isinstance(raw, dict):
        raise ConfigError(source, "config", "must be a JSON object")
    if not isinstance(lexicons, dict):
        raise ConfigError(source, "lexicons", "must be a JSON object")
    canonical = {"config": raw, "lexicons": {name: lexicons[name] for name in sorted(lexicons)}}
    digest = hashlib.sha256(canonical_json(canonical).encode("utf-8")).hexdigest()
    config = _VALIDATED.get(digest)
    if config is None:
        config = _validate(_inline_lexicons(raw, lexicons, source), source)
        check_rules(config, source)
        _VALIDATED.keep(digest, config)
    return ConfigBundle(config=config, data=canonical, content_hash=digest, source=source)


# Validated configs by the digest of their bundle: a stored version is validated once per
# process, however many requests, tasks and tests build its bundle. Validating costs about
# ten times the digest (pydantic and the rule checks walk every lexicon entry). A config is
# frozen, so one object serves every bundle of the same content; a bundle's data is its
# own caller's. Only valid content is kept: an invalid one raises again, naming its source
# (the lexicons are inlined and checked only then: the digest covers them).
_VALIDATED = ByContent(maxsize=128)


def resolve_language_file(language: str, config_dir: Path | str | None = None) -> Path:
    """`configs/<lang>.json`, falling back from a regional variant to its base (fr-CA -> fr)."""
    folder = Path(config_dir) if config_dir is not None else DEFAULT_CONFIG_DIR
    candidates = [language]
    if "-" in language:
        candidates.append(language.split("-", 1)[0])
    for candidate in candidates:
        path = folder / f"{candidate}.json"
        if path.is_file():
            return path
    raise ConfigError(str(folder), "", f"no config for language {language!r}")


# The built-in `plain` language: no normalization (NFC, case folded, whitespace split), to
# compare counts with sclite and jiwer. "und" is ISO 639's code for no particular language.
PLAIN = {
    "language": "und",
    "name": "plain",
    "version": "1.0.0",
    "description": "No normalization: Unicode NFC, case folded, split on whitespace.",
    "plain": True,
}


def load_bundle(language: str, config_dir: Path | str | None = None) -> ConfigBundle:
    """Read `<lang>.json` and the lexicons it names from a configs folder; `plain` is
    built in."""
    if language == "plain":
        return bundle_from_data({"config": PLAIN, "lexicons": {}}, source="plain (built in)")
    path = resolve_language_file(language, config_dir)
    raw = _read_json(path)
    if not isinstance(raw, dict):
        raise ConfigError(path.name, "", "must be a JSON object")
    lexicons = {name: _read_json(path.parent / name) for name in _lexicon_names(raw)}
    return bundle_from_data({"config": raw, "lexicons": lexicons}, source=path.name)


def config_languages(config_dir: Path | str | None = None) -> list[str]:
    """Languages that have a config file of their own (lexicon files are not configs)."""
    folder = Path(config_dir) if config_dir is not None else DEFAULT_CONFIG_DIR
    found = []
    for path in sorted(folder.glob("*.json")):
        stem = path.stem
        if "_" not in stem and not stem.startswith("."):
            found.append(stem)
    return found


def _lexicon_fields(raw: dict[str, Any]) -> dict[str, str]:
    """Field path -> lexicon file name, for every lexicon field that names a file."""
    found = {}
    for path in sorted(LEXICON_FIELDS):
        section, _, key = path.rpartition(".")
        holder = raw.get(section) if section else raw
        value = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(value, str):
            found[path] = value
    return found


def _lexicon_names(raw: dict[str, Any]) -> list[str]:
    return sorted(set(_lexicon_fields(raw).values()))


def _inline_lexicons(raw: dict, lexicons: dict, source: str) -> dict:
    resolved = dict(raw)
    for path, name in _lexicon_fields(raw).items():
        if name not in lexicons:
            raise ConfigError(source, path, f"lexicon {name!r} is missing")
        content = lexicons[name]
        if not isinstance(content, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in content.items()
        ):
            raise ConfigError(name, "", "a lexicon is a JSON object of strings to strings")
        section, _, key = path.rpartition(".")
        if section:
            resolved[section] = {**resolved[section], key: content}
        else:
            resolved[key] = content
    return resolved


def _validate(resolved: dict, source: str) -> LanguageConfig:
    try:
        return LanguageConfig.model_validate(resolved)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ConfigError(source, where, _message(first)) from None


def _message(error: dict) -> str:
    if error["type"] == "extra_forbidden":
        return "unknown field"
    if error["type"] == "missing":
        return "required field is missing"
    return error["msg"].removeprefix("Value error, ")


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(path.name, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path.name, "", f"cannot be read: {exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(
            path.name, "", f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
