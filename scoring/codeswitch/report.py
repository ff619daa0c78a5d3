"""The `code_switch` block of a score, and its corpus totals.

Per pair (`build_block`)::

    {"languages": ["hi", "en"],
     "english_words": 3,            # intended tokens tagged English
     "rescued_errors": 2,           # errors the rescue removed (the seed's "words rescued")
     "code_switch_word_rate": 0.43, # english_words / intended tokens
     "code_switch_rescue_rate": 1.0,  # rescued_errors / native-only errors (None: none)
     "wer_hi": 0.0, "wer_en": 0.0,  # wer_en left out when no intended word is English
     "per_language": {"hi": {counts}, "en": {counts}},
     "rescues": [{"reference": "twenty five", "hypothesis": "25", ...}]}

A token is English when it has Latin letters, is the Devanagari spelling of a lexicon
loanword (कोड), or is a Devanagari word the phonetic matcher rescued; other English words
in Devanagari count as Hindi, so the English share is an undercount. Substitutions and
deletions count against the intended token's language, insertions against the inserted
token's. The per-language counts add up to the code-switch-aware counts.

Same-script languages (fr, de, es, it, nl) tag a token English when the English rules read
it (a number word, a contraction) or it was rescued. Languages scored by characters (ja,
ko) count characters: `english_chars` (Latin letters of the intended text, and the
characters of a rescued katakana or Hangul name), `code_switch_char_rate`, `cer_ja` /
`cer_en` and per-language counts in characters; a rescued name's errors (every character
of the region) no longer count, its intended characters stay in the denominator. A Hindi
config with `hindi.romanized_hindi` set adds `romanized_hindi_words`: transcript words
that are a Latin spelling of the intended Hindi word (mujhe / मुझे), accepted or not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..metrics import Counts

__all__ = ["CodeSwitchBlock", "CodeSwitchTotals", "LanguageCounts", "Rescue", "build_block"]


@dataclass(frozen=True)
class LanguageCounts:
    native: Counts
    english: Counts


@dataclass(frozen=True)
class Rescue:
    """One rescued region: the raw words on each side and how they were matched."""

    reference: str
    hypothesis: str
    reference_span: tuple[int, int]  # normalized token indices [start, end)
    hypothesis_span: tuple[int, int]
    view: str  # the English view both sides share
    errors: int  # native-only errors no longer counted
    phonetic: tuple[tuple[str, str, str], ...] = ()  # (ref token, hyp token, key)
    phonetic_tokens: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    romanized: tuple[tuple[str, str], ...] = ()  # (ref Devanagari token, hyp Latin token)

    @property
    def rule(self) -> str:
        if self.romanized:
            return "romanized_hindi"
        return "phonetic" if self.phonetic else "english_rules"

    def as_dict(self) -> dict:
        out = {
            "reference": self.reference,
            "hypothesis": self.hypothesis,
            "reference_span": list(self.reference_span),
            "hypothesis_span": list(self.hypothesis_span),
            "view": self.view,
            "errors": self.errors,
            "rule": self.rule,
        }
        if self.phonetic:
            out["phonetic"] = [
                {"reference": ref, "hypothesis": hyp, "key": key} for ref, hyp, key in self.phonetic
            ]
        if self.romanized:
            out["romanized"] = [
                {"reference": ref, "hypothesis": hyp} for ref, hyp in self.romanized
            ]
        return out


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _summary(
    language: str,
    other: str,
    native: Counts,
    english: Counts,
    strict_errors: int,
    unit: str = "word",
    romanized: int | None = None,
) -> dict:
    metric = "cer" if unit == "char" else "wer"
    ref_len = native.ref_len + english.ref_len
    rescued = strict_errors - native.errors - english.errors
    out = {
        "languages": [language, other],
        f"english_{unit}s": english.ref_len,
        "rescued_errors": rescued,
        f"code_switch_{unit}_rate": _ratio(english.ref_len, ref_len),
        "code_switch_rescue_rate": _ratio(rescued, strict_errors),
        f"{metric}_{language}": native.rate,
    }
    if english.ref_len:
        out[f"{metric}_{other}"] = english.rate
    if romanized is not None:
        out["romanized_hindi_words"] = romanized
    out["per_language"] = {language: native.as_dict(metric), other: english.as_dict(metric)}
    return out


class CodeSwitchBlock(Mapping):
    """A pair's `code_switch` block, read-only. The dict is built on first use (most scores
    are only summed into a corpus, which reads the counts directly)."""

    __slots__ = (
        "language", "other", "per_language", "strict_errors", "rescue_list", "unit",
        "romanized", "_data",
    )  # fmt: skip

    def __init__(self, language, other, per_language, strict_errors, rescues, unit, romanized):
        self.language, self.other, self.per_language = language, other, per_language
        self.strict_errors, self.rescue_list = strict_errors, rescues
        self.unit, self.romanized = unit, romanized
        self._data: dict | None = None

    def _dict(self) -> dict:
        if self._data is None:
            out = _summary(
                self.language, self.other, self.per_language.native, self.per_language.english,
                self.strict_errors, self.unit, self.romanized,
            )  # fmt: skip
            out["rescues"] = [rescue.as_dict() for rescue in self.rescue_list]
            self._data = out
        return self._data

    def __getitem__(self, key):
        return self._dict()[key]

    def __iter__(self):
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())

    def __repr__(self) -> str:
        return repr(self._dict())


def build_block(
    language: str,
    other: str,
    per_language: LanguageCounts,
    strict_errors: int,
    rescues: list[Rescue],
    unit: str = "word",
    romanized: int | None = None,
) -> CodeSwitchBlock:
    return CodeSwitchBlock(language, other, per_language, strict_errors, rescues, unit, romanized)


def _counts(data: Mapping) -> Counts:
    ref_len = data["ref_words"] if "ref_words" in data else data["ref_chars"]
    return Counts(
        data["substitutions"], data["deletions"], data["insertions"], ref_len, data["hyp_len"],
    )  # fmt: skip


@dataclass(frozen=True)
class CodeSwitchTotals:
    """Corpus sums of pair blocks: counts are summed, rates recomputed from the sums."""

    language: str
    other: str
    native: Counts = Counts()
    english: Counts = Counts()
    strict_errors: int = 0
    rescues: int = 0
    unit: str = "word"
    romanized: int | None = None  # romanized Hindi words, for a config that counts them

    @classmethod
    def of(cls, block: Mapping, strict_errors: int) -> CodeSwitchTotals:
        if isinstance(block, CodeSwitchBlock):
            return cls(
                block.language, block.other, block.per_language.native,
                block.per_language.english, strict_errors, len(block.rescue_list), block.unit,
                block.romanized,
            )  # fmt: skip
        language, other = block["languages"]
        return cls(
            language, other, _counts(block["per_language"][language]),
            _counts(block["per_language"][other]), strict_errors, len(block["rescues"]),
            "char" if "english_chars" in block else "word", block.get("romanized_hindi_words"),
        )  # fmt: skip

    def __add__(self, other: CodeSwitchTotals) -> CodeSwitchTotals:
        romanized = self.romanized
        if other.romanized is not None:
            romanized = (romanized or 0) + other.romanized
        return CodeSwitchTotals(
            self.language, self.other, self.native + other.native, self.english + other.english,
            self.strict_errors + other.strict_errors, self.rescues + other.rescues, self.unit,
            romanized,
        )  # fmt: skip

    def as_dict(self) -> dict:
        out = _summary(
            self.language, self.other, self.native, self.english, self.strict_errors, self.unit,
            self.romanized,
        )  # fmt: skip
        out["rescues"] = self.rescues
        return out
