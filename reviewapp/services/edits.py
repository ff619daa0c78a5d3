"""Structured edits of a config bundle: the common fields a reviewer changes, without
hand-editing JSON. Each edit returns a new bundle; the input is never changed."""

from __future__ import annotations

import copy
import unicodedata

from scoring.config.models import LanguageConfig

EDIT_KINDS = {
    "char_fold": "Treat two spellings of a character as the same (char_folds)",
    "spoken_symbol": "A spoken symbol word (spoken_symbols)",
    "spoken_symbol_code_only": "A symbol word replaced only next to a code",
    "filler": "A filler removed as a whole word (fillers)",
    "spelling": "Two spellings of one word (spellings)",
    "loanword": "A loanword or product name and its canonical spelling (loanwords)",
    "join_compounds": "Join hyphenated compounds (join_hyphenated_compounds)",
}
_MAP_FIELDS = {
    "char_fold": "char_folds",
    "spoken_symbol": "spoken_symbols",
    "spoken_symbol_code_only": "spoken_symbols_code_only",
    "spelling": "spellings",
    "loanword": "loanwords",
}


class EditError(ValueError):
    pass


def available_kinds() -> dict[str, str]:
    fields = LanguageConfig.model_fields
    return {
        k: v
        for k, v in EDIT_KINDS.items()
        if _MAP_FIELDS.get(k, "fillers") in fields or k == "join_compounds"
    }


def apply_edit(content: dict, kind: str, key: str = "", value: str = "") -> dict:
    if kind not in available_kinds():
        raise EditError(f"unknown edit {kind!r}")
    key = unicodedata.normalize("NFC", key.strip())
    value = unicodedata.normalize("NFC", value.strip())
    bundle = copy.deepcopy(content)
    config = bundle["config"]
    if kind == "join_compounds":
        config["join_hyphenated_compounds"] = value.lower() not in {"", "0", "false", "no", "off"}
        return bundle
    if not key:
        raise EditError("give the word or character to change")
    if kind == "filler":
        fillers = config.setdefault("fillers", [])
        if key not in fillers:
            fillers.append(key)
        return bundle
    _mapping(bundle, _MAP_FIELDS[kind])[key] = value
    return bundle


def _mapping(bundle: dict, field: str) -> dict:
    """The mapping a field holds, inline or in the lexicon file it names."""
    config = bundle["config"]
    current = config.setdefault(field, {})
    if isinstance(current, str):
        return bundle["lexicons"].setdefault(current, {})
    return current
