"""Configs are validated into typed objects; every problem names the file and the field."""

import copy
import json
import shutil
from pathlib import Path

import pytest

from scoring import ConfigError, bundle_from_data, config_languages, load_bundle, load_scorer

CONFIGS = Path(__file__).resolve().parents[3] / "configs"
MINIMAL = {"language": "xx", "name": "xx-norm", "version": "1.0.0"}


def bundle(**fields):
    return bundle_from_data({"config": MINIMAL | fields, "lexicons": {}}, source="xx.json")


@pytest.mark.parametrize(
    ("fields", "where", "problem"),
    [
        ({"fillerz": ["um"]}, "fillerz", "unknown field"),
        ({"fillers": "um"}, "fillers", "valid list"),
        ({"join_hyphenated_compounds": "yes"}, "join_hyphenated_compounds", "valid boolean"),
        ({"char_folds": {"u\u0308": "ue"}}, "char_folds", "not in Unicode NFC form"),
        (
            {"replacements": [{"pattern": "(unclosed", "replacement": ""}]},
            "replacements.0.pattern",
            "does not compile",
        ),
        ({"spellings": {"colour": "color", "color": "colour"}}, "spellings.colour", "cycle"),
        ({"spellings": {"a": "b", "b": "c"}}, "spellings.a", "chain"),
        ({"char_folds": {"ü": "ue", "e": "é"}}, "char_folds.ü", "chain"),
        ({"version": "1.0"}, "version", "should match pattern"),
        ({"profiles": {"strict": {}}}, "", "must name its default_profile"),
        (
            {"ordinals": {"suffixes": {"th": "th"}, "apart": ["st"]}},
            "ordinals",
            "apart: ['st'] are not in suffixes",
        ),
    ],
)
def test_bad_config_is_refused_with_file_and_field(fields, where, problem):
    with pytest.raises(ConfigError) as caught:
        bundle(**fields)
    message = str(caught.value)
    assert message.startswith("xx.json: ")
    assert where in message
    assert problem in message


def test_bad_json_names_the_line(tmp_path):
    (tmp_path / "xx.json").write_text('{"language": "xx",\n "name": }')
    with pytest.raises(ConfigError, match=r"xx.json: invalid JSON at line 2"):
        load_bundle("xx", tmp_path)


def test_missing_lexicon_names_the_field(tmp_path):
    (tmp_path / "xx.json").write_text(json.dumps(MINIMAL | {"spellings": "xx_words.json"}))
    with pytest.raises(ConfigError, match="xx_words.json: file not found"):
        load_bundle("xx", tmp_path)


def test_lexicons_are_part_of_the_bundle_and_the_hash(tmp_path):
    shutil.copy(CONFIGS / "en.json", tmp_path)
    names = {"en_contractions.json", "en_spellings.json", "en_currencies.json", "en_units.json"}
    for name in names:
        shutil.copy(CONFIGS / name, tmp_path)
    before = load_bundle("en", tmp_path)
    assert set(before.data["lexicons"]) == names  # a section's lexicon too (money.currencies)
    spellings = json.loads((tmp_path / "en_spellings.json").read_text())
    spellings["tyre"] = "tire"
    spellings["kerb"] = "curb"
    spellings["whilst"] = "while"
    (tmp_path / "en_spellings.json").write_text(json.dumps(spellings))
    after = load_bundle("en", tmp_path)
    assert after.content_hash != before.content_hash
    assert load_scorer("en", tmp_path).identity.hash != load_scorer("en").identity.hash


def test_same_content_same_hash_whatever_the_key_order():
    a = bundle_from_data(
        {"config": {"version": "1.0.0", "name": "n", "language": "xx"}, "lexicons": {}}
    )
    b = bundle(name="n")
    assert a.content_hash == b.content_hash


@pytest.mark.parametrize(
    ("variant", "base"), [("fr-CA", "fr"), ("en-GB", "en"), ("es-MX", "es"), ("de-DE", "de")]
)
def test_regional_variant_falls_back_to_its_base(variant, base):
    assert load_bundle(variant).content_hash == load_bundle(base).content_hash


def test_unknown_language_is_an_error():
    with pytest.raises(ConfigError, match="no config for language 'zz'"):
        load_bundle("zz")


def test_every_shipped_config_loads():
    languages = config_languages()
    assert {"en", "de", "nl", "fr", "es", "it"} <= set(languages)
    for language in languages:
        assert load_bundle(language).config.language == language


def test_fr_ca_has_no_file_of_its_own():
    assert not (CONFIGS / "fr-CA.json").exists()


def test_content_seen_before_is_validated_once(monkeypatch):
    """Stored versions are rebuilt into bundles by every page and task: the validation is
    kept by content digest, and a bundle still holds its own caller's data."""
    import scoring.config.loader as loader
    from scoring import clear_caches

    first, second = (copy.deepcopy(load_bundle("en").data) for _ in range(2))
    clear_caches(code_stamp=False)
    calls = []
    real = loader._validate
    monkeypatch.setattr(
        loader, "_validate", lambda data, source: calls.append(source) or real(data, source)
    )
    a = bundle_from_data(first, source="a")
    b = bundle_from_data(second, source="b")
    assert calls == ["a"] and a.config is b.config and a.content_hash == b.content_hash
    assert b.data["config"] is second["config"] and b.source == "b"
    clear_caches(code_stamp=False)
    bundle_from_data(second, source="c")
    assert calls == ["a", "c"]


def test_invalid_content_is_refused_each_time_with_its_own_source():
    data = {"config": {"language": "xx", "name": "xx-norm", "version": "1.0.0", "oops": 1},
            "lexicons": {}}  # fmt: skip
    for source in ("first.json", "second.json"):
        with pytest.raises(ConfigError, match=source):
            bundle_from_data(data, source=source)
