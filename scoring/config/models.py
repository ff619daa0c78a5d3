"""Typed, immutable models of a language config (`configs/<lang>.json`).

Every optional rule defaults to off: a config that turns nothing on normalizes exactly like
the core chain. Models are strict (no type coercion) and forbid unknown fields, so a typo in
a field name is an error, not a silently ignored rule. `configs/README.md` documents each
field; `LanguageConfig.model_json_schema()` exports the JSON Schema.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal

import regex
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from .hindi import HindiRules
from .japanese import JapaneseRules
from .korean import KoreanRules

__all__ = [
    "LEXICON_FIELDS",
    "Abbreviation",
    "LanguageConfig",
    "Numbers",
    "Profile",
    "Replacement",
]

SEMVER = r"^\d+\.\d+\.\d+$"


def _nfc(value: str) -> str:
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} is not in Unicode NFC form")
    return value


def _nfc_keys(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        if not key:
            raise ValueError("an empty key matches nothing")
        if unicodedata.normalize("NFC", key) != key:
            raise ValueError(f"key {key!r} is not in Unicode NFC form")
        _nfc(value)
    return mapping


Text = Annotated[str, AfterValidator(_nfc)]
Char = Annotated[str, Field(min_length=1, max_length=1)]
Mapping = Annotated[dict[str, str], AfterValidator(_nfc_keys)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Abbreviation(_Model):
    """A written abbreviation and its spoken expansion, with the context it needs."""

    written: Text = Field(min_length=1, description="Matched as a whole token, case-sensitively.")
    expansion: Text = Field(min_length=1)
    before_word: bool = Field(
        False, description="Expand only when a word follows (M. Dupont), never a bare letter."
    )


class Numbers(_Model):
    """Number words to digits (text2num), and how the language writes separators."""

    language: Literal["en", "fr", "es", "de", "nl", "it", "pt", "da"] = Field(
        description="text2num language; regional variants use their base (fr-CA -> fr)."
    )
    decimal_separator: Literal[".", ","] = "."
    thousands_separators: list[Literal[",", ".", " ", "\u202f", "'"]] = Field(default_factory=list)


def _compiles(pattern: str) -> str:
    try:
        regex.compile(pattern, flags=regex.V1)
    except regex.error as exc:
        raise ValueError(f"regular expression does not compile: {exc}") from None
    return pattern


class Replacement(_Model):
    """A config regex, run with a timeout (a catastrophic pattern cannot hang a worker)."""

    pattern: Annotated[str, AfterValidator(_compiles)] = Field(min_length=1)
    replacement: str
    description: str = ""


class Profile(_Model):
    """A named score variant: extra folds and removals applied at the end of the chain."""

    description: str = ""
    char_folds: Mapping = Field(default_factory=dict)
    remove_chars: list[Char] = Field(default_factory=list)


class LanguageConfig(_Model):
    schema_version: Literal[1] = 1
    language: str = Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")
    name: str = Field(min_length=1, description="Normalizer name stamped on every score.")
    display_name: str = ""
    version: str = Field(pattern=SEMVER, description="Semantic version of this normalizer.")
    description: str = ""
    unit: Literal["word", "char"] = "word"

    lowercase: bool = True
    apostrophe: Text = Field("'", min_length=1, max_length=1)
    replacements: list[Replacement] = Field(default_factory=list)
    abbreviations: list[Abbreviation] = Field(default_factory=list)
    spoken_symbols: Mapping = Field(default_factory=dict)
    spoken_symbols_code_only: Mapping = Field(default_factory=dict)
    unit_symbols: Mapping = Field(default_factory=dict)
    numbers: Numbers | None = None
    join_hyphenated_compounds: bool = False
    char_folds: Mapping = Field(default_factory=dict)
    contractions: Mapping = Field(default_factory=dict)
    spellings: Mapping = Field(default_factory=dict)
    loanwords: Mapping = Field(default_factory=dict)
    fillers: list[Text] = Field(default_factory=list)
    remove_whitespace: bool = False

    korean: KoreanRules | None = None
    japanese: JapaneseRules | None = None
    hindi: HindiRules | None = None

    code_switch_languages: list[str] = Field(default_factory=list)
    code_switch_phonetic: bool = False
    profiles: dict[str, Profile] = Field(default_factory=dict)
    default_profile: str | None = None
    raw_score: bool = Field(False, description="Also report the score with no cleaning at all.")

    @model_validator(mode="after")
    def _check_profiles(self) -> LanguageConfig:
        if self.default_profile is not None and self.default_profile not in self.profiles:
            raise ValueError(f"default_profile {self.default_profile!r} is not in profiles")
        if self.profiles and self.default_profile is None:
            raise ValueError("a config with profiles must name its default_profile")
        return self


# Mapping fields whose value may be the name of a lexicon file in the configs folder.
LEXICON_FIELDS = frozenset({"spellings", "contractions", "char_folds", "loanwords"})
