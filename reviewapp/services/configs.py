"""Config versions: bootstrap version 1 from configs/, and build scorers from stored ones."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from scoring import ConfigBundle, ConfigError, Scorer, bundle_from_data, get_scorer, load_bundle
from scoring.config.loader import resolve_language_file
from scoring.normalize.chain import NormalizerId
from scoring.scorer import scorer_identity

from ..languages import languages
from ..models import ConfigVersion, Language
from . import audit


def config_language(language: str) -> str | None:
    """The language whose config file scores `language` (fr-CA -> fr when it has none),
    or None when there is no config for it (its turns are imported but not scored)."""
    try:
        return resolve_language_file(language, settings.CONFIGS_DIR).stem
    except ConfigError:
        return None


@transaction.atomic
def ensure_languages(user=None) -> list[Language]:
    """Create each language's row and, from configs/, version 1 of its config (idempotent).
    Each version 1 made here gets its audit event, naming the languages pointed at it."""
    rows = []
    made: dict[str, ConfigVersion | None] = {}  # config language -> its version 1 made here
    pointed: dict[str, list[str]] = {}
    for code in languages():
        source = config_language(code)
        if source is None:
            rows.append(
                Language.objects.get_or_create(code=code, defaults={"config_language": ""})[0]
            )
            continue
        version = _ensure_first_version(source, made)
        language, created = Language.objects.get_or_create(
            code=code,
            defaults={"config_language": source, "active_version": version},
        )
        if created or language.active_version_id is None:
            language.active_version = version
            language.save(update_fields=["active_version"])
            pointed.setdefault(source, []).append(code)
        rows.append(language)
    for source, version in made.items():
        _record_first_version(user, version, languages=pointed.get(source, []))
    return rows


def _ensure_first_version(source: str, made: dict[str, ConfigVersion | None]) -> ConfigVersion:
    """The source's latest version, or its version 1 made now, after the versions 1 of
    the languages it code-switches with (so that each lands in `made`, to be recorded)."""
    version = latest_version(source)
    if version is not None:
        return version
    made[source] = None  # being made: a companion that names it back does not recurse
    for other in load_bundle(source, settings.CONFIGS_DIR).config.code_switch_languages:
        if other not in made:
            _ensure_first_version(other, made)
    version = latest_version(source)  # made already, as a companion of a companion
    if version is not None:
        del made[source]  # recorded where it was made
        return version
    made[source] = _create_first_version(source)
    return made[source]


def _create_first_version(source: str) -> ConfigVersion:
    bundle = load_bundle(source, settings.CONFIGS_DIR)
    return create_version(source, bundle.data, message=f"Imported from configs/{source}.json")


def _record_first_version(user, version: ConfigVersion, *, languages: list[str]) -> None:
    """The audit event of a version 1 read from configs/: `languages` are the rows whose
    active version it became (none when it was made as another config's companion)."""
    audit.record(
        user,
        audit.Action.VERSION_CREATED,
        version,
        language=version.language,
        parent=None,
        hash=version.normalizer_hash,
        source=f"configs/{version.language}.json",
        languages=languages,
    )


def create_version(
    language: str,
    content: dict,
    *,
    companions: dict[str, ConfigVersion] | None = None,
    **fields,
) -> ConfigVersion:
    """Validate a bundle and store it as the language's next version number, pinned to
    `companions` (by default the versions of its code-switch languages active now), and
    stamped with the identity of the scorer built from exactly those."""
    bundle = bundle_from_data(content, source=f"{language} config")
    if companions is None:
        companions = _current_companions(bundle.config)
    stamp = get_scorer(bundle, _bundles(companions)).identity
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
        companions={other: version.number for other, version in sorted(companions.items())},
        **fields,
    )


def _current_companions(config) -> dict[str, ConfigVersion]:
    """The versions a new version pins: each code-switch language's active version (its
    version 1 from configs/ when it has none yet, as `ensure_languages` would make it)."""
    out = {}
    for other in config.code_switch_languages:
        version = active_version(other) or latest_version(other)
        if version is None:
            version = _create_first_version(other)
            _record_first_version(None, version, languages=[])
        out[other] = version
    return out


