"""Languages are data: every config file in CONFIGS_DIR is a language of the app, and each
regional variant it names is one more. Adding one needs no Python edit and no migration."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from reviewapp.languages import is_language, is_rtl, language_name, language_scripts, languages
from reviewapp.models import Conversation, DataFinding, Language, Score
from reviewapp.services.accounts import do_make_maintainer
from scoring import ConfigError, load_bundle
from tests.conftest import PASSWORD

SWAHILI = {
    "schema_version": 1,
    "language": "sw",
    "name": "sw-norm",
    "display_name": "Swahili",
    "scripts": ["Latin"],
    "version": "1.0.0",
    "fillers": ["aa"],
    "regional_variants": {"sw-KE": "Kenyan Swahili"},
}


@pytest.fixture
def swahili_only(tmp_path, settings):
    """A configs folder holding one file, sw.json, and nothing else."""
    (tmp_path / "sw.json").write_text(json.dumps(SWAHILI), encoding="utf-8")
    settings.CONFIGS_DIR = tmp_path
    return tmp_path


def test_the_project_languages_are_its_config_files_and_their_variants():
    names = languages()
    assert names["en"] == "English" and names["fa"] == "Persian"
    assert names["fr-CA"] == "Canadian French"  # named by fr.json, scored by it
    assert list(names).index("fr-CA") == list(names).index("fr") + 1
    assert is_rtl("fa") and not is_rtl("en") and not is_rtl("xx")
    assert not is_language("xx") and language_name("xx") == "xx"


def test_a_config_file_alone_is_the_list_of_languages(swahili_only):
    assert languages() == {"sw": "Swahili", "sw-KE": "Kenyan Swahili"}


def test_a_config_file_added_later_is_read_again(swahili_only):
    assert not is_language("yo")
    (swahili_only / "yo.json").write_text(
        json.dumps({"language": "yo", "name": "yo-norm", "version": "1.0.0"}), encoding="utf-8"
    )
    assert is_language("yo") and language_name("yo") == "yo"  # no display_name: the code


def test_a_variant_of_another_language_is_refused_naming_the_field(tmp_path):
    bad = {**SWAHILI, "regional_variants": {"fr-CA": "Canadian French"}}
    (tmp_path / "sw.json").write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_bundle("sw", tmp_path)
    assert "sw.json" in str(caught.value)
    assert "regional_variants.fr-CA" in str(caught.value)


def test_nobody_maintains_a_language_without_a_config(db):
    with pytest.raises(ValueError, match="no config in configs/ for language"):
        do_make_maintainer("m-xx", PASSWORD, ["xx"])


@pytest.mark.django_db(transaction=True)
def test_a_language_from_a_config_file_is_imported_scored_and_shown(swahili_only, client):
    client.force_login(do_make_maintainer("mwanaisha", PASSWORD, ["sw"]))
    line = {
        "id": "sw-1",
        "language": "sw",
        "turns": [{"reference": "aa habari yako", "hypothesis": "habari yako"}],
    }
    upload = SimpleUploadedFile("sw.jsonl", (json.dumps(line) + "\n").encode())
    response = client.post(reverse("reviewapp:import"), {"file": upload, "dataset": "d"})
    assert response.status_code == 302, response.content[:500]

    conversation = Conversation.objects.get(language="sw")
    assert Language.objects.get(code="sw").active_version.content["config"] == SWAHILI
    score = Score.objects.get(turn__conversation=conversation)
    assert score.normalizer["name"] == "sw-norm"
    assert score.errors == 0  # the filler "aa" is removed by sw.json's rules

    page = client.get(reverse("reviewapp:conversation", args=[conversation.pk]))
    assert page.status_code == 200
    assert "Swahili" in page.content.decode()
    listing = client.get(reverse("reviewapp:conversations"), {"language": "sw"})
    assert listing.status_code == 200
    assert 'value="sw"' in listing.content.decode()


def test_a_language_and_its_variants_are_written_in_the_scripts_its_file_lists(swahili_only):
    assert language_scripts("sw") == language_scripts("sw-KE") == ("Latin",)
    assert language_scripts("xx") == ()


@pytest.mark.django_db(transaction=True)
def test_a_language_from_a_config_file_has_its_script_check(swahili_only, client):
    client.force_login(do_make_maintainer("baraka", PASSWORD, ["sw-KE"]))
    turns = [
        {"reference": "habari yako", "hypothesis": "habari yako"},
        {"reference": "nimepoteza nenosiri langu", "hypothesis": "нимепотеза неносири лангу"},
    ]
    line = {"id": "sw-2", "language": "sw-KE", "turns": turns}
    upload = SimpleUploadedFile("sw.jsonl", (json.dumps(line, ensure_ascii=False) + "\n").encode())
    response = client.post(reverse("reviewapp:import"), {"file": upload, "dataset": "d"})
    assert response.status_code == 302, response.content[:500]

    (finding,) = DataFinding.objects.filter(conversation__external_id="sw-2")
    assert (finding.kind, finding.first_turn) == ("script", 1)
    assert "100% Cyrillic" in finding.message and "(Latin expected)" in finding.message


def test_the_admin_offers_only_languages_with_a_config(swahili_only):
    from reviewapp.admin import MaintainerLanguageForm

    form = MaintainerLanguageForm(data={"language": "de"})
    assert not form.is_valid() and "language" in form.errors
    assert list(form.fields["language"].choices) == [("sw", "Swahili"), ("sw-KE", "Kenyan Swahili")]
