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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..metrics import Counts

__all__ = ["CodeSwitchTotals", "LanguageCounts", "Rescue", "build_block"]


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

    def as_dict(self) -> dict:
        out = {
            "reference": self.reference,
            "hypothesis": self.hypothesis,
            "reference_span": list(self.reference_span),
            "hypothesis_span": list(self.hypothesis_span),
            "view": self.view,
            "errors": self.errors,
            "rule": "phonetic" if self.phonetic else "english_rules",
        }
        if self.phonetic:
            out["phonetic"] = [
                {"reference": ref, "hypothesis": hyp, "key": key} for ref, hyp, key in self.phonetic
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
) -> dict:
    ref_len = native.ref_len + english.ref_len
    rescued = strict_errors - native.errors - english.errors
    out = {
        "languages": [language, other],
        "english_words": english.ref_len,
        "rescued_errors": rescued,
        "code_switch_word_rate": _ratio(english.ref_len, ref_len),
        "code_switch_rescue_rate": _ratio(rescued, strict_errors),
        f"wer_{language}": native.rate,
    }
    if english.ref_len:
        out[f"wer_{other}"] = english.rate
    out["per_language"] = {language: native.as_dict("wer"), other: english.as_dict("wer")}
    return out


def build_block(
    language: str,
    other: str,
    per_language: LanguageCounts,
    strict_errors: int,
    rescues: list[Rescue],
) -> dict:
    out = _summary(language, other, per_language.native, per_language.english, strict_errors)
    out["rescues"] = [rescue.as_dict() for rescue in rescues]
    return out


def _counts(data: Mapping) -> Counts:
    return Counts(
        data["substitutions"], data["deletions"], data["insertions"], data["ref_words"],
        data["hyp_len"],
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

    @classmethod
    def of(cls, block: Mapping, strict_errors: int) -> CodeSwitchTotals:
        language, other = block["languages"]
        return cls(
            language, other, _counts(block["per_language"][language]),
            _counts(block["per_language"][other]), strict_errors, len(block["rescues"]),
        )  # fmt: skip

    def __add__(self, other: CodeSwitchTotals) -> CodeSwitchTotals:
        return CodeSwitchTotals(
            self.language, self.other, self.native + other.native, self.english + other.english,
            self.strict_errors + other.strict_errors, self.rescues + other.rescues,
        )  # fmt: skip

    def as_dict(self) -> dict:
        out = _summary(self.language, self.other, self.native, self.english, self.strict_errors)
        out["rescues"] = self.rescues
        return out