def _bundles(companions: dict[str, ConfigVersion]) -> dict[str, ConfigBundle]:
    return {
        other: bundle_from_data(version.content, source=str(version))
        for other, version in companions.items()
    }


def companion_bundles(config) -> dict[str, ConfigBundle]:
    """The active configs of the languages a config code-switches with (Hindi -> English):
    what a proposal, not yet a version, is checked and previewed against."""
    out = {}
    for other in config.code_switch_languages:
        version = active_version(other) or latest_version(other)
        if version is not None:
            out[other] = bundle_from_data(version.content, source=str(version))
        else:
            out[other] = load_bundle(other, settings.CONFIGS_DIR)
    return out


def active_version(language: str) -> ConfigVersion | None:
    row = Language.objects.filter(code=language).select_related("active_version").first()
    return row.active_version if row else None


def latest_version(language: str) -> ConfigVersion | None:
    return ConfigVersion.objects.filter(language=language).order_by("-number").first()


def pinned_companions(version: ConfigVersion) -> dict[str, ConfigVersion]:
    """The companion versions a version was built with, in one query (none for most)."""
    if not version.companions:
        return {}
    pins = Q()
    for other, number in version.companions.items():
        pins |= Q(language=other, number=number)
    return {v.language: v for v in ConfigVersion.objects.filter(pins)}


def _pinned_bundles(companions: dict[str, ConfigVersion], config) -> dict[str, ConfigBundle]:
    bundles = _bundles(companions)
    for other in config.code_switch_languages:
        if other not in bundles:
            # Only a version stored before versions pinned their companions, whose
            # companion had no version then: configs/ is all there is. The worker's stamp
            # check still refuses to score with it if that is not what it was stamped with.
            bundles[other] = load_bundle(other, settings.CONFIGS_DIR)
    return bundles


# Versions are immutable, so a scorer built for one can be kept for the process's life.
# Keyed by content, not only by id (a test database reuses ids after a rollback), and by
# the pinned companions' content: the key is everything that decides the scorer.
_SCORERS: dict[tuple, Scorer] = {}


def scorer_for(version: ConfigVersion) -> Scorer:
    """The scorer of a stored version, built from its pinned companions.

    Its `identity.hash` is what the version's `normalizer_hash` recorded, unless this
    process runs other scoring code or libraries than the one that recorded it (see
    `stamp_mismatch`)."""
    companions = pinned_companions(version)
    key = _scorer_key(version, companions)
    scorer = _SCORERS.get(key)
    if scorer is None:
        scorer = _SCORERS[key] = get_scorer(*_version_bundles(version, companions))
    return scorer


def identity_for(version: ConfigVersion) -> NormalizerId:
    """`scorer_for(version).identity`, without building the scorer (for a stamp check of
    a version this process may never score with)."""
    companions = pinned_companions(version)
    built = _SCORERS.get(_scorer_key(version, companions))
    if built is not None:
        return built.identity
    return scorer_identity(*_version_bundles(version, companions))


def _scorer_key(version: ConfigVersion, companions: dict[str, ConfigVersion]) -> tuple:
    return (
        version.pk,
        version.content_hash,
        *sorted((other, v.number, v.content_hash) for other, v in companions.items()),
    )


def _version_bundles(
    version: ConfigVersion, companions: dict[str, ConfigVersion]
) -> tuple[ConfigBundle, dict[str, ConfigBundle]]:
    """The version's bundle and its companions' (what `get_scorer` takes)."""
    bundle = bundle_from_data(version.content, source=str(version))
    return bundle, _pinned_bundles(companions, bundle.config)


def stamp_mismatch(version: ConfigVersion, computed: NormalizerId) -> str:
    """Empty when `computed` (a scorer's identity) is the stamp the version was recorded
    with; otherwise the reason, naming both: no score may be written under the version
    by that scorer."""
    if computed.hash == version.normalizer_hash and computed.name == version.normalizer_name:
        return ""
    return (
        f"stamp mismatch: {version} was recorded as {version.label}, this worker computes "
        f"{computed.label()}: the worker runs other scoring code or libraries than the one "
        "that recorded it; redeploy it, or after an upgrade run manage.py restamp_versions"
    )
