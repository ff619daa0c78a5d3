"""Structured edits of a config bundle: each returns a new bundle with one field changed,
writes a mapping where the config keeps it (inline or in its lexicon file), and refuses
what it cannot do with an error that says why."""

from __future__ import annotations

import copy
import unicodedata

import pytest

from reviewapp.services.edits import EDIT_KINDS, EditError, apply_edit, available_kinds
from scoring import bundle_from_data, load_bundle


@pytest.fixture
def german() -> dict:
    return load_bundle("de").data


def test_an_edit_returns_a_new_bundle_and_leaves_its_input_alone(german):
    before = copy.deepcopy(german)
    edited = apply_edit(german, "filler", "hmja")
    assert german == before
    assert "hmja" in edited["config"]["fillers"] and "hmja" not in german["config"]["fillers"]


def test_a_filler_is_added_once(german):
    once = apply_edit(german, "filler", "hmja")
    twice = apply_edit(once, "filler", "hmja")
    assert twice["config"]["fillers"].count("hmja") == 1


def test_an_inline_mapping_gets_the_pair(german):
    edited = apply_edit(german, "char_fold", "ſ", "s")
    assert edited["config"]["char_folds"]["ſ"] == "s"


def test_a_mapping_kept_in_a_lexicon_file_is_written_there():
    english = load_bundle("en").data
    lexicon = english["config"]["spellings"]  # the config names a lexicon file
    edited = apply_edit(english, "spelling", "behaviourz", "behaviorz")
    assert edited["lexicons"][lexicon]["behaviourz"] == "behaviorz"
    assert edited["config"]["spellings"] == lexicon  # still a file name, not a mapping
    assert "behaviourz" not in english["lexicons"][lexicon]


def test_words_are_stripped_and_stored_in_nfc(german):
    decomposed = unicodedata.normalize("NFD", "Grüße")
    edited = apply_edit(german, "spoken_symbol", f"  {decomposed} ", " / ")
    symbols = edited["config"]["spoken_symbols"]
    assert symbols["Grüße"] == "/" and decomposed not in symbols


@pytest.mark.parametrize(
    ("value", "joined"),
    [("on", True), ("1", True), ("yes", True), ("", False), ("0", False), ("Off", False)],
)
def test_joining_compounds_is_switched_by_the_value(german, value, joined):
    assert (
        apply_edit(german, "join_compounds", value=value)["config"]["join_hyphenated_compounds"]
        is joined
    )


def test_an_unknown_edit_is_refused_by_name(german):
    with pytest.raises(EditError, match="unknown edit 'rename_language'"):
        apply_edit(german, "rename_language", "de", "nl")


@pytest.mark.parametrize("key", ["", "   "])
def test_an_edit_without_a_word_is_refused(german, key):
    with pytest.raises(EditError, match="give the word or character"):
        apply_edit(german, "filler", key)


def test_every_kind_offered_is_a_known_one_and_yields_a_valid_bundle(german):
    kinds = available_kinds()
    assert set(kinds) <= set(EDIT_KINDS) and "filler" in kinds
    for kind in kinds:
        edited = apply_edit(german, kind, "qq", "q")
        bundle_from_data(edited, source=f"de after {kind}")  # raises if the schema refuses it
