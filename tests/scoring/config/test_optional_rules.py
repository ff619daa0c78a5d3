"""Every optional rule is off unless a language turns it on; turning nothing on changes
nothing: such a config normalizes exactly like the core chain, in every language."""

import pytest

from scoring import build_normalizer, bundle_from_data, config_languages, load_bundle
from scoring.config.models import LanguageConfig

SAMPLES = [
    "Hello, World! I'm twenty-five.",
    "Mein Anmelde-Konto, Krüger, A B C Bindestrich 1 2 3",
    "M. Dupont, il me faut trois euros; trait d'union",
    "una barra de pan, A B barra 4",
    "मेरी फ़्लाइट seven बजे है, ज़रूर हाँ",
    "삼월 이십오일, 천민수",
    "コンフルエンス、エー・ビー・シー",
    "Ana yin allurar ƙarfe saʼa",
    "می‌خواهم Python 3.12",
    "[slow] um, 3.5% of $5",
]

OPTIONAL = {
    name: field.default if field.default_factory is None else field.default_factory()
    for name, field in LanguageConfig.model_fields.items()
    if name
    not in {
        "schema_version",
        "language",
        "name",
        "display_name",
        "version",
        "description",
        "unit",
        "lowercase",
        "apostrophe",
        "remove_whitespace",
    }
}


def core(language: str, **extra):
    config = {"language": language, "name": f"{language}-core", "version": "1.0.0", **extra}
    return build_normalizer(bundle_from_data({"config": config, "lexicons": {}}))


@pytest.mark.parametrize("language", config_languages())
def test_optional_fields_at_their_defaults_change_nothing(language):
    plain = core(language)
    explicit = core(language, **OPTIONAL)
    assert explicit.step_names == plain.step_names
    for text in SAMPLES:
        assert explicit(text) == plain(text)


def test_off_rules_are_not_in_the_chain():
    assert core("xx").step_names == [
        "unicode",
        "annotations",
        "apostrophes",
        "tokenize",
        "hyphens",
        "case",
        "punctuation",
        "whitespace",
    ]


@pytest.mark.parametrize("language", config_languages())
def test_each_language_turns_on_only_rules_it_declares(language):
    config = load_bundle(language).config
    steps = set(build_normalizer(load_bundle(language)).step_names)
    if not config.char_folds:
        assert "char_folds" not in steps
    if not (config.spoken_symbols or config.spoken_symbols_code_only):
        assert "spoken_symbols" not in steps
    if config.numbers is None:
        assert "numbers" not in steps
