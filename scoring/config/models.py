"""Typed, immutable models of a language config (`configs/<lang>.json`).

Every optional rule defaults to off: a config that turns nothing on normalizes exactly like
the core chain. Models are strict (no type coercion) and forbid unknown fields, so a typo in
a field name is an error, not a silently ignored rule. `configs/README.md` documents each
field; `LanguageConfig.model_json_schema()` exports the JSON Schema.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Literal, get_args

import regex
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from .classes import (
    CardinalRules,
    DateRules,
    FractionRules,
    MeasureRules,
    MoneyRules,
    OrdinalRules,
    TimeRules,
)
from .hausa import HausaRules
from .hindi import HindiRules
from .japanese import JapaneseRules
from .korean import KoreanRules
from .persian import PersianRules

__all__ = [
    "LEXICON_FIELDS",
    "Abbreviation",
    "CodeRules",
    "EmailRules",
    "LanguageConfig",
    "Numbers",
    "Profile",
    "Replacement",
    "SCRIPTS",
    "Script",
]

SEMVER = r"^\d+\.\d+\.\d+$"

#: The scripts a language can be written in (field `scripts`), as Unicode names them: those
#: the data-quality check tells apart (`scoring/dataquality/scripts.py`). A language in a
#: script not listed here needs it added, or the check would count its letters as "Other".
Script = Literal[
    "Latin", "Devanagari", "Arabic", "Han", "Hiragana", "Katakana", "Hangul", "Cyrillic",
    "Greek", "Hebrew", "Thai", "Bengali", "Tamil",
]  # fmt: skip
SCRIPTS: tuple[str, ...] = get_args(Script)


def _nfc(value: str) -> str:
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} is not in Unicode NFC form")
    return value


#: A mapping entry (a spelling, a contraction, a loanword, a number word, a symbol's name)
#: rewrites a word or a short phrase; the longest in our configs has 23 characters. A
#: longer one is a mistake or an attempt to make every text it touches enormous.
MAX_ENTRY = 100


def _nfc_keys(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        if not key:
            raise ValueError("an empty key matches nothing")
        if unicodedata.normalize("NFC", key) != key:
            raise ValueError(f"key {key!r} is not in Unicode NFC form")
        _nfc(value)
    return mapping


def _short_entries(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        if max(len(key), len(value)) > MAX_ENTRY:
            raise ValueError(
                f"the entry {key[:40]!r} is {max(len(key), len(value))} characters long: an "
                f"entry is a word or a phrase of at most {MAX_ENTRY} (a longer rewrite is a "
                "replacement)"
            )
    return mapping


#: A fold rewrites a character or two (ß = ss, ä = ae); a longer value would let a config
#: multiply a text's length (a fold of "a" to 5,000 characters), so it is refused here.
MAX_FOLD = 8


def _short_folds(mapping: dict[str, str]) -> dict[str, str]:
    for key, value in mapping.items():
        if len(value) > MAX_FOLD:
            raise ValueError(
                f"the fold of {key!r} is {len(value)} characters long: a fold is at most "
                f"{MAX_FOLD} (a longer rewrite is a spelling or a replacement)"
            )
    return mapping


Text = Annotated[str, AfterValidator(_nfc)]
Char = Annotated[str, Field(min_length=1, max_length=1)]
Mapping = Annotated[dict[str, str], AfterValidator(_nfc_keys), AfterValidator(_short_entries)]
Folds = Annotated[dict[str, str], AfterValidator(_nfc_keys), AfterValidator(_short_folds)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Abbreviation(_Model):
    """A written abbreviation and its spoken expansion, with the context it needs."""

    written: Text = Field(min_length=1, description="Matched as a whole token, case-sensitively.")
    expansion: Text = Field(min_length=1)
    before_word: bool = Field(
        False, description="Expand only when a word follows (M. Dupont), never a bare letter."
    )
    before_capitalized: bool = Field(
        False,
        description="Expand only before a capitalized name (St Laurent, mr. Jansen): not "
        "before a code (ST 4, Hr 4B), a letter, an acronym or a lower-case word.",
    )
    after_name: bool = Field(
        False,
        description="Expand only after a capitalized name or a number, as a street type "
        "follows its street (Elm St., 5th Ave.). Rules for the same written form are tried "
        "in order: St. after a name is street, before one saint.",
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
    char_folds: Folds = Field(default_factory=dict)
    remove_chars: list[Char] = Field(default_factory=list)


def _word(value: str) -> str:
    _nfc(value)
    if not value or any(ch.isspace() for ch in value):
        raise ValueError(f"{value!r} must be one non-empty word")
    return value


def _letter(value: str) -> str:
    if len(value) != 1 or not "A" <= value <= "Z":
        raise ValueError(f"{value!r} is not one capital letter A-Z")
    return value


def _digit(value: str) -> str:
    if len(value) != 1 or not "0" <= value <= "9":
        raise ValueError(f"{value!r} is not one digit 0-9")
    return value


def _phrase(value: str) -> str:
    _nfc(value)
    if not value.split() or value != " ".join(value.lower().split()):
        raise ValueError(f"{value!r} must be lower-case words separated by single spaces")
    return value


def _domain(value: str) -> str:
    if not value.isalpha() or value != value.lower():
        raise ValueError(f"{value!r} must be a lower-case top-level domain (com, de)")
    return value


Word = Annotated[str, AfterValidator(_word)]
Letter = Annotated[str, AfterValidator(_letter)]
Digit = Annotated[str, AfterValidator(_digit)]
Phrase = Annotated[str, AfterValidator(_phrase)]
Domain = Annotated[str, AfterValidator(_domain)]


class CodeRules(_Model):
    """Spelled codes (`scoring/normalize/codes.py`): "F L" = FL, "Y as in Yankee" = Y,
    Zulu Kilo 3 Foxtrot = zk3f, 에이 비 씨 = abc, "1 2 3" = 123. Every rule off by default."""

    spelled_letters: bool = Field(
        False,
        description="Step spelled_codes: a run of spelled capitals and digits with a letter "
        "that is not a word letter becomes one token (F L = FL, H J 4 4 = HJ44).",
    )
    word_letters: list[Letter] = Field(
        default_factory=list,
        description="Capitals that are also words (en A, I; es Y, A, O, E, U): they join a "
        "code only beside another letter, and not at its end before a lower-case word; "
        "before a word they start no spoken address (it a mario chiocciola = a mario@).",
    )
    spelled_as: list[Phrase] = Field(
        default_factory=list,
        description='"Y as in Yankee" = Y: the phrases between a letter and its example word.',
    )
    letter_names: dict[Word, Letter] = Field(
        default_factory=dict,
        description="Step letter_names: names of letters read as the letter inside a code "
        "(radio alphabet: Zulu Kilo 3 Foxtrot = zk3f; Korean 에이 비 씨 = abc).",
    )
    ordinary_letter_names: list[Word] = Field(
        default_factory=list,
        description="Letter names that are ordinary words (Hotel, India; 비, 씨, 아이): part of "
        "a code only with another name in it, and a code needs a name not listed here, or "
        "three names, or two names among four names and digits.",
    )
    digit_names: dict[Word, Digit] = Field(
        default_factory=dict,
        description="Digit words read only inside a code of letter names (Korean 일 이 삼).",
    )
    endings: list[Word] = Field(
        default_factory=list,
        description="Endings the last name of a code may carry (Korean 씨예요 = c예요).",
    )
    join_digit_runs: bool = Field(
        False,
        description="Step digit_runs: spaced single digits joined (1 2 3 = 123, 2 08 = 208).",
    )
    per_character: bool = Field(
        False,
        description="Step digit_strings: a code or a long digit string is written one "
        "character per token, so spacing, hyphens and dots inside it do not count and an "
        "error inside it costs in proportion (555-0147 = 5 5 5 0 1 4 7, YTM924 = y t m 924).",
    )

    @model_validator(mode="after")
    def _check(self) -> CodeRules:
        unknown = set(self.ordinary_letter_names) - set(self.letter_names)
        if unknown:
            raise ValueError(f"ordinary_letter_names not in letter_names: {sorted(unknown)}")
        both = set(self.letter_names) & set(self.digit_names)
        if both:
            raise ValueError(f"words both letter and digit names: {sorted(both)}")
        return self


class EmailRules(_Model):
    """Spoken email and web addresses (`scoring/normalize/emails.py`): john at gmail dot com
    = john@gmail.com, only where a chain of words ends in a known domain."""

    at_words: list[Word] = Field(default_factory=list, description="Words said for @ (at).")
    dot_words: list[Word] = Field(min_length=1, description="Words said for . (dot, punto).")
    domains: list[Domain] = Field(
        min_length=1, description="Top-level domains that end an address (com, org, de)."
    )
    domains_after_at: list[Domain] = Field(
        default_factory=list,
        description="Domains that are also ordinary words (es 'es'): an address only after @.",
    )
    colon_words: list[Phrase] = Field(
        default_factory=list,
        description="Words said for the colon of a scheme (http colon slash slash = http://).",
    )
    at_always: bool = Field(
        default=False,
        description="The at word is @ with no domain after it, for one that is no ordinary "
        "word (es arroba, not en at): juan arroba empresa = juan@empresa, and before a name "
        "with none before it a user name (arroba jensen = @jensen).",
    )


class LanguageConfig(_Model):
    schema_version: Literal[1] = 1
    language: str = Field(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")
    name: str = Field(min_length=1, description="Normalizer name stamped on every score.")
    display_name: str = Field("", description="The language's name in the review app.")
    direction: Literal["ltr", "rtl"] = Field(
        "ltr", description="Writing direction the review app shows the language's text in."
    )
    regional_variants: dict[
        Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}-[A-Z]{2}$")], str
    ] = Field(
        default_factory=dict,
        description="Regional variants with no file of their own that this config scores, "
        'as code to display name ({"fr-CA": "Canadian French"}): the review app offers them '
        "as languages of their own.",
    )
    scripts: list[Script] = Field(
        default_factory=list,
        description="The scripts the language is written in (ja: Han, Hiragana, Katakana). The "
        "data-quality check flags a hypothesis mostly in other scripts (those of the "
        "`code_switch_languages` allowed too); none listed: no script check.",
    )
    version: str = Field(pattern=SEMVER, description="Semantic version of this normalizer.")
    description: str = ""
    unit: Literal["word", "char"] = "word"
    plain: bool = Field(
        False,
        description="No normalization: Unicode NFC, case folded, split on whitespace, nothing "
        "else, so counts line up token for token with sclite's and jiwer's (`--lang plain`). "
        "Every other rule of the config is left unused.",
    )

    lowercase: bool = True
    apostrophe: Text = Field("'", min_length=1, max_length=1)
    replacements: list[Replacement] = Field(default_factory=list)
    abbreviations: list[Abbreviation] = Field(default_factory=list)
    spoken_symbols: Mapping = Field(default_factory=dict)
    spoken_symbols_code_only: Mapping = Field(default_factory=dict)
    unit_symbols: Mapping = Field(default_factory=dict)
    numbers: Numbers | None = None
    join_hyphenated_compounds: bool = False
    char_folds: Folds = Field(default_factory=dict)
    contractions: Mapping = Field(default_factory=dict)
    spellings: Mapping = Field(default_factory=dict)
    loanwords: Mapping = Field(default_factory=dict)
    fillers: list[Text] = Field(default_factory=list)
    remove_whitespace: bool = False
    number_words: Mapping = Field(
        default_factory=dict,
        description="Number words and phrases to digits for a language text2num does not "
        "read (Hausa goma = 10, goma sha biyu = 12).",
    )
    codes: CodeRules | None = None
    emails: EmailRules | None = None
    symbol_names: Mapping = Field(
        default_factory=dict,
        description="Step symbol_names: a symbol to the word said for it (en & and, = equals, "
        "+ plus): S&P = S and P, C++ = C plus plus.",
    )
    initialisms: bool = Field(
        False, description="Step initialisms: dotted initials as one word (U.S. = US, a.m. = am)."
    )
    cardinals: CardinalRules | None = None
    fractions: FractionRules | None = None
    money: MoneyRules | None = None
    measures: MeasureRules | None = None
    times: TimeRules | None = None
    dates: DateRules | None = None
    ordinals: OrdinalRules | None = None

    korean: KoreanRules | None = None
    japanese: JapaneseRules | None = None
    hindi: HindiRules | None = None
    persian: PersianRules | None = None
    hausa: HausaRules | None = None

    code_switch_languages: list[str] = Field(default_factory=list)
    code_switch_phonetic: bool = False
    code_switch_same_script: bool = Field(
        False,
        description="English words in the language's own (Latin) script: recognized by the "
        "English rules (number words, contractions), not by script (fr, de, es, it, nl).",
    )
    code_switch_stoplist: list[Text] = Field(
        default_factory=list,
        description="Native words the code-switch rescue never reads as English (nl ten, "
        "fr four), nor matches phonetically with a Latin name.",
    )
    profiles: dict[str, Profile] = Field(default_factory=dict)
    default_profile: str | None = None
    raw_score: bool = Field(False, description="Also report the score with no cleaning at all.")

    @model_validator(mode="after")
    def _check_codes(self) -> LanguageConfig:
        if self.codes is not None and self.codes.spelled_letters and not self.lowercase:
            # the step changes only capitals and relies on `case` to lower them: without
            # it a second pass would find the capitals again
            raise ValueError("codes.spelled_letters needs lowercase")
        return self

    @model_validator(mode="after")
    def _check_profiles(self) -> LanguageConfig:
        if self.default_profile is not None and self.default_profile not in self.profiles:
            raise ValueError(f"default_profile {self.default_profile!r} is not in profiles")
        if self.profiles and self.default_profile is None:
            raise ValueError("a config with profiles must name its default_profile")
        return self


# Mapping fields whose value may be the name of a lexicon file in the configs folder.
# Dotted paths name a mapping inside a section (`money.currencies`).
LEXICON_FIELDS = frozenset(
    {
        "spellings",
        "contractions",
        "char_folds",
        "loanwords",
        "number_words",
        "money.currencies",
        "money.minor_units",
        "measures.units",
        "dates.months",
    }
)
