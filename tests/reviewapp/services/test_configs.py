"""Config versions pin the versions of the languages they code-switch with, and a scorer
is built from (and cached by) exactly those."""

from __future__ import annotations

import copy

import pytest

from reviewapp.models import ConfigVersion, Language
from reviewapp.services import configs
from reviewapp.services.configs import create_version, ensure_languages, scorer_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def languages():
    ensure_languages()
    return {row.code: row for row in Language.objects.select_related("active_version")}


def english_with_filler(version: ConfigVersion, word: str) -> ConfigVersion:
    content = copy.deepcopy(version.content)
    content["config"]["fillers"].append(word)
    return create_version("en", content, message="next")


def test_a_version_pins_the_active_versions_of_its_code_switch_languages(languages):
    assert languages["hi"].active_version.companions == {"en": 1}
    assert languages["en"].active_version.companions == {}
    assert languages["fa"].active_version.companions == {}
    assert languages["hi"].active_version.companions_label == "en v1"


def test_a_first_version_bootstraps_the_companion_it_pins(db):
    """Hindi's version 1 made before English has one: English v1 comes from configs/."""
    from scoring import load_bundle

    hi = create_version("hi", load_bundle("hi").data)
    english = ConfigVersion.objects.get(language="en")
    assert (hi.companions, english.number) == ({"en": 1}, 1)


def test_the_scorer_uses_the_pinned_english_never_the_active_one(languages):
    hi_v1 = languages["hi"].active_version
    pair = ("मुझे ahem टिकट चाहिए", "मुझे टिकट चाहिए")
    en_v2 = english_with_filler(languages["en"].active_version, "ahem")
    Language.objects.filter(code="en").update(active_version=en_v2)
    configs._SCORERS.clear()  # as in a worker started after English changed
    assert scorer_for(hi_v1).score(*pair).counts.errors == 1
    assert scorer_for(hi_v1).identity.hash == hi_v1.normalizer_hash
    hi_v2 = create_version("hi", hi_v1.content, message="pinned to en v2")
    assert hi_v2.companions == {"en": 2}
    assert scorer_for(hi_v2).score(*pair).counts.errors == 0


def test_the_stamp_and_the_cache_key_cover_the_pinned_companions(languages):
    hi_v1 = languages["hi"].active_version
    en_v2 = english_with_filler(languages["en"].active_version, "ahem")
    hi_v2 = create_version("hi", hi_v1.content, companions={"en": en_v2}, message="bump")
    assert hi_v2.content_hash == hi_v1.content_hash
    assert hi_v2.normalizer_hash != hi_v1.normalizer_hash
    assert scorer_for(hi_v2) is not scorer_for(hi_v1)
    assert scorer_for(hi_v2).identity.hash == hi_v2.normalizer_hash
    # the same identity, without building a scorer (the stamp checks of a plan)
    assert configs.identity_for(hi_v2) == scorer_for(hi_v2).identity
    assert configs.identity_for(hi_v1) == scorer_for(hi_v1).identity != configs.identity_for(hi_v2)


def test_stamp_mismatch_names_both_stamps(languages):
    from django.db import models

    en_v1 = languages["en"].active_version
    assert configs.stamp_mismatch(en_v1, scorer_for(en_v1).identity) == ""
    models.QuerySet(ConfigVersion).filter(pk=en_v1.pk).update(normalizer_hash="abc123" + "0" * 58)
    en_v1.refresh_from_db()
    reason = configs.stamp_mismatch(en_v1, scorer_for(en_v1).identity)
    computed = scorer_for(en_v1).identity.label()
    assert reason.startswith(
        f"stamp mismatch: en v1 was recorded as en-norm@{en_v1.normalizer_version}+abc123, "
        f"this worker computes {computed}"
    )
    assert "redeploy" in reason


def test_a_stored_version_reads_numeric_dates_as_its_file_does(languages):
    """The database may give a version's content back with its keys in another order
    (PostgreSQL's jsonb sorts them); a numeric date must still read its month."""
    from scoring import Scorer, build_normalizer, bundle_from_data

    stored = ConfigVersion.objects.get(pk=languages["en"].active_version.pk)
    scorer = Scorer(build_normalizer(bundle_from_data(stored.content)), {})
    result = scorer.score("I fly on July twenty fifth, twenty twelve", "I fly on 07/25/2012")
    assert result.hypothesis == "i fly on 25 july 2012"
    assert result.counts.errors == 0
