"""Config versions: bootstrap version 1 from configs/, and build scorers from stored ones."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from scoring import ConfigBundle, ConfigError, Scorer, bundle_from_data, get_scorer, load_bundle
from scoring.config.loader import resolve_language_file

from ..languages import LANGUAGES
from ..models import ConfigVersion, Language


def config_language(language: str) -> str | None:
    """The language whose config file scores `language` (fr-CA -> fr when it has none),
    or None when there is no config for it (its turns are imported but not scored)."""
    try:
        return resolve_language_file(language, settings.CONFIGS_DIR).stem
    except ConfigError:
        return None


def normalizer_stamp(bundle: ConfigBundle, companions: dict[str, ConfigBundle]) -> dict:
    return get_scorer(bundle, companions).identity.as_dict()


@transaction.atomic
def ensure_languages() -> list[Language]:
    """Create each language's row and, from configs/, version 1 of its config (idempotent)."""
    rows = []
    for code in LANGUAGES:
        source = config_language(code)
        if source is None:
            rows.append(
                Language.objects.get_or_create(code=code, defaults={"config_language": ""})[0]
            )
            continue
        version = ConfigVersion.objects.filter(language=source).order_by("-number").first()
        if version is None:
            version = _create_first_version(source)
        language, created = Language.objects.get_or_create(
            code=code,
            defaults={"config_language": source, "active_version": version},
        )
        if created or language.active_version_id is None:
            language.active_version = version
            language.save(update_fields=["active_version"])
        rows.append(language)
    return rows


def _create_first_version(source: str) -> ConfigVersion:
    bundle = load_bundle(source, settings.CONFIGS_DIR)
    return create_version(source, bundle.data, message=f"Imported from configs/{source}.json")


def create_version(language: str, content: dict, **fields) -> ConfigVersion:
    """Validate a bundle and store it as the language's next version number."""
    bundle = bundle_from_data(content, source=f"{language} config")
    stamp = get_scorer(bundle, companion_bundles(bundle.config)).identity
    last = ConfigVersion.objects.filter(language=language).order_by("-number").first()
    return ConfigVersion.objects.create(
        language=language,
        number=(last.number + 1) if last else 1,
        parent=fields.pop("parent", last),
        content=bundle.data,
        content_hash=bundle.content_hash,
        normalizer_name=stamp.name,
        normalizer_version=stamp.version,
        normalizer_hash=stamp.hash,
        **fields,
    )


def companion_bundles(config) -> dict[str, ConfigBundle]:
    """The active configs of the languages a config code-switches with (Hindi -> English)."""
    out = {}
    for other in config.code_switch_languages:
        version = active_version(other)
        if version is not None:
            out[other] = bundle_from_data(version.content, source=f"{other} v{version.number}")
        else:
            out[other] = load_bundle(other, settings.CONFIGS_DIR)
    return out


def active_version(language: str) -> ConfigVersion | None:
    row = Language.objects.filter(code=language).select_related("active_version").first()
    return row.active_version if row else None


# Versions are immutable, so a scorer built for one can be kept for the process's life.
# Keyed by content, not only by id: a test database reuses ids after a rollback.
_SCORERS: dict[tuple[int, str], Scorer] = {}


def scorer_for(version: ConfigVersion) -> Scorer:
    key = (version.pk, version.content_hash)
    scorer = _SCORERS.get(key)
    if scorer is None:
        bundle = bundle_from_data(version.content, source=str(version))
        scorer = get_scorer(bundle, companion_bundles(bundle.config))
        _SCORERS[key] = scorer
    return scorer
